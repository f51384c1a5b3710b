import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { lockDataDir } from '../../server/main.ts';
import { loadWorld, scratchPostgres, startTestServer } from '../server/support.ts';
import { loadVersionedRules, shortVersion } from '../../cli/rule-version.ts';
import { COVERING_MESSAGE, removeDir, ROOT, runCli, summaryLine, tempDir } from './test-support.ts';

/**
 * Decisions made through the real server (the app on a scratch database: a PGlite folder, or a
 * PostgreSQL database when DATABASE_URL is set), exported with `log export` by the CLI as a user
 * would run it, then replayed: every exported file gives back the logged answer.
 */

const POSTGRES = process.env.DATABASE_URL;
const rules = loadVersionedRules();

/** Agent 1 offered to cover agent 2's shift 1 but already works 16:30-00:30: 960 minutes, 360 over 600. */
const WORLD = {
  agents: [
    { agentId: 1, agentType: 20, initials: 'AA', spanish: false },
    { agentId: 2, agentType: 20, initials: 'BB', spanish: false },
    { agentId: 9, agentType: 102, initials: 'MG', spanish: false },
  ],
  shifts: [
    { id: 1, agentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 2, agentId: 1, start: '2025-10-15 16:30', end: '2025-10-16 00:30' },
  ],
  coveragePostings: [{ id: 10, agentId: 2, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
  offers: [{ id: 40, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' }],
  openShifts: [{ id: 50, createdBy: 9, start: '2025-10-16 09:00', end: '2025-10-16 13:00', type: 0, quantityRemaining: 2 }],
};

const CLAIM = {
  offeringAgentID: 1, coveringAgentID: 1, lookingForCoverageID: 50, status: 0,
  coverageStartDatetime: '2025-10-16 09:00', coverageEndDatetime: '2025-10-16 13:00',
};

/** What each request is answered, in the order made: the log's ids are 1 to 6. */
const EXPECTED_FILES = [
  'acceptOffer/2025-10-14-1.json',
  'acceptOffer/2025-10-16-6.json',
  'claimOpenShift/2025-10-14-2.json',
  'removeShiftFromCoverage/2025-10-14-3.json',
  'removeShiftFromCoverage/2025-10-14-4.json',
  'removeShiftFromCoverage/2025-10-14-5.json',
];

let work: string;
let dataDir: string;
let postgres: { url: string; drop: () => Promise<void> } | undefined;

/** The environment and options that point the CLI at the test's database. */
function database(): { env: NodeJS.ProcessEnv; args: string[] } {
  return postgres
    ? { env: { ...process.env, DATABASE_URL: postgres.url }, args: [] }
    : { env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined }, args: ['--data', dataDir] };
}

function exportLog(out: string, ...options: string[]): ReturnType<typeof runCli> {
  const db = database();
  return runCli(['log', 'export', ...db.args, ...options, out], { env: db.env });
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile: () => boolean }[])
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  work = tempDir();
  dataDir = join(work, 'data');
  if (POSTGRES) postgres = await scratchPostgres(POSTGRES, 'shiftinator_export');
  const target = postgres ? { url: postgres.url } : { dataDir };
  const server = await startTestServer(rules.rules, {
    rulesHash: rules.version,
    open: async () => {
      const db = await openDatabase(target);
      await migrate(db);
      return { db, drop: () => db.close() };
    },
  });
  try {
    await loadWorld(server.db, WORLD);
    server.setNow(parseInstant('2025-10-14 09:00'));
    const put = (path: string, as: number): Promise<Response> => server.request(path, { method: 'PUT', as, body: '{}' });
    // 1: refused by the 600-minute rule; 2: a claim that goes through.
    expect((await put('/api/acceptOffer/40', 2)).status).toBe(422);
    expect((await server.request('/api/claimOpenShift', { method: 'POST', as: 1, body: JSON.stringify(CLAIM) })).status).toBe(200);
    // 3: not the poster (403); 4: the poster is asked to confirm; 5: confirmed, it goes through.
    expect((await put('/api/removeShiftFromCoverage/10', 1)).status).toBe(403);
    const asked = await put('/api/removeShiftFromCoverage/10', 2);
    expect(((await asked.json()) as { outcome: string }).outcome).toBe('confirm');
    expect((await server.request('/api/removeShiftFromCoverage/10', { method: 'PUT', as: 2, body: '{"confirmed":true}' })).status).toBe(200);
    // 6: two days on, the offer was declined when the posting ended.
    server.setNow(parseInstant('2025-10-16 10:00'));
    expect((await put('/api/acceptOffer/40', 2)).status).toBe(409);
  } finally {
    // PGlite is one process's database: the CLI opens the folder once this process lets it go.
    await server.drop();
  }
});

