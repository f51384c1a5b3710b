import { z } from 'zod';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { idParam, instantParam, typeList } from './params.ts';
import { isNum } from './values.ts';

export const subShiftCount: FactKind = {
  name: 'subShiftCount',
  description: 'How many sub-shifts of the given types a shift holds; with startingBy, only those starting at or before it.',
  params: z.strictObject({ shift: idParam, shiftTypes: typeList, startingBy: instantParam.optional() }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    if (!isNum(p.shift)) return null;
    const types = p.shiftTypes as number[];
    const by = p.startingBy;
    return ctx.world
      .subShiftsOf(p.shift)
      .filter((s) => types.includes(s.shiftType) && (!isNum(by) || s.start <= by)).length;
  },
};
