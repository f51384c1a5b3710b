import { COLLECTIONS, isTemporaryId, isShiftinatorError, type Decision, type RuleSet } from '../engine/index.ts';
import type { SessionProbe } from './auth.ts';
import { result } from './action-result.ts';
import type { Database } from './db/database.ts';
import { logger } from './logger.ts';
import { decideOnSlice } from './decide-on-slice.ts';
import { decideOnSnapshot } from './decide-on-snapshot.ts';
import { insertLogRow, logDecision, logRow } from './decision-log.ts';
import { writeChanges } from './write-changes.ts';
import { eventOf, recordEvent, type ChangeEvent } from './events/changes.ts';
import { hubOf } from './events/hub.ts';
import { queueNotices } from './inbox/can-take.ts';

export interface ActionContext {
  db: Database;
  rules: RuleSet;
  /** A digest of the rule files, logged with each decision: a dry-run knows which rules decided it. */
  rulesHash: string;
  /** The clock in epoch minutes; tests freeze it. */
  now: () => number;
  /**
   * Told, once its transaction has committed, what an action inserted (ids per collection): the
   * server wakes the outbox only when texts were written, not on every request that might write.
   */
  committed?: (created: Readonly<Record<string, readonly number[]>>) => void;
}

export interface ActionResult {
  decision: Decision;
  /** With an error: 403 for a role gate, 409 when state changed under the user, 422 when the request breaks a rule. */
  status: 200 | 403 | 409 | 422;
  /** Ids the database gave the records the action inserted, per collection. */
  created?: Record<string, number[]>;
  /** The text to show: the error, the prompt, or the action's success text. */
  message: string | undefined;
}

/** PostgreSQL's deadlock and serialization failures: the transaction is tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

/**
 * One action, all or nothing. First it is decided on a consistent snapshot without locks: an
 * error or a prompt changes nothing, so it is answered from there (it was the answer on a state
 * that existed during the request) and many people checking at once do not queue on each other's
 * rows. An action that would go through is decided again in a transaction that loads its slice
 * under row locks, logs the decision and writes its changes. The caller holds `db.exclusive` (the
 * app does, per request). With `session`, the actor is its hint, checked in the snapshot's first
 * statement before anything is decided (SessionProbe).
 */
export async function runAction(ctx: ActionContext, action: string, actor: number, input: Record<string, unknown>, session?: SessionProbe): Promise<ActionResult> {
  const now = ctx.now();
  const snapshot = await decideOnSnapshot(ctx.db, ctx.rules, { action, actor, input, now, session });
  if (snapshot.decision.outcome !== 'ok') {
    try {
      await logDecision(ctx, { now, actor, action, input, world: snapshot.world, needs: snapshot.needs, decision: snapshot.decision, applied: false });
    } catch (e) {
      // The refusal changed nothing and stands without its row: answering a 500 instead would
      // tell the user something failed that did not. The operator learns of the lost row here.
      const d = snapshot.decision;
      logger.error({ err: e, action, actor, outcome: d.outcome, rule: d.rule }, `decision log: could not log ${action} by agent ${actor} (${d.outcome === 'error' ? 'refused' : 'asked to confirm'}, ${d.rule ?? 'no rule'})`);
    }
    return result(ctx.rules, action, snapshot.decision);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      let event: ChangeEvent | undefined;
      const answer = await ctx.db.em().transactional(async (em) => {
        const { decision, world, needs } = await decideOnSlice(em, ctx.rules, { action, actor, input, now, lock: true, expected: snapshot.asked });
        const applied = decision.outcome === 'ok';
        const real = applied && decision.changes ? await writeChanges(em, decision.changes) : new Map<number, number>();
        await insertLogRow(em, logRow(ctx, { now, actor, action, input, world, needs, decision, applied }));
        // The live screens' news of it (server/events), committed with it.
        if (applied && decision.changes?.length) event = await recordEvent(em, ctx.db, eventOf(action, actor, decision.changes, world, real, now));
        const answer = result(ctx.rules, action, decision);
        for (const change of decision.changes ?? []) {
          if (change.op !== 'insert') continue;
          const key = COLLECTIONS[change.collection]?.key ?? 'id';
          const id = change.record[key];
          (answer.created ??= {})[change.collection] = [...(answer.created[change.collection] ?? []), (isTemporaryId(id) ? real.get(id) : id) as number];
        }
        return answer;
      });
      if (answer.created) {
        ctx.committed?.(answer.created);
        queueNotices(ctx.db, ctx.rules, answer.created, now, ctx.committed);
      }
      if (event) hubOf(ctx.db).committed(event);
      return answer;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (!isShiftinatorError(e) && code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw e;
    }
  }
}
