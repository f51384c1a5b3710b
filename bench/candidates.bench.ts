import { randomBytes } from 'node:crypto';
import { colleagues, couldTake, decideForEach, parseInstant, PreparedWorld, TAKING_ACTIONS, takingRequest, type TakeableKind } from '../engine/index.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { whoCouldTake, type PostingKind } from '../server/candidates.ts';
import { createSession } from '../server/auth.ts';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { kyselyOf } from '../server/db/kysely.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { benchLogger } from './server-worker.ts';
import { loadWorld } from './server.bench.ts';
import { buildBenchWorld, fmt, generateWorld, printWorld } from './world.ts';

/**
 * Who could take a posting (issue 21): every colleague decided as if they tried it, on the
 * 2,000-agent world, one posting at a time on one core. Prints each kind's time per posting,
 * wall and CPU (median and worst), beside the decisions per CPU second it implies. Goal: under
 * 300 ms of one core a posting.
 *
 * Then the same in the product (issue 32): the read a poster's day panel makes
 * (server/candidates.ts, whoCouldTake) on the demo's database (PGlite, its 295 colleagues) and,
 * with DATABASE_URL, on PostgreSQL holding the 2,000-agent world. Goals: under 150 ms and under
 * 300 ms a read. `BENCH_PART=engine` or `product` runs one part.
 */

const GOAL_MS = 300;
/** Postings timed per kind, after one untimed warm-up posting. */
const PER_KIND = 12;

interface Sample {
  ms: number;
  /** CPU time of this process (user + system): what the work costs a core, however busy the machine. */
  cpuMs: number;
  candidates: number;
  could: number;
}

const rules = loadRulesDir();
const AGENTS = process.env.BENCH_AGENTS ? Number(process.env.BENCH_AGENTS) : undefined;
const PART = process.env.BENCH_PART;
// The product part reads the world from its databases: the prepared world is built for the engine part only.
const bw = PART === 'product' ? null : buildBenchWorld(AGENTS ? { agents: AGENTS } : {});
if (bw) printWorld(bw);
const world = bw?.world ?? new PreparedWorld({});
/** The bench world's clock, which the demo is seeded at too. */
const now = parseInstant(bw?.now ?? '2025-10-14 09:00');

type Rec = { id: number; start: number; end: number; agentId?: number; createdBy?: number | null; type?: number; endedAt?: number | null; quantityRemaining?: number };

/** Records still open to colleagues, spread over the weeks ahead so each posting meets other schedules. */
function upcoming(collection: string, keep: (r: Rec) => boolean): Rec[] {
  const all = ((world.data[collection] ?? []) as unknown as Rec[]).filter((r) => r.start > now + 60 && (r.endedAt ?? null) === null && keep(r));
  const step = Math.max(1, Math.floor(all.length / (PER_KIND + 1)));
  return all.filter((_, i) => i % step === 0).slice(0, PER_KIND + 1);
}

// The bench world's open training shifts are types 61, 64 and 65; its other open shifts are type 0.
const samples: Record<TakeableKind, Rec[]> = {
  coveragePosting: upcoming('coveragePostings', () => true),
  pickupPosting: upcoming('pickupPostings', () => true),
  openShift: upcoming('openShifts', (r) => r.type === 0 && (r.quantityRemaining ?? 1) > 0),
  openTrainingShift: upcoming('openShifts', (r) => r.type === 61 && (r.quantityRemaining ?? 1) > 0),
};

async function timeOne(kind: TakeableKind, record: Rec): Promise<Sample> {
  const poster = record.agentId ?? record.createdBy ?? null;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const candidates = colleagues(world, now, poster);
  const answers = await decideForEach(rules, { action: TAKING_ACTIONS[kind], world, now, input: takingRequest(kind, record, world), candidates });
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, candidates: candidates.length, could: answers.filter(couldTake).length };
}

