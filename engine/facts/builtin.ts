import { NUMBER, type RunContext, type Shape } from './fact-kind.ts';

/** Facts every action has, set from the request rather than computed. */
export const BUILTIN_FACTS: Record<string, { description: string; shape: Shape; value: (ctx: RunContext) => unknown }> = {
  now: { description: 'The clock, in epoch minutes.', shape: NUMBER, value: (c) => c.now },
  today: { description: 'The Eastern calendar date of now (day number).', shape: NUMBER, value: (c) => c.today },
  actorId: { description: 'The acting agent\'s id.', shape: NUMBER, value: (c) => c.actorId },
  actor: {
    description: 'The acting agent\'s record.',
    shape: { type: 'record', collection: 'agents' },
    value: (c) => c.world.get('agents', c.actorId),
  },
};
