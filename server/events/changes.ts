import type { EntityManager } from '@mikro-orm/core';
import { sql } from 'kysely';
import { COLLECTIONS, isTemporaryId, type Change, type NormalizedWorld } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { kyselyOf } from '../db/kysely.ts';
import { eventReaders, roleReads, type Reader } from '../slice-visibility.ts';

/**
 * What an action changed, as the live screens learn it (GET /api/events): the action, who took it,
 * the records it touched by collection, and who is concerned. Written in the action's transaction
 * (events with increasing ids, kept a while for streams that reconnect), so there is an event
 * exactly when the action committed.
 */
export interface ChangeEvent {
  id: number;
  action: string;
  actor: number;
  /** The ids of the records it inserted, updated or deleted, by collection. */
  records: Record<string, number[]>;
  /** The people concerned; null: everyone (it changed what all staff see). */
  audience: number[] | null;
  /**
   * Who may read each record, by collection and id (eventReaders): the people, or null for
   * anyone; those whose role reads others' records of the collection too (roleReads). A record
   * not listed is anyone's.
   */
  readers?: EventReaders;
}

export type EventReaders = Record<string, Record<string, number[] | null>>;

/** The PostgreSQL channel every server process listens on. */
export const EVENTS_CHANNEL = 'shiftinator_events';

/** Collections every signed-in person sees a list of: a change to one goes to everyone. */
const FOR_EVERYONE: ReadonlySet<string> = new Set(['openShifts', 'coveragePostings', 'pickupPostings']);

/** Fields that name a person. */
const isPersonField = (name: string): boolean => name === 'agentId' || name === 'createdBy' || name.endsWith('AgentId');

/** Fields that name another record whose people are concerned too (an offer's posting names its poster). */
const LINKED: Readonly<Record<string, string>> = {
  postingId: 'coveragePostings',
  pickupPostingId: 'pickupPostings',
  shiftId: 'shifts',
  swapShiftId: 'shifts',
  parentId: 'shifts',
  offerId: 'offers',
};

function findRecord(world: NormalizedWorld, collection: string, key: unknown): Record<string, unknown> | undefined {
  const keyField = COLLECTIONS[collection]?.key ?? 'id';
  return world[collection]?.find((r) => r[keyField] === key);
}

/** The people a record names, and those of the records it links to (two steps: an offer log line, its offer, the offer's posting). */
function peopleOf(world: NormalizedWorld, record: Record<string, unknown>, into: Set<number>, depth = 2): void {
  for (const [name, value] of Object.entries(record)) {
    if (typeof value !== 'number') continue;
    if (isPersonField(name)) into.add(value);
    const linked = LINKED[name];
    if (linked && depth > 0) {
      const other = findRecord(world, linked, value);
      if (other) peopleOf(world, other, into, depth - 1);
    }
  }
}

/**
 * The event of an action's changes: `world` is the slice it was decided on (the records as they
 * were, so an update or a delete still names their people), `real` the ids the database gave the
 * records it inserted, `now` the decision's clock (what was on the calendar).
 */
export function eventOf(action: string, actor: number, changes: readonly Change[], world: NormalizedWorld, real: ReadonlyMap<number, number>, now: number): Omit<ChangeEvent, 'id'> {
  const records: Record<string, number[]> = {};
  const readers: EventReaders = {};
  const lookup = { get: (collection: string, key: unknown) => findRecord(world, collection, key) ?? null };
  const people = new Set<number>([actor]);
  let everyone = false;
  for (const change of changes) {
    const keyField = COLLECTIONS[change.collection]?.key ?? 'id';
    const rawKey = change.op === 'insert' ? change.record[keyField] : change.key;
    const key = isTemporaryId(rawKey) ? real.get(rawKey) : rawKey;
    const ids = (records[change.collection] ??= []);
    if (typeof key === 'number' && !ids.includes(key)) ids.push(key);
    if (FOR_EVERYONE.has(change.collection)) everyone = true;
    const before = findRecord(world, change.collection, rawKey);
    if (before) peopleOf(world, before, people);
    if (change.op === 'insert') peopleOf(world, change.record, people);
    else if (change.op === 'update') peopleOf(world, change.fields, people);
    const versions = [before, change.op === 'insert' ? change.record : change.op === 'update' ? { ...before, ...change.fields } : undefined].filter((r) => r !== undefined);
    const who = eventReaders(change.collection, versions, lookup, now);
    if (who !== null && typeof key === 'number') (readers[change.collection] ??= {})[key] = who;
  }
  return { action, actor, records, audience: everyone ? null : [...people].sort((a, b) => a - b), readers };
}

/**
 * The event as `reader` may be sent it: only the records they may read (eventReaders, roleReads),
 * or null when it does not concern them or names nothing they may read.
 */
export function eventFor(event: ChangeEvent, reader: Reader): ChangeEvent | null {
  if (event.audience !== null && !event.audience.includes(reader.agentId)) return null;
  if (!event.readers) return event;
  const records: Record<string, number[]> = {};
  let any = false;
  for (const [collection, ids] of Object.entries(event.records)) {
    const byId = event.readers[collection];
    const kept = !byId || roleReads(collection, reader) ? ids : ids.filter((id) => (byId[id] ?? null) === null || (byId[id] as number[]).includes(reader.agentId));
    if (kept.length > 0) {
      records[collection] = kept;
      any = true;
    }
  }
  return any ? { ...event, records } : null;
}

/** Largest NOTIFY payload sent whole; a larger event is announced by its id and read from the table. */
const PAYLOAD_MAX = 7_000;

/**
 * The transaction-level advisory lock every writer of an event holds from taking its id to its
 * commit (one bigint key: apart from span-locks.ts's pairs of int4 keys).
 */
const EVENTS_LOCK = 0x5e_1f_7e_47;

/**
 * Keeps the event in the action's transaction: its last statement, as the caller must make it.
 * On PostgreSQL its NOTIFY goes out at commit (to every process listening, this one included), and
 * not at all if the transaction rolls back.
 *
 * Ids come from a sequence, taken at the insert, and two transactions may commit in the other
 * order: a stream that saw id 8 and reconnects with Last-Event-ID 8 would never be sent an id 7
 * that committed after. So the id is taken under EVENTS_LOCK, held until commit: ids commit in
 * order, and whatever a reader sees has every lower id committed before it (or rolled back). The
 * lock covers only the last statements and the commit, so writers queue for that much alone
 * (docs/performance.md, "Live events"). PGlite runs one transaction at a time and needs none.
 */
export async function recordEvent(em: EntityManager, db: Database, event: Omit<ChangeEvent, 'id'>): Promise<ChangeEvent> {
  const k = kyselyOf(em);
  if (db.kind === 'postgresql') await k.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(EVENTS_LOCK)]).as('locked')).execute();
  const row = await k
    .insertInto('events')
    .values({
      created_at: sql<Date>`now()`,
      action: event.action,
      actor: event.actor,
      records: JSON.stringify(event.records),
      audience: event.audience === null ? null : JSON.stringify(event.audience),
      readers: event.readers ? JSON.stringify(event.readers) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const saved: ChangeEvent = { id: Number(row.id), ...event };
  if (db.kind === 'postgresql') {
    const whole = JSON.stringify(saved);
    const payload = whole.length <= PAYLOAD_MAX ? whole : JSON.stringify({ id: saved.id });
    await k.selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(EVENTS_CHANNEL), eb.val(payload)]).as('notified')).execute();
  }
  return saved;
}
