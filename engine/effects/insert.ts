import { COLLECTIONS } from '../collections.ts';
import type { WorldRecord } from '../world.ts';
import type { Effect } from './effect.ts';
import { fieldsOf, withInserted } from './records.ts';

export const insert: Effect = ({ ids, params, inserted }) => {
  const collection = params.collection as string;
  const spec = COLLECTIONS[collection];
  if (!spec) return [];
  const given = fieldsOf(collection, withInserted(params.record, inserted));
  const record: WorldRecord = {};
  for (const [name, field] of Object.entries(spec.fields)) record[name] = given[name] ?? field.default ?? null;
  if (spec.key === 'id' && given.id === undefined) record.id = ids.take(collection);
  if (typeof params.as === 'string') inserted.set(params.as, record[spec.key]);
  return [{ op: 'insert', collection, record }];
};
