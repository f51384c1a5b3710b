import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { refOr } from './params.ts';
import { isNum } from './values.ts';

export const arithmetic: FactKind = {
  name: 'arithmetic',
  description: 'The sum of "add" less the sum of "subtract", or null when a term is null.',
  params: z.strictObject({ add: z.array(refOr(z.number())).min(1), subtract: z.array(refOr(z.number())).default([]) }),
  shape: () => NUMBER,
  compute: (p) => {
    const add = p.add as unknown[];
    const sub = p.subtract as unknown[];
    if (![...add, ...sub].every(isNum)) return null;
    return (add as number[]).reduce((a, b) => a + b, 0) - (sub as number[]).reduce((a, b) => a + b, 0);
  },
};