async function enginePart(): Promise<void> {
  console.log(`\nWho could take it: every colleague decided per posting (goal: under ${GOAL_MS} ms a posting, one core)`);
  console.log('  kind                 action                   postings  colleagues  could (mean)  median ms  worst ms  CPU median ms  CPU worst ms  decisions/CPU s');
  let worst = 0;
  for (const kind of Object.keys(TAKING_ACTIONS) as TakeableKind[]) {
    const [warm, ...timed] = samples[kind];
    if (!warm || timed.length === 0) {
      console.log(`  ${kind.padEnd(20)} ${TAKING_ACTIONS[kind].padEnd(24)} (none in the bench world)`);
      continue;
    }
    await timeOne(kind, warm);
    const runs: Sample[] = [];
    for (const r of timed) runs.push(await timeOne(kind, r));
    const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
    const ms = sorted(runs.map((r) => r.ms));
    const cpuMs = sorted(runs.map((r) => r.cpuMs));
    const median = (xs: number[]): number => xs[Math.floor(xs.length / 2)] ?? 0;
    const max = (xs: number[]): number => xs[xs.length - 1] ?? 0;
    worst = Math.max(worst, max(cpuMs));
    const decisions = runs.reduce((a, r) => a + r.candidates, 0);
    const totalCpuMs = cpuMs.reduce((a, b) => a + b, 0);
    console.log(
      `  ${kind.padEnd(20)} ${TAKING_ACTIONS[kind].padEnd(24)} ${String(runs.length).padStart(8)}  ${fmt(decisions / runs.length).padStart(10)}  ` +
        `${fmt(runs.reduce((a, r) => a + r.could, 0) / runs.length, 1).padStart(12)}  ${fmt(median(ms), 1).padStart(9)}  ${fmt(max(ms), 1).padStart(8)}  ` +
        `${fmt(median(cpuMs), 1).padStart(13)}  ${fmt(max(cpuMs), 1).padStart(12)}  ${fmt((decisions / totalCpuMs) * 1000).padStart(15)}`,
    );
  }
  console.log(`  worst posting: ${fmt(worst, 1)} ms of CPU (${worst < GOAL_MS ? 'goal met' : 'GOAL MISSED'}); wall times count the machine's other work too`);
}

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const median = (xs: number[]): number => sorted(xs)[Math.floor(xs.length / 2)] ?? 0;
const worstOf = (xs: number[]): number => Math.max(...xs);

/** Postings of `kind` starting after `at`, spread over what there is, with their posters. */
async function postingsOn(db: Database, kind: 'coveragePosting' | 'openShift', at: number): Promise<{ id: number; poster: number | null }[]> {
  const k = kyselyOf(db.em());
  const rows =
    kind === 'coveragePosting'
      ? await k.selectFrom('coverage_postings').select(['id', 'agent_id as poster']).where('start', '>', new Date((at + 60) * 60_000)).where('ended_at', 'is', null).orderBy('start').execute()
      : await k.selectFrom('open_shifts').select(['id', 'created_by as poster']).where('start', '>', new Date((at + 60) * 60_000)).where('ended_at', 'is', null).where('type', '=', 0).orderBy('start').execute();
  const step = Math.max(1, Math.floor(rows.length / (PER_KIND + 1)));
  return rows.filter((_, i) => i % step === 0).slice(0, PER_KIND + 1);
}

interface Read {
  id: number;
  reader: number;
}

interface Timed {
  ms: number[];
  cpuMs: number[];
  of: number;
}

/** Each read after one untimed: wall and this process's CPU. */
async function timed(reads: readonly Read[], read: (r: Read) => Promise<{ of: number }>): Promise<Timed> {
  const out: Timed = { ms: [], cpuMs: [], of: 0 };
  for (const [i, r] of reads.entries()) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    out.of = (await read(r)).of;
    const used = process.cpuUsage(cpu);
    if (i === 0) continue;
    out.ms.push(performance.now() - t);
    out.cpuMs.push((used.user + used.system) / 1000);
  }
  return out;
}

const line = ({ ms, cpuMs, of }: Timed): string =>
  `${String(ms.length).padStart(8)}  ${fmt(of).padStart(10)}  ${fmt(median(ms), 1).padStart(9)}  ${fmt(worstOf(ms), 1).padStart(8)}  ${fmt(median(cpuMs), 1).padStart(13)}  ${fmt(worstOf(cpuMs), 1).padStart(12)}`;

const PATHS: Record<PostingKind, string> = { coveragePosting: 'whoCouldTakeCoveragePosting', pickupPosting: 'whoCouldTakePickupPosting', openShift: 'whoCouldTakeOpenShift' };

/**
 * The reads of `kind`, in process (whoCouldTake under db.exclusive, as a request runs it) and then
 * through HTTP: GET /api/whoCouldTake... on a server started on the same database, each reader
 * signed in, the answer read whole (the session check, the permission, the JSON: what the day
 * panel waits for). HTTP CPU is this process's: the server's and the client's.
 */
