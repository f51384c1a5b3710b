import { COLLECTIONS, denormalizeRecord, type NormalizedWorld } from '../engine/index.ts';

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
