import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { RuleSource } from '../engine/index.ts';
import type { EntityManager } from '@mikro-orm/core';
import type { Database } from './db/database.ts';
import { kyselyOf } from './db/kysely.ts';

/**
 * How a set went live: a server's start, an edit of its watched folder, `rules publish`,
 * `rules rollback`, `rules publish --at` (due at its instant); 'recorded' for the sets recorded
 * before switches were (their first time live only).
 */
export type SwitchHow = 'start' | 'edit' | 'publish' | 'rollback' | 'schedule' | 'recorded';

/** The kinds every process of every host follows (the database's sets), against one process's own folder. */
const PUBLISHED_KINDS: readonly SwitchHow[] = ['publish', 'rollback', 'schedule'];

export function isPublished(how: SwitchHow): boolean {
  return PUBLISHED_KINDS.includes(how);
}

/** One switch of the live rule set (table rule_switches). */
export interface RuleSwitch {
  id: number;
  /** The set's full sha256, the one decision_log.rules_hash holds; its files are in rule_sets. */
  hash: string;
  /** When it went live, or (a scheduled set) is to. */
  liveAt: Date;
  how: SwitchHow;
  /** Where: the host and process that made the switch ('' and 0 for 'recorded'). */
  host: string;
  pid: number;
  reason: string | null;
  /** A scheduled set called off before its instant, and why. */
  cancelledAt: Date | null;
  cancelReason: string | null;
}

/** What `pg_notify` is sent on when a published switch commits: every server process listens. */
export const RULE_SWITCH_CHANNEL = 'rule_switches';

export interface SwitchRecord {
  hash: string;
  files: readonly RuleSource[];
  how: Exclude<SwitchHow, 'recorded'>;
  /** Default: now. */
  at?: Date;
  reason?: string | null;
}

/** The drivers' own values: PGlite and pg may give a JSON column as text and a timestamp as text. */
const dateOf = (v: Date | string): Date => new Date(v);
const dateOrNull = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * Records a switch: the set (its files once per hash) and the switch row, in one transaction, which
 * also notifies every listening server of a published one. A set is recorded before it decides
 * anything, so a logged decision's hash always names a stored set.
 */
export async function recordSwitch(db: Database, record: SwitchRecord): Promise<RuleSwitch> {
  const at = record.at ?? new Date();
  const row = await db.exclusive(() =>
    db.em().transactional(async (em) => {
      const k = kyselyOf(em);
      await k
        .insertInto('rule_sets')
        .values({ hash: record.hash, files: JSON.stringify(record.files), live_at: at })
        .onConflict((c) => c.column('hash').doNothing())
        .execute();
      const inserted = await k
        .insertInto('rule_switches')
        .values({ hash: record.hash, live_at: at, how: record.how, host: hostname(), pid: process.pid, reason: record.reason ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Sent on commit, and only then: a publish killed halfway tells no process anything.
      if (isPublished(record.how)) await sql`select pg_notify(${RULE_SWITCH_CHANNEL}, ${String(inserted.id)})`.execute(k);
      return inserted;
    }),
  );
  return { id: row.id, hash: record.hash, liveAt: at, how: record.how, host: hostname(), pid: process.pid, reason: record.reason ?? null, cancelledAt: null, cancelReason: null };
}

/** Calls off a scheduled set that has not gone live; false when there is none such. */
export async function cancelScheduled(db: Database, id: number, reason: string | null, at: Date = new Date()): Promise<boolean> {
  return db.exclusive(() =>
    db.em().transactional(async (em) => {
      const k = kyselyOf(em);
      const done = await k
        .updateTable('rule_switches')
        .set({ cancelled_at: at, cancel_reason: reason })
        .where('id', '=', id)
        .where('how', '=', 'schedule')
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (!done.numUpdatedRows) return false;
      await sql`select pg_notify(${RULE_SWITCH_CHANNEL}, ${String(id)})`.execute(k);
      return true;
    }),
  );
}

/**
 * Every switch, in the order they go live (scheduled ones at their instant), cancelled ones too;
 * with `published`, only the published ones not cancelled (what a server follows: read after every
 * NOTIFY, it should not grow with every start and folder edit ever recorded).
 */
export async function ruleSwitches(db: Database, options: { published?: boolean } = {}): Promise<RuleSwitch[]> {
  const rows = await db.exclusive(() => {
    let q = kyselyOf(db.em()).selectFrom('rule_switches').select(['id', 'hash', 'live_at', 'how', 'host', 'pid', 'reason', 'cancelled_at', 'cancel_reason']);
    if (options.published) q = q.where('how', 'in', [...PUBLISHED_KINDS]).where('cancelled_at', 'is', null);
    return q.orderBy('live_at').orderBy('id').execute();
  });
  return rows.map((r) => ({
    id: r.id,
    hash: r.hash,
    liveAt: dateOf(r.live_at),
    how: r.how as SwitchHow,
    host: r.host,
    pid: r.pid,
    reason: r.reason,
    cancelledAt: dateOrNull(r.cancelled_at),
    cancelReason: r.cancel_reason,
  }));
}

/**
 * The switch in force at `at`: the last one gone live by then, a cancelled one never. Switches
 * come in the order ruleSwitches gives.
 */
export function inForceAt(switches: readonly RuleSwitch[], at: Date): RuleSwitch | null {
  let found: RuleSwitch | null = null;
  for (const s of switches) if (!s.cancelledAt && s.liveAt.getTime() <= at.getTime()) found = s;
  return found;
}

/** A stored set's files, by its full hash or the start of it (a report's 12 digits); the sets that match. */
export async function storedRuleSets(db: Database, version: string): Promise<{ hash: string; files: RuleSource[] }[]> {
  const prefix = version.toLowerCase();
  if (!/^[0-9a-f]{0,64}$/.test(prefix)) return [];
  const rows = await db.exclusive(() =>
    kyselyOf(db.em())
      .selectFrom('rule_sets')
      .select(['hash', 'files'])
      // A full hash by the primary key; a prefix by a scan (the CLI's look-ups, not a server's).
      .where('hash', prefix.length === 64 ? '=' : 'like', prefix.length === 64 ? prefix : `${prefix}%`)
      .orderBy('hash')
      .execute(),
  );
  return rows.map((r) => ({ hash: r.hash, files: (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as RuleSource[] }));
}

/** A set as it went live, with its files: one entry of the Rules screen's history. */
export interface RecordedRuleSet {
  /** The full sha256 that decision_log.rules_hash holds. */
  hash: string;
  files: RuleSource[];
  liveAt: Date;
  how: SwitchHow;
}

/**
 * Each change of the live set by `at`, the first first, with the set's files: the switches gone
 * live (none cancelled or still to come), a switch to the set already live (another process's
 * start, say) left out. For a caller that already holds the database (a read of the API).
 */
export async function recordedRuleSets(em: EntityManager, at: Date = new Date()): Promise<RecordedRuleSet[]> {
  const rows = await kyselyOf(em)
    .selectFrom('rule_switches as w')
    .innerJoin('rule_sets as s', 's.hash', 'w.hash')
    .select(['w.hash', 's.files', 'w.live_at', 'w.how'])
    .where('w.cancelled_at', 'is', null)
    .where('w.live_at', '<=', at)
    .orderBy('w.live_at')
    .orderBy('w.id')
    .execute();
  const sets: RecordedRuleSet[] = [];
  for (const r of rows) {
    if (sets.at(-1)?.hash === r.hash) continue;
    sets.push({ hash: r.hash, files: (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as RuleSource[], liveAt: dateOf(r.live_at), how: r.how as SwitchHow });
  }
  return sets;
}
