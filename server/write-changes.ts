import type { EntityManager } from '@mikro-orm/core';
import { COLLECTIONS, isTemporaryId, type Change } from '../engine/index.ts';
import { entityOf, recordToRow } from './db/world.entities.ts';
import { writeNotifications } from './inbox/notifications.ts';
import { lockWrites } from './span-locks.ts';

/**
 * Writes an action's changes, in order, inside the caller's transaction. Records the action
 * inserts carry temporary ids (engine/slice.ts); the database numbers them, and later changes
 * that name a temporary id (a meal break's parentId) get the real one. The days of the spans
 * they touch are locked first (server/span-locks.ts). Every text it writes is kept in its
 * recipient's inbox too (server/inbox).
 */
export async function writeChanges(em: EntityManager, changes: readonly Change[]): Promise<Map<number, number>> {
  const real = new Map<number, number>();
  const remap = (collection: string, fields: Record<string, unknown>): Record<string, unknown> => {
    const spec = COLLECTIONS[collection];
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      out[name] = spec?.fields[name]?.type === 'id' && isTemporaryId(value) ? (real.get(value) ?? value) : value;
    }
    return out;
  };
  // Counts over these records' days (who is on duty, who is off) wait for this transaction.
  await lockWrites(em, changes);
  for (const change of changes) {
    const entity = entityOf(change.collection);
    const key = COLLECTIONS[change.collection]?.key ?? 'id';
    if (change.op === 'insert') {
      const { [key]: tempId, ...rest } = change.record;
      const row = recordToRow(change.collection, remap(change.collection, key === 'id' && isTemporaryId(tempId) ? rest : change.record));
      const id = await em.insert(entity, row as never);
      if (isTemporaryId(tempId)) real.set(tempId, Number(id));
    } else if (change.op === 'update') {
      await em.nativeUpdate(entity, { [key]: change.key } as never, recordToRow(change.collection, remap(change.collection, change.fields)) as never);
    } else {
      await em.nativeDelete(entity, { [key]: change.key } as never);
    }
  }
  await writeNotifications(em, changes);
  return real;
}
