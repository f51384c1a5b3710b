import { IsolationLevel, type EntityManager } from '@mikro-orm/core';
import {
  COLLECTIONS,
  denormalizeRecord,
  isTemporaryId,
  isShiftinatorError,
  ShiftinatorError,
  SliceWorld,
  type Decision,
  type NormalizedWorld,
  type RuleSet,
} from '../engine/index.ts';
import type { Database } from './db/database.ts';
import { DecisionLogSchema } from './db/server.entities.ts';
import { WorldLoader } from './world-loader.ts';
import { writeChanges } from './write-changes.ts';

export interface ActionContext {
  db: Database;
  rules: RuleSet;
  /** A digest of the rule files, logged with each decision: a dry-run knows which rules decided it. */
  rulesHash: string;
  /** The clock in epoch minutes; tests freeze it. */
  now: () => number;
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

/** How many rounds of loading a decision may take before the rule set is deemed to ask forever. */
const MAX_ROUNDS = 16;
/** PostgreSQL's deadlock and serialization failures: the transaction is tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

/**
 * The scenario-format text of a slice, as logged and as the dry-run will replay it. Fields at
 * their default are left out (a scenario file may omit them; normalising puts them back): a head
 * count's slice holds a hundred people and their shifts, and every decision is logged.
 */
export function sliceAsText(data: NormalizedWorld): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [collection, list] of Object.entries(data)) {
    if (!list.length) continue;
    const fields = COLLECTIONS[collection]?.fields ?? {};
    out[collection] = list.map((r) =>
      Object.fromEntries(
        Object.entries(denormalizeRecord(collection, r)).filter(([name, value]) => {
          const spec = fields[name];
          return !spec || spec.required || spec.default === undefined || value !== spec.default;
        }),
      ),
    );
  }
  return out;
}

/** Decides against the database, loading what the rules ask for until they ask for nothing new. */
export async function decideOnSlice(
  em: EntityManager,
  rules: RuleSet,
  request: { action: string; actor: number; input: Record<string, unknown>; now: number; lock: boolean },
): Promise<{ decision: Decision; world: NormalizedWorld; identified: ReadonlyMap<string, ReadonlySet<unknown>> }> {
  const action = rules.action(request.action);
  const loader = new WorldLoader(em, { lock: request.lock });
  // The actor's own record is always needed (the engine checks the actor exists).
  await loader.load([{ kind: 'record', collection: 'agents', key: request.actor }]);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    if (!world.agent(request.actor)) {
      throw new ShiftinatorError('INPUT_INVALID', `agent ${request.actor} does not exist`, 'actor');
    }
    const decision = await action.decide({ world, now: request.now, actor: request.actor, input: request.input, effects: true });
    if (world.missing.length === 0) return { decision, world: loader.data, identified: loader.identified };
    await loader.load(world.missing);
  }
  throw new ShiftinatorError('EVALUATION_FAILED', `the rules of ${request.action} kept asking for more of the world`, request.action);
}

/** Every decision, allowed or not, with the slice it was decided on: what a dry-run replays. */
async function logDecision(
  em: EntityManager,
  ctx: ActionContext,
  entry: { now: number; actor: number; action: string; input: Record<string, unknown>; world: NormalizedWorld; decision: Decision; applied: boolean },
): Promise<void> {
  const d = entry.decision;
  await em.insert(DecisionLogSchema, {
    decidedAt: new Date(entry.now * 60_000),
    actor: entry.actor,
    action: entry.action,
    input: entry.input,
    world: sliceAsText(entry.world),
    outcome: d.outcome,
    message: d.message ?? null,
    rule: d.rule ?? null,
    warnings: d.warnings,
    rulesHash: ctx.rulesHash,
    applied: entry.applied,
  } as never);
}

/**
 * One action, all or nothing. First it is decided on a consistent snapshot without locks: an
 * error or a prompt changes nothing, so it is answered from there (it was the answer on a state
 * that existed during the request) and many people checking at once do not queue on each other's
 * rows. An action that would go through is decided again in a transaction that loads its slice
 * under row locks, logs the decision and writes its changes. The caller holds `db.exclusive` (the
 * app does, per request).
 */
export async function runAction(ctx: ActionContext, action: string, actor: number, input: Record<string, unknown>): Promise<ActionResult> {
  const now = ctx.now();
  const snapshot = await ctx.db
    .em()
    .transactional((em) => decideOnSlice(em, ctx.rules, { action, actor, input, now, lock: false }), { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  if (snapshot.decision.outcome !== 'ok') {
    await logDecision(ctx.db.em(), ctx, { now, actor, action, input, world: snapshot.world, decision: snapshot.decision, applied: false });
    return result(ctx.rules, action, snapshot.decision);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.em().transactional(async (em) => {
        const { decision, world } = await decideOnSlice(em, ctx.rules, { action, actor, input, now, lock: true });
        const applied = decision.outcome === 'ok';
        const real = applied && decision.changes ? await writeChanges(em, decision.changes) : new Map<number, number>();
        await logDecision(em, ctx, { now, actor, action, input, world, decision, applied });
        const answer = result(ctx.rules, action, decision);
        for (const change of decision.changes ?? []) {
          if (change.op !== 'insert') continue;
          const key = COLLECTIONS[change.collection]?.key ?? 'id';
          const id = change.record[key];
          (answer.created ??= {})[change.collection] = [...(answer.created[change.collection] ?? []), (isTemporaryId(id) ? real.get(id) : id) as number];
        }
        return answer;
      });
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (!isShiftinatorError(e) && code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw e;
    }
  }
}

function result(rules: RuleSet, action: string, decision: Decision): ActionResult {
  if (decision.outcome === 'ok') return { decision, status: 200, message: decision.success ?? rules.action(action).file.success };
  const rule = rules.action(action).file.rules.find((r) => r.id === decision.rule);
  const status = decision.outcome !== 'error' ? 200 : rule?.forbidden ? 403 : rule?.conflict ? 409 : 422;
  return { decision, status, message: decision.message };
}
