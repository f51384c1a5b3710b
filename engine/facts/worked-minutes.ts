import { z } from 'zod';
import { clip, subtract, totalLength, type Interval } from '../intervals.ts';
import { dayOf, startOfDay, startOfWeek } from '../time.ts';
import type { PreparedWorld, Shift } from '../world.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { breakTypes, excludeList, idParam, instantParam, typeList } from './params.ts';
import { exclusions, isNum } from './values.ts';

/** The worked pieces of one main shift inside [from, to): less breaks and excluded hours. */
function workedPieces(
  world: PreparedWorld,
  s: Shift,
  from: number,
  to: number,
  excluded: Interval[],
  breaks: readonly number[],
): Interval[] {
  const first = clip(s, from, to);
  if (!first) return [];
  let pieces = [first];
  for (const cut of excluded) pieces = subtract(pieces, cut);
  for (const sub of world.subShiftsOf(s.id)) {
    if (breaks.includes(sub.shiftType)) pieces = subtract(pieces, sub);
  }
  return pieces;
}

function windowOf(p: Record<string, unknown>): Interval | null {
  const at = p.at;
  if (!isNum(at)) return null;
  const hours = p.hours;
  switch (p.window) {
    case 'after':
      return isNum(hours) ? { start: at, end: at + hours * 60 } : null;
    case 'before':
      return isNum(hours) ? { start: at - hours * 60, end: at } : null;
    case 'day': {
      const day = dayOf(at);
      return { start: startOfDay(day), end: startOfDay(day + 1) };
    }
    case 'span':
      return isNum(p.until) && p.until > at ? { start: at, end: p.until } : null;
    case 'week': {
      if (!isNum(p.weekStartsOn)) return null;
      const first = startOfWeek(dayOf(at), p.weekStartsOn);
      return { start: startOfDay(first), end: startOfDay(first + 7) };
    }
    default:
      return null;
  }
}

export const workedMinutes: FactKind = {
  name: 'workedMinutes',
  description:
    'Minutes an agent works inside a window: scheduled main shifts clipped to it, less breaks and excluded hours. Windows: "after" [at, at + hours), "before" [at - hours, at), "day" (the Eastern date of at), "week" (the week holding at, starting on ISO weekday weekStartsOn), "span" [at, until) (a shift\'s own hours).',
  params: z.strictObject({
    agent: idParam,
    window: z.enum(['after', 'before', 'day', 'week', 'span']),
    until: instantParam.optional().describe('With window "span": the end of the window [at, until) (a shift\'s end, say).'),
    at: instantParam,
    hours: z.number().positive().optional().describe('The window\'s length, needed by "after" and "before" (rules/parameters.json workWindowHours).'),
    weekStartsOn: z.number().int().min(1).max(7).optional().describe('The ISO weekday a "week" window starts on, needed by "week" (rules/parameters.json weekStartsOn).'),
    shiftTypes: typeList.optional().describe('Only shifts of these types count (all when absent).'),
    breakTypes,
    exclude: excludeList.default([]),
  }).superRefine((p, ctx) => {
    // The window's length and the week's start are the rules' values: no default stands in for them.
    if ((p.window === 'after' || p.window === 'before') && p.hours === undefined) ctx.addIssue({ code: 'custom', path: ['hours'], message: `window "${p.window}" needs hours (rules/parameters.json workWindowHours)` });
    if (p.window === 'week' && p.weekStartsOn === undefined) ctx.addIssue({ code: 'custom', path: ['weekStartsOn'], message: 'window "week" needs weekStartsOn (rules/parameters.json weekStartsOn)' });
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    const win = windowOf(p);
    if (!win || !isNum(p.agent)) return null;
    const types = p.shiftTypes as number[] | undefined;
    const breaks = p.breakTypes as number[];
    const excluded = exclusions(p.exclude);
    let sum = 0;
    for (const s of ctx.world.mainShiftsOverlapping(p.agent, win.start, win.end)) {
      if (breaks.includes(s.shiftType)) continue;
      if (types && !types.includes(s.shiftType)) continue;
      sum += totalLength(workedPieces(ctx.world, s, win.start, win.end, excluded, breaks));
    }
    return sum;
  },
};
