import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { recordWhere } from './params.ts';

export const countRecords: FactKind = {
  name: 'countRecords',
  description: 'How many records of a collection have every field of "where" equal to the given value (null matches null).',
  params: z.strictObject({
    collection: z.string(),
    where: recordWhere,
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
    if (!first) return 0;
    return ctx.world
      .recordsWhere(String(p.collection), first[0], first[1])
      .filter((rec) => rest.every(([field, value]) => rec[field] === value)).length;
  },
};
