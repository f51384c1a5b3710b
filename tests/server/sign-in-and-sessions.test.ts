import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { parseInstant } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { hashPassword } from '../../server/auth.ts';
import type { Database } from '../../server/db/database.ts';
import { AccountSchema } from '../../server/db/server.entities.ts';
import { loadWorld, openTestDatabase } from './support.ts';

// Issue 17: sign-in throttling that neither tells which accounts exist nor lets a guesser lock a
// colleague out; the session cookie behind a TLS proxy; a session's absolute lifetime; the
// browser's keep-alive agreeing with the server's idle expiry (docs/server.md, "Sign-in, cookies
// and sessions").

const NOW = parseInstant('2025-10-14 09:00');
const WRONG = 'ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.';
const LOCKED = 'ERROR: Too many failed sign-in attempts. Please wait a moment and try again. Contact Supervision if further assistance needed.';
const SIGN_IN = 'Please sign in.';

const AB = { initials: 'AB', cell: '5551234567', password: 'correct horse' };
const SV = { initials: 'SV', cell: '5559876543', password: 'supervisor pw' };

let db: Database;
let drop: () => Promise<void>;
let now = NOW;
const rules = loadRulesDir();
/** One database, served as a process that trusts no proxy and as one behind a trusted proxy. */
let apps: { direct: Hono; proxied: Hono };

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  const app = (options: AppOptions): Hono => createApp({ db, rules, rulesHash: 'test', now: () => now }, options) as unknown as Hono;
  apps = { direct: app({}), proxied: app({ trustProxy: true }) };
});
afterAll(async () => {
  await drop();
});

let hashes: { ab: string; sv: string };
beforeAll(async () => {
  hashes = { ab: await hashPassword(AB.password), sv: await hashPassword(SV.password) };
});

beforeEach(async () => {
  now = NOW;
  await loadWorld(db, {
    agents: [
      { agentId: 101, agentType: 20, initials: 'AB', firstName: 'Alice' },
      { agentId: 102, agentType: 100, initials: 'SV', firstName: 'Sam' },
    ],
  });
  await db.exclusive(async () => {
    await db.em().insertMany(AccountSchema, [
      { agentId: 101, initials: 'AB', cell: AB.cell, passwordHash: hashes.ab },
      { agentId: 102, initials: 'SV', cell: SV.cell, passwordHash: hashes.sv },
    ] as never[]);
  });
});

interface Call {
  /** The socket's remote address (default 10.0.0.1). */
  from?: string;
  headers?: Record<string, string>;
  app?: Hono;
}

/** A request as it arrives through @hono/node-server: the socket's address in the bindings. */
function send(path: string, init: RequestInit, { from = '10.0.0.1', headers = {}, app = apps.direct }: Call = {}): Promise<Response> {
  const all = new Headers(init.headers);
  for (const [k, v] of Object.entries(headers)) all.set(k, v);
  if (init.body) all.set('content-type', 'application/json');
  return Promise.resolve(app.request(path, { ...init, headers: all }, { incoming: { socket: { remoteAddress: from } } }));
}

function login(body: Record<string, string>, call?: Call): Promise<Response> {
  return send('/api/login', { method: 'POST', body: JSON.stringify(body) }, call);
}

/** Status and error of each of `n` sign-ins, one after another. */
async function tries(n: number, body: Record<string, string>, call?: Call): Promise<[number, string][]> {
  const out: [number, string][] = [];
  for (let i = 0; i < n; i++) {
    const res = await login(body, call);
    out.push([res.status, ((await res.json()) as { error: string }).error]);
  }
  return out;
}

function sessionCookie(res: Response): string {
  expect(res.status).toBe(200);
  const pair = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(pair).toMatch(/^shiftinator_session=[0-9a-f]{64}$/);
  return pair;
}

const FIVE_WRONG: [number, string][] = [[401, WRONG], [401, WRONG], [401, WRONG], [429, LOCKED], [429, LOCKED]];

