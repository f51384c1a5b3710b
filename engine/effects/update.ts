import type { Effect } from './effect.ts';
import { fieldsOf, withInserted } from './records.ts';

export const update: Effect = ({ params, inserted }) => {
  const collection = params.collection as string;
  const key = withInserted(params.key, inserted);
  if (key === null || key === undefined) return [];
  return [{ op: 'update', collection, key, fields: fieldsOf(collection, withInserted(params.fields, inserted)) }];
};
