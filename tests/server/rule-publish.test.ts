import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import type { RulesHealth } from '../../server/live-rules.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { ruleSwitches, storedRuleSets } from '../../server/rule-history.ts';
import { emptySignInMessage, ruleVariant, rulesCli, type CliRun } from './rules-cli.ts';
import { scratchPostgres } from './support.ts';

// `rules publish` and `rules rollback` on PostgreSQL: two servers, each with its own pool (as two
// hosts are), switch together within a second, and a publish killed halfway leaves both on the
// old set.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const FIXTURES = join(ROOT, 'fixtures', 'combineShifts');
const REQUIRED = 'ERROR: Must enter valid credentials.';

let parent: string;
let url: string | undefined;
let drop: () => Promise<void> = async () => undefined;
let admin: Database | undefined;
const servers: RunningServer[] = [];
const logged: string[][] = [[], []];
const A = ruleSetVersion(readRuleSources(DEFAULT_RULES_DIR));

const variant = (name: string, login: string | null, combine: string | null = null): string => ruleVariant(parent, name, login, combine);

const cli = (...args: string[]): Promise<CliRun> => rulesCli(url, [...args]);

async function health(server: RunningServer): Promise<RulesHealth> {
  return (await (await fetch(`${server.url}/api/health/rules`)).json()) as RulesHealth;
}

const signInMessage = (server: RunningServer): Promise<string> => emptySignInMessage(server.url);

