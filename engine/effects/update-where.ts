import { COLLECTIONS } from '../collections.ts';
import type { Effect } from './effect.ts';
import { fieldsOf, recordsMatching, withInserted } from './records.ts';

export const updateWhere: Effect = ({ world, params, inserted }) => {
  const collection = params.collection as string;
  const keyField = COLLECTIONS[collection]?.key ?? 'id';
  const fields = fieldsOf(collection, withInserted(params.fields, inserted));
  const where = withInserted(params.where, inserted) as Record<string, unknown>;
  return recordsMatching(world, collection, where).map((r) => ({ op: 'update' as const, collection, key: r[keyField], fields }));
};
