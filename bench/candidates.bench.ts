import { randomBytes } from 'node:crypto';
import { colleagues, couldTake, decideForEach, parseInstant, TAKING_ACTIONS, takingRequest, type RuleSet, type TakeableKind } from '../engine/index.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { whoCouldTake, type PostingKind } from '../server/candidates.ts';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { kyselyOf } from '../server/db/kysely.ts';
import { seedDemo } from '../server/demo/seed.ts';
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
const bw = buildBenchWorld(AGENTS ? { agents: AGENTS } : {});
printWorld(bw);
const { world } = bw;
const now = parseInstant(bw.now);

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

/** One read per posting as its poster (a supervisor for an open shift), after one untimed: wall and this process's CPU. */
async function timeReads(db: Database, ruleSet: RuleSet, kind: PostingKind, postings: { id: number; poster: number | null }[], reader: (poster: number | null) => number, at: number): Promise<string> {
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let of = 0;
  for (const [i, p] of postings.entries()) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    const answer = await db.exclusive(() => whoCouldTake(db, ruleSet, reader(p.poster), kind, p.id, at));
    const used = process.cpuUsage(cpu);
    of = answer.of;
    if (i === 0) continue;
    ms.push(performance.now() - t);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return `${String(ms.length).padStart(8)}  ${fmt(of).padStart(10)}  ${fmt(median(ms), 1).padStart(9)}  ${fmt(worstOf(ms), 1).padStart(8)}  ${fmt(median(cpuMs), 1).padStart(13)}  ${fmt(worstOf(cpuMs), 1).padStart(12)}`;
}

const HEADER = '  database    world                 kind               reads  colleagues  median ms  worst ms  CPU median ms  CPU worst ms';

/** The demo's database (PGlite, in memory) as `npm run seed` fills it; CPU includes PGlite's, which runs in this process. */
async function demoReads(): Promise<void> {
  const db = await openDatabase({});
  try {
    await migrate(db);
    await seedDemo(db, { now, rules });
    const postings = await postingsOn(db, 'coveragePosting', now);
    const line = await timeReads(db, rules, 'coveragePosting', postings, (poster) => poster as number, now);
    console.log(`  PGlite      demo                  coveragePosting ${line}`);
  } finally {
    await db.close();
  }
}

/** A scratch PostgreSQL database holding the bench world (generated again: the prepared one cannot be loaded). */
async function postgresReads(): Promise<void> {
  const admin = await openDatabase({ url: process.env.DATABASE_URL as string });
  const name = `shiftinator_bench_${randomBytes(6).toString('hex')}`;
  await admin.orm.em.getConnection().execute(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ url: url.toString() });
    try {
      await migrate(db);
      const generated = generateWorld(AGENTS ? { agents: AGENTS } : {});
      await loadWorld(db, generated.world as unknown as Record<string, unknown[]>);
      const at = parseInstant(generated.now);
      const supervisor = (world.data.agents ?? []).find((a) => (a.agentType as number) >= 100)?.agentId as number;
      const label = `${fmt(world.data.agents?.length ?? 0)} agents`.padEnd(21);
      const coverage = await timeReads(db, rules, 'coveragePosting', await postingsOn(db, 'coveragePosting', at), (poster) => poster as number, at);
      console.log(`  PostgreSQL  ${label} coveragePosting ${coverage}`);
      const open = await timeReads(db, rules, 'openShift', await postingsOn(db, 'openShift', at), () => supervisor, at);
      console.log(`  PostgreSQL  ${label} openShift       ${open}`);
    } finally {
      await db.close();
    }
  } finally {
    await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}

async function productPart(): Promise<void> {
  console.log('\nWho could take it in the product: GET whoCouldTake... as the poster reads it (server/candidates.ts), one read at a time');
  console.log(HEADER);
  await demoReads();
  if (process.env.DATABASE_URL) await postgresReads();
  else console.log('  PostgreSQL  (set DATABASE_URL to read the bench world on PostgreSQL)');
}

if (PART !== 'product') await enginePart();
if (PART !== 'engine') await productPart();
