import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '../server/db/database.ts';
import { loadWorld } from './server.bench.ts';
import { fmt, generateWorld } from './world.ts';

/**
 * How long the CLI takes to start and how much memory it holds, beside bare Node: `rules list`,
 * `replay` of one file, and `serve` on PGlite until it answers its first request (its folder
 * migrated by a run before, as on every start but the first). Each is started BENCH_RUNS times
 * (default 5) after one run not counted; wall time from spawn to exit (for serve, to the first
 * answer) and the process's peak RSS (bench/max-rss.mjs) are printed as medians, with the range.
 * The serve folder is empty but for the schema; with BENCH_AGENTS it holds world.ts's call centre
 * of that many agents, and with DATABASE_URL as well serve starts on a scratch PostgreSQL
 * database holding it (PGlite takes long to load a large world).
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const RSS_PROBE = join(ROOT, 'bench', 'max-rss.mjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONE_FILE = join(ROOT, 'fixtures', 'acceptOffer', 'accept-declines-others-with-history.json');
const AGENTS = process.env.BENCH_AGENTS ? Number(process.env.BENCH_AGENTS) : null;

interface Sample {
  ms: number;
  rssMb: number;
}

/** Starts `args` under Node with the RSS probe; `ready` (given the child's stdout so far) says when it is up, else its exit does. */
function sample(args: string[], work: string, ready?: (out: string) => Promise<boolean>): Promise<Sample> {
  const rssFile = join(work, 'rss');
  rmSync(rssFile, { force: true });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', RSS_PROBE, ...args], {
      cwd: ROOT,
      env: { ...process.env, BENCH_RSS_FILE: rssFile, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let upAt: number | null = null;
    let asking = false;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!ready || upAt !== null || asking) return;
      asking = true;
      void ready(out).then((up) => {
        asking = false;
        if (!up) return;
        upAt = performance.now();
        child.kill('SIGTERM');
      });
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const end = upAt ?? performance.now();
      if (ready ? upAt === null : code !== 0) {
        reject(new Error(`${args.join(' ')} exited with ${String(code)}:\n${err}`));
        return;
      }
      const kb = readFileSync(rssFile, 'utf8')
        .trim()
        .split('\n')
        .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
      resolve({ ms: end - started, rssMb: kb / 1024 });
    });
  });
}

/** Whether the server whose banner is in `out` answers an HTTP request. */
async function answers(out: string): Promise<boolean> {
  const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
  if (!url) return false;
  try {
    await (await fetch(`${url}/api/session`)).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const work = mkdtempSync(join(tmpdir(), 'shiftinator-startup-'));
const data = join(work, 'data');
/** Where serve's world is, and how to drop it after. */
let where = 'PGlite';
let dropScratch = async (): Promise<void> => undefined;
if (AGENTS) {
  const t = performance.now();
  const url = process.env.DATABASE_URL;
  let target: { url?: string; dataDir?: string } = { dataDir: data };
  if (url) {
    const admin = await openDatabase({ url });
    const name = `shiftinator_startup_bench_${Math.random().toString(16).slice(2, 10)}`;
    await admin.em().getConnection().execute(`create database ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    target = { url: scratch.toString() };
    // The serve runs below inherit it.
    process.env.DATABASE_URL = scratch.toString();
    where = 'PostgreSQL';
    dropScratch = async () => {
      await admin.em().getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  const db = await openDatabase(target);
  try {
    await migrate(db);
    const rows = await db.exclusive(() => loadWorld(db, generateWorld({ agents: AGENTS }).world as unknown as Record<string, unknown[]>));
    console.log(`serve's world: ${fmt(AGENTS)} agents, ${fmt(rows)} rows (${where}), loaded in ${fmt((performance.now() - t) / 1000, 1)} s`);
  } finally {
    await db.close();
  }
}
const cases: [string, string[], ((out: string) => Promise<boolean>)?][] = [
  ['bare Node (node -e "")', ['-e', '']],
  ['shiftinator rules list', [CLI, 'rules', 'list']],
  ['shiftinator replay <one file>', [CLI, 'replay', ONE_FILE]],
  [`shiftinator serve (${where}${AGENTS ? `, ${fmt(AGENTS)} agents` : ''}), until it answers`, [CLI, 'serve', '--port', '0', '--data', data], answers],
];
console.log(`Start-up: ${RUNS} runs each after one not counted; median (min-max).`);
console.log(`${'command'.padEnd(46)}  ${'wall ms'.padStart(22)}  ${'peak RSS MB'.padStart(22)}`);
try {
  for (const [name, args, ready] of cases) {
    await sample(args, work, ready);
    const runs: Sample[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await sample(args, work, ready));
    const ms = runs.map((r) => r.ms);
    const mb = runs.map((r) => r.rssMb);
    const cell = (xs: number[]): string => `${fmt(median(xs))} (${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))})`;
    console.log(`${name.padEnd(46)}  ${cell(ms).padStart(22)}  ${cell(mb).padStart(22)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await dropScratch();
}
