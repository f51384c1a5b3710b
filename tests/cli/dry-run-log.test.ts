import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { lockDataDir } from '../../server/main.ts';
import { loadWorld, scratchPostgres, startTestServer, type TestServer } from '../server/support.ts';
import { loadVersionedRules, shortVersion, type VersionedRules } from '../../cli/rule-version.ts';
import { CLAIM_OPEN_SHIFT_50, copyRules, COVERING_MESSAGE, OVER_600_LOG_WORLD, removeDir, runCli, tempDir } from './test-support.ts';

/**
 * `shiftinator dry-run --from-log`: decisions made through the real server (the app on a scratch
 * database: a PGlite folder, or a PostgreSQL database when DATABASE_URL is set), then replayed by
 * the CLI as a manager would run it, under rules/ and under candidates.
 */

const POSTGRES = process.env.DATABASE_URL;

const cut = (minutes: number): string => COVERING_MESSAGE.replace('cut 360 min', `cut ${minutes} min`);

interface Answer {
  outcome: string;
  message?: string;
  rule?: string;
  warnings: string[];
}
interface Report {
  source: Record<string, unknown>;
  counts: Record<string, number>;
  perAction: { action: string; decisions: number; changed: number; drifted: number; notReplayable: number }[];
  changes: { where: string; decidedAt: string; action: string; actor: number; before: Answer; after: Answer }[];
  drift: { where: string; action: string; actor: number; logged: Answer; current: Answer; loggedVersion: string }[];
  notReplayable: { where: string; action: string; actor: number; rules: string[]; missing: string[]; current?: Answer }[];
}

/** Where the log is, as the CLI names it. */
const DATABASE = String.raw`(?:PGlite in \S+|PostgreSQL at \S+ \(DATABASE_URL\))`;

const refused = (message: string): Answer => ({ outcome: 'error', rule: 'acceptOffer.coveringMaxAfter', message, warnings: [] });

let work: string;
let dataDir: string;
let emptyDataDir: string;
let postgres: { url: string; drop: () => Promise<void> } | undefined;
let emptyPostgres: { url: string; drop: () => Promise<void> } | undefined;
let current: VersionedRules;
let limit660: VersionedRules;
/** acceptOffer counts the covering agent's work over the 20 hours after the start, not 18: a window the log never read. */
let window20: string;

function editJson(path: string, edit: (text: string) => string): void {
  const text = readFileSync(path, 'utf8');
  const next = edit(text);
  // An edit that matches nothing would test the unchanged rules.
  expect(next).not.toBe(text);
  writeFileSync(path, next);
}

/** The test's database as the CLI is pointed at it: DATABASE_URL, or --data. */
function database(empty = false): { env: NodeJS.ProcessEnv; args: string[] } {
  const pg = empty ? emptyPostgres : postgres;
  return pg
    ? { env: { ...process.env, DATABASE_URL: pg.url }, args: [] }
    : { env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined }, args: ['--data', empty ? emptyDataDir : dataDir] };
}

function dryRun(args: string[], options: { empty?: boolean } = {}): ReturnType<typeof runCli> {
  const db = database(options.empty);
  return runCli(['dry-run', '--from-log', '--current', current.dir, ...db.args, ...args], { env: db.env });
}

