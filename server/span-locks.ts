import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { COLLECTIONS, isTemporaryId, type Change } from '../engine/index.ts';
import { entityOf } from './db/world.entities.ts';

/**
 * Transaction-scoped advisory locks over the days a count reads: a count over other people's
 * records (who is on duty, who is already off) reads a range, which no row lock guards against a
 * row inserted or changed by another transaction. So the locked decision takes, before it reads
 * such a count, an exclusive lock per collection and UTC day the span touches, and a write to a
 * record of that collection takes a shared one on the days of the record's old and new spans:
 * two decisions counting the same days queue, and the second counts what the first wrote; a
 * decision that counts and one that writes those days queue too. Writers that count nothing do
 * not queue on each other. PGlite runs transactions one at a time: the locks are free there.
 */

const DAY_MINUTES = 1440;
/** Past this many days a span locks its whole collection instead: the lock table stays small. */
const MAX_LOCKED_DAYS = 31;
/** The second key of a collection-wide lock: below every day, so it is taken first. */
const WHOLE = -2147483648;

/** A half-open span of epoch minutes. */
export interface Span {
  from: number;
  to: number;
}

interface Lock {
  collection: number;
  day: number;
  exclusive: boolean;
}

const collectionKeys = new Map<string, number>();

/** A collection's first lock key: from its name, so it stays the same whatever other collections come and go. */
function collectionKey(collection: string): number {
  let key = collectionKeys.get(collection);
  if (key === undefined) {
    key = createHash('sha1').update(`shiftinator span lock ${collection}`).digest().readInt32BE(0);
    collectionKeys.set(collection, key);
  }
  return key;
}

/** Collections whose records have a start and an end instant: the ones a count over a span reads. */
export function isSpanCollection(collection: string): boolean {
  const fields = COLLECTIONS[collection]?.fields;
  return fields?.start?.type === 'instant' && fields.end?.type === 'instant';
}

/**
 * The UTC days a span touches. A record counts for [from, to) when start < to and end > from,
 * so it holds the minutes `from` and `to - 1`, and the record's own minutes `start` and
 * `end - 1` include one of those: a record and a count that meet always share a day, even for
 * spans given backwards.
 */
function days(span: Span): [number, number] {
  const a = Math.floor(Math.min(span.from, span.to - 1) / DAY_MINUTES);
  const b = Math.floor(Math.max(span.from, span.to - 1) / DAY_MINUTES);
  return [a, b];
}

/**
 * The locks for spans of a collection: `count` (reading who is there) takes each day
 * exclusively, a write shares it; both share the collection-wide lock, which a span too long to
 * lock day by day takes exclusively instead.
 */
function locksFor(collection: string, spans: readonly Span[], mode: 'count' | 'write'): Lock[] {
  const key = collectionKey(collection);
  const out: Lock[] = [];
  for (const span of spans) {
    if (!Number.isFinite(span.from) || !Number.isFinite(span.to)) continue;
    const [first, last] = days(span);
    if (last - first + 1 > MAX_LOCKED_DAYS) {
      out.push({ collection: key, day: WHOLE, exclusive: true });
      continue;
    }
    out.push({ collection: key, day: WHOLE, exclusive: false });
    for (let day = first; day <= last; day++) out.push({ collection: key, day, exclusive: mode === 'count' });
  }
  return out;
}

/** Takes locks in one statement, in ascending order, each once (exclusively if asked so once). */
async function take(em: EntityManager, locks: readonly Lock[]): Promise<void> {
  const byKey = new Map<string, Lock>();
  for (const lock of locks) {
    const k = `${lock.collection}:${lock.day}`;
    const held = byKey.get(k);
    if (!held || (lock.exclusive && !held.exclusive)) byKey.set(k, lock);
  }
  if (!byKey.size) return;
  const sorted = [...byKey.values()].sort((a, b) => a.collection - b.collection || a.day - b.day);
  // SQL text: calls of PostgreSQL's lock functions over no table, so Kysely's types would check nothing.
  const calls = sorted.map((l) => `pg_advisory_xact_lock${l.exclusive ? '' : '_shared'}((${l.collection})::int4, (${l.day})::int4)`);
  await em.getConnection().execute(`select ${calls.join(', ')}`, [], 'all', em.getTransactionContext());
}

/** Before counts of collections over spans are read, in the caller's transaction: one statement for them all. */
export function lockCounts(em: EntityManager, counts: readonly (Span & { collection: string })[]): Promise<void> {
  return take(em, counts.flatMap((c) => locksFor(c.collection, [c], 'count')));
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Before changes are written, in the caller's transaction: the days of every span they touch,
 * a new record's, and an updated or deleted record's before (read here, its row locked, so it is
 * the span the change replaces) and after.
 */
export async function lockWrites(em: EntityManager, changes: readonly Change[]): Promise<void> {
  const touched = new Map<string, Set<unknown>>();
  for (const c of changes) {
    if (c.op === 'insert' || !isSpanCollection(c.collection) || isTemporaryId(c.key)) continue;
    let keys = touched.get(c.collection);
    if (!keys) touched.set(c.collection, (keys = new Set()));
    keys.add(c.key);
  }
  const before = new Map<string, Map<string, Span>>();
  if (touched.size) {
    const ctes: string[] = [];
    const outs: string[] = [];
    const params: unknown[] = [];
    [...touched].forEach(([collection, keys], i) => {
      const meta = em.getMetadata().get(entityOf(collection) as never);
      const column = (field: string): string => quote(meta.properties[field as never]?.fieldNames[0] ?? field);
      const minutes = (field: string): string => `(extract(epoch from ${column(field)}) / 60)::float8`;
      const keyField = COLLECTIONS[collection]?.key ?? 'id';
      ctes.push(`c${i} as (select ${column(keyField)} as k, ${minutes('start')} as s, ${minutes('end')} as e from ${quote(meta.tableName)} where ${column(keyField)} in (${[...keys].map(() => '?').join(', ')}) for update)`);
      params.push(...keys);
      outs.push(`select ${i} as c, k, s, e from c${i}`);
    });
    // SQL text: it locks rows (no plain read), of tables and columns named at run time from the metadata, which Kysely's types cannot check.
    const rows = await em.getConnection().execute<{ c: number; k: unknown; s: number; e: number }[]>(`with ${ctes.join(', ')} ${outs.join(' union all ')}`, params, 'all', em.getTransactionContext());
    const names = [...touched.keys()];
    for (const row of rows) {
      const collection = names[Number(row.c)] as string;
      let spans = before.get(collection);
      if (!spans) before.set(collection, (spans = new Map()));
      // Keyed by text: a bigint key may come back as text.
      spans.set(String(row.k), { from: Number(row.s), to: Number(row.e) });
    }
  }
  const locks: Lock[] = [];
  for (const c of changes) {
    if (!isSpanCollection(c.collection)) continue;
    const spans: Span[] = [];
    if (c.op === 'insert') spans.push({ from: c.record.start as number, to: c.record.end as number });
    else {
      const old = before.get(c.collection)?.get(String(c.key));
      if (old) spans.push(old);
      if (c.op === 'update' && ('start' in c.fields || 'end' in c.fields)) {
        const from = 'start' in c.fields ? c.fields.start : old?.from;
        const to = 'end' in c.fields ? c.fields.end : old?.to;
        if (typeof from === 'number' && typeof to === 'number') spans.push({ from, to });
      }
    }
    locks.push(...locksFor(c.collection, spans, 'write'));
  }
  await take(em, locks);
}