/** Both servers run `hash`: the time it took from now, failing after `ms`. */
async function bothOn(hash: string, ms = 5_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const live = await Promise.all(servers.map(async (s) => (await health(s)).live.hash));
    if (live.every((h) => h === hash)) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not both on ${shortVersion(hash)} within ${ms} ms: ${live.map(shortVersion).join(', ')}\n${logged.flat().join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('publish and rollback reach every server on one PostgreSQL', () => {
  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'shiftinator-publish-'));
    const scratch = await scratchPostgres(process.env.DATABASE_URL ?? '', 'shiftinator_publish');
    url = scratch.url;
    drop = scratch.drop;
    for (const i of [0, 1]) {
      servers.push(
        await startServer({ rules: loadRulesDir(), rulesHash: A, port: 0, databaseUrl: url, webDir: join(parent, 'no-web-ui'), rulesLog: (l) => logged[i]?.push(l), textSender: { name: 'none', send: async () => undefined } }),
      );
    }
    admin = await openDatabase({ url });
  });

  afterAll(async () => {
    for (const s of servers) await s.close();
    await admin?.close();
    await drop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('starts on the folder, saying that it governs', async () => {
    for (const s of servers) expect(await health(s)).toEqual(expect.objectContaining({ governs: 'folder', live: expect.objectContaining({ hash: A, how: 'start' }) as unknown }));
    expect(logged[0]).toEqual(['rules: the folder governs: no set has been published to the database: the watched folder decides']);
  });

  it('refuses a set whose fixtures fail', async () => {
    const refused = await cli('publish', variant('c', null, 'ERROR: C.'), '--reason', 'try C', '--fixtures', FIXTURES);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^error: refused: \d+ of \d+ scenarios in \S+ fail under \S+ \(version [0-9a-f]{12}\):\n/);
    expect(refused.stderr).toContain('Update them with the change, or publish anyway with --force "<why>".');
    expect((await ruleSwitches(admin as Database)).map((s) => s.how)).toEqual(['start', 'start']);
  });

  it('a publish goes live in both at once (within a second on an idle machine)', async () => {
    const dir = variant('b', 'ERROR: B.');
    const B = ruleSetVersion(readRuleSources(dir));
    const run = await cli('publish', dir, '--reason', 'a clearer sign-in message', '--fixtures', FIXTURES);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^Published version ${shortVersion(B)} \\(\\d+ rule files from \\S+; (\\d+) of \\1 scenarios pass\\): every server on this database takes it up within a second\\.\\n$`));
    await bothOn(B);
    for (const s of servers) {
      expect(await signInMessage(s)).toBe('ERROR: B.');
      expect(await health(s)).toEqual(expect.objectContaining({ governs: 'published', live: expect.objectContaining({ how: 'publish' }) as unknown }));
    }
  });

  it('a publish killed halfway leaves both on the old set', async () => {
    const B = (await health(servers[0] as RunningServer)).live.hash;
    const dir = variant('k', 'ERROR: killed.');
    const K = ruleSetVersion(readRuleSources(dir));
    // The switch's table held by another transaction: the publish stops after storing the set, inside its transaction.
    const pool = await (admin as Database).orm.em.getConnection().getNativeClient() as unknown as { connect(): Promise<{ query(text: string): Promise<{ rows: Record<string, unknown>[] }>; release(): void }> };
    const holder = await pool.connect();
    await holder.query('begin');
    await holder.query('lock table rule_switches in exclusive mode');
    const child = spawn(NODE, [CLI, 'rules', 'publish', dir, '--reason', 'never', '--fixtures', FIXTURES], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, DATA_DIR: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    child.stdout?.on('data', (b: Buffer) => (said += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (said += b.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // Asked outside the holder's transaction, which sees one snapshot of pg_stat_activity.
    const waiting = async (): Promise<boolean> =>
      Number((await (admin as Database).query({ text: `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "rule_switches"%'`, params: [] }))[0]?.n) === 1;
    try {
      const end = Date.now() + 60_000;
      while (!(await waiting())) {
        if (child.exitCode !== null) throw new Error(`the publish ended before its switch:\n${said}`);
        if (Date.now() > end) throw new Error('the publish never reached the switch');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      // kill -9 in the middle of its transaction: PostgreSQL rolls it back when the connection drops.
      child.kill('SIGKILL');
      await exited;
      await holder.query('rollback');
      holder.release();
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await bothOn(B, 0)).toBeGreaterThanOrEqual(0);
    expect(await storedRuleSets(admin as Database, K)).toEqual([]);
    expect((await ruleSwitches(admin as Database)).map((s) => s.how)).toEqual(['start', 'start', 'publish']);
  }, 90_000);

  it('a rollback makes the earlier set live in both, and history lists every switch', async () => {
    const run = await cli('rollback', shortVersion(A), '--reason', 'back to the old message');
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Rolled back to version ${shortVersion(A)}: every server on this database takes it up within a second.\n`);
    await bothOn(A);
    for (const s of servers) expect(await signInMessage(s)).toBe(REQUIRED);
    const switches = await ruleSwitches(admin as Database);
    expect(switches.map((s) => [s.how, shortVersion(s.hash), s.reason])).toEqual([
      ['start', shortVersion(A), null],
      ['start', shortVersion(A), null],
      ['publish', expect.any(String), 'a clearer sign-in message'],
      ['rollback', shortVersion(A), 'back to the old message'],
    ]);
    expect(logged[1]).toContain(`rules: version ${shortVersion(A)} is live (rollback from ${switches[3]?.host} pid ${switches[3]?.pid}: back to the old message)`);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('publish on PGlite', () => {
  let dataDir: string;
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'shiftinator-publish-pglite-'));
    dataDir = join(parent, 'data');
  });
  afterAll(async () => {
    for (const s of servers.splice(0)) await s.close();
    rmSync(parent, { recursive: true, force: true });
  });
  const start = async (): Promise<RunningServer> => {
    const server = await startServer({ rules: loadRulesDir(), rulesHash: A, port: 0, dataDir, webDir: join(parent, 'no-web-ui'), rulesLog: (l) => logged[0]?.push(l), textSender: { name: 'none', send: async () => undefined } });
    servers.push(server);
    return server;
  };

  it('is refused while a server without a control channel holds the database, and taken up when it starts again', async () => {
    const server = await start();
    const dir = variant('c', null, 'ERROR: C.');
    const C = ruleSetVersion(readRuleSources(dir));
    const busy = await cli('publish', dir, '--reason', 'C', '--force', 'the combine fixtures get their new message next', '--fixtures', FIXTURES, '--data', dataDir);
    expect(busy.status).toBe(2);
    // A server started without `serve`'s control channel (tests/server/rules-publish-pglite.test.ts has one) takes no publish.
    expect(busy.stderr).toMatch(/^error: another Shiftinator process \(pid \d+, serve\) is using \S+: stop it first, or use another --data folder\n$/);
    await server.close();
    servers.splice(0);
    const forced = await cli('publish', dir, '--reason', 'C', '--force', 'the combine fixtures get their new message next', '--fixtures', FIXTURES, '--data', dataDir);
    expect(forced.stderr).toBe('');
    expect(forced.stdout).toMatch(new RegExp(`^Published version ${shortVersion(C)} \\(\\d+ rule files from \\S+; (\\d+) of \\d+ scenarios pass\\): the server takes it up when it starts\\.\\n$`));
    const again = await start();
    expect(await health(again)).toEqual(expect.objectContaining({ governs: 'published', live: expect.objectContaining({ hash: C, how: 'publish' }) as unknown }));
    const switches = await ruleSwitches(again.db);
    expect(switches.map((s) => s.how)).toEqual(['start', 'publish']);
    expect(switches[1]?.reason).toMatch(/^C \(forced with \d+ of \d+ scenarios failing: the combine fixtures get their new message next\)$/);
  }, 120_000);
});
