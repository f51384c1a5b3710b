import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { openTestDatabase, scratchPostgres } from './support.ts';

// One slow or stuck client must never stop the server: a body is received before anything is
// locked, a body that does not arrive in time is a 408 on a closed connection, a request past its
// bound gives back what it held, and SIGTERM stops a server with requests in flight.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const WRONG = JSON.stringify({ initials: 'AB', cell: '5550000', password: 'wrong' });
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A connection that sends a request's headers and the first part of its body, then waits; what it got and whether it was closed. */
function halfBody(port: number): { socket: Socket; got: () => string; closed: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  let got = '';
  socket.on('data', (d: Buffer) => (got += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"initials":`);
  return { socket, got: () => got, closed };
}

/** A wrong sign-in over HTTP: its status and when its answer had arrived. */
async function signIn(url: string): Promise<{ status: number; at: number }> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: WRONG, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return { status: res.status, at: Date.now() };
}

describe('a client that sends half a body and waits', () => {
  let server: RunningServer;
  let drop = async (): Promise<void> => undefined;
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    const scratch = url ? await scratchPostgres(url, 'shiftinator_slow') : undefined;
    drop = scratch?.drop ?? drop;
    // In memory on PGlite; a fresh database on PostgreSQL.
    server = await startServer({ rules: loadRulesDir(), rulesHash: 'test', port: 0, databaseUrl: scratch?.url, bodyTimeoutMs: 3_000 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await drop();
  });

  it('holds nothing: other requests are answered meanwhile; it gets 408 and its connection is closed at the body timeout', async () => {
    const slow = halfBody(server.port);
    const started = Date.now();
    await sleep(200);
    // While the body is awaited: the database is free.
    const during = await signIn(server.url);
    expect(during.status).toBe(401);
    const closedAt = await slow.closed;
    // Answered while the slow body was still awaited, not after it gave up.
    expect(during.at).toBeLessThan(closedAt);
    expect(closedAt - started).toBeGreaterThanOrEqual(2_900);
    expect(closedAt - started).toBeLessThan(10_000);
    expect(slow.got()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.got()).toMatch(/\r\nconnection: close\r\n/i);
    expect(slow.got()).toContain('{"error":"body: must arrive within 3 seconds of the request\'s headers"}');
    // And after it.
    const after = await signIn(server.url);
    // A 401, not the 503 of a held database.
    expect(after.status).toBe(401);
  }, 30_000);
});

describe('a request past its bound', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  const failures = async (): Promise<number[]> =>
    (await db.query({ text: 'select failures from sign_in_throttle order by key', params: [] })).map((r) => Number(r.failures));

  /**
   * Holds up the sign-in's count of tries: PGlite's queue, or on PostgreSQL the throttle's rows
   * locked by another transaction (the sign-in then holds its own transaction and locks while it
   * waits). Returns the release and the blocker's backend.
   */
  async function holdUp(): Promise<{ release: () => Promise<void>; blocker: number }> {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    if (db.kind === 'pglite') {
      const held = db.exclusive(() => released);
      return { release: async () => (release(), await held), blocker: 0 };
    }
    await db.query({ text: "insert into sign_in_throttle (key, failures, last_failed_at) values ('from unknown', 0, now()), ('from unknown for AB/5550000', 0, now())", params: [] });
    let locked = (pid: number): void => void pid;
    const isLocked = new Promise<number>((resolve) => (locked = resolve));
    const held = db.em().transactional(async (em) => {
      const conn = em.getConnection();
      const rows = await conn.execute<{ pid: number }[]>("select pg_backend_pid() as pid from sign_in_throttle where key like 'from unknown%' for update", [], 'all', em.getTransactionContext());
      locked(Number(rows[0]?.pid));
      await released;
    });
    return { release: async () => (release(), await held), blocker: await isLocked };
  }

  /** Locks held or awaited in this database by backends other than the blocker and the asker. */
  const othersLocks = async (blocker: number): Promise<number> =>
    Number(
      (
        await db.query({
          text: 'select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where a.datname = current_database() and l.pid not in (pg_backend_pid(), ?)',
          params: [blocker],
        })
      )[0]?.n,
    );

  it('is answered 503 and called off: it gives back what it held and changes nothing, even once what held it up is gone', async () => {
    const app = createApp({ db, rules: loadRulesDir(), rulesHash: 'test', now: () => 29_000_000 }, { requestTimeoutMs: 2_000 });
    const { release, blocker } = await holdUp();
    const before = await failures();
    const res = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: WRONG });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'The server took longer than 2 seconds to answer. A change you sent may still be saved: look before sending it again.' });
    if (db.kind === 'postgresql') {
      // Its statement cancelled and its transaction rolled back: no lock of it held or awaited.
      const end = Date.now() + 5_000;
      while ((await othersLocks(blocker)) > 0 && Date.now() < end) await sleep(50);
      expect(await othersLocks(blocker)).toBe(0);
    }
    await release();
    await sleep(300);
    // The try it would have counted was never counted: it did not run later.
    expect(await failures()).toEqual(before);
    const after = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: WRONG });
    expect(after.status).toBe(401);
  }, 30_000);
});

interface Child {
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
  kill: (signal: NodeJS.Signals) => void;
}

/** `shiftinator serve` in a child process on a free port, once it says it runs. */
async function serveCli(args: string[], env: NodeJS.ProcessEnv): Promise<Child> {
  const child = spawn(NODE, [CLI, 'serve', '--port', '0', ...args], { cwd: ROOT, env: { ...env, PORT: '', HOST: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  const end = Date.now() + 90_000;
  while (!out.includes('Press Ctrl+C to stop.')) {
    if (Date.now() > end || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`serve did not start:\n${out}`);
    }
    await sleep(100);
  }
  return { url: /^Shiftinator is running at (http:\/\/\S+)$/m.exec(out)?.[1] ?? '', output: () => out, exited, kill: (s) => child.kill(s) };
}

describe('SIGTERM with requests in flight', () => {
  it('stops within a few seconds, whatever they wait on: exit 0, "Stopped."', async () => {
    const url = process.env.DATABASE_URL;
    const parent = mkdtempSync(join(tmpdir(), 'shiftinator-stop-'));
    const scratch = url ? await scratchPostgres(url, 'shiftinator_stop') : undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '' };
    if (scratch) env.DATABASE_URL = scratch.url;
    else delete env.DATABASE_URL;
    const child = await serveCli(scratch ? [] : ['--data', join(parent, 'data')], env);
    let blocker: Database | undefined;
    let release = (): void => undefined;
    try {
      const port = Number(new URL(child.url).port);
      // A client in the middle of its body.
      const slow = halfBody(port);
      const waiting: Promise<unknown>[] = [];
      if (scratch) {
        // A sign-in waiting on rows another transaction holds.
        blocker = await openDatabase({ url: scratch.url });
        await blocker.query({ text: "insert into sign_in_throttle (key, failures, last_failed_at) values ('from 127.0.0.1', 0, now())", params: [] });
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked = (): void => undefined;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        waiting.push(
          blocker.em().transactional(async (em) => {
            await em.getConnection().execute("select 1 from sign_in_throttle where key = 'from 127.0.0.1' for update", [], 'all', em.getTransactionContext());
            locked();
            await released;
          }),
        );
        await isLocked;
        waiting.push(fetch(`${child.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: WRONG }).then((r) => r.status, () => 'closed'));
      }
      await sleep(500);
      const sent = Date.now();
      child.kill('SIGTERM');
      const { code, at } = await child.exited;
      expect(child.output()).toContain('Stopped.');
      expect(code).toBe(0);
      expect(at - sent).toBeLessThan(8_000);
      await slow.closed;
      release();
      if (scratch) expect(await waiting[1]).toBe(503);
      await Promise.all(waiting);
    } finally {
      release();
      child.kill('SIGKILL');
      await blocker?.close();
      await scratch?.drop();
      rmSync(parent, { recursive: true, force: true });
    }
  }, 120_000);
});
