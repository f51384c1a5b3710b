import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { instantParam } from './params.ts';
import { isNum } from './values.ts';

export const elapsedMinutes: FactKind = {
  name: 'elapsedMinutes',
  description: 'Elapsed minutes from one instant to another (negative when "to" is earlier), or null.',
  params: z.strictObject({ from: instantParam, to: instantParam }),
  shape: () => NUMBER,
  compute: (p) => (isNum(p.from) && isNum(p.to) ? p.to - p.from : null),
};
