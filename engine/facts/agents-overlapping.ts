import { z } from 'zod';
import { inGroup, type Roles } from '../roles.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { idParam, instantParam, refOr } from './params.ts';
import { isNum } from './values.ts';

export const agentsOverlapping: FactKind = {
  name: 'agentsOverlapping',
  description:
    'How many different agents have a record of a collection with start and end instants (personal time) overlapping [start, end) that matches every field of "where", counting only agents whose agentType lies in agentTypes [min, max], leaving out excludeAgent: how many people are already off during these hours. Back-to-back records do not overlap. Null when start or end is null.',
  params: z.strictObject({
    collection: z.string(),
    start: instantParam,
    end: instantParam,
    where: z.record(z.string(), refOr(z.union([z.number(), z.string(), z.boolean(), z.null()]))).default({}),
    group: z.string().optional().describe('Only agents in this group of rules/roles.json.'),
    excludeAgent: idParam.optional(),
  }),
  shape: () => NUMBER,
  compute: (p, ctx) => {
    if (!isNum(p.start) || !isNum(p.end)) return null;
    const where = Object.entries(p.where as Record<string, unknown>);
    const group = p.group === undefined ? undefined : String(p.group);
    if (group !== undefined && !ctx.roles) throw new Error(`group "${group}" needs rules/roles.json`);
    const agents = new Set<unknown>();
    for (const rec of ctx.world.recordsOverlapping(String(p.collection), p.start, p.end)) {
      if (rec.agentId === p.excludeAgent || agents.has(rec.agentId)) continue;
      if (!where.every(([f, value]) => rec[f] === value)) continue;
      if (group !== undefined && !inGroup(ctx.roles as Roles, group, ctx.world.agent(rec.agentId))) continue;
      agents.add(rec.agentId);
    }
    return agents.size;
  },
};