async function dryRunJson(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const run = await dryRun(['--json', ...args]);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

function opener(target: { url?: string; dataDir?: string }): () => Promise<{ db: Database; drop: () => Promise<void> }> {
  return async () => {
    const db = await openDatabase(target);
    await migrate(db);
    return { db, drop: () => db.close() };
  };
}

/** Work on the test's database from this process (the CLI must not have it open: PGlite is one process's). */
async function withDatabase(work: (db: Database) => Promise<void>): Promise<void> {
  const { db, drop } = await opener(postgres ? { url: postgres.url } : { dataDir })();
  try {
    await work(db);
  } finally {
    await drop();
  }
}

beforeAll(async () => {
  work = tempDir();
  dataDir = join(work, 'data');
  emptyDataDir = join(work, 'empty-data');
  // A copy: the project's rules/ may change while the tests run, the log's version must not.
  current = loadVersionedRules(copyRules(work, 'current', () => undefined));
  limit660 = loadVersionedRules(
    copyRules(work, 'limit-660', (dir) => {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        writeFileSync(join(dir, file), text.replace(/"subtract": \[ \{ "param": "maxWorkMinutes" \} \]/g, '"subtract": [ 660 ]'));
      }
    }),
  );
  window20 = copyRules(work, 'window-20', (dir) =>
    // The covering agent's window is a shared fact (rules/shared-offers.json) acceptOffer uses by name.
    editJson(join(dir, 'shared-offers.json'), (text) => {
      const json = JSON.parse(text) as { facts: Record<string, { params: Record<string, unknown> }> };
      const worked = json.facts.coveringWorkedAfter;
      if (worked) worked.params.hours = 20;
      return JSON.stringify(json, null, 2);
    }),
  );
  if (POSTGRES) {
    postgres = await scratchPostgres(POSTGRES, 'shiftinator_dry_run');
    emptyPostgres = await scratchPostgres(POSTGRES, 'shiftinator_dry_run_empty');
  }
  const target = postgres ? { url: postgres.url } : { dataDir };
  const server = await startTestServer(current.rules, { rulesHash: current.version, open: opener(target) });
  try {
    await loadWorld(server.db, OVER_600_LOG_WORLD);
    server.setNow(parseInstant('2025-10-14 09:00'));
    const put = (on: TestServer, path: string, as: number): Promise<Response> => on.request(path, { method: 'PUT', as, body: '{}' });
    // #1: 360 minutes over; #2: 30 over; #3: a claim that goes through.
    expect((await put(server, '/api/acceptOffer/40', 2)).status).toBe(422);
    expect((await put(server, '/api/acceptOffer/41', 4)).status).toBe(422);
    expect((await server.request('/api/claimOpenShift', { method: 'POST', as: 1, body: JSON.stringify(CLAIM_OPEN_SHIFT_50) })).status).toBe(200);
    // #4, an hour on: the server ran the 660-minute rules for a while (300 over).
    const other = await startTestServer(limit660.rules, { rulesHash: limit660.version, open: async () => ({ db: server.db, drop: async () => undefined }) });
    other.setNow(parseInstant('2025-10-14 10:00'));
    const fourth = await put(other, '/api/acceptOffer/40', 2);
    expect(((await fourth.json()) as { message: string }).message).toBe(cut(300));
  } finally {
    // PGlite is one process's database: the CLI opens the folder once this process lets it go.
    await server.drop();
  }
  // A database with the schema and no decisions.
  const { drop } = await opener(emptyPostgres ? { url: emptyPostgres.url } : { dataDir: emptyDataDir })();
  await drop();
});

afterAll(async () => {
  await postgres?.drop();
  await emptyPostgres?.drop();
  removeDir(work);
});

