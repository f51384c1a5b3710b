import type { RuleSource } from '../engine/index.ts';
import type { Database } from './db/database.ts';

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
    db.em().getConnection().execute('insert into rule_sets (hash, files, live_at) values (?, ?, ?) on conflict (hash) do nothing', [hash, JSON.stringify(files), at]),
  );
}

/** Every rule set that went live, the first first. */
export async function ruleSetHistory(db: Database): Promise<RecordedRuleSet[]> {
  type Row = { hash: string; files: unknown; live_at: Date | string };
  const rows = await db.exclusive<Row[]>(() => db.em().getConnection().execute<Row[]>('select hash, files, live_at from rule_sets order by live_at, id'));
  return rows.map((r) => ({
    hash: r.hash,
    files: (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) as RuleSource[],
    liveAt: new Date(r.live_at),
  }));
}
