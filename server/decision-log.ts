import type { EntityManager } from '@mikro-orm/core';
import type { Decision, Need, NormalizedWorld } from '../engine/index.ts';
import type { ActionContext } from './action-runner.ts';
import type { Database } from './db/database.ts';
import { DecisionLogSchema } from './db/server.entities.ts';
import { sliceAsText } from './slice-text.ts';

/** The decision log: every decision, with the slice it was made on, as the dry-run replays it. */

interface LogEntry {
  now: number;
  actor: number;
  action: string;
  input: Record<string, unknown>;
  world: NormalizedWorld;
  needs: readonly Need[];
  decision: Decision;
  applied: boolean;
}

/** decision_log's columns, in the order the insert lists them, from the entity's metadata. */
const LOG_FIELDS = ['decidedAt', 'actor', 'action', 'input', 'world', 'needs', 'outcome', 'message', 'rule', 'warnings', 'rulesHash', 'applied'] as const;

export function logRow(ctx: ActionContext, entry: LogEntry): unknown[] {
  const d = entry.decision;
  const row: Record<(typeof LOG_FIELDS)[number], unknown> = {
    decidedAt: new Date(entry.now * 60_000).toISOString(),
    actor: entry.actor,
    action: entry.action,
    input: JSON.stringify(entry.input),
    world: JSON.stringify(sliceAsText(entry.world)),
    needs: JSON.stringify(entry.needs),
    outcome: d.outcome,
    message: d.message ?? null,
    rule: d.rule ?? null,
    warnings: JSON.stringify(d.warnings),
    rulesHash: ctx.rulesHash,
    applied: entry.applied,
  };
  return LOG_FIELDS.map((f) => row[f]);
}

let logInsertHead: string | undefined;

/**
 * One insert of decision-log rows, as text kept the same for each number of rows: the log's own
 * connection prepares it once per number of rows (below), which took PostgreSQL's CPU per
 * acceptOffer from 0.62-0.65 ms to 0.56-0.59 ms (docs/performance.md, 2026-11-23); a query
 * builder would build the text again on every group commit.
 */
function logInsert(em: EntityManager, rows: readonly unknown[][]): { text: string; params: unknown[] } {
  if (!logInsertHead) {
    const meta = em.getMetadata().get(DecisionLogSchema as never);
    const columns = LOG_FIELDS.map((f) => `"${meta.properties[f as never]?.fieldNames[0] ?? f}"`).join(', ');
    logInsertHead = `insert into "${meta.tableName}" (${columns}) values `;
  }
  const row = `(?::timestamptz${', ?'.repeat(LOG_FIELDS.length - 1)})`;
  return { text: logInsertHead + rows.map(() => row).join(', '), params: rows.flat() };
}

/** Logs a decision in the caller's transaction, with the changes it made. */
export async function insertLogRow(em: EntityManager, row: unknown[]): Promise<void> {
  const { text, params } = logInsert(em, [row]);
  await em.getConnection().execute(text, params, 'run', em.getTransactionContext());
}

/** Most rows one insert of the log carries. */
const LOG_BATCH = 100;

/**
 * The log of decisions that changed nothing, group-committed: a decision waits for its row to be
 * written before it is answered, and rows that arrive while an insert is under way go in the next
 * one together, so a busy server writes one row per statement and commit only when idle.
 */
class DecisionLogWriter {
  private readonly db: Database;
  private queue: { row: unknown[]; done: () => void; failed: (e: unknown) => void }[] = [];
  private writing = false;

  constructor(db: Database) {
    this.db = db;
  }

  write(row: unknown[]): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ row, done, failed });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, LOG_BATCH);
        try {
          // Named by its number of rows: prepared once on the log's connection, not parsed and
          // planned at each commit (a busy server commits a few hundred a second).
          await this.db.queryAside({ ...logInsert(this.db.orm.em, batch.map((b) => b.row)), name: `decision_log_insert_${batch.length}` });
          for (const b of batch) b.done();
        } catch (e) {
          for (const b of batch) b.failed(e);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

const logWriters = new WeakMap<Database, DecisionLogWriter>();

/** Logs a decision that changed nothing (outside any transaction). */
export function logDecision(ctx: ActionContext, entry: LogEntry): Promise<void> {
  let writer = logWriters.get(ctx.db);
  if (!writer) logWriters.set(ctx.db, (writer = new DecisionLogWriter(ctx.db)));
  return writer.write(logRow(ctx, entry));
}
