import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInstant } from '../../engine/index.ts';
import { easternText } from '../../cli/rules-history.ts';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { loadVersionedRules, ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { askRunningServer } from '../../cli/rules-control.ts';
import { withControlChannel } from '../../cli/serve.ts';
import type { RulesHealth } from '../../server/live-rules.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { emptySignInMessage, ruleVariant, rulesCli, type CliRun } from './rules-cli.ts';

// On PGlite the one server holds its data folder for as long as it runs: `rules publish`,
// `publish --at`, `rollback` and `history` reach it through its control channel, and its live
// set (GET /api/health/rules) follows at once. The server's clock is injected, for the schedule.

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'fixtures', 'combineShifts');
const REQUIRED = 'ERROR: Must enter valid credentials.';
const A = ruleSetVersion(readRuleSources(DEFAULT_RULES_DIR));

let parent: string;
let dataDir: string;
let server: RunningServer;
/** The server's clock: the real one, unless a test holds it at an instant. */
let held: number | null = null;
const logged: string[] = [];

const variant = (name: string, login: string | null, combine: string | null = null): string => ruleVariant(parent, name, login, combine);

const cli = (...args: string[]): Promise<CliRun> => rulesCli(undefined, [...args, '--data', dataDir]);

async function health(): Promise<RulesHealth> {
  return (await (await fetch(`${server.url}/api/health/rules`)).json()) as RulesHealth;
}

