import { COLLECTIONS } from '../../engine/collections.ts';
import type { NormalizedWorld, WorldRecord } from '../../engine/index.ts';

/** Every field of every record, the ones the demo does not set taking their collection's default. */
export function withDefaults(world: NormalizedWorld): NormalizedWorld {
  const out: NormalizedWorld = {};
  for (const [collection, records] of Object.entries(world)) {
    const fields = Object.entries(COLLECTIONS[collection]?.fields ?? {});
    out[collection] = records.map((rec) => {
      const full: WorldRecord = { ...rec };
      for (const [name, spec] of fields) if (!(name in full)) full[name] = spec.default ?? null;
      return full;
    });
  }
  return out;
}
