import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { REQUEST_TIMEOUT_MS } from '../../server/request-bound.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { openTestDatabase, scratchPostgres } from './support.ts';

// No request waits for ever: one whose work is held up (a lock, PGlite's queue) is answered 503
// at the bound; with --workers, killing a process leaves no request without an answer or a
// closed connection.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

describe('a request held up past the bound', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  /** Holds up every sign-in until `release` is called: PGlite's queue, or a lock on PostgreSQL's accounts table. */
  async function holdUp(): Promise<() => Promise<void>> {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held: Promise<unknown>;
    if (db.kind === 'pglite') {
      held = db.exclusive(() => released);
    } else {
      let locked = (): void => undefined;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      held = db.em().transactional(async (em) => {
        await em.getConnection().execute('lock table accounts in access exclusive mode', [], 'run', em.getTransactionContext());
        locked();
        await released;
      });
      await isLocked;
    }
    return async () => {
      release();
      await held;
    };
  }

  it('is answered 503 at the bound, saying a change may still be saved; later requests are answered as usual', async () => {
    const app = createApp({ db, rules: loadRulesDir(), rulesHash: 'test', now: () => 29_000_000 }, { requestTimeoutMs: 2_000 });
    const signIn = (): Promise<Response> =>
      Promise.resolve(app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ initials: 'AB', cell: '5550000', password: 'wrong' }) }));
    const release = await holdUp();
    const started = Date.now();
    const res = await signIn();
    const took = Date.now() - started;
    await release();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The server took longer than 2 seconds to answer. A change you sent may still be saved: look before sending it again.' });
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(10_000);
    // The default bound, as docs/server.md gives it.
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    const after = await signIn();
    expect(after.status).toBe(401);
  }, 30_000);
});

type Outcome = 'answered' | 'closed' | 'no answer';

/** A GET on a new connection: answered, its connection closed, or neither within `ms`. */
function within(url: string, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, ms);
    const settle = (outcome: Outcome): void => {
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => settle('answered'));
      res.on('error', () => settle('closed'));
    });
    req.on('error', () => settle('closed'));
    req.end();
  });
}

describe.skipIf(!process.env.DATABASE_URL)('serve --workers 2 on PostgreSQL, a process killed under load', () => {
  it('leaves no request without an answer or a closed connection within the bound', async () => {
    const scratch = await scratchPostgres(process.env.DATABASE_URL as string, 'shiftinator_faults');
    const migrated = await openDatabase({ url: scratch.url });
    await migrate(migrated);
    await migrated.close();
    const child = spawn(NODE, [CLI, 'serve', '--workers', '2', '--port', '0'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: scratch.url, PORT: '', HOST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    try {
      const end = Date.now() + 90_000;
      while (!out.includes('Press Ctrl+C to stop.')) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(`serve did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = `${/^Shiftinator is running at (http:\/\/\S+)$/m.exec(out)?.[1] ?? ''}/api/openapi.json`;
      const pids = /pids (\d+), (\d+)\)/.exec(out)?.slice(1).map(Number) ?? [];
      expect(pids).toHaveLength(2);

      // Many clients, each sending one request after another on new connections, while one process is killed.
      const outcomes: Promise<Outcome>[] = [];
      let sending = true;
      const clients = Array.from({ length: 24 }, async () => {
        while (sending) {
          const outcome = within(url, REQUEST_TIMEOUT_MS);
          outcomes.push(outcome);
          await outcome;
        }
      });
      await new Promise((r) => setTimeout(r, 1_500));
      process.kill(pids[0] as number, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 1_500));
      sending = false;
      await Promise.all(clients);
      const all = await Promise.all(outcomes);
      expect(all.filter((o) => o === 'no answer')).toEqual([]);
      expect(all.filter((o) => o === 'answered').length).toBeGreaterThan(50);
      // The process that was killed is replaced, and the port still answers.
      expect(await within(url, 10_000)).toBe('answered');
    } finally {
      child.kill('SIGKILL');
      await scratch.drop();
    }
  }, 180_000);
});
