import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShiftinatorError, parseInstant } from '../../engine/index.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { loadWorld, scratchPostgres, startTestServer } from '../server/support.ts';
import { readLogRows, type LoggedRow } from '../../cli/decision-log.ts';
import { decideInOrder, DryRunPool, WORKER_RESOURCE_LIMITS } from '../../cli/dry-run-pool.ts';
import { replayRow, replaySetsOf, type RowOutcome } from '../../cli/dry-run-replay.ts';
import { loadVersionedRules, type VersionedRules } from '../../cli/rule-version.ts';
import { CLAIM_OPEN_SHIFT_50, copyRules, OVER_600_LOG_WORLD, PINNED_NODE, removeDir, ROOT, runCli, tempDir } from './test-support.ts';

/**
 * `dry-run --from-log --jobs N`: a log of a few hundred decisions (real ones through the server,
 * then copied in SQL, some as logged before needs were recorded, some with a slice that is no
 * valid world) decided by worker threads gives the report one thread gives, byte for byte; a
 * worker's failure ends the run with the error one thread ends it with.
 */

const POSTGRES = process.env.DATABASE_URL;

/** Copies of the real decisions: enough chunks for every worker, few enough for a quick test. */
const COPIES = 80;
/** The four real decisions and their copies. */
const ROWS = 4 * (COPIES + 1);
/** Every 29th row's slice is no valid world. */
const INVALID = Math.floor(ROWS / 29);

let work: string;
let dataDir: string;
let postgres: { url: string; drop: () => Promise<void> } | undefined;
let current: VersionedRules;
let limit660: VersionedRules;

function open(): Promise<Database> {
  return openDatabase(postgres ? { url: postgres.url } : { dataDir });
}

/** Work on the log from this process (the CLI must not have it open: PGlite is one process's). */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

function dryRun(args: string[]): ReturnType<typeof runCli> {
  const db = postgres
    ? { env: { ...process.env, DATABASE_URL: postgres.url }, args: [] }
    : { env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined }, args: ['--data', dataDir] };
  return runCli(['dry-run', '--from-log', '--current', current.dir, '--rules', limit660.dir, ...db.args, ...args], { env: db.env });
}

beforeAll(async () => {
  work = tempDir();
  dataDir = join(work, 'data');
  current = loadVersionedRules(copyRules(work, 'current', () => undefined));
  limit660 = loadVersionedRules(
    copyRules(work, 'limit-660', (dir) => {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(/"subtract": \[ \{ "param": "maxWorkMinutes" \} \]/g, '"subtract": [ 660 ]'));
      }
    }),
  );
  if (POSTGRES) postgres = await scratchPostgres(POSTGRES, 'shiftinator_dry_run_pool');
  const target = async (): Promise<{ db: Database; drop: () => Promise<void> }> => {
    const db = await open();
    await migrate(db);
    return { db, drop: () => db.close() };
  };
  const server = await startTestServer(current.rules, { rulesHash: current.version, open: target });
  try {
    await loadWorld(server.db, OVER_600_LOG_WORLD);
    server.setNow(parseInstant('2025-10-14 09:00'));
    const put = (path: string, as: number): Promise<Response> => server.request(path, { method: 'PUT', as, body: '{}' });
    expect((await put('/api/acceptOffer/40', 2)).status).toBe(422);
    expect((await put('/api/acceptOffer/41', 4)).status).toBe(422);
    expect((await server.request('/api/claimOpenShift', { method: 'POST', as: 1, body: JSON.stringify(CLAIM_OPEN_SHIFT_50) })).status).toBe(200);
    // Decided by a server running the candidate (300 over 660): drift under the current rules.
    const other = await startTestServer(limit660.rules, { rulesHash: limit660.version, open: async () => ({ db: server.db, drop: async () => undefined }) });
    other.setNow(parseInstant('2025-10-14 10:00'));
    expect((await other.request('/api/acceptOffer/40', { method: 'PUT', as: 2, body: '{}' })).status).toBe(422);
    const conn = server.db.em().getConnection();
    await conn.execute(
      `insert into decision_log (decided_at, actor, action, input, world, needs, outcome, message, rule, warnings, rules_hash, applied)
       select d.decided_at + g * interval '1 minute', d.actor, d.action, d.input, d.world, d.needs, d.outcome, d.message, d.rule, d.warnings, d.rules_hash, d.applied
       from generate_series(1, ${COPIES}) g cross join (select * from decision_log order by id) d order by g, d.id`,
    );
    // Some as logged before needs were recorded, some whose slice is no valid world.
    await conn.execute('update decision_log set needs = null where id % 7 = 0');
    await conn.execute(`update decision_log set world = '{"agents": [{"agentId": "x"}]}'::jsonb where id % 29 = 0`);
  } finally {
    await server.drop();
  }
});

afterAll(async () => {
  await postgres?.drop();
  removeDir(work);
});

