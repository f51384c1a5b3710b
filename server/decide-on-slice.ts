import type { EntityManager } from '@mikro-orm/core';
import { isShiftinatorError, ShiftinatorError, SliceWorld, type Decision, type Need, type NormalizedWorld, type RuleSet } from '../engine/index.ts';
import { WorldLoader } from './world-loader.ts';

/**
 * Deciding an action on a slice of the database loaded round by round as its rules ask: inside the
 * caller's transaction (the action path, under row locks), or as the first step of a snapshot
 * decision (server/decide-on-snapshot.ts).
 */

/** How many rounds of loading a decision may take before the rule set is deemed to ask forever. */
const MAX_ROUNDS = 16;

export interface DecideRequest {
  action: string;
  actor: number;
  input: Record<string, unknown>;
  now: number;
  /**
   * Run after each decision on the same world: what it reads is loaded (and learned) with what
   * the decision reads, so a check on the slice costs no statement of its own once learned.
   */
  alsoRead?: ((world: SliceWorld) => void) | undefined;
  /** Keep the fact values the final run computed (`Decision.facts`): the world slice sends some. */
  keepFacts?: boolean | undefined;
  /** Decide the action as offered, the input fields left out still to be chosen (engine/offered.ts). */
  asOffered?: boolean | undefined;
}

/** A decision and the slice it was made on: what it read, the needs that slice answers in full, and who in it may be named. */
export interface SliceDecision {
  decision: Decision;
  world: NormalizedWorld;
  needs: readonly Need[];
  identified: ReadonlyMap<string, ReadonlySet<unknown>>;
  /** Keys of the records a rule looked up by key (not found by a query over times or fields). */
  byKey: ReadonlyMap<string, ReadonlySet<unknown>>;
  /** Statements the slice took to load: one when what earlier decisions asked was all it needed. */
  statements: number;
  /** What the decision asked of the world, in order (`SliceWorld.asked`). */
  asked: readonly Need[];
}

const actorNeed = (actor: number): Need => ({ kind: 'record', collection: 'agents', key: actor });

/**
 * Decides on what the loader holds, loading what the rules ask for until they ask for nothing new,
 * in at most `rounds` runs (the decision is null when that was not enough). A run on a partial
 * world that fails while it still misses records is not an answer: it runs again once they are
 * loaded.
 */
export async function decideLoading(loader: WorldLoader, rules: RuleSet, request: DecideRequest, rounds = MAX_ROUNDS): Promise<{ decision: Decision | null; world: SliceWorld }> {
  const action = rules.action(request.action);
  for (let round = 1; ; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    let decision: Decision | null = null;
    if (!world.agent(request.actor)) {
      if (world.missing.length === 0) throw new ShiftinatorError('INPUT_INVALID', `agent ${request.actor} does not exist`, 'actor');
    } else {
      try {
        decision = await action.decide({ world, now: request.now, actor: request.actor, input: request.input, effects: true, keepFacts: request.keepFacts === true, asOffered: request.asOffered === true });
      } catch (e) {
        if (!isShiftinatorError(e) || world.missing.length === 0) throw e;
      }
      request.alsoRead?.(world);
    }
    if (world.missing.length === 0 || round >= rounds) return { decision: world.missing.length === 0 ? decision : null, world };
    await loader.load(world.missing);
  }
}

export function keptAsking(action: string): ShiftinatorError {
  return new ShiftinatorError('EVALUATION_FAILED', `the rules of ${action} kept asking for more of the world`, action);
}

/**
 * Decides inside the caller's transaction (under row locks with `lock`), loading round by round:
 * the actor first with what `expected` names (what the same request's snapshot decision asked: a
 * decision on the same rows asks the same, so it is loaded in one round, not in as many as the
 * rules take to get there), then what each run asks for beyond it.
 */
export async function decideOnSlice(em: EntityManager, rules: RuleSet, request: DecideRequest & { lock: boolean; expected?: readonly Need[] }): Promise<SliceDecision> {
  const loader = new WorldLoader(em, { lock: request.lock });
  await loader.load([actorNeed(request.actor), ...(request.expected ?? [])]);
  const { decision, world } = await decideLoading(loader, rules, request);
  if (!decision) throw keptAsking(request.action);
  return { decision, ...loader.slice(world.asked), statements: loader.statements, asked: world.asked };
}
