import type { Change } from '../changes.ts';
import type { Effect } from './effect.ts';
import { centredBreakStart, mealBreakOf, type MealBreakParams } from './meal-break.ts';

/**
 * The combined shift runs from the earlier start to the later end. Its old meal breaks go; when it
 * is longer than afterMinutes it gets one break of `minutes`, centred and rounded down to
 * roundToMinutes (Eastern offsets are whole hours, so this rounds the wall clock too).
 */
export const combineShifts: Effect = ({ world, input, params, ids }) => {
  const a = world.shift(input.shift1Id);
  const b = world.shift(input.shift2Id);
  if (!a || !b) return [];
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  const meal = params.mealBreak as MealBreakParams;
  const start = first.start;
  const end = Math.max(first.end, second.end);
  const changes: Change[] = [{ op: 'update', collection: 'shifts', key: first.id, fields: { end } }];
  for (const shift of [first, second]) {
    for (const sub of world.subShiftsOf(shift.id)) {
      if (sub.shiftType === meal.shiftType) changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
      else if (shift === second) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: { parentId: first.id } });
    }
  }
  // Changes are written in order: the later shift goes only once no sub-shift names it, so a
  // store that enforces or cascades parentId neither refuses the delete nor drops moved sub-shifts.
  changes.push({ op: 'delete', collection: 'shifts', key: second.id });
  if (end - start > meal.afterMinutes) changes.push(mealBreakOf(first, centredBreakStart(start, end, meal), meal, ids));
  return changes;
};
