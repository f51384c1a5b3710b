import { z } from 'zod';
import { TopConditionSchema } from '../conditions.ts';
import type { Roles } from '../roles.ts';
import { compare } from '../operators.ts';
import type { FactKind } from './fact-kind.ts';
import { literal, refOr } from './params.ts';

/**
 * Whether a condition holds, its leaves resolved: the engine hands a fact's params over with each
 * leaf { fact, path, operator, value } turned into { left, operator, right }, both sides read, and
 * each leaf is decided by json-rules-engine's operator, as a rule's would be (engine/operators.ts).
 */
function holds(node: unknown, roles: Roles | null): boolean {
  const n = node as { all?: unknown[]; any?: unknown[]; not?: unknown; left?: unknown; operator?: string; right?: unknown };
  if (n.all) return n.all.every((c) => holds(c, roles));
  if (n.any) return n.any.some((c) => holds(c, roles));
  if (n.not !== undefined) return !holds(n.not, roles);
  return compare(n.left, n.operator as string, n.right, roles);
}

export const choose: FactKind = {
  name: 'choose',
  description:
    'The value of the first case whose condition holds, else "otherwise" (null when absent): a value that depends on the input, such as a code mapped to another or a date picked by a rule. A case\'s "when" is written as a rule\'s: all / any / not over { fact, path, operator, value }, with the same operators and meaning (a numeric comparison with null never holds).',
  params: z.strictObject({
    cases: z.array(z.strictObject({ when: TopConditionSchema, value: refOr(literal) })).min(1),
    otherwise: refOr(literal).default(null),
  }),
  shape: () => ({ type: 'any' }),
  compute: (p, ctx) => {
    for (const c of p.cases as { when: unknown; value: unknown }[]) {
      if (holds(c.when, ctx.roles ?? null)) return c.value ?? null;
    }
    return p.otherwise ?? null;
  },
};
