import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatInstant, isShiftinatorError, normalizeWorld, parseInstant, PreparedWorld } from '../engine/index.ts';
import { loadVersionedRules } from '../cli/rule-version.ts';
import { runAction } from '../server/action-runner.ts';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { requestsFor } from './engine.bench.ts';
import { loadWorld } from './server.bench.ts';
import { fmt, generateWorld, prng } from './world.ts';

/**
 * `shiftinator dry-run --from-log` over a decision log of 100,000 decisions, against a candidate
 * that raises the 600-minute limit to 660. The log is written by the server's own code path
 * (runAction: slice loaded in rounds, decided, logged) for a few hundred real acceptOffer and
 * claimOpenShift requests on the large world of world.ts, then copied in SQL up to the size. The
 * CLI runs as a child process, as a manager runs it; its wall time and peak RSS are printed.
 * Goals: under 60 s, under 500 MB. Nothing is asserted.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const RSS_PROBE = join(dirname(fileURLToPath(import.meta.url)), 'max-rss.mjs');
const GOAL_DECISIONS = 100_000;
/** BENCH_DECISIONS=300000, say, shows the memory stays flat as the log grows. */
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? GOAL_DECISIONS);
/** Distinct real decisions, before copying: about the share a call centre's log has of each. */
const DISTINCT = { acceptOffer: 300, claimOpenShift: 100 };
const GOAL_SECONDS = 60;
const GOAL_MB = 500;

