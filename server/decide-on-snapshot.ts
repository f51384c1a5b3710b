import { IsolationLevel } from '@mikro-orm/core';
import { needKey, type Decision, type RuleSet, type SliceWorld } from '../engine/index.ts';
import { SessionEnded, type SessionProbe } from './auth.ts';
import type { Database } from './db/database.ts';
import { decideLoading, keptAsking, type DecideRequest, type SliceDecision } from './decide-on-slice.ts';
import { Prefetch } from './prefetch.ts';
import { WorldLoader } from './world-loader.ts';

/** A snapshot decision's request: with `session`, the actor is its hint, checked in the first statement. */
interface SnapshotRequest extends DecideRequest {
  session?: SessionProbe | undefined;
}

/** What earlier decisions of each rule set's actions asked for: kept with the rule set, whichever database it decides on. */
const prefetches = new WeakMap<RuleSet, Prefetch>();

/**
 * Decides on a consistent snapshot, without locks. First, one statement: the actor and everything
 * earlier decisions of this action asked for (server/prefetch.ts), records that depend on other
 * records derived in the database; one statement sees one snapshot, so no transaction is needed.
 * When the decision asks for more than that, it is made again in a read-only REPEATABLE READ
 * transaction, round by round, and what it asked is remembered for the next request. Either way
 * the decision is the one its rules make on what they asked for, and the slice returned is only
 * what this decision read.
 */
export async function decideOnSnapshot(db: Database, rules: RuleSet, { session, ...request }: SnapshotRequest): Promise<SliceDecision> {
  let prefetch = prefetches.get(rules);
  if (!prefetch) prefetches.set(rules, (prefetch = new Prefetch()));
  const plan = prefetch.plan(rules, request.action, request);
  const first = plan.planned;
  const finish = (loader: WorldLoader, keys: readonly (string | null)[], decision: Decision, world: SliceWorld, learn: boolean, before = 0): SliceDecision => {
    const asked = new Set(world.asked.map(needKey));
    const usedFrom = plan.from.flatMap((ids, i) => {
      const key = keys[i];
      return key !== null && key !== undefined && asked.has(key) ? ids : [];
    });
    prefetch.after(rules, request.action, request, { asked: world.asked, usedFrom, learn, record: (c, k) => loader.record(c, k) });
    return { decision, ...loader.slice(world.asked), statements: before + loader.statements, asked: world.asked };
  };

  const loader = new WorldLoader(db.em(), { lock: false, db });
  const keys = await loader.loadFirst(first, session?.statement);
  // Nothing is decided, learned or logged on another agent's behalf.
  if (session && !(await session.settle(loader.alongsideRows[0]))) throw new SessionEnded();
  const attempt = await decideLoading(loader, rules, request, 1);
  if (attempt.decision) return finish(loader, keys, attempt.decision, attempt.world, false);
  // The first statement's snapshot is gone: the rounds start over in one snapshot, with what
  // this attempt asked for besides the plan.
  const planned = new Set(keys.filter((k): k is string => k !== null));
  const more = attempt.world.missing.filter((n) => !planned.has(needKey(n))).map((need) => ({ need }));
  return db.em().transactional(
    async (em) => {
      const again = new WorldLoader(em, { lock: false });
      const againKeys = await again.loadPlanned([...first, ...more]);
      const { decision, world } = await decideLoading(again, rules, request);
      if (!decision) throw keptAsking(request.action);
      return finish(again, againKeys, decision, world, true, loader.statements);
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}