describe('shiftinator dry-run --from-log', () => {
  it('a 660-minute limit changes the refused accepts it should; a decision logged under other rules that the current ones answer differently is drift', async () => {
    const { code, report, stderr } = await dryRunJson(['--rules', limit660.dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(report.counts).toEqual({ decisions: 4, changed: 2, drifted: 1, notReplayable: 1, invalid: 0 });
    expect(report.source).toMatchObject({ kind: 'log', database: expect.stringMatching(new RegExp(`^${DATABASE}$`)) });
    // 360 and 300 over 600 are 300 and 240 over 660: the same check stops them, with 60 minutes less to cut.
    expect(report.changes).toEqual([
      { where: '#1', decidedAt: '2025-10-14 09:00', action: 'acceptOffer', actor: 2, before: refused(cut(360)), after: refused(cut(300)) },
      { where: '#4', decidedAt: '2025-10-14 10:00', action: 'acceptOffer', actor: 2, before: refused(cut(360)), after: refused(cut(300)) },
    ]);
    // 30 over 600 is within 660: the accept goes on to checks the server never ran, on facts it never read.
    expect(report.notReplayable).toEqual([
      {
        where: '#2', decidedAt: '2025-10-14 09:00', action: 'acceptOffer', actor: 4, rules: ['candidate'],
        missing: ["agent 3's shifts from 2025-10-16 22:00 to 2025-10-17 16:00", 'shifts #3'],
        current: refused(cut(30)),
      },
    ]);
    expect(report.drift).toEqual([
      { where: '#4', decidedAt: '2025-10-14 10:00', action: 'acceptOffer', actor: 2, logged: refused(cut(300)), current: refused(cut(360)), loggedVersion: limit660.version },
    ]);
    expect(report.perAction).toEqual([
      { action: 'acceptOffer', decisions: 3, changed: 2, drifted: 1, notReplayable: 1 },
      { action: 'claimOpenShift', decisions: 1, changed: 0, drifted: 0, notReplayable: 0 },
    ]);
  });

  it('prints the changes and the drift with the versions of the rules, and exits 1 with --fail-on-change', async () => {
    const run = await dryRun(['--rules', limit660.dir, '--fail-on-change']);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^dry-run of decision log: ${DATABASE}$`));
    expect(lines.slice(1, 3)).toEqual([`current rules: ${current.dir} (version ${shortVersion(current.version)})`, `candidate rules: ${limit660.dir} (version ${shortVersion(limit660.version)})`]);
    const at = lines.indexOf('DRIFT    #4  2025-10-14 10:00  acceptOffer  actor 2');
    expect(lines.slice(at + 1, at + 3)).toEqual([
      `  logged (rules version ${shortVersion(limit660.version)}): error (acceptOffer.coveringMaxAfter): ${cut(300)}`,
      `  current:  error (acceptOffer.coveringMaxAfter): ${cut(360)}`,
    ]);
    expect(lines).toContain('CHANGED  #1  2025-10-14 09:00  acceptOffer  actor 2');
    const notReplayable = lines.indexOf('NOT REPLAYABLE  #2  2025-10-14 09:00  acceptOffer  actor 4');
    expect(lines.slice(notReplayable + 1, notReplayable + 3)).toEqual([
      `  current:  error (acceptOffer.coveringMaxAfter): ${cut(30)}`,
      "  candidate rules need: agent 3's shifts from 2025-10-16 22:00 to 2025-10-17 16:00; shifts #3",
    ]);
    expect(lines.at(-1)).toBe('4 decisions, 2 changed, 1 drifted, 1 not replayable');
  });

  it('--since, --until and --action choose the logged decisions replayed', async () => {
    const early = await dryRunJson(['--rules', limit660.dir, '--until', '2025-10-14 09:30']);
    expect(early.report.changes.map((c) => c.where)).toEqual(['#1']);
    expect(early.report.counts).toMatchObject({ decisions: 3, drifted: 0, notReplayable: 1 });
    const late = await dryRunJson(['--rules', limit660.dir, '--since', '2025-10-14 09:30', '--until', '2025-10-14']);
    expect(late.report.changes.map((c) => c.where)).toEqual(['#4']);
    const claims = await dryRun(['--rules', limit660.dir, '--action', 'claimOpenShift', '--fail-on-change']);
    expect(claims.code).toBe(0);
    expect(claims.stdout.trimEnd().split('\n').at(-1)).toBe('1 decision, 0 changed, 0 drifted, 0 not replayable');
    expect(claims.stdout.split('\n')[0]).toMatch(/ \(action claimOpenShift\)$/);
  });

  it('a candidate that reads what the log did not record is not replayable, with what it needed, never guessed', async () => {
    const { code, report } = await dryRunJson(['--rules', window20, '--fail-on-change']);
    expect(code).toBe(1);
    expect(report.counts).toEqual({ decisions: 4, changed: 0, drifted: 1, notReplayable: 3, invalid: 0 });
    expect(report.notReplayable).toEqual([
      { where: '#1', decidedAt: '2025-10-14 09:00', action: 'acceptOffer', actor: 2, rules: ['candidate'], missing: ["agent 1's shifts from 2025-10-15 08:00 to 2025-10-16 04:00"], current: refused(cut(360)) },
      { where: '#2', decidedAt: '2025-10-14 09:00', action: 'acceptOffer', actor: 4, rules: ['candidate'], missing: ["agent 3's shifts from 2025-10-17 08:00 to 2025-10-18 04:00"], current: refused(cut(30)) },
      { where: '#4', decidedAt: '2025-10-14 10:00', action: 'acceptOffer', actor: 2, rules: ['candidate'], missing: ["agent 1's shifts from 2025-10-15 08:00 to 2025-10-16 04:00"], current: refused(cut(360)) },
    ]);
    // The current rules still replay: the drift of #4 is known all the same.
    expect(report.drift.map((d) => d.where)).toEqual(['#4']);
    const text = await dryRun(['--rules', window20]);
    expect(text.stdout).toContain(
      `NOT REPLAYABLE  #2  2025-10-14 09:00  acceptOffer  actor 4\n  current:  error (acceptOffer.coveringMaxAfter): ${cut(30)}\n  candidate rules need: agent 3's shifts from 2025-10-17 08:00 to 2025-10-18 04:00\n`,
    );
  });

  it('--html lists the changes, the drift and what could not be replayed', async () => {
    const page = join(work, 'log.html');
    const run = await dryRun(['--rules', window20, '--html', page]);
    expect(run.code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<span><b>4</b> decisions</span><span><b>0</b> changed</span><span><b>1</b> drifted</span><span><b>3</b> not replayable</span>');
    expect(html).toContain('<h2>Not replayable: the rules ask for what the log did not record (3)</h2>');
    expect(html).toContain(`<div>${cut(30)}</div></td><td>candidate</td><td><div>agent 3's shifts from 2025-10-17 08:00 to 2025-10-18 04:00</div></td>`);
    expect(html).not.toMatch(/<script|<link|src=|href=|url\(/i);
  });

  it('bad input: a time that does not parse, an empty log, a filter nothing matches, a folder with no database', async () => {
    const since = await dryRun(['--rules', limit660.dir, '--since', 'yesterday']);
    expect([since.code, since.stderr]).toEqual([2, 'error: --since: "yesterday" is not a date or time: use "YYYY-MM-DD", "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset\n']);
    const until = await dryRun(['--rules', limit660.dir, '--until', '2025-02-30']);
    expect([until.code, until.stderr]).toEqual([2, 'error: --until: "2025-02-30" is not a date or time: use "YYYY-MM-DD", "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset\n']);
    const backwards = await dryRun(['--rules', limit660.dir, '--since', '2025-10-15', '--until', '2025-10-14']);
    expect([backwards.code, backwards.stderr]).toEqual([2, 'error: --since 2025-10-15 is not before --until 2025-10-14\n']);
    const empty = await dryRun(['--rules', limit660.dir], { empty: true });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(new RegExp(`^error: no logged decisions in ${DATABASE}: nothing to replay\n$`));
    const none = await dryRun(['--rules', limit660.dir, '--since', '2025-11-01', '--action', 'acceptOffer']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(new RegExp(`^error: no logged decisions \\(since 2025-11-01; action acceptOffer\\) in ${DATABASE}: nothing to replay\n$`));
    if (!postgres) {
      const nowhere = await dryRun(['--rules', limit660.dir, '--data', join(work, 'no-data')]);
      expect([nowhere.code, nowhere.stderr]).toEqual([2, `error: ${join(work, 'no-data')} holds no Shiftinator database: give the server's data folder with --data, or set DATABASE_URL\n`]);
      // A server running on the folder has it: the dry-run waits for no one and says so.
      const release = lockDataDir(dataDir, 'serve');
      try {
        const busy = await dryRun(['--rules', limit660.dir]);
        expect(busy.code).toBe(2);
        expect(busy.stderr).toBe(`error: another Shiftinator process (pid ${process.pid}, serve) is using ${dataDir}: stop it first, or use another --data folder\n`);
      } finally {
        release();
      }
    }
  });

  it('decisions logged before the log recorded what their slice holds replay when the rules that logged them are at hand', async () => {
    await withDatabase(async (db) => {
      await db.em().getConnection().execute('update decision_log set needs = null');
    });
    // #1-#3 were logged by the current rules, #4 by the candidate: each set says what it asked for.
    const same = await dryRunJson(['--rules', limit660.dir]);
    expect(same.report.counts).toEqual({ decisions: 4, changed: 2, drifted: 1, notReplayable: 1, invalid: 0 });
    expect(same.report.changes.map((c) => c.where)).toEqual(['#1', '#4']);
    // Under neither of the two sets, #4's slice is unknown ground.
    const other = await dryRunJson(['--rules', window20]);
    expect(other.report.notReplayable.find((n) => n.where === '#4')).toEqual({
      where: '#4',
      decidedAt: '2025-10-14 10:00',
      action: 'acceptOffer',
      actor: 2,
      rules: ['current', 'candidate'],
      missing: [`what the slice holds: it was logged before the log recorded that, under rules (version ${shortVersion(limit660.version)}) that are neither of these`],
    });
  });
});
