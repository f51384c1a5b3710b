import type { Change } from '../changes.ts';
import type { Effect } from './effect.ts';
import { centredBreakStart, mealBreakOf, type MealBreakParams } from './meal-break.ts';
import { num } from './values.ts';

/**
 * A supervisor's cut (cutUser). Without new times (`start`, `end` null) the whole shift goes, its
 * sub-shifts first. Otherwise the shift keeps [start, end): sub-shifts in the hours cut away are
 * deleted and those across a new edge clipped. Meal breaks are recalculated: a break already taken
 * (started by now) stays, clipped like the rest, since it happened; a break still to come stays
 * only while the shorter shift still earns one (longer than afterMinutes) and the break still lies
 * wholly inside it, so a break a supervisor placed is not moved for nothing. A shift that earns a
 * break and has none left gets one placed as combineShifts places it, but never in the past (then
 * from now, rounded up to roundToMinutes) and only where it ends by the new end.
 */
export const cutShift: Effect = ({ world, now, params, ids }) => {
  const shift = world.shift(params.shift);
  if (!shift) return [];
  const subs = world.subShiftsOf(shift.id);
  const start = num(params.start);
  const end = num(params.end);
  if (start === null || end === null) {
    return [...subs.map((s): Change => ({ op: 'delete', collection: 'shifts', key: s.id })), { op: 'delete', collection: 'shifts', key: shift.id }];
  }
  const meal = params.mealBreak as MealBreakParams;
  const earnsBreak = end - start > meal.afterMinutes;
  const changes: Change[] = [];
  if (start !== shift.start || end !== shift.end) changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { start, end } });
  let breakLeft = false;
  for (const sub of subs) {
    const isBreak = sub.shiftType === meal.shiftType;
    const from = Math.max(sub.start, start);
    const to = Math.min(sub.end, end);
    const keep = isBreak && sub.start > now ? earnsBreak && sub.start >= start && sub.end <= end : from < to;
    if (!keep) {
      changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
      continue;
    }
    if (from !== sub.start || to !== sub.end) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: { start: from, end: to } });
    if (isBreak) breakLeft = true;
  }
  if (earnsBreak && !breakLeft) {
    let at = centredBreakStart(start, end, meal);
    if (at < now) at = Math.ceil(now / meal.roundToMinutes) * meal.roundToMinutes;
    if (at + meal.minutes <= end) changes.push(mealBreakOf({ ...shift, start, end }, at, meal, ids));
  }
  return changes;
};
