import { z } from 'zod';
import type { WorldRecord } from '../world.ts';
import type { FactKind, Shape } from './fact-kind.ts';
import { RefSchema } from './refs.ts';

export const ordered: FactKind = {
  name: 'ordered',
  description: 'Two records of a collection ordered by a numeric field: { first, second }. Null when either is null.',
  params: z.strictObject({ collection: z.string(), a: RefSchema, b: RefSchema, by: z.string() }),
  shape: (p) => {
    const rec: Shape = { type: 'record', collection: String(p.collection) };
    return { type: 'object', fields: { first: rec, second: rec } };
  },
  compute: (p) => {
    const a = p.a as WorldRecord | null;
    const b = p.b as WorldRecord | null;
    if (!a || !b) return null;
    const by = String(p.by);
    return (a[by] as number) <= (b[by] as number) ? { first: a, second: b } : { first: b, second: a };
  },
};
