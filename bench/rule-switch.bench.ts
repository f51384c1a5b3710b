import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../cli/rule-version.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { startServer } from '../server/main.ts';
import { recordSwitch } from '../server/rule-history.ts';
import type { RuleSource } from '../engine/index.ts';

/**
 * Publish to both live (issue 29): two server processes on one PostgreSQL (forked, each with its
 * own event loop and pool, as two hosts), each under BENCH_IN_FLIGHT sign-in requests at all times
 * (each decided by the rules), while this process publishes PUBLISHES new sets one after another
 * as `rules publish` stores them (recordSwitch: the set, the switch and the NOTIFY in one commit).
 * Printed: from each commit to each server's `is live` line, and to the later of the two, p50 and
 * max. Every set is new to the servers, so each compiles it (a rollback to a set a process has
 * run is compiled already). DATABASE_URL is needed (a scratch database, dropped after). Figures
 * are printed, never asserted.
 */

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);

async function serve(): Promise<void> {
  const sources = readRuleSources(DEFAULT_RULES_DIR);
  const server = await startServer({
    rules: loadRulesDir(),
    rulesHash: ruleSetVersion(sources),
    port: 0,
    databaseUrl: process.env.BENCH_URL,
    rulesLog: (line) => process.send?.({ line, at: Date.now() }),
    textSender: { name: 'bench', send: async () => undefined },
  });
  process.send?.({ ready: server.port });
  process.on('message', (m: { stop?: boolean }) => {
    if (m.stop) void server.close().then(() => process.exit(0));
  });
}

/** Keeps `n` empty sign-ins in flight against `base` until `stop` says so; how many were answered. */
async function load(base: string, n: number, stop: () => boolean): Promise<number> {
  let answered = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (!stop()) {
        const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        await res.arrayBuffer();
        answered++;
      }
    }),
  );
  return answered;
}

/** The project's rules with the sign-in message numbered: a set no server has compiled. */
function numbered(sources: readonly RuleSource[], i: number): RuleSource[] {
  return sources.map((s) => {
    if (!s.file.endsWith('login.json')) return s;
    const json = structuredClone(s.json) as { rules: { message: string }[] };
    for (const rule of json.rules) rule.message = `ERROR: bench set ${i}.`;
    return { ...s, json };
  });
}

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed: the servers share one PostgreSQL');
  const admin = await openDatabase({ url });
  const name = `shiftinator_switch_bench_${process.pid}`;
  await admin.orm.em.getConnection().execute(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openDatabase({ url: scratch.toString() });
  await migrate(db);
  const lines: { server: number; line: string; at: number }[] = [];
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  for (const server of [0, 1]) {
    const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_SWITCH_SERVER: '1', BENCH_URL: scratch.toString(), LOG_LEVEL: 'silent' }, stdio: 'inherit' });
    children.push(child);
    ports.push(
      await new Promise<number>((resolve) =>
        child.on('message', (m: { ready?: number; line?: string; at?: number }) => {
          if (m.ready) resolve(m.ready);
          if (m.line && m.at) lines.push({ server, line: m.line, at: m.at });
        }),
      ),
    );
  }
  let stopped = false;
  const loads = ports.map((port) => load(`http://127.0.0.1:${port}`, IN_FLIGHT, () => stopped));
  const sources = readRuleSources(DEFAULT_RULES_DIR);
  const perServer: number[] = [];
  const both: number[] = [];
  const started = Date.now();
  for (let i = 1; i <= PUBLISHES; i++) {
    const files = numbered(sources, i);
    const hash = ruleSetVersion(files);
    await recordSwitch(db, { hash, files, how: 'publish', reason: `bench ${i}` });
    const committed = Date.now();
    const live = `rules: version ${shortVersion(hash)} is live`;
    for (;;) {
      const seen = [0, 1].map((s) => lines.find((l) => l.server === s && l.line.startsWith(live))?.at);
      if (seen.every((at) => at !== undefined)) {
        const times = seen.map((at) => (at as number) - committed);
        perServer.push(...times);
        both.push(Math.max(...times));
        break;
      }
      if (Date.now() - committed > 30_000) throw new Error(`set ${i} not live in both within 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stopped = true;
  const answered = (await Promise.all(loads)).reduce((a, b) => a + b, 0);
  const seconds = (Date.now() - started) / 1000;
  console.log(`${PUBLISHES} publishes to 2 servers on PostgreSQL, ${IN_FLIGHT} sign-ins in flight on each (${(answered / seconds).toFixed(0)} answered/s in all)`);
  console.log(`  commit to one server live: p50 ${pct(perServer, 50)} ms, max ${Math.max(...perServer)} ms`);
  console.log(`  commit to both live: p50 ${pct(both, 50)} ms, max ${Math.max(...both)} ms`);
  for (const child of children) {
    child.send({ stop: true });
    await new Promise((r) => child.on('exit', r));
  }
  await db.close();
  await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
  await admin.close();
}

if (process.env.BENCH_SWITCH_SERVER) await serve();
else await main();
