import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatInstant, normalizeWorld, parseInstant, parseScenario, PreparedWorld, runScenario, type RuleSet } from '../engine/index.ts';
import { readLogRows } from '../cli/decision-log.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { loadVersionedRules } from '../cli/rule-version.ts';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { writeRealDecisions } from './dry-run.bench.ts';
import { loadWorld } from './server.bench.ts';
import { fmt, generateWorld } from './world.ts';

/**
 * Replaying a folder of 10,000 scenario files the way an auditor does: the rule set loaded once,
 * then each file read, parsed, validated and run. Timed end to end through the real CLI when it
 * is there, and in process with the time split by step.
 *
 * The files are copies of fixtures/ by default. With BENCH_AGENTS they are copies of the slices
 * the server logs for real decisions on world.ts's call centre of that many agents (the records
 * a decision read: with more agents, more people on duty in a head count), each written as a
 * scenario expecting the logged answer; the world is loaded into a scratch PostgreSQL database
 * (DATABASE_URL), else PGlite in memory (slow past a few hundred agents).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'fixtures');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const FILES = 10_000;
const AGENTS = process.env.BENCH_AGENTS ? Number(process.env.BENCH_AGENTS) : null;
const GOAL_SECONDS = 15;

type Json = Record<string, unknown>;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json')) out.push(path);
  }
  return out;
}

/** Ids are the keys `id`, `createdBy` and `...Id`; the scenario's `actor` is an agent id too. */
function isIdKey(key: string): boolean {
  return key === 'id' || key === 'createdBy' || key.endsWith('Id');
}

/**
 * Every id moved by the same offset: records stay linked, new records are numbered from the
 * moved largest id, so a copy's expected answer (world included) holds as the original's does.
 */
function shiftIds(value: unknown, offset: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shiftIds(v, offset));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isIdKey(k) && Number.isInteger(v) ? (v as number) + offset : shiftIds(v, offset);
  }
  return out;
}

function copyOf(original: Json, copy: number, moveIds: boolean): Json {
  const out: Json = { ...original, name: `${String(original.name)} (copy ${copy})` };
  if (!moveIds) return out;
  const offset = 100_000 * copy;
  if (Number.isInteger(original.actor)) out.actor = (original.actor as number) + offset;
  for (const key of ['input', 'world', 'expect']) if (key in original) out[key] = shiftIds(original[key], offset);
  return out;
}

interface Source {
  path: string;
  json: Json;
  passes: boolean;
  /** Whether a copy with moved ids answers as the original does (not when new records are expected in an empty collection). */
  moveIds: boolean;
}

async function passes(rules: RuleSet, json: unknown, path: string): Promise<boolean> {
  try {
    return (await runScenario(rules, parseScenario(json, path))).passed;
  } catch {
    // An invalid scenario (or an action whose rules are not written yet) is copied all the
    // same: the CLI meets such files too.
    return false;
  }
}

async function originals(rules: RuleSet): Promise<Source[]> {
  const out: Source[] = [];
  for (const path of walk(FIXTURES)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) continue;
    const original = await passes(rules, json, path);
    const moveIds = (await passes(rules, copyOf(json as Json, 1, true), path)) === original;
    out.push({ path, json: json as Json, passes: original, moveIds });
  }
  return out;
}