async function timeKind(label: string, server: RunningServer, kind: PostingKind, reads: readonly Read[], at: number): Promise<void> {
  const { db } = server;
  const inProcess = await timed(reads, (r) => db.exclusive(() => whoCouldTake(db, rules, r.reader, kind, r.id, at)));
  console.log(`  ${label} ${kind.padEnd(20)} ${line(inProcess)}`);
  const cookies = new Map<number, string>();
  for (const r of reads) {
    if (!cookies.has(r.reader)) cookies.set(r.reader, await db.exclusive(() => createSession(db.em(), r.reader, 60, new Date(at * 60_000))));
  }
  const http = await timed(reads, async (r) => {
    const res = await fetch(`${server.url}/api/${PATHS[kind]}/${r.id}`, { headers: { cookie: `shiftinator_session=${cookies.get(r.reader) as string}` } });
    if (res.status !== 200) throw new Error(`GET ${PATHS[kind]}/${r.id} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { of: number };
  });
  console.log(`  ${label} ${`${kind} HTTP`.padEnd(20)} ${line(http)}`);
}

const HEADER = '  database    world                 kind                    reads  colleagues  median ms  worst ms  CPU median ms  CPU worst ms';

/** A server on PostgreSQL at the URL, or on PGlite in memory, at the bench's clock, logging nowhere. */
function serve(where: { databaseUrl?: string }, at: number): Promise<RunningServer> {
  return startServer({ ...where, rules, rulesHash: 'bench', port: 0, host: '127.0.0.1', now: () => at, logger: benchLogger(), outboxIntervalMs: 3_600_000, rulesLog: () => undefined });
}

/** The demo's database (PGlite in memory) as `npm run seed` fills it; CPU includes PGlite's, which runs in this process. */
async function demoReads(): Promise<void> {
  const server = await serve({}, now);
  try {
    await seedDemo(server.db, { now, rules });
    const postings = await postingsOn(server.db, 'coveragePosting', now);
    await timeKind('PGlite      demo                 ', server, 'coveragePosting', postings.map((p) => ({ id: p.id, reader: p.poster as number })), now);
  } finally {
    await server.close();
  }
}

/**
 * PostgreSQL holding the bench world: a scratch database (generated again: the prepared one cannot
 * be loaded), or with BENCH_CANDIDATES_URL one that holds it already (loading takes minutes).
 */
async function postgresReads(): Promise<void> {
  const given = process.env.BENCH_CANDIDATES_URL;
  const admin = given ? null : await openDatabase({ url: process.env.DATABASE_URL as string });
  const name = `shiftinator_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(given ?? (process.env.DATABASE_URL as string));
  if (admin) {
    await admin.orm.em.getConnection().execute(`create database ${name}`);
    url.pathname = `/${name}`;
  }
  try {
    if (admin) {
      const db = await openDatabase({ url: url.toString() });
      await migrate(db);
      await loadWorld(db, generateWorld(AGENTS ? { agents: AGENTS } : {}).world as unknown as Record<string, unknown[]>);
      await db.close();
    }
    const server = await serve({ databaseUrl: url.toString() }, now);
    try {
      const k = kyselyOf(server.db.em());
      const supervisor = (await k.selectFrom('agents').select('agent_id').where('agent_type', '>=', 100).orderBy('agent_id').executeTakeFirstOrThrow()).agent_id;
      const { agents } = await k.selectFrom('agents').select((eb) => eb.fn.countAll<string>().as('agents')).executeTakeFirstOrThrow();
      const label = `PostgreSQL  ${`${fmt(Number(agents))} agents`.padEnd(21)}`;
      const coverage = await postingsOn(server.db, 'coveragePosting', now);
      await timeKind(label, server, 'coveragePosting', coverage.map((p) => ({ id: p.id, reader: p.poster as number })), now);
      const open = await postingsOn(server.db, 'openShift', now);
      await timeKind(label, server, 'openShift', open.map((p) => ({ id: p.id, reader: supervisor })), now);
    } finally {
      await server.close();
    }
  } finally {
    if (admin) {
      await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
  }
}

async function productPart(): Promise<void> {
  console.log('\nWho could take it in the product: the read a poster makes (server/candidates.ts), in process and through HTTP, one at a time');
  console.log(HEADER);
  await demoReads();
  if (process.env.DATABASE_URL || process.env.BENCH_CANDIDATES_URL) await postgresReads();
  else console.log('  PostgreSQL  (set DATABASE_URL to read the bench world on PostgreSQL)');
}

if (PART !== 'product') await enginePart();
if (PART !== 'engine') await productPart();
