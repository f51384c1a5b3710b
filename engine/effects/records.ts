import { COLLECTIONS } from '../collections.ts';
import type { PreparedWorld, WorldRecord } from '../world.ts';

/**
 * Generic effects, so that an action which only records or updates rows is described by its rule
 * file alone. Params arrive with fact references resolved; `{ "inserted": name }` stands for the
 * id of a record an earlier effect of the same action inserted `as` name.
 */
export function withInserted(value: unknown, inserted: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => withInserted(v, inserted));
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === 'inserted' && typeof o.inserted === 'string') return inserted.get(o.inserted) ?? null;
    return Object.fromEntries(keys.map((k) => [k, withInserted(o[k], inserted)]));
  }
  return value;
}

export function fieldsOf(collection: string, fields: unknown): WorldRecord {
  const spec = COLLECTIONS[collection];
  const out: WorldRecord = {};
  for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (spec?.fields[name]) out[name] = value === undefined ? null : value;
  }
  return out;
}

export function matches(record: WorldRecord, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([field, value]) => record[field] === value);
}

/** Records matching every field of `where`, found through the first field (an indexed lookup). */
export function recordsMatching(world: PreparedWorld, collection: string, where: Record<string, unknown>): readonly WorldRecord[] {
  const entries = Object.entries(where);
  const first = entries[0];
  if (!first) return [];
  return world.recordsWhere(collection, first[0], first[1]).filter((r) => matches(r, where));
}

/**
 * The records `from` names ({ collection, where, except }): those matching every field of
 * `where`, less those whose key is `except` (a key or a list of keys), in the collection's order.
 */
export function matchedRecords(world: PreparedWorld, from: unknown, inserted: Map<string, unknown>): readonly WorldRecord[] {
  const f = withInserted(from, inserted) as { collection?: unknown; where?: unknown; except?: unknown } | null;
  if (!f || typeof f.collection !== 'string' || !f.where || typeof f.where !== 'object') return [];
  const keyField = COLLECTIONS[f.collection]?.key ?? 'id';
  const except = Array.isArray(f.except) ? f.except : [f.except];
  return recordsMatching(world, f.collection, f.where as Record<string, unknown>).filter((r) => !except.includes(r[keyField]));
}
