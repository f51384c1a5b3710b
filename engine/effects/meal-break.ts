import type { Change } from '../changes.ts';
import type { Shift } from '../world.ts';
import type { Ids } from './effect.ts';

export interface MealBreakParams {
  afterMinutes: number;
  minutes: number;
  shiftType: number;
  roundToMinutes: number;
}

/** The start of a meal break centred on [start, end), rounded down to roundToMinutes. */
export function centredBreakStart(start: number, end: number, meal: MealBreakParams): number {
  const centred = (start + end) / 2 - meal.minutes / 2;
  return Math.floor(centred / meal.roundToMinutes) * meal.roundToMinutes;
}

export function mealBreakOf(shift: Shift, start: number, meal: MealBreakParams, ids: Ids): Change {
  return {
    op: 'insert',
    collection: 'shifts',
    record: {
      id: ids.take('shifts'),
      agentId: shift.agentId,
      start,
      end: start + meal.minutes,
      shiftType: meal.shiftType,
      payRate: shift.payRate,
      cots: 0,
      isCovering: false,
      parentId: shift.id,
    },
  };
}
