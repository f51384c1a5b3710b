import type { RuleSource } from '../engine/index.ts';
import type { EntityManager } from '@mikro-orm/core';
import type { Database } from './db/database.ts';
import { kyselyOf } from './db/kysely.ts';

/** A rule set as recorded when it went live (table rule_sets). */
export interface RecordedRuleSet {
  /** The full sha256 that decision_log.rules_hash holds. */
  hash: string;
  files: RuleSource[];
  liveAt: Date;
}

/**
 * Records a rule set going live. The first record of a hash stands: every process of a server
 * records the set it starts with, and a set that comes back keeps the time it first went live.
 */
export async function recordRuleSet(db: Database, hash: string, files: readonly RuleSource[], at: Date = new Date()): Promise<void> {
  await db.exclusive(() =>
    kyselyOf(db.em())
      .insertInto('rule_sets')
      .values({ hash, files: JSON.stringify(files), live_at: at })
      .onConflict((c) => c.column('hash').doNothing())
      .execute(),
  );
}

/** Every rule set that went live, the first first. */
export function ruleSetHistory(db: Database): Promise<RecordedRuleSet[]> {
  return db.exclusive(() => recordedRuleSets(db.em()));
}

/** The same, for a caller that already holds the database (a read of the API). */
export async function recordedRuleSets(em: EntityManager): Promise<RecordedRuleSet[]> {
  const rows = await kyselyOf(em).selectFrom('rule_sets').select(['hash', 'files', 'live_at']).orderBy('live_at').orderBy('id').execute();
  // The drivers' own values: PGlite and pg may give a JSON column as text and a timestamp as text.
  return rows.map((r) => ({
    hash: r.hash,
    files: (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as RuleSource[],
    liveAt: new Date(r.live_at),
  }));
}