/** A scratch database: a new PostgreSQL database under DATABASE_URL (dropped by `drop`), else PGlite in memory. */
async function scratchDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const admin = await openDatabase({ url });
  const name = `shiftinator_replay_bench_${Math.random().toString(16).slice(2, 10)}`;
  await admin.em().getConnection().execute(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openDatabase({ url: scratch.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.em().getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** Scenario files of the slices the server logged for real decisions on a call centre of `agents`, expecting the logged answers. */
async function loggedSources(rules: RuleSet, agents: number): Promise<Source[]> {
  const t = performance.now();
  const generated = generateWorld({ agents });
  const world = generated.world as unknown as Record<string, unknown[]>;
  const now = parseInstant(generated.now);
  const { db, drop } = await scratchDatabase();
  const out: Source[] = [];
  try {
    await migrate(db);
    const rows = await db.exclusive(() => loadWorld(db, world));
    console.log(`World: ${fmt(agents)} agents, ${fmt(rows)} rows loaded (${db.kind}) in ${fmt((performance.now() - t) / 1000, 1)} s`);
    await writeRealDecisions(db, new PreparedWorld(normalizeWorld(world)), now, loadVersionedRules().version);
    for await (const row of readLogRows(db, {})) {
      const json: Json = {
        name: `logged decision ${row.id}: ${row.action} by ${row.actor}`,
        now: formatInstant(row.decidedAt),
        actor: row.actor,
        action: row.action,
        input: JSON.parse(row.input) as Json,
        world: JSON.parse(row.world) as Json,
        expect: { outcome: row.outcome, ...(row.message !== null ? { message: row.message } : {}), warnings: JSON.parse(row.warnings) as string[] },
      };
      const path = join(row.action, `logged-${row.id}.json`);
      out.push({ path, json, passes: await passes(rules, json, path), moveIds: false });
    }
  } finally {
    await drop();
  }
  return out;
}

interface CliRun {
  seconds: number;
  code: number | null;
  summary: { total?: number; passed?: number; failed?: number; invalid?: number } | null;
  stderr: string;
}

function runCli(dir: string): Promise<CliRun> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, 'replay', dir, '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      let summary: CliRun['summary'];
      try {
        summary = JSON.parse(Buffer.concat(out).toString('utf8')) as CliRun['summary'];
      } catch {
        summary = null;
      }
      done({ seconds, code, summary, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

interface Steps {
  loadRules: number;
  read: number;
  jsonParse: number;
  parseScenario: number;
  runScenario: number;
  total: number;
}

async function inProcess(dir: string, files: string[]): Promise<{ ms: Steps; passed: number }> {
  const ms: Steps = { loadRules: 0, read: 0, jsonParse: 0, parseScenario: 0, runScenario: 0, total: 0 };
  const started = performance.now();
  let t = started;
  const lap = (key: keyof Steps): void => {
    const now = performance.now();
    ms[key] += now - t;
    t = now;
  };
  const rules = loadRulesDir();
  lap('loadRules');
  let passed = 0;
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    lap('read');
    const json: unknown = JSON.parse(text);
    lap('jsonParse');
    try {
      const scenario = parseScenario(json, file);
      lap('parseScenario');
      if ((await runScenario(rules, scenario)).passed) passed++;
    } catch {
      // Counted as not passing, as the CLI reports it.
    }
    lap('runScenario');
  }
  ms.total = performance.now() - started;
  return { ms, passed };
}

async function main(): Promise<void> {
  console.log(`Replay benchmark: Node ${process.version}; ${fmt(FILES)} scenario files${AGENTS ? `, from decisions logged on a call centre of ${fmt(AGENTS)} agents` : ''}.`);
  const rules = loadRulesDir();
  const sources = AGENTS ? await loggedSources(rules, AGENTS) : await originals(rules);
  if (sources.length === 0) throw new Error(AGENTS ? 'no decision was logged' : `no scenario files under ${relative(ROOT, FIXTURES)}`);
  const dir = mkdtempSync(join(tmpdir(), 'shiftinator-replay-bench-'));
  const cleanUp = (): void => rmSync(dir, { recursive: true, force: true });
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    const t = performance.now();
    const written: string[] = [];
    let expectedPasses = 0;
    let bytes = 0;
    for (let i = 0; i < FILES; i++) {
      const src = sources[i % sources.length] as Source;
      const copy = Math.floor(i / sources.length) + 1;
      const folder = basename(dirname(src.path));
      const name = join(folder, `${String(i).padStart(5, '0')}-${basename(src.path)}`);
      if (i < sources.length) mkdirSync(join(dir, folder), { recursive: true });
      const text = JSON.stringify(copyOf(src.json, copy, src.moveIds), null, 2);
      writeFileSync(join(dir, name), text);
      bytes += Buffer.byteLength(text);
      written.push(name);
      if (src.passes) expectedPasses++;
    }
    console.log(
      `Wrote ${fmt(FILES)} files (${fmt(bytes / 1_048_576, 1)} MB), copies of the ${sources.length} ${AGENTS ? 'logged slices' : 'files under fixtures/'} ` +
        `with names varied (and ids, in ${sources.filter((s) => s.moveIds).length} of them), in ${fmt(performance.now() - t)} ms; ${fmt(expectedPasses)} should pass (their originals do).`,
    );

    let goalSeconds: number;
    let goalHow: string;
    if (existsSync(CLI)) {
      const run = await runCli(dir);
      const s = run.summary;
      console.log(
        `\nCLI, end to end (node cli/shiftinator.mjs replay <dir> --json, a child process): ${fmt(run.seconds, 2)} s, exit code ${run.code}` +
          (s ? `; ${fmt(s.passed ?? 0)} passed, ${fmt(s.failed ?? 0)} failed, ${fmt(s.invalid ?? 0)} invalid` : '; no JSON report on stdout'),
      );
      if (!s) console.log(run.stderr.split('\n').slice(0, 5).join('\n'));
      else if (s.passed !== expectedPasses) console.log(`  note: ${fmt(expectedPasses)} were expected to pass`);
      goalSeconds = run.seconds;
      goalHow = 'CLI end to end';
    } else {
      goalSeconds = Number.NaN;
      goalHow = '';
    }

    const loop = await inProcess(dir, written);
    const m = loop.ms;
    console.log(`\nIn process (rule set loaded once; per file: read, JSON.parse, parseScenario, runScenario): ${fmt(m.total / 1000, 2)} s; ${fmt(loop.passed)} passed`);
    const rows: [string, number][] = [
      ['load rule set', m.loadRules],
      ['read files', m.read],
      ['JSON.parse', m.jsonParse],
      ['parseScenario (zod)', m.parseScenario],
      ['runScenario (normalise, prepare, decide, compare)', m.runScenario],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`${'step'.padEnd(width)}  ${'total ms'.padStart(9)}  ${'µs/file'.padStart(8)}  ${'share'.padStart(6)}`);
    console.log('-'.repeat(width + 29));
    for (const [label, total] of rows) {
      console.log(`${label.padEnd(width)}  ${fmt(total).padStart(9)}  ${fmt((total * 1000) / FILES, 1).padStart(8)}  ${`${fmt((100 * total) / m.total, 1)}%`.padStart(6)}`);
    }
    if (Number.isNaN(goalSeconds)) {
      goalSeconds = m.total / 1000;
      goalHow = 'in process; the CLI (cli/shiftinator.mjs) is not there';
    }
    console.log('\nGoal:');
    console.log(`replay 10,000 files <= ${GOAL_SECONDS} s: ${goalSeconds <= GOAL_SECONDS ? 'met' : 'NOT met'} (${fmt(goalSeconds, 2)} s, ${goalHow})`);
  } finally {
    cleanUp();
  }
}

if (import.meta.main) await main();
