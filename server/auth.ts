import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { Database } from './db/database.ts';
import { AccountSchema, SessionSchema, SignInThrottleSchema } from './db/server.entities.ts';
import { kyselyOf } from './db/kysely.ts';
import { epochMs, sql, type Sql } from './reads/sql.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

/** `scrypt$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Spec 1, Log In screen: initials are letters and digits, upper-cased; cell is letters and digits. */
function normalizeInitials(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

function normalizeCell(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/** How a run of failed sign-ins on one key slows the next tries: free ones, then doubling waits. */
interface Throttle {
  /** Failures before the first wait. */
  free: number;
  /** The longest wait, in seconds. */
  maxWaitSeconds: number;
  /** A count starts again after this long without a failure. */
  forgetMs: number;
}

/**
 * Failures from one client address, at any accounts: what stops a guesser trying many accounts.
 * Its waits are short because people behind one address (an office's NAT) share them.
 */
const BY_ADDRESS: Throttle = { free: 10, maxWaitSeconds: 60, forgetMs: 15 * 60_000 };
/**
 * Failures at one account from one address: what stops a guesser of one password. Tries at the
 * account from other addresses are not slowed, so a guesser cannot lock its owner out.
 */
const BY_ACCOUNT_FROM_ADDRESS: Throttle = { free: 3, maxWaitSeconds: 300, forgetMs: 24 * 60 * 60_000 };

function lockoutSeconds(failures: number, throttle: Throttle = BY_ACCOUNT_FROM_ADDRESS): number {
  return failures < throttle.free ? 0 : Math.min(2 ** (failures - throttle.free), throttle.maxWaitSeconds);
}

export type SignIn = { ok: true; agentId: number } | { ok: false; locked: false } | { ok: false; locked: true; retryAfterSeconds: number };

/** Checked when no account matches, so a wrong cell takes as long to refuse as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** Longest client address kept in a key: an address, not whatever a header carried. */
const ADDRESS_LENGTH = 64;

/**
 * The throttle keys of a try: the address's, then the account's from that address. The account
 * is named by what was typed, whether or not it exists, so unknown and known accounts are
 * slowed alike and the answers do not tell which exist. The first key is a prefix of the
 * second, so locking them in key order locks them in this order.
 */
function throttleKeys(initials: string, cell: string, address: string): [string, string] {
  const from = `from ${address.slice(0, ADDRESS_LENGTH)}`;
  return [from, `${from} for ${normalizeInitials(initials)}/${normalizeCell(cell)}`];
}

/**
 * Counts a try as failed before its password is checked, then takes the count back if it was
 * right: the rows are locked only while counting, not through the slow hash, and tries fired at
 * the same moment are still counted one after another, so they cannot slip past the slow-down.
 */
async function countTry(em: EntityManager, keys: [string, string], now: Date): Promise<number> {
  return em.transactional(async (tx): Promise<number> => {
    await kyselyOf(tx)
      .insertInto('sign_in_throttle')
      .values(keys.map((key) => ({ key, failures: 0, last_failed_at: now })))
      .onConflict((c) => c.column('key').doNothing())
      .execute();
    const rows = await tx.find(SignInThrottleSchema, { key: { $in: keys } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { key: 'asc' } });
    let wait = 0;
    for (const row of rows) {
      const throttle = row.key === keys[0] ? BY_ADDRESS : BY_ACCOUNT_FROM_ADDRESS;
      if (now.getTime() - row.lastFailedAt.getTime() > throttle.forgetMs) {
        row.failures = 0;
        row.lockedUntil = null;
      }
      if (row.lockedUntil && row.lockedUntil > now) wait = Math.max(wait, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    if (wait > 0) return wait;
    for (const row of rows) {
      const throttle = row.key === keys[0] ? BY_ADDRESS : BY_ACCOUNT_FROM_ADDRESS;
      row.failures += 1;
      row.lastFailedAt = now;
      const seconds = lockoutSeconds(row.failures, throttle);
      row.lockedUntil = seconds ? new Date(now.getTime() + seconds * 1000) : null;
    }
    await tx.flush();
    return 0;
  });
}

/** A right password: the account's count from this address ends, the address's loses this try. */
async function uncountTry(em: EntityManager, keys: [string, string], now: Date): Promise<void> {
  const throttle = kyselyOf(em);
  await throttle.deleteFrom('sign_in_throttle').where('key', '=', keys[1]).execute();
  await throttle
    .updateTable('sign_in_throttle')
    .set((eb) => ({
      failures: eb('failures', '-', 1),
      locked_until: eb.case().when(eb('failures', '-', 1), '<', BY_ADDRESS.free).then(null).else(eb.ref('locked_until')).end(),
    }))
    .where('key', '=', keys[0])
    .where('failures', '>', 0)
    .execute();
  // Counts nobody has added to for a day are over: the table holds recent failures only.
  await throttle.deleteFrom('sign_in_throttle').where('last_failed_at', '<', new Date(now.getTime() - BY_ACCOUNT_FROM_ADDRESS.forgetMs)).execute();
}

/**
 * Checks a sign-in from the client `address`. Every try, right or wrong, for an account that
 * exists or not, runs the same counting and the same hash, and a locked try is refused before
 * its password is looked at: the answers and their timing say nothing about which accounts exist.
 */
export async function signIn(em: EntityManager, initials: string, cell: string, password: string, address: string, now: Date): Promise<SignIn> {
  const keys = throttleKeys(initials, cell, address);
  const wait = await countTry(em, keys, now);
  if (wait > 0) return { ok: false, locked: true, retryAfterSeconds: wait };
  const account = await em.findOne(AccountSchema, { initials: normalizeInitials(initials), cell: normalizeCell(cell) }, { disableIdentityMap: true });
  const stored = account?.passwordHash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  if (!(await verifyPassword(password, stored)) || !account) return { ok: false, locked: false };
  await uncountTry(em, keys, now);
  return { ok: true, agentId: account.agentId };
}

/** A new session, ended by `idleMinutes` without a request (the rules' inactivityMinutesFor the agent). */
export async function createSession(em: EntityManager, agentId: number, idleMinutes: number, now: Date): Promise<string> {
  const id = randomBytes(32).toString('hex');
  em.create(SessionSchema, { id, agentId, createdAt: now, lastSeenAt: now, idleMinutes });
  await em.flush();
  return id;
}

/**
 * How stale lastSeenAt may get before a request writes it again: idle limits are 15 and 45
 * minutes, so a minute's slack is invisible, and most requests then only read the session.
 */
const TOUCH_AFTER_MS = 60_000;

/**
 * How long a session lasts however active it stays: a working day with room for overtime, so
 * nobody is signed out mid-shift, while a session taken from a shared desk or a copied cookie
 * ends by the next day. Idle expiry (the rules' inactivityMinutesFor) ends most sessions long before.
 */
const SESSION_LIFETIME_MS = 12 * 60 * 60_000;

/**
 * The session's row as resuming it reads it: one prepared statement, no entity. It stays SQL text:
 * a decision sends it inside its first statement (SessionProbe, with the prefetch's text), and
 * alone it goes through Database.query, which sends it by name, prepared once per pooled
 * connection, where MikroORM's Kysely sends every statement unnamed. Every request resumes a
 * session; on PostgreSQL (5,000 sessions, 2026-11-27, load average 6.3 on 2 cores) planning it
 * took 0.017-0.026 ms unprepared and 0.002-0.003 ms prepared, beside 0.005-0.009 ms of execution.
 */
function sessionRow(id: string): Sql {
  return sql`select agent_id, ${epochMs('created_at', 'born_ms')}, ${epochMs('last_seen_at', 'seen_ms')}, idle_minutes from sessions where id = ${id}`;
}

type SessionRow = { agent_id: number; born_ms: number; seen_ms: number; idle_minutes: number };

/** The agent of a session row just read, or null when there is none, it is too old or it has been idle too long; touches it. */
async function settleSession(db: Database, id: string, row: SessionRow | undefined, now: Date): Promise<number | null> {
  if (!row) return null;
  const idle = now.getTime() - row.seen_ms;
  if (idle > row.idle_minutes * 60_000 || now.getTime() - row.born_ms > SESSION_LIFETIME_MS) {
    await db.em().nativeDelete(SessionSchema, { id });
    return null;
  }
  if (idle >= TOUCH_AFTER_MS) await db.em().nativeUpdate(SessionSchema, { id }, { lastSeenAt: now });
  return row.agent_id;
}

/** The session's agent, or null when there is none or it has been idle too long; touches it. */
export async function resumeSession(db: Database, id: string, now: Date): Promise<number | null> {
  const [row] = (await db.query({ ...sessionRow(id), name: 'resume_session' })) as SessionRow[];
  return settleSession(db, id, row, now);
}

/**
 * Whether a session is still live (not ended, not idle or old past its limits), without marking
 * it used: a live-updates stream checks this now and then, and must not keep its person signed in.
 */
export async function sessionLive(db: Database, id: string, now: Date): Promise<boolean> {
  const [row] = (await db.query({ ...sessionRow(id), name: 'resume_session' })) as SessionRow[];
  if (!row) return false;
  return now.getTime() - row.seen_ms <= row.idle_minutes * 60_000 && now.getTime() - row.born_ms <= SESSION_LIFETIME_MS;
}

/**
 * Marks a live session as in use now, however recently it was last marked: the browser's
 * keep-alive, sent while the person works on a page that makes no calls, so that the server's
 * idle clock runs from their last action as the browser's does (web/src/session.tsx).
 */
export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  await db.em().nativeUpdate(SessionSchema, { id }, { lastSeenAt: now });
}

/** Thrown where a request finds its session gone: answered 401, nothing written or logged. */
export class SessionEnded extends Error {
  constructor() {
    super('the session has ended');
    this.name = 'SessionEnded';
  }
}

/** Most session ids a process remembers the agent of; past it the oldest are forgotten (and looked up again). */
const HINT_LIMIT = 20_000;

/**
 * Which agent each session id belongs to, as this process last found it. A session's agent never
 * changes, but a session may end anywhere (another process, an idle timeout), so a hint is only a
 * guess of who is asking: it lets a request read that agent's data in the same statement that
 * checks the session (SessionProbe), never stand in for the check.
 */
export class SessionHints {
  private readonly agents = new Map<string, number>();

  get(id: string): number | undefined {
    return this.agents.get(id);
  }

  set(id: string, agentId: number): void {
    if (this.agents.has(id)) return;
    if (this.agents.size >= HINT_LIMIT) this.agents.delete(this.agents.keys().next().value as string);
    this.agents.set(id, agentId);
  }

  forget(id: string): void {
    this.agents.delete(id);
  }
}

/**
 * A session checked inside the statement its request sends anyway (a decision's first statement)
 * instead of in a round trip of its own before it: on a busy server each round trip to PostgreSQL
 * costs a wake-up on both sides (docs/performance.md). The request reads for the agent the session
 * is believed to be (its hint) and must not decide, write, log or answer with what it read before
 * `settle` says the session is that agent's and still alive; when it never sent the statement
 * (it stopped earlier, on bad input), `valid` looks the session up alone.
 */
export class SessionProbe {
  /** A select of the session's row, to send alongside the request's statement. */
  readonly statement: Sql;
  private outcome: Promise<boolean> | undefined;
  private readonly db: Database;
  private readonly id: string;
  readonly agentId: number;
  private readonly now: Date;
  private readonly hints: SessionHints;

  constructor(db: Database, id: string, agentId: number, now: Date, hints: SessionHints) {
    this.db = db;
    this.id = id;
    this.agentId = agentId;
    this.now = now;
    this.hints = hints;
    this.statement = sessionRow(id);
  }

  /** Whether the row read alongside shows this agent's live session (touched or ended as resuming does). */
  settle(row: Record<string, unknown> | undefined): Promise<boolean> {
    this.outcome ??= this.judge(settleSession(this.db, this.id, row as SessionRow | undefined, this.now));
    return this.outcome;
  }

  /** The outcome; the session looked up alone if no statement carried it. */
  valid(): Promise<boolean> {
    this.outcome ??= this.judge(resumeSession(this.db, this.id, this.now));
    return this.outcome;
  }

  private async judge(agent: Promise<number | null>): Promise<boolean> {
    const ok = (await agent) === this.agentId;
    if (!ok) this.hints.forget(this.id);
    return ok;
  }
}

export async function endSession(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(SessionSchema, { id });
}
