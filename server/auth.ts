import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { Database } from './db/database.ts';
import { AccountSchema, SessionSchema } from './db/server.entities.ts';
import { epochMs, sql } from './reads/sql.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

/** `scrypt$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Spec 1, Log In screen: initials are letters and digits, upper-cased; cell is letters and digits. */
export function normalizeInitials(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

export function normalizeCell(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/** Spec 1 section 9: 45 minutes of inactivity for rank 100 or above, otherwise 15. */
export function idleMinutesFor(agentType: number): number {
  return agentType >= 100 ? 45 : 15;
}

/** After this many failed sign-ins in a row, each further try waits twice as long as the last. */
const FREE_ATTEMPTS = 3;

export function lockoutSeconds(failedAttempts: number): number {
  return failedAttempts < FREE_ATTEMPTS ? 0 : Math.min(2 ** (failedAttempts - FREE_ATTEMPTS), 300);
}

export type SignIn = { ok: true; agentId: number } | { ok: false; locked: false } | { ok: false; locked: true; retryAfterSeconds: number };

/** Checked when no account matches, so a wrong cell takes as long to refuse as a wrong password. */
let decoyHash: Promise<string> | undefined;

/**
 * The account row is locked while the password is checked: simultaneous tries on one account are
 * counted one after another, so firing many at once cannot slip past the slow-down.
 */
export function signIn(em: EntityManager, initials: string, cell: string, password: string, now: Date): Promise<SignIn> {
  return em.transactional(async (tx): Promise<SignIn> => {
    const account = await tx.findOne(
      AccountSchema,
      { initials: normalizeInitials(initials), cell: normalizeCell(cell) },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!account) {
      await verifyPassword(password, await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
      return { ok: false, locked: false };
    }
    if (account.lockedUntil && account.lockedUntil > now) {
      return { ok: false, locked: true, retryAfterSeconds: Math.ceil((account.lockedUntil.getTime() - now.getTime()) / 1000) };
    }
    if (!(await verifyPassword(password, account.passwordHash))) {
      account.failedAttempts += 1;
      const wait = lockoutSeconds(account.failedAttempts);
      account.lockedUntil = wait ? new Date(now.getTime() + wait * 1000) : null;
      await tx.flush();
      return { ok: false, locked: false };
    }
    account.failedAttempts = 0;
    account.lockedUntil = null;
    await tx.flush();
    return { ok: true, agentId: account.agentId };
  });
}

export async function createSession(em: EntityManager, agentId: number, agentType: number, now: Date): Promise<string> {
  const id = randomBytes(32).toString('hex');
  em.create(SessionSchema, { id, agentId, createdAt: now, lastSeenAt: now, idleMinutes: idleMinutesFor(agentType) });
  await em.flush();
  return id;
}

/**
 * How stale lastSeenAt may get before a request writes it again: idle limits are 15 and 45
 * minutes, so a minute's slack is invisible, and most requests then only read the session.
 */
const TOUCH_AFTER_MS = 60_000;

/**
 * The session's agent, or null when there is none or it has been idle too long; touches it. Every
 * API call looks its session up: one prepared statement, no entity.
 */
export async function resumeSession(db: Database, id: string, now: Date): Promise<number | null> {
  const lookup = sql`select agent_id, ${epochMs('last_seen_at', 'seen_ms')}, idle_minutes from sessions where id = ${id}`;
  const [session] = (await db.query({ ...lookup, name: 'resume_session' })) as { agent_id: number; seen_ms: number; idle_minutes: number }[];
  if (!session) return null;
  const idle = now.getTime() - session.seen_ms;
  if (idle > session.idle_minutes * 60_000) {
    await db.em().nativeDelete(SessionSchema, { id });
    return null;
  }
  if (idle >= TOUCH_AFTER_MS) await db.em().nativeUpdate(SessionSchema, { id }, { lastSeenAt: now });
  return session.agent_id;
}

export async function endSession(em: EntityManager, id: string): Promise<void> {
  await em.nativeDelete(SessionSchema, { id });
}
