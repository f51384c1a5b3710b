import { z } from 'zod';
import { subtract, type Interval } from '../intervals.ts';
import type { PreparedWorld, Shift } from '../world.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { breakTypes, excludeList, idParam, instantParam } from './params.ts';
import { exclusions, isNum } from './values.ts';

/** The parameters of scheduledOverlaps, as its schema fills them in. */
export interface OverlapParams {
  agent: number;
  start: number;
  end: number;
  trimMinutes: number;
  breakTypes: readonly number[];
  exclude?: unknown;
}

/**
 * The agent's shifts (not breaks) overlapping [start + trimMinutes, end - trimMinutes), leaving out
 * excluded hours: what scheduledOverlaps counts, and what a read listing them shows, so the two
 * never disagree.
 */
export function scheduledOverlapping(world: PreparedWorld, p: OverlapParams): Shift[] {
  const from = p.start + p.trimMinutes;
  const to = p.end - p.trimMinutes;
  if (!(from < to)) return [];
  const excluded = exclusions(p.exclude);
  const out: Shift[] = [];
  for (const s of world.mainShiftsOverlapping(p.agent, from, to)) {
    if (p.breakTypes.includes(s.shiftType)) continue;
    let pieces: Interval[] = [{ start: s.start, end: s.end }];
    for (const cut of excluded) pieces = subtract(pieces, cut);
    if (pieces.some((iv) => iv.start < to && iv.end > from)) out.push(s);
  }
  return out;
}

export const scheduledOverlaps: FactKind = {
  name: 'scheduledOverlaps',
  description:
    'How many of an agent\'s shifts (not breaks) overlap [start + trimMinutes, end - trimMinutes), leaving out excluded hours. Back-to-back shifts do not overlap.',
  params: z.strictObject({
    agent: idParam,
    start: instantParam,
    end: instantParam,
    trimMinutes: z.number().min(0).default(0),
    breakTypes,
    exclude: excludeList.default([]),
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    if (!isNum(p.agent) || !isNum(p.start) || !isNum(p.end)) return null;
    return scheduledOverlapping(ctx.world, p as unknown as OverlapParams).length;
  },
};