describe('dry-run --from-log on worker threads', () => {
  it('gives the report one thread gives, byte for byte: JSON, the table and the page', async () => {
    const one = await dryRun(['--json', '--jobs', '1']);
    expect(one.stderr.split('\n')[0]).toBe('error: #29: the logged slice is not a valid world: world.agents[0].agentId: must be an integer id, got "x"');
    const counts = (JSON.parse(one.stdout) as { counts: Record<string, number> }).counts;
    // Every kind of listed decision is there, so their order is compared too.
    expect(counts).toEqual({ decisions: ROWS, changed: expect.any(Number), drifted: expect.any(Number), notReplayable: expect.any(Number), invalid: INVALID });
    expect(Math.min(counts.changed ?? 0, counts.drifted ?? 0, counts.notReplayable ?? 0)).toBeGreaterThan(10);
    for (const jobs of ['2', '3']) {
      const pooled = await dryRun(['--json', '--jobs', jobs]);
      expect(pooled.code).toBe(one.code);
      expect(pooled.stdout).toBe(one.stdout);
      expect(pooled.stderr).toBe(one.stderr);
    }
    const pages = [join(work, 'one.html'), join(work, 'two.html')];
    const text = await dryRun(['--jobs', '1', '--html', pages[0] as string]);
    const pooledText = await dryRun(['--jobs', '2', '--html', pages[1] as string]);
    expect(pooledText.stdout).toBe(text.stdout);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`${ROWS} decisions, ${counts.changed} changed, ${counts.drifted} drifted, ${counts.notReplayable} not replayable, ${INVALID} not valid`);
    expect(readFileSync(pages[1] as string, 'utf8')).toBe(readFileSync(pages[0] as string, 'utf8'));
  });

  it('every worker decides, and the outcomes come back in log order, as this thread decides them', async () => {
    const sets = replaySetsOf(current, limit660);
    const pool = new DryRunPool(2, { current: { dir: join(work, 'current'), version: current.version }, candidate: { dir: join(work, 'limit-660'), version: limit660.version } });
    const pooled: [LoggedRow, RowOutcome][] = [];
    const expected: RowOutcome[] = [];
    try {
      await withDatabase(async (db) => {
        for await (const pair of decideInOrder(pool, readLogRows(db, {}, 50), 4)) pooled.push(pair);
        for await (const row of readLogRows(db, {})) expected.push(await replayRow(sets, row));
      });
      expect(pool.decidedPerWorker.every((n) => n > 5)).toBe(true);
    } finally {
      await pool.close();
    }
    expect(pooled.map(([row]) => row.id)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(pooled.map(([, outcome]) => outcome)).toEqual(expected);
  });

  it("a worker's failure ends the run with the error one thread ends it with; a worker that cannot load its rules says which", async () => {
    // A logged row the replay cannot take, in the middle of the log: its needs are no list.
    const needs = await withDatabase(async (db) => {
      const conn = db.em().getConnection();
      const [row] = await conn.execute<{ needs: string }[]>('select needs::text as needs from decision_log where id = 130');
      await conn.execute(`update decision_log set needs = '{"broken": true}'::jsonb where id = 130`);
      return row?.needs;
    });
    try {
      const one = await dryRun(['--json', '--jobs', '1']);
      const pooled = await dryRun(['--json', '--jobs', '2']);
      expect(one.code).not.toBe(0);
      expect([pooled.code, pooled.stdout]).toEqual([one.code, '']);
      const error = 'TypeError: held.map is not a function';
      expect(one.stderr).toContain(`\n${error}\n    at replayRow (`);
      expect(pooled.stderr).toContain(`\n${error}\n    at replayRow (`);
    } finally {
      await withDatabase((db) => db.em().getConnection().execute('update decision_log set needs = ?::jsonb where id = 130', [needs]));
    }
    // The folder the main thread loaded is not what a worker finds: two rule sets must not mix.
    const pool = new DryRunPool(2, { current: { dir: join(work, 'current'), version: limit660.version }, candidate: { dir: join(work, 'limit-660'), version: limit660.version } });
    try {
      const failure = await pool.decide([]).then(() => null, (e: unknown) => e);
      expect(isShiftinatorError(failure) && failure.message).toBe(`current rules: ${current.dir} changed while the dry-run was starting: run it again`);
    } finally {
      await pool.close();
    }
  });

  it("each worker's heap is held to its own cap, also under the launcher's heap flags, which V8 would give every worker", async () => {
    const script = [
      `import { getHeapStatistics } from 'node:v8';`,
      `import { DryRunPool } from ${JSON.stringify(join(ROOT, 'cli', 'dry-run-pool.ts'))};`,
      `const side = ${JSON.stringify({ dir: join(work, 'current'), version: current.version })};`,
      `const pool = new DryRunPool(2, { current: side, candidate: side });`,
      `await pool.decide([]);`,
      `console.log(JSON.stringify({ workers: await pool.heapLimits(), main: getHeapStatistics().heap_size_limit }));`,
      `await pool.close();`,
    ].join('\n');
    const file = join(work, 'heap-limits.mjs');
    writeFileSync(file, script);
    const run = (flags: string[]): Promise<{ workers: number[]; main: number }> =>
      new Promise((done, fail) =>
        execFile(PINNED_NODE, [...flags, file], (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as { workers: number[]; main: number }))),
      );
    const cap = (WORKER_RESOURCE_LIMITS.maxOldGenerationSizeMb + WORKER_RESOURCE_LIMITS.maxYoungGenerationSizeMb) * 1024 * 1024;
    const launched = await run(['--max-old-space-size=256', '--max-semi-space-size=8']);
    expect(launched.workers).toHaveLength(2);
    for (const limit of launched.workers) expect(limit).toBeLessThanOrEqual(cap);
    expect(launched.main).toBeGreaterThan(256 * 1024 * 1024);
    const plain = await run([]);
    for (const limit of plain.workers) expect(limit).toBeLessThanOrEqual(cap);
  });

  it('--jobs takes a whole number from 1 to 64, and only with --from-log', async () => {
    const zero = await dryRun(['--jobs', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr.split('\n')[0]).toBe("error: option '--jobs <n>' argument '0' is invalid. must be a whole number from 1 to 64");
    const scenarios = await runCli(['dry-run', '--rules', limit660.dir, '--jobs', '2']);
    expect([scenarios.code, scenarios.stderr]).toEqual([2, 'error: --jobs: only applies with --from-log\n']);
  });
});
