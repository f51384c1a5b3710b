import { z } from 'zod';
import type { FactKind } from './fact-kind.ts';
import { refOr } from './params.ts';

export const record: FactKind = {
  name: 'record',
  description: 'The record of a world collection with the given key (agentId for agents, date for days, id otherwise), or null.',
  params: z.strictObject({ collection: z.string(), id: refOr(z.union([z.number(), z.string()])) }),
  shape: (p) => ({ type: 'record', collection: String(p.collection) }),
  compute: (p, ctx) => (p.id === null || p.id === undefined ? null : ctx.world.get(String(p.collection), p.id)),
};
