import { z } from 'zod';
import { permissionsFor } from '../roles.ts';
import type { WorldRecord } from '../world.ts';
import type { FactKind } from './fact-kind.ts';
import { RefSchema } from './refs.ts';
import { isNum } from './values.ts';

export const permissions: FactKind = {
  name: 'permissions',
  description:
    'What an agent may do and see by rules/roles.json: each permission by name, true or false for a flag, the values it gives for a list (the chat categories a sender may write to, say). Null for no agent.',
  params: z.strictObject({ agent: RefSchema.describe('An agent record (actor, or a record fact of agents).') }),
  shape: () => ({ type: 'any' }),
  compute: (p, ctx) => {
    const a = p.agent as WorldRecord | null;
    if (!a || !isNum(a.agentType)) return null;
    if (!ctx.roles) throw new Error('permissions need rules/roles.json');
    return permissionsFor(ctx.roles, a.agentType, a.spanish === true, a as never);
  },
};
