import { z } from 'zod';
import { dayOf } from '../time.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { instantParam } from './params.ts';
import { isNum } from './values.ts';

export const dateOf: FactKind = {
  name: 'dateOf',
  description: 'The Eastern calendar date (day number) of an instant, or null.',
  params: z.strictObject({ at: instantParam }),
  shape: () => NUMBER,
  compute: (p) => (isNum(p.at) ? dayOf(p.at) : null),
};
