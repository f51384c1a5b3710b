import { z } from 'zod';
import { lowerBound } from '../intervals.ts';
import { groupRange } from '../roles.ts';
import type { DutyFilter } from '../world.ts';
import { NUMBER, type FactKind, type RunContext } from './fact-kind.ts';
import { breakTypes, idParam, instantParam } from './params.ts';
import { isNum } from './values.ts';

/** A group of roles.json the head counts read, as a range of agent types (the lint has checked it is one). */
function groupTypes(ctx: RunContext, group: unknown): { min?: number; max?: number } | null {
  if (group === undefined) return null;
  if (!ctx.roles) throw new Error(`group "${String(group)}" needs rules/roles.json`);
  const range = groupRange(ctx.roles, String(group));
  if (typeof range === 'string') throw new Error(range);
  return range;
}

export const minHeadCount: FactKind = {
  name: 'minHeadCount',
  description:
    'The smallest number, over the steps start, start + stepMinutes, ... before end, of agents on duty (a shift covering the instant, not on a break) who match the filter, leaving out excludeAgent. Null when the span has no step.',
  params: z.strictObject({
    start: instantParam,
    end: instantParam,
    stepMinutes: z.number().positive(),
    spanish: z.boolean().optional().describe('Only agents whose spanish flag has this value.'),
    group: z.string().optional().describe('Only members of this group of rules/roles.json (a range of agent types, such as "supervisors").'),
    excludeAgent: idParam.optional(),
    breakTypes,
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    if (!isNum(p.start) || !isNum(p.end)) return null;
    const step = p.stepMinutes as number;
    const spanish = p.spanish as boolean | undefined;
    const range = groupTypes(ctx, p.group);
    const filter: DutyFilter = {};
    if (spanish !== undefined) filter.spanish = spanish;
    if (range?.min !== undefined) filter.agentTypeMin = range.min;
    if (range?.max !== undefined) filter.agentTypeMax = range.max;
    const index = ctx.world.dutyIndex(filter, p.breakTypes as number[], { from: p.start, to: p.end });
    const exclude = p.excludeAgent;
    // One sweep over the steps, without a scan of every interval at every step: intervals come
    // on duty at their start and go off at their end, and an agent counts once however many of
    // their intervals cover the instant. Intervals ending by the span's start never count.
    const spanStart = p.start;
    const counts = (iv: (typeof index.intervals)[number]): boolean => iv.end > spanStart && iv.agentId !== exclude;
    const list = index.intervals;
    const byEnd = index.byEnd;
    let entered = lowerBound(list, spanStart - index.maxDuration, (iv) => iv.start);
    let left = lowerBound(byEnd, spanStart, (iv) => iv.end);
    while (left < byEnd.length && !((byEnd[left] as (typeof list)[number]).end > spanStart)) left++;
    const covering = new Map<number, number>();
    let onDuty = 0;
    let min: number | null = null;
    for (let t = p.start; t < p.end; t += step) {
      for (; entered < list.length && (list[entered] as (typeof list)[number]).start <= t; entered++) {
        const iv = list[entered] as (typeof list)[number];
        if (!counts(iv)) continue;
        const n = covering.get(iv.agentId) ?? 0;
        if (n === 0) onDuty++;
        covering.set(iv.agentId, n + 1);
      }
      for (; left < byEnd.length && (byEnd[left] as (typeof list)[number]).end <= t; left++) {
        const iv = byEnd[left] as (typeof list)[number];
        if (!counts(iv)) continue;
        const n = covering.get(iv.agentId) as number;
        if (n === 1) onDuty--;
        covering.set(iv.agentId, n - 1);
      }
      if (min === null || onDuty < min) min = onDuty;
      if (min === 0) break;
    }
    return min;
  },
};
