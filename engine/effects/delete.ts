import type { Effect } from './effect.ts';
import { withInserted } from './records.ts';

export const remove: Effect = ({ params, inserted }) => {
  const key = withInserted(params.key, inserted);
  return key === null || key === undefined ? [] : [{ op: 'delete', collection: params.collection as string, key }];
};
