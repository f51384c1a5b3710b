import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInstant } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { ruleSwitches } from '../../server/rule-history.ts';
import { emptySignInMessage, rulesCli, type CliRun } from './rules-cli.ts';
import { scratchPostgres } from './support.ts';

// `rules publish --at`: the set goes live at its instant on each server's clock (injected here),
// in every process; a request whose now is before the instant is decided by the old set, and
// `rules rollback` of a scheduled set calls it off.

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'fixtures', 'combineShifts');
const OLD = 'ERROR: Must enter valid credentials.';
const NEW = 'ERROR: From January, enter your initials, cell and password.';
const A = ruleSetVersion(readRuleSources(DEFAULT_RULES_DIR));

let parent: string;
let url: string | undefined;
let dataDir: string | undefined;
let drop: () => Promise<void> = async () => undefined;
const servers: RunningServer[] = [];
/** The servers' clock, epoch minutes: whole minutes, ten from now, make the instant. */
let clock = Math.floor(Date.now() / 60_000);
const AT = clock + 10;
const LATER = clock + 20;

function variant(name: string, message: string): string {
  const dir = join(parent, name);
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'login.json'), 'utf8')) as { rules: { message: string }[] };
  for (const rule of json.rules) rule.message = message;
  writeFileSync(join(dir, 'login.json'), JSON.stringify(json, null, 2));
  return dir;
}

const cli = (...args: string[]): Promise<CliRun> => rulesCli(url, [...args, ...(dataDir ? ['--data', dataDir] : [])]);

const signInMessage = (server: RunningServer): Promise<string> => emptySignInMessage(server.url);

async function until(what: string, check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const start = async (): Promise<void> => {
  // Two processes on PostgreSQL (as two hosts, each with its own pool); the one on PGlite.
  for (let i = 0; i < (url ? 2 : 1); i++) {
    servers.push(await startServer({ rules: loadRulesDir(), rulesHash: A, port: 0, databaseUrl: url, dataDir, now: () => clock, webDir: join(parent, 'no-web-ui'), rulesLog: () => undefined, textSender: { name: 'none', send: async () => undefined } }));
  }
};

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'shiftinator-schedule-'));
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_schedule');
    url = scratch.url;
    drop = scratch.drop;
    await start();
  } else {
    dataDir = join(parent, 'data');
  }
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await drop();
  rmSync(parent, { recursive: true, force: true });
});

describe('a scheduled set', () => {
  let B: string;

  it('is scheduled by `rules publish --at`, and every server knows it is coming', async () => {
    const dir = variant('b', NEW);
    B = ruleSetVersion(readRuleSources(dir));
    const run = await cli('publish', dir, '--at', formatInstant(AT), '--reason', 'from January: the new sign-in text', '--fixtures', FIXTURES);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Scheduled version ${shortVersion(B)} \\(.+\\) to go live at ${formatInstant(AT)}:00 \\(Eastern\\): `));
    // On PGlite the one server starts after the schedule (the command cannot open its database while it runs).
    if (!url) await start();
    await until('every server has it pending', () => servers.every((s) => s.rules.health().scheduled[0]?.hash === B));
    for (const s of servers) expect(s.rules.health().live.hash).toBe(A);
  }, 60_000);

  it('a request whose now is before the instant is decided by the old set', async () => {
    clock = AT - 1;
    for (const s of servers) expect(await signInMessage(s)).toBe(OLD);
  });

  it('goes live at its instant in every server, with or without a request', async () => {
    clock = AT;
    // Without a request: the servers look at their clock every second.
    await until('every server on the scheduled set', () => servers.every((s) => s.rules.health().live.hash === B));
    for (const s of servers) {
      expect(await signInMessage(s)).toBe(NEW);
      expect(s.rules.health().live.how).toBe('schedule');
    }
  });

  it('`rules rollback` of a scheduled set calls it off, and history shows both', async () => {
    const dir = variant('c', 'ERROR: never.');
    const C = ruleSetVersion(readRuleSources(dir));
    // On PGlite the command needs the database: the server stops for it.
    if (!url) for (const s of servers.splice(0)) await s.close();
    const scheduled = await cli('publish', dir, '--at', formatInstant(LATER), '--reason', 'maybe', '--fixtures', FIXTURES);
    expect(scheduled.stderr).toBe('');
    const cancel = await cli('rollback', shortVersion(C), '--reason', 'not after all');
    expect(cancel.stdout).toBe(`Cancelled version ${shortVersion(C)}, scheduled for ${formatInstant(LATER)}:00 (Eastern): it will not go live.\n`);
    if (!url) await start();
    await until('nothing pending', () => servers.every((s) => s.rules.health().scheduled.length === 0));
    clock = LATER + 1;
    for (const s of servers) expect(await signInMessage(s)).toBe(NEW);
    const switches = await ruleSwitches((servers[0] as RunningServer).db);
    expect(switches.filter((s) => s.how !== 'start').map((s) => [s.how, shortVersion(s.hash), s.cancelReason])).toEqual([
      ['schedule', shortVersion(B), null],
      ['schedule', shortVersion(C), 'not after all'],
    ]);
  }, 90_000);
});
