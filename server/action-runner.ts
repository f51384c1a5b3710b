import { IsolationLevel, type EntityManager } from '@mikro-orm/core';
import {
  COLLECTIONS,
  denormalizeRecord,
  isTemporaryId,
  isShiftinatorError,
  needKey,
  ShiftinatorError,
  SliceWorld,
  type Decision,
  type Need,
  type NormalizedWorld,
  type RuleSet,
} from '../engine/index.ts';
import { SessionEnded, type SessionProbe } from './auth.ts';
import type { Database } from './db/database.ts';
import { DecisionLogSchema } from './db/server.entities.ts';
import { Prefetch } from './prefetch.ts';
import { WorldLoader } from './world-loader.ts';
import { writeChanges } from './write-changes.ts';
import { eventOf, recordEvent, type ChangeEvent } from './events/changes.ts';
import { hubOf } from './events/hub.ts';

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
    out[collection] = list.map((r) => {
      const text = denormalizeRecord(collection, r);
      const kept: Record<string, unknown> = {};
      for (const name of Object.keys(text)) {
        const spec = fields[name];
        const value = text[name];
        if (!spec || spec.required || spec.default === undefined || value !== spec.default) kept[name] = value;
      }
      return kept;
    });
  }
  return out;
}

interface DecideRequest {
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
}

/** A snapshot decision's request: with `session`, the actor is its hint, checked in the first statement. */
interface SnapshotRequest extends DecideRequest {
  session?: SessionProbe | undefined;
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
}

const actorNeed = (actor: number): Need => ({ kind: 'record', collection: 'agents', key: actor });

/**
 * Decides on what the loader holds, loading what the rules ask for until they ask for nothing new,
 * in at most `rounds` runs (the decision is null when that was not enough). A run on a partial
 * world that fails while it still misses records is not an answer: it runs again once they are
 * loaded.
 */
async function decideLoading(loader: WorldLoader, rules: RuleSet, request: DecideRequest, rounds = MAX_ROUNDS): Promise<{ decision: Decision | null; world: SliceWorld }> {
  const action = rules.action(request.action);
  for (let round = 1; ; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    let decision: Decision | null = null;
    if (!world.agent(request.actor)) {
      if (world.missing.length === 0) throw new ShiftinatorError('INPUT_INVALID', `agent ${request.actor} does not exist`, 'actor');
    } else {
      try {
        decision = await action.decide({ world, now: request.now, actor: request.actor, input: request.input, effects: true, keepFacts: request.keepFacts === true });
      } catch (e) {
        if (!isShiftinatorError(e) || world.missing.length === 0) throw e;
      }
      request.alsoRead?.(world);
    }
    if (world.missing.length === 0 || round >= rounds) return { decision: world.missing.length === 0 ? decision : null, world };
    await loader.load(world.missing);
  }
}

function keptAsking(action: string): ShiftinatorError {
  return new ShiftinatorError('EVALUATION_FAILED', `the rules of ${action} kept asking for more of the world`, action);
}

/**
 * Decides inside the caller's transaction (under row locks with `lock`), loading round by round:
 * the actor first, then what each run asks for.
 */
export async function decideOnSlice(em: EntityManager, rules: RuleSet, request: DecideRequest & { lock: boolean }): Promise<SliceDecision> {
  const loader = new WorldLoader(em, { lock: request.lock });
  await loader.load([actorNeed(request.actor)]);
  const { decision, world } = await decideLoading(loader, rules, request);
  if (!decision) throw keptAsking(request.action);
  return { decision, ...loader.slice(world.asked), statements: loader.statements };
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
    return { decision, ...loader.slice(world.asked), statements: before + loader.statements };
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

function logRow(ctx: ActionContext, entry: LogEntry): unknown[] {
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

/** One insert of decision-log rows. */
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
async function insertLogRow(em: EntityManager, row: unknown[]): Promise<void> {
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
function logDecision(ctx: ActionContext, entry: LogEntry): Promise<void> {
  let writer = logWriters.get(ctx.db);
  if (!writer) logWriters.set(ctx.db, (writer = new DecisionLogWriter(ctx.db)));
  return writer.write(logRow(ctx, entry));
}

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
      console.error(`decision log: could not log ${action} by agent ${actor} (${d.outcome === 'error' ? 'refused' : 'asked to confirm'}, ${d.rule ?? 'no rule'}): ${(e as Error).message}`);
    }
    return result(ctx.rules, action, snapshot.decision);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      let event: ChangeEvent | undefined;
      const answer = await ctx.db.em().transactional(async (em) => {
        const { decision, world, needs } = await decideOnSlice(em, ctx.rules, { action, actor, input, now, lock: true });
        const applied = decision.outcome === 'ok';
        const real = applied && decision.changes ? await writeChanges(em, decision.changes) : new Map<number, number>();
        await insertLogRow(em, logRow(ctx, { now, actor, action, input, world, needs, decision, applied }));
        // The live screens' news of it (server/events), committed with it.
        if (applied && decision.changes?.length) event = await recordEvent(em, ctx.db, eventOf(action, actor, decision.changes, world, real));
        const answer = result(ctx.rules, action, decision);
        for (const change of decision.changes ?? []) {
          if (change.op !== 'insert') continue;
          const key = COLLECTIONS[change.collection]?.key ?? 'id';
          const id = change.record[key];
          (answer.created ??= {})[change.collection] = [...(answer.created[change.collection] ?? []), (isTemporaryId(id) ? real.get(id) : id) as number];
        }
        return answer;
      });
      if (answer.created) ctx.committed?.(answer.created);
      if (event) hubOf(ctx.db).committed(event);
      return answer;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (!isShiftinatorError(e) && code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw e;
    }
  }
}

export function result(rules: RuleSet, action: string, decision: Decision): ActionResult {
  if (decision.outcome === 'ok') return { decision, status: 200, message: decision.success ?? rules.action(action).file.success };
  const rule = rules.action(action).file.rules.find((r) => r.id === decision.rule);
  const status = decision.outcome !== 'error' ? 200 : rule?.forbidden ? 403 : rule?.conflict ? 409 : 422;
  return { decision, status, message: decision.message };
}
