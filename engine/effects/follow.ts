import type { Change } from '../changes.ts';
import { COLLECTIONS } from '../collections.ts';
import type { PreparedWorld } from '../world.ts';
import { matches } from './records.ts';
import { num, type Span } from './values.ts';

/**
 * Records of another collection that name a shift (`field`) and are about an instant of it (`at`),
 * narrowed by `where`: when the shift splits, each goes with the piece that holds its instant.
 * With `until` (the field ending the record's hours [at, until)), a record whose instant no piece
 * keeps goes with the first piece that holds any of its hours: a leave early whose start was given
 * away goes with the giver's hours after it.
 */
export interface Follow {
  collection: string;
  field: string;
  at: string;
  until?: string;
  where?: Record<string, unknown>;
}

/**
 * The changes that move the records `follow` names from `shiftId` to the piece (of `pieces`, in
 * time order, each with the id it keeps or gets) that holds them; a record whose piece keeps the
 * shift's id, or that no piece holds, stays.
 */
export function followPieces(world: PreparedWorld, shiftId: number, pieces: readonly (Span & { id: number })[], follow: readonly Follow[]): Change[] {
  const changes: Change[] = [];
  for (const f of follow) {
    const keyField = COLLECTIONS[f.collection]?.key ?? 'id';
    for (const rec of world.recordsWhere(f.collection, f.field, shiftId)) {
      if (!matches(rec, f.where ?? {})) continue;
      const at = num(rec[f.at]);
      if (at === null) continue;
      const until = f.until === undefined ? null : num(rec[f.until]);
      const piece =
        pieces.find((p) => p.start <= at && at < p.end) ?? (until === null ? undefined : pieces.find((p) => p.start < until && at < p.end));
      if (piece && piece.id !== shiftId) changes.push({ op: 'update', collection: f.collection, key: rec[keyField], fields: { [f.field]: piece.id } });
    }
  }
  return changes;
}

export function follows(value: unknown): Follow[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Follow[];
}
