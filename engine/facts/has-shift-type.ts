import { z } from 'zod';
import { BOOLEAN, type FactKind } from './fact-kind.ts';
import { idParam, typeList } from './params.ts';
import { isNum } from './values.ts';

export const hasShiftType: FactKind = {
  name: 'hasShiftType',
  description: 'Whether a shift is of one of the types, or (with includeSubShifts) holds a sub-shift of one.',
  params: z.strictObject({ shift: idParam, shiftTypes: typeList, includeSubShifts: z.boolean().default(false) }),
  shape: () => BOOLEAN,
  compute: (p, ctx) => {
    const s = isNum(p.shift) ? ctx.world.shift(p.shift) : null;
    if (!s) return null;
    const types = p.shiftTypes as number[];
    if (types.includes(s.shiftType)) return true;
    return p.includeSubShifts === true && ctx.world.subShiftsOf(s.id).some((sub) => types.includes(sub.shiftType));
  },
};
