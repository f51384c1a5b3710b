import { z } from 'zod';
import { COLLECTIONS } from '../collections.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { instantParam, recordWhere, refOr } from './params.ts';
import { isNum } from './values.ts';

export const overlappingRecords: FactKind = {
  name: 'overlappingRecords',
  description:
    'How many records of a collection that match every field of "where" (null matches null) have [startField, endField) overlapping [start, end), leaving out the record whose key is "except": a posting already covering part of these hours. Back-to-back records do not overlap. Null when start or end is null.',
  params: z.strictObject({
    collection: z.string(),
    where: recordWhere,
    start: instantParam,
    end: instantParam,
    startField: z.string().default('start'),
    endField: z.string().default('end'),
    except: refOr(z.union([z.number(), z.string(), z.null()])).optional().describe('The key of a record not to count (the one being edited).'),
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    if (!isNum(p.start) || !isNum(p.end)) return null;
    const { start, end } = p;
    const collection = String(p.collection);
    const keyField = COLLECTIONS[collection]?.key ?? 'id';
    const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
    if (!first) return 0;
    const from = String(p.startField);
    const to = String(p.endField);
    return ctx.world
      .recordsWhere(collection, first[0], first[1])
      .filter(
        (rec) =>
          rest.every(([field, value]) => rec[field] === value) &&
          (p.except === undefined || p.except === null || rec[keyField] !== p.except) &&
          isNum(rec[from]) &&
          isNum(rec[to]) &&
          rec[from] < end &&
          rec[to] > start,
      ).length;
  },
};