const PID = String(process.pid);

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'shiftinator-publish-pglite-'));
  dataDir = join(parent, 'data');
  const started = await startServer({ rules: loadRulesDir(), rulesHash: A, port: 0, dataDir, now: () => held ?? Date.now() / 60_000, webDir: join(parent, 'no-web-ui'), rulesLog: (l) => logged.push(l), textSender: { name: 'none', send: async () => undefined } });
  server = await withControlChannel(started, dataDir);
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('rule changes reach the running server on PGlite', () => {
  let B: string;

  it('opens its control channel to the folder\'s owner only', () => {
    expect(statSync(join(dataDir, 'rules-control')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'rules-control', 'socket')).mode & 0o777).toBe(0o600);
  });

  it('`rules publish` makes the set live in the running server before it answers', async () => {
    expect(await health()).toEqual(expect.objectContaining({ governs: 'folder', live: expect.objectContaining({ hash: A, how: 'start' }) as unknown }));
    const dir = variant('b', 'ERROR: B.');
    B = ruleSetVersion(readRuleSources(dir));
    const run = await cli('publish', dir, '--reason', 'a clearer sign-in message', '--fixtures', FIXTURES);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Published version ${shortVersion(B)} \\(\\d+ rule files from \\S+; (\\d+) of \\1 scenarios pass\\): the running server \\(pid ${PID}\\) decides with it now\\.\\n$`));
    expect(run.status).toBe(0);
    expect(await health()).toEqual(expect.objectContaining({ governs: 'published', live: expect.objectContaining({ hash: B, how: 'publish' }) as unknown }));
    expect(await emptySignInMessage(server.url)).toBe('ERROR: B.');
    expect(logged).toContain(`rules: version ${shortVersion(B)} is live (publish from ${(await health()).live.where.replace(/ pid \d+$/, '')} pid ${PID}: a clearer sign-in message)`);
  }, 60_000);

  it('a set that does not lint is refused with the lint\'s error, and the live set stays', async () => {
    const dir = variant('broken', null);
    writeFileSync(join(dir, 'login.json'), '{ "action": "login", ');
    let lint = '';
    try {
      loadVersionedRules(dir);
    } catch (e) {
      lint = (e as Error).message;
    }
    const run = await cli('publish', dir, '--reason', 'broken', '--fixtures', FIXTURES);
    expect(run).toEqual({ status: 1, stdout: '', stderr: `error: refused: ${lint}\n` });
    expect(lint).toContain('login.json: is not valid JSON');
    expect((await health()).live.hash).toBe(B);
  }, 60_000);

  it('a set whose fixtures fail is refused without --force, and the live set stays', async () => {
    const dir = variant('c', null, 'ERROR: C.');
    const C = ruleSetVersion(readRuleSources(dir));
    const run = await cli('publish', dir, '--reason', 'try C', '--fixtures', FIXTURES);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^error: refused: (\\d+) of \\d+ scenarios in \\S+ fail under \\S+ \\(version ${shortVersion(C)}\\):\\n(  fixtures/combineShifts/\\S+\\.json: message is "ERROR: C\\.", expected ".+"\\n)+Update them with the change, or publish anyway with --force "<why>"\\.\\n$`));
    expect((await health()).live.hash).toBe(B);
  }, 60_000);

  it('the server lints what it is sent itself, and refuses a request it does not take', async () => {
    const lintRefused = await askRunningServer(dataDir, { op: 'publish', dir: 'x', files: [{ file: 'x.json', json: { action: 'x' } }], total: 0, failing: 0, reason: 'x' });
    expect(lintRefused).toEqual({ stdout: '', stderr: expect.stringMatching(/^error: refused: x\.json: .+\n$/) as unknown, exitCode: 1 });
    const unknown = await askRunningServer(dataDir, { op: 'drop everything' });
    expect(unknown).toEqual({ stdout: '', stderr: expect.stringMatching(/^error: the server does not take this request: /) as unknown, exitCode: 2 });
    expect((await health()).live.hash).toBe(B);
  });

  it('`rules publish --at` schedules it in the running server, which takes it up at its instant', async () => {
    const dir = variant('d', 'ERROR: D.');
    const D = ruleSetVersion(readRuleSources(dir));
    // Real time: the history's order is the instants'. Far enough ahead for the command to start and replay.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 20_000);
    const run = await cli('publish', dir, '--at', at.toISOString(), '--reason', 'in twenty seconds', '--fixtures', FIXTURES);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Scheduled version ${shortVersion(D)} \\(.+\\) to go live at ${easternText(at)} \\(Eastern\\): the running server \\(pid ${PID}\\) takes it up at that instant\\.\\n$`));
    expect((await health()).scheduled).toEqual([expect.objectContaining({ hash: D, at: at.toISOString() })]);
    held = (at.getTime() - 1_000) / 60_000;
    expect(await emptySignInMessage(server.url)).toBe('ERROR: B.');
    held = null;
    const end = Date.now() + 60_000;
    while ((await health()).live.hash !== D && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await health()).toEqual(expect.objectContaining({ live: expect.objectContaining({ hash: D, how: 'schedule' }) as unknown, scheduled: [] }));
    expect(await emptySignInMessage(server.url)).toBe('ERROR: D.');
  }, 90_000);

  it('`rules rollback` makes an earlier set live in the running server, and cancels a scheduled one', async () => {
    const back = await cli('rollback', shortVersion(A), '--reason', 'back to the old message');
    expect(back).toEqual({ status: 0, stderr: '', stdout: `Rolled back to version ${shortVersion(A)}: the running server (pid ${PID}) decides with it now.\n` });
    expect(await health()).toEqual(expect.objectContaining({ live: expect.objectContaining({ hash: A, how: 'rollback' }) as unknown }));
    expect(await emptySignInMessage(server.url)).toBe(REQUIRED);
    const dir = variant('e', 'ERROR: E.');
    const E = ruleSetVersion(readRuleSources(dir));
    const at = Math.ceil(Date.now() / 60_000) + 60;
    expect((await cli('publish', dir, '--at', formatInstant(at), '--reason', 'maybe', '--fixtures', FIXTURES)).status).toBe(0);
    expect((await health()).scheduled.map((s) => s.hash)).toEqual([E]);
    const cancel = await cli('rollback', shortVersion(E), '--reason', 'not after all');
    expect(cancel).toEqual({ status: 0, stderr: '', stdout: `Cancelled version ${shortVersion(E)}, scheduled for ${formatInstant(at)}:00 (Eastern): it will not go live.\n` });
    expect((await health()).scheduled).toEqual([]);
  }, 90_000);

  it('`rules history` and `rules show` read the running server\'s switches', async () => {
    const run = await cli('history');
    expect(run.stderr).toBe('');
    const heads = run.stdout.split('\n').filter((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}/.test(l)).map((l) => l.split(/ {2,}/).slice(1, 3));
    expect(heads).toEqual([
      [shortVersion(A), 'start'],
      [shortVersion(B), 'publish'],
      [expect.any(String), 'schedule'],
      [shortVersion(A), 'rollback'],
      [expect.any(String), 'schedule'],
    ]);
    expect(run.stdout).toContain('"maybe"  cancelled ');
    expect(run.stdout).toMatch(new RegExp(`\\nLive now: ${shortVersion(A)}, since .+ \\(rollback, .+ pid ${PID}\\)\\n$`));
    const show = await cli('show', shortVersion(B), '--out', join(parent, 'b-out'));
    expect(show.stdout).toBe(`Wrote ${readRuleSources(DEFAULT_RULES_DIR).length} files of version ${shortVersion(B)} (${B}) to ${join(parent, 'b-out')}\n`);
    expect(ruleSetVersion(readRuleSources(join(parent, 'b-out')))).toBe(B);
  }, 60_000);
});
