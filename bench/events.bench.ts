import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { normalizeWorld, parseInstant } from '../engine/index.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { createSession } from '../server/auth.ts';
import { openDatabase } from '../server/db/database.ts';
import { entityOf, recordToRow } from '../server/db/world.entities.ts';
import { startServer } from '../server/main.ts';
import { loadWorld } from './server.bench.ts';
import { generateWorld } from './world.ts';

/**
 * Live updates under many streams (issue 21): a server process (forked, so its memory is its own)
 * with STREAMS signed-in people; this process opens one GET /api/events stream per person, then a
 * manager posts ACTIONS open shifts one after another (an open shift concerns everyone, so each
 * goes to every stream). Printed: the time from each action's answer (its commit came just
 * before) to its event at every client, p50 and p99, and the server's memory with the streams
 * open. On PostgreSQL with DATABASE_URL (a scratch database, dropped after), else PGlite in memory.
 * The world is the STREAMS people and the manager alone; with BENCH_AGENTS, world.ts's call
 * centre of that many agents (shifts, postings, offers), the streams its first STREAMS agents.
 * Figures are printed, never asserted.
 */

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 30);
const AGENTS = process.env.BENCH_AGENTS ? Number(process.env.BENCH_AGENTS) : null;
const SETTLE_MS = 2000;
const NOW = '2025-10-14 09:00';
const MANAGER = 1;

interface Ready {
  port: number;
  sessions: string[];
  managerSession: string;
}
type Memory = NodeJS.MemoryUsage;