afterAll(async () => {
  await postgres?.drop();
  removeDir(work);
});

describe('shiftinator log export', () => {
  it('writes one scenario file per logged decision, action/date-id.json, and says what it wrote', async () => {
    const out = join(work, 'all');
    const run = await exportLog(out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(filesUnder(out)).toEqual(EXPECTED_FILES);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`rules: rules (version ${shortVersion(rules.version)})`);
    expect(lines[1]).toMatch(new RegExp(`^Exported 6 logged decisions from (PGlite in|PostgreSQL at) .+ to ${out}:$`));
    expect(lines.slice(2)).toEqual(['  acceptOffer: 2', '  claimOpenShift: 1', '  removeShiftFromCoverage: 3', `Replay them with: npx shiftinator replay ${out}`]);
  });

  it('writes the logged request, clock, slice and answer in the scenario format', async () => {
    const out = join(work, 'all');
    const refused = JSON.parse(readFileSync(join(out, 'acceptOffer/2025-10-14-1.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(refused)).toEqual(['name', 'now', 'actor', 'action', 'input', 'world', 'expect', 'logged']);
    expect(refused).toMatchObject({
      name: 'logged decision 1: acceptOffer by agent 2 at 2025-10-14 09:00, stopped by acceptOffer.coveringMaxAfter',
      now: '2025-10-14 09:00',
      actor: 2,
      action: 'acceptOffer',
      input: { offerId: 40 },
      expect: { outcome: 'error', message: COVERING_MESSAGE, warnings: [], rule: 'acceptOffer.coveringMaxAfter' },
      logged: { id: 1, rulesVersion: rules.version },
    });
    // The covering agent's evening shift decided it: the slice holds it.
    const world = refused.world as { shifts: { id: number }[] };
    expect(world.shifts.map((s) => s.id)).toContain(2);
    const confirmed = JSON.parse(readFileSync(join(out, 'removeShiftFromCoverage/2025-10-14-5.json'), 'utf8')) as Record<string, unknown>;
    expect(confirmed).toMatchObject({ input: { lookingForCoverageId: 10, confirmed: true }, expect: { outcome: 'ok', warnings: [] } });
    expect(confirmed.expect).not.toHaveProperty('rule');
    expect(confirmed.expect).not.toHaveProperty('message');
    const asked = JSON.parse(readFileSync(join(out, 'removeShiftFromCoverage/2025-10-14-4.json'), 'utf8')) as { expect: unknown };
    expect(asked.expect).toEqual({
      outcome: 'confirm',
      message: 'Are you sure you no longer want coverage? You will be responsible for this shift.',
      warnings: [],
      rule: 'removeShiftFromCoverage.confirm',
    });
  });

  it('replaying the exported folder gives back every logged answer', async () => {
    const run = await runCli(['replay', join(work, 'all')]);
    expect(run.stderr).toBe('');
    expect(summaryLine(run.stdout)).toBe('6 passed, 0 failed');
    expect(run.code).toBe(0);
  });

  it('makes a disputed decision a test case: a rule change that alters its answer fails it', async () => {
    const candidate = join(work, 'candidate-rules');
    cpSync(join(ROOT, 'rules'), candidate, { recursive: true });
    // The minutes over the work limit are a shared fact (rules/shared.json) acceptOffer uses by name.
    const file = join(candidate, 'shared.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"subtract": [ { "param": "maxWorkMinutes" } ]', '"subtract": [ 660 ]'));
    const replay = await runCli(['replay', join(work, 'all'), '--rules', candidate]);
    expect(replay.code).toBe(1);
    expect(summaryLine(replay.stdout)).toBe('5 passed, 1 failed');
    expect(replay.stdout).toMatch(/^FAIL +\S*acceptOffer\/2025-10-14-1\.json/m);
    expect(replay.stdout).toContain(`message is ${JSON.stringify(COVERING_MESSAGE.replace('360', '300'))}, expected ${JSON.stringify(COVERING_MESSAGE)}`);
    // Exported with other rules than the ones that decided, it says so.
    const run = await exportLog(join(work, 'with-candidate'), '--rules', candidate);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`6 of them were decided under other rules (version ${shortVersion(rules.version)}: 6): replayed with these rules, their answers may differ.`);
  });

  it('--since, --until and --action choose the decisions; a date means its whole day', async () => {
    const since = join(work, 'since');
    expect((await exportLog(since, '--since', '2025-10-15')).code).toBe(0);
    expect(filesUnder(since)).toEqual(['acceptOffer/2025-10-16-6.json']);
    const until = join(work, 'until');
    const run = await exportLog(until, '--until', '2025-10-14', '--action', 'acceptOffer,claimOpenShift');
    expect(run.code).toBe(0);
    expect(filesUnder(until)).toEqual(['acceptOffer/2025-10-14-1.json', 'claimOpenShift/2025-10-14-2.json']);
    expect(run.stdout).toContain('Exported 2 logged decisions (until 2025-10-14; action acceptOffer, claimOpenShift) from');
    const instant = join(work, 'instant');
    expect((await exportLog(instant, '--since', '2025-10-16 09:59', '--until', '2025-10-16T10:01:00-04:00', '--action', 'acceptOffer', '--action', 'claimOpenShift')).code).toBe(0);
    expect(filesUnder(instant)).toEqual(['acceptOffer/2025-10-16-6.json']);
  });

  it('--json lists the files written', async () => {
    const out = join(work, 'json');
    const run = await exportLog(out, '--json', '--action', 'claimOpenShift');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      rules: { dir: 'rules', version: rules.version },
      exported: 1,
      byAction: { claimOpenShift: 1 },
      byRulesVersion: { [rules.version]: 1 },
      files: [join(out, 'claimOpenShift/2025-10-14-2.json')],
    });
  });

  it('an empty selection is an error (exit 2) and writes nothing', async () => {
    const out = join(work, 'empty');
    const run = await exportLog(out, '--since', '2030-01-01', '--action', 'acceptOffer');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: no logged decisions match \(since 2030-01-01; action acceptOffer\) in (PGlite in|PostgreSQL at) .+: nothing to export\n$/);
    expect(() => readdirSync(out)).toThrow();
  });

  it.each([
    ['--since', '2025-13-45', 'error: --since: "2025-13-45" is not a date or time: use "YYYY-MM-DD", "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset\n'],
    ['--until', 'yesterday', 'error: --until: "yesterday" is not a date or time: use "YYYY-MM-DD", "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset\n'],
  ])('%s %s is refused before the database is opened (exit 2)', async (option, value, message) => {
    const run = await exportLog(join(work, 'bad-date'), option, value);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(message);
  });

  it('a --since not before --until, and an output path that is a file, are refused (exit 2)', async () => {
    const backwards = await exportLog(join(work, 'backwards'), '--since', '2025-10-16', '--until', '2025-10-15');
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toBe('error: --since 2025-10-16 is not before --until 2025-10-15\n');
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    const run = await exportLog(file);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${file}: is not a folder\n`);
  });

  it.skipIf(POSTGRES)('on PGlite: a folder that holds no database, and a folder another process has open, are refused (exit 2)', async () => {
    const env = { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined };
    const nowhere = join(work, 'no-database');
    const missing = await runCli(['log', 'export', '--data', nowhere, join(work, 'out-missing')], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: ${nowhere} holds no Shiftinator database: give the server's data folder with --data, or set DATABASE_URL\n`);
    const release = lockDataDir(dataDir, 'serve');
    try {
      const busy = await exportLog(join(work, 'out-busy'));
      expect(busy.code).toBe(2);
      expect(busy.stderr).toBe(`error: another Shiftinator process (pid ${process.pid}, serve) is using ${dataDir}: stop it first, or use another --data folder\n`);
    } finally {
      release();
    }
  });
});
