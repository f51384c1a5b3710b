import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { matchingValues, recordFilter } from './matching-values.ts';
import { recordWhere } from './params.ts';

export const minOfRecords: FactKind = {
  name: 'minOfRecords',
  description:
    'The smallest value of a numeric field over the records of a collection that match every field of "where" (null matches null) and every comparison of "filter", as sumRecords finds them: the earliest start among notices, say. Null when none match.',
  params: z.strictObject({
    collection: z.string(),
    where: recordWhere,
    field: z.string().describe('The numeric field whose smallest value is taken.'),
    filter: recordFilter,
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    let min: number | null = null;
    for (const v of matchingValues(p, ctx)) if (min === null || v < min) min = v;
    return min;
  },
};