describe('sign-in throttling', () => {
  it('an unknown account answers like a known one: 401 three times, then 429', async () => {
    expect(await tries(5, { ...AB, password: 'nope' }, { from: '10.0.0.1' })).toEqual(FIVE_WRONG);
    expect(await tries(5, { ...AB, initials: 'ZZ' }, { from: '10.0.0.2' })).toEqual(FIVE_WRONG);
    expect(await tries(5, { ...AB, cell: '5550000000' }, { from: '10.0.0.3' })).toEqual(FIVE_WRONG);
    // The waits are alike too.
    const known = await login({ ...AB, password: 'nope' }, { from: '10.0.0.1' });
    const unknown = await login({ ...AB, initials: 'ZZ' }, { from: '10.0.0.2' });
    expect(unknown.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
  });

  it("a guesser's failures do not keep the account's owner out, from another address", async () => {
    expect(await tries(5, { ...AB, password: 'nope' }, { from: '203.0.113.9' })).toEqual(FIVE_WRONG);
    // The guesser waits, even with the right password...
    expect((await login(AB, { from: '203.0.113.9' })).status).toBe(429);
    // ...while the owner, at their own desk, signs in.
    sessionCookie(await login(AB, { from: '10.0.0.7' }));
    // and their success does not end the guesser's wait.
    expect((await login({ ...AB, password: 'nope' }, { from: '203.0.113.9' })).status).toBe(429);
  });

  it('one address is slowed down across accounts: ten failures, then every try from it waits', async () => {
    const accounts = Array.from({ length: 10 }, (_, i) => ({ initials: `Q${i}`, cell: '5550000000', password: 'guess' }));
    for (const account of accounts) expect((await login(account, { from: '203.0.113.9' })).status).toBe(401);
    const next = await login({ ...SV, password: 'guess' }, { from: '203.0.113.9' });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('1');
    expect(await next.json()).toEqual({ error: LOCKED });
    // A right password from that address waits as well: the answer must not tell it apart.
    expect((await login(SV, { from: '203.0.113.9' })).status).toBe(429);
    // Other addresses are not slowed.
    sessionCookie(await login(SV, { from: '10.0.0.8' }));
    // After the wait, the next failure from the address waits twice as long.
    now = NOW + 1;
    const after = await login({ ...SV, password: 'guess' }, { from: '203.0.113.9' });
    expect(after.status).toBe(401);
    expect((await login(SV, { from: '203.0.113.9' })).headers.get('retry-after')).toBe('2');
  });

  it("right passwords do not count against their address: an office's sign-ins go on", async () => {
    for (let i = 0; i < 9; i++) expect((await login({ initials: `Q${i}`, cell: '1', password: 'typo' }, { from: '10.0.0.50' })).status).toBe(401);
    for (let i = 0; i < 5; i++) sessionCookie(await login(i % 2 ? AB : SV, { from: '10.0.0.50' }));
    expect((await login({ ...AB, password: 'typo' }, { from: '10.0.0.50' })).status).toBe(401);
    expect((await login(AB, { from: '10.0.0.50' })).status).toBe(429);
  });

  it('X-Forwarded-For names the client only behind a trusted proxy', async () => {
    // Not trusted: a guesser cannot name a new address on each try.
    const spoofed = [];
    for (let i = 1; i <= 4; i++) spoofed.push((await login({ ...AB, password: 'nope' }, { from: '203.0.113.9', headers: { 'x-forwarded-for': `198.51.100.${i}` } })).status);
    expect(spoofed).toEqual([401, 401, 401, 429]);
    // Trusted: the proxy (one socket address for everyone) appends the client's address; the last one counts.
    const proxied = (client: string): Call => ({ app: apps.proxied, from: '127.0.0.1', headers: { 'x-forwarded-for': `6.6.6.6, ${client}` } });
    expect(await tries(4, { ...SV, password: 'nope' }, proxied('192.0.2.1'))).toEqual(FIVE_WRONG.slice(0, 4));
    sessionCookie(await login(SV, proxied('192.0.2.2')));
  });

  it('every server process counts the same tries (the counts are in the database)', async () => {
    const other = createApp({ db, rules, rulesHash: 'test', now: () => now }) as unknown as Hono;
    expect((await login({ ...AB, password: 'nope' }, { app: apps.direct })).status).toBe(401);
    expect((await login({ ...AB, password: 'nope' }, { app: other })).status).toBe(401);
    expect((await login({ ...AB, password: 'nope' }, { app: apps.direct })).status).toBe(401);
    expect((await login(AB, { app: other })).status).toBe(429);
  });
});

describe('the session cookie behind a TLS proxy', () => {
  it('is Secure when a trusted proxy says the client came over https', async () => {
    const res = await login(SV, { app: apps.proxied, from: '127.0.0.1', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });

  it('is not Secure when the trusted proxy says http', async () => {
    const res = await login(SV, { app: apps.proxied, from: '127.0.0.1', headers: { 'x-forwarded-proto': 'http' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await login(SV, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });
});

/** A GET that needs a session: its status and error. */
async function read(path: string, cookie: string): Promise<number> {
  const res = await send(path, { headers: { cookie } });
  const status = res.status;
  if (status === 401) expect(await res.json()).toEqual({ error: SIGN_IN });
  return status;
}

describe('session lifetime', () => {
  it('a session ends 12 hours after sign-in however active it stays', async () => {
    const cookie = sessionCookie(await login(AB));
    // Active every 14 minutes: never idle too long.
    for (let t = 14; t <= 12 * 60; t += 14) {
      now = NOW + t;
      expect(await read('/api/myPermissions', cookie), `at +${t} min`).toBe(200);
    }
    now = NOW + 12 * 60;
    expect(await read('/api/myPermissions', cookie)).toBe(200);
    now = NOW + 12 * 60 + 1;
    expect(await read('/api/myPermissions', cookie)).toBe(401);
    // A new sign-in starts a new day.
    const again = sessionCookie(await login(AB));
    expect(await read('/api/myPermissions', again)).toBe(200);
  });
});

describe('the keep-alive (GET /api/session)', () => {
  it('answers who is signed in, and 401 without a session', async () => {
    const cookie = sessionCookie(await login(AB));
    const res = await send('/api/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ agentId: 101 });
    expect(await read('/api/session', 'shiftinator_session=nobody')).toBe(401);
  });

  it("moves the server's idle clock to the moment it is sent, so working without calls never meets a 401", async () => {
    const cookie = sessionCookie(await login(AB));
    // The person works on a page that makes no calls; their browser says so 30 s in, then at +10 min 30 s.
    now = NOW + 0.5;
    expect(await read('/api/session', cookie)).toBe(200);
    now = NOW + 10.5;
    expect(await read('/api/session', cookie)).toBe(200);
    // 16 minutes after sign-in, 15 after the last keep-alive, 5 after the last one: still signed in.
    now = NOW + 16;
    expect(await read('/api/myPermissions', cookie)).toBe(200);
  });

  it('counts even within a minute of the last call (whose touch the server otherwise skips)', async () => {
    const cookie = sessionCookie(await login(AB));
    now = NOW + 0.5;
    expect(await read('/api/session', cookie)).toBe(200);
    // 15 minutes after the keep-alive, 15.5 after sign-in: in, because the keep-alive was counted.
    now = NOW + 15.5;
    expect(await read('/api/myPermissions', cookie)).toBe(200);
  });

  it('does not revive a session that has ended', async () => {
    const cookie = sessionCookie(await login(AB));
    now = NOW + 16;
    expect(await read('/api/session', cookie)).toBe(401);
    now = NOW + 16.5;
    expect(await read('/api/myPermissions', cookie)).toBe(401);
  });
});
