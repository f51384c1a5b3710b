import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { matchingValues, recordFilter } from './matching-values.ts';
import { recordWhere } from './params.ts';

export const sumRecords: FactKind = {
  name: 'sumRecords',
  description:
    'The sum of a numeric field over the records of a collection that match every field of "where" (null matches null) and every comparison of "filter" ({ field, operator, value }: a record\'s instant after now, say), found through the first "where" field. 0 when none match.',
  params: z.strictObject({
    collection: z.string(),
    where: recordWhere,
    field: z.string().describe('The numeric field summed.'),
    filter: recordFilter,
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    let sum = 0;
    for (const v of matchingValues(p, ctx)) sum += v;
    return sum;
  },
};
