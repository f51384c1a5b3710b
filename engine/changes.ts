import { collectionSpec } from './collections.ts';
import type { NormalizedWorld, WorldRecord } from './world.ts';

/**
 * What an action writes, as data: the engine says what changes, the server writes it, replay
 * applies it to the scenario's world to compare with expect.world.
 */
export type Change =
  | { op: 'insert'; collection: string; record: WorldRecord }
  | { op: 'update'; collection: string; key: unknown; fields: WorldRecord }
  | { op: 'delete'; collection: string; key: unknown };

function keyOf(collection: string): string {
  return collectionSpec(collection)?.key ?? 'id';
}

export function applyChanges(world: NormalizedWorld, changes: readonly Change[]): NormalizedWorld {
  const out: NormalizedWorld = {};
  for (const [name, list] of Object.entries(world)) out[name] = list.map((r) => ({ ...r }));
  for (const c of changes) {
    const list = (out[c.collection] ??= []);
    const key = keyOf(c.collection);
    if (c.op === 'insert') {
      list.push({ ...c.record });
    } else if (c.op === 'update') {
      const rec = list.find((r) => r[key] === c.key);
      if (rec) Object.assign(rec, c.fields);
    } else {
      const i = list.findIndex((r) => r[key] === c.key);
      if (i >= 0) list.splice(i, 1);
    }
  }
  return out;
}