function shuffle<T>(list: T[], rand: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** Real decisions through runAction, logged with the rules' version; some go through and change the world, as they would. */
export async function writeRealDecisions(db: Database, world: PreparedWorld, now: number, version: string): Promise<Map<string, number>> {
  const rules = loadVersionedRules();
  const ctx = { db, rules: rules.rules, rulesHash: version, now: () => now };
  const rand = prng(5);
  const outcomes = new Map<string, number>();
  for (const [action, count] of Object.entries(DISTINCT)) {
    const requests = shuffle(requestsFor(action, world, now, rand), rand).slice(0, count);
    for (const r of requests) {
      try {
        const result = await db.exclusive(() => runAction(ctx, action, r.actor, r.input));
        const key = `${action} ${result.decision.rule ?? result.decision.outcome}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      } catch (e) {
        if (!isShiftinatorError(e)) throw e;
      }
    }
  }
  return outcomes;
}

/** The logged rows copied, a minute apart, until the log holds `total`: in SQL, so the copies never pass through Node. */
async function growLog(db: Database, total: number): Promise<{ rows: number; bytes: number }> {
  const conn = db.em().getConnection();
  const [{ n: base } = { n: 0 }] = await conn.execute<{ n: number }[]>('select count(*)::int as n from decision_log');
  if (base === 0) throw new Error('no decision was logged');
  const copies = Math.ceil(total / base);
  await conn.execute(
    `insert into decision_log (decided_at, actor, action, input, world, needs, outcome, message, rule, warnings, rules_hash, applied)
     select d.decided_at + g * interval '1 minute', d.actor, d.action, d.input, d.world, d.needs, d.outcome, d.message, d.rule, d.warnings, d.rules_hash, d.applied
     from generate_series(1, ${copies}) g cross join (select * from decision_log order by id) d
     order by g, d.id limit ${total - base}`,
  );
  // What autovacuum does to a log that grew on a server; here it would run during the timed dry-run.
  await conn.execute('vacuum analyze decision_log');
  const [{ rows = 0, bytes = 0 } = {}] = await conn.execute<{ rows: number; bytes: number }[]>(
    "select count(*)::int as rows, pg_total_relation_size('decision_log')::float8 as bytes from decision_log",
  );
  return { rows, bytes };
}

function candidateRules(dir: string): string {
  cpSync(join(ROOT, 'rules'), dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(/"subtract": \[ \{ "param": "maxWorkMinutes" \} \]/g, '"subtract": [ 660 ]'));
  }
  return dir;
}

interface Run {
  seconds: number;
  maxRssMb: number;
  processes: number;
  code: number | null;
  counts: Record<string, number> | null;
  stderr: string;
}

/** The CLI as a child, its JSON report into a file; the probe writes the child's own peak RSS as it exits. */
function runDryRun(args: string[], env: NodeJS.ProcessEnv, work: string): Promise<Run> {
  const report = join(work, 'report.json');
  const rssFile = join(work, 'rss');
  rmSync(rssFile, { force: true });
  const out = openSync(report, 'w');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', RSS_PROBE, CLI, 'dry-run', '--from-log', '--json', ...args], {
      env: { ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', out, 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      closeSync(out);
      let counts: Record<string, number> | null;
      try {
        counts = (JSON.parse(readFileSync(report, 'utf8')) as { counts: Record<string, number> }).counts;
      } catch {
        // No report: the run failed, and its stderr says why.
        counts = null;
      }
      // One line per process (the launcher and the Node it hands the command to): together.
      const lines = readFileSync(rssFile, 'utf8').trim().split('\n');
      const kb = lines.reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
      resolve({ seconds, maxRssMb: kb / 1024, processes: lines.length, code, counts, stderr });
    });
  });
}

async function benchDatabase(kind: 'postgresql' | 'pglite', world: Record<string, unknown[]>, prepared: PreparedWorld, now: number, candidate: string, work: string): Promise<void> {
  let target: { url?: string; dataDir?: string };
  let env: NodeJS.ProcessEnv;
  let args: string[];
  let dropDatabase = async (): Promise<void> => undefined;
  if (kind === 'postgresql') {
    const admin = await openDatabase({ url: process.env.DATABASE_URL as string });
    const name = `shiftinator_bench_${randomBytes(6).toString('hex')}`;
    await admin.orm.em.getConnection().execute(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    target = { url: url.toString() };
    env = { ...process.env, DATABASE_URL: url.toString() };
    args = [];
    dropDatabase = async () => {
      if (process.env.BENCH_KEEP) console.log(`kept ${url.toString()}`);
      else await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  } else {
    const dataDir = join(work, 'pglite');
    target = { dataDir };
    env = { ...process.env, DATABASE_URL: undefined };
    args = ['--data', dataDir];
  }
  try {
    const db = await openDatabase(target);
    let log: { rows: number; bytes: number };
    try {
      await migrate(db);
      let t = performance.now();
      const loaded = await db.exclusive(() => loadWorld(db, world));
      console.log(`\n${kind}: loaded ${fmt(loaded)} world rows in ${fmt((performance.now() - t) / 1000, 1)} s`);
      t = performance.now();
      const version = loadVersionedRules().version;
      const outcomes = await writeRealDecisions(db, prepared, now, version);
      console.log(`  ${fmt([...outcomes.values()].reduce((a, b) => a + b, 0))} real decisions through runAction in ${fmt((performance.now() - t) / 1000, 1)} s:`);
      console.log(`    ${[...outcomes].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${k} ${n}`).join(', ')}`);
      t = performance.now();
      log = await growLog(db, DECISIONS);
      console.log(`  copied up to ${fmt(log.rows)} logged decisions (${fmt(log.bytes / 1024 / 1024)} MB on disk) in ${fmt((performance.now() - t) / 1000, 1)} s`);
    } finally {
      await db.close();
    }
    const run = await runDryRun(['--rules', candidate, ...args], env, work);
    if (run.code !== 0 || !run.counts) console.log(`  dry-run exited ${run.code}: ${run.stderr.trim()}`);
    const counts = run.counts ?? {};
    console.log(
      `  dry-run: ${fmt(run.seconds, 1)} s (${fmt(log.rows / run.seconds)} decisions/s), peak RSS ${fmt(run.maxRssMb)} MB (${run.processes} processes together); ` +
        `${fmt(counts.decisions ?? 0)} decisions, ${fmt(counts.changed ?? 0)} changed, ${fmt(counts.drifted ?? 0)} drifted, ${fmt(counts.notReplayable ?? 0)} not replayable`,
    );
    // The time goal is for 100,000 decisions; the memory goal holds for any log.
    if (log.rows === GOAL_DECISIONS) {
      console.log(`  ${kind}: dry-run ${fmt(log.rows)} logged decisions < ${GOAL_SECONDS} s: ${run.seconds < GOAL_SECONDS ? 'met' : 'NOT met'} (${fmt(run.seconds, 1)} s)`);
    }
    console.log(`  ${kind}: peak RSS < ${GOAL_MB} MB: ${run.maxRssMb < GOAL_MB ? 'met' : 'NOT met'} (${fmt(run.maxRssMb)} MB)`);
  } finally {
    await dropDatabase();
  }
}

async function main(): Promise<void> {
  const agents = process.env.BENCH_AGENTS ? Number(process.env.BENCH_AGENTS) : 2000;
  const work = mkdtempSync(join(tmpdir(), 'shiftinator-bench-dry-run-'));
  process.once('SIGINT', () => {
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    const t = performance.now();
    const generated = generateWorld({ agents });
    const world = generated.world as unknown as Record<string, unknown[]>;
    const prepared = new PreparedWorld(normalizeWorld(world));
    const now = parseInstant(generated.now);
    console.log(`World: ${fmt(agents)} agents, ${fmt(world.shifts?.length ?? 0)} shift records, ${fmt(world.offers?.length ?? 0)} offers; now = ${formatInstant(now)}; built in ${fmt((performance.now() - t) / 1000, 1)} s`);
    console.log(`Log: ${fmt(DECISIONS)} decisions, copies of ${DISTINCT.acceptOffer} acceptOffer and ${DISTINCT.claimOpenShift} claimOpenShift requests decided by the server's code path; candidate: rules/ with every 600-minute limit at 660.`);
    const candidate = candidateRules(join(work, 'candidate'));
    const kinds: ('postgresql' | 'pglite')[] = [];
    const only = process.env.BENCH_DB;
    if (process.env.DATABASE_URL && only !== 'pglite') kinds.push('postgresql');
    if (only !== 'postgresql') kinds.push('pglite');
    for (const kind of kinds) await benchDatabase(kind, world, prepared, now, candidate, work);
    const size = statSync(join(work, 'report.json'), { throwIfNoEntry: false })?.size ?? 0;
    console.log(`\n(last JSON report: ${fmt(size / 1024)} KB)`);
  } finally {
    // BENCH_KEEP=1 leaves the PGlite folder and the candidate, to profile the dry-run on them.
    if (process.env.BENCH_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
