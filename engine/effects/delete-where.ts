import { COLLECTIONS } from '../collections.ts';
import type { Effect } from './effect.ts';
import { recordsMatching, withInserted } from './records.ts';

export const removeWhere: Effect = ({ world, params, inserted }) => {
  const collection = params.collection as string;
  const keyField = COLLECTIONS[collection]?.key ?? 'id';
  const where = withInserted(params.where, inserted) as Record<string, unknown>;
  return recordsMatching(world, collection, where).map((r) => ({ op: 'delete' as const, collection, key: r[keyField] }));
};