async function serve(): Promise<void> {
  let url = process.env.DATABASE_URL;
  let dropScratch = async (): Promise<void> => undefined;
  if (url) {
    const admin = await openDatabase({ url });
    const name = `shiftinator_events_bench_${randomBytes(4).toString('hex')}`;
    await admin.orm.em.getConnection().execute(`create database ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    url = scratch.toString();
    dropScratch = async () => {
      await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  const now = parseInstant(NOW);
  const server = await startServer({ rules: loadRulesDir(), rulesHash: 'bench', port: 0, databaseUrl: url, now: () => now, textSender: { name: 'bench', send: async () => {} } });
  const manager = { agentId: MANAGER, agentType: 450, initials: 'AD' };
  let people: { agentId: number; agentType: number }[];
  if (AGENTS) {
    const generated = generateWorld({ agents: AGENTS, now: NOW }).world as unknown as Record<string, unknown[]>;
    people = (generated.agents as { agentId: number; agentType: number }[]).slice(0, STREAMS);
    await server.db.exclusive(() => loadWorld(server.db, { ...generated, agents: [manager, ...(generated.agents ?? [])] }));
  } else {
    people = Array.from({ length: STREAMS }, (_, i) => ({ agentId: 100 + i, agentType: 20 }));
    const world = normalizeWorld({ agents: [manager, ...people.map((p, i) => ({ ...p, initials: `A${i}` }))] });
    await server.db.em().insertMany(entityOf('agents'), (world.agents ?? []).map((r) => recordToRow('agents', r)) as never[]);
  }
  const at = new Date(now * 60_000);
  const sessions: string[] = [];
  for (const p of people) sessions.push(await createSession(server.db.em(), p.agentId, p.agentType, at));
  const managerSession = await createSession(server.db.em(), MANAGER, 450, at);
  process.send?.({ ready: { port: server.port, sessions, managerSession } satisfies Ready });
  process.on('message', (m: { memory?: boolean; stop?: boolean }) => {
    if (m.memory) process.send?.({ memory: process.memoryUsage() });
    if (m.stop) void server.close().then(dropScratch).then(() => process.exit(0));
  });
}

function ask<T>(child: ChildProcess, key: string, message?: object): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>): void => {
      if (!(key in m)) return;
      child.off('message', on);
      resolve(m[key] as T);
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

/** One client's stream: when each `change` event arrived, by event id. */
function listen(base: string, sid: string, arrived: Map<number, number[]>, ready: () => void): AbortController {
  const abort = new AbortController();
  void (async () => {
    const res = await fetch(`${base}/api/events`, { headers: { cookie: `shiftinator_session=${sid}` }, signal: abort.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const t = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: ready')) ready();
          const id = /\nid: (\d+)/.exec(block)?.[1];
          if (block.startsWith('event: change') && id) {
            const list = arrived.get(Number(id)) ?? [];
            list.push(t);
            arrived.set(Number(id), list);
          }
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return abort;
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_EVENTS_SERVER: '1' }, stdio: 'inherit' });
  const { port, sessions, managerSession } = await ask<Ready>(child, 'ready');
  const base = `http://127.0.0.1:${port}`;
  // Fewer when BENCH_AGENTS is below BENCH_STREAMS.
  const streamCount = sessions.length;
  const before = await ask<Memory>(child, 'memory', { memory: true });
  const arrived = new Map<number, number[]>();
  let readyCount = 0;
  const opened = performance.now();
  const streams: AbortController[] = [];
  await new Promise<void>((resolve) => {
    for (const sid of sessions) streams.push(listen(base, sid, arrived, () => ++readyCount === sessions.length && resolve()));
  });
  console.log(`${streamCount} streams open in ${(performance.now() - opened).toFixed(0)} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  const open = await ask<Memory>(child, 'memory', { memory: true });

  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  for (let i = 0; i < ACTIONS; i++) {
    const day = String(16 + (i % 14)).padStart(2, '0');
    const sent = performance.now();
    const res = await fetch(`${base}/api/postOpenShift`, {
      method: 'POST',
      headers: { cookie: `shiftinator_session=${managerSession}`, 'content-type': 'application/json' },
      body: JSON.stringify({ AgentID: MANAGER, StartTime: `2025-10-${day} 08:00`, EndTime: `2025-10-${day} 16:00`, Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null }),
    });
    const answered = performance.now();
    const answer = (await res.json()) as { outcome?: string; message?: string };
    if (answer.outcome !== 'ok') throw new Error(`postOpenShift was not taken: ${JSON.stringify(answer)}`);
    // Every stream gets the event; wait for all before the next action. In a call centre's world
    // (BENCH_AGENTS) some people are not sent it: there, until none has come for SETTLE_MS.
    const deadline = Date.now() + 30_000;
    let times: number[];
    let lastCount = -1;
    let lastChange = Date.now();
    for (;;) {
      const newest = Math.max(...arrived.keys());
      times = arrived.get(newest) ?? [];
      if (times.length !== lastCount) [lastCount, lastChange] = [times.length, Date.now()];
      if (times.length >= streamCount || Date.now() > deadline || (AGENTS && times.length > 0 && Date.now() - lastChange > SETTLE_MS)) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (times.length < streamCount) console.log(`action ${i + 1}: ${times.length} of ${streamCount} streams got it${AGENTS ? '' : ' within 30 s'}`);
    for (const t of times) {
      fromAnswer.push(t - answered);
      fromRequest.push(t - sent);
    }
    arrived.clear();
  }
  const a = fromAnswer.sort((x, y) => x - y);
  const r = fromRequest.sort((x, y) => x - y);
  console.log(`${ACTIONS} actions x ${streamCount} streams = ${a.length} deliveries`);
  console.log(`commit (answer received) to event at a client: p50 ${pct(a, 50).toFixed(1)} ms, p99 ${pct(a, 99).toFixed(1)} ms, max ${(a.at(-1) ?? NaN).toFixed(1)} ms`);
  console.log(`request sent to event at a client:            p50 ${pct(r, 50).toFixed(1)} ms, p99 ${pct(r, 99).toFixed(1)} ms`);
  console.log(`server memory: rss ${mb(before.rss)} before the streams, ${mb(open.rss)} with ${streamCount} open (heap used ${mb(before.heapUsed)} -> ${mb(open.heapUsed)})`);
  for (const s of streams) s.abort();
  child.send({ stop: true });
  await new Promise((resolve) => child.on('exit', resolve));
}

if (process.env.BENCH_EVENTS_SERVER) await serve();
else await main();
