import { z } from 'zod';
import { groupRange } from '../roles.ts';
import { onDutyAt, type DutyFilter } from '../world.ts';
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
    // A binary search per step in the population's head-count steps, prepared once with the
    // world: the cost does not grow with the agents on duty.
    let min: number | null = null;
    for (let t = p.start; t < p.end; t += step) {
      const onDuty = onDutyAt(index, t, p.excludeAgent);
      if (min === null || onDuty < min) min = onDuty;
      if (min === 0) break;
    }
    return min;
  },
};
