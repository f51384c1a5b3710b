import { z } from 'zod';

/**
 * The one condition language of the rule files: json-rules-engine's `all` / `any` / `not` over
 * leaves `{ fact, path?, operator, value }`. A rule's `when` and a `choose` fact's cases are both
 * written in it (engine/operators.ts says what each operator means).
 */

export const OPERATORS = [
  'equal',
  'notEqual',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'inGroup',
  'notInGroup',
] as const;
export const NUMERIC_OPERATORS: ReadonlySet<string> = new Set(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);

export interface LeafCondition {
  fact: string;
  path?: string;
  operator: string;
  value: unknown;
}
export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | LeafCondition;
export type TopCondition = { all: Condition[] } | { any: Condition[] } | { not: Condition };

const Leaf = z.strictObject({
  fact: z.string().min(1).describe('A built-in fact (now, today, actor, actorId, input) or one declared under "facts".'),
  path: z.string().min(1).optional().describe('Property path into the fact value, dot-separated (no "$.").'),
  // The operator is checked against the known list by the lint, which names the rule.
  operator: z.string().describe(`One of: ${OPERATORS.join(', ')}.`),
  value: z.unknown().describe('A literal, or { "fact": ..., "path": ... } to compare with another fact.'),
});

const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ all: z.array(ConditionSchema).min(1) }),
    z.strictObject({ any: z.array(ConditionSchema).min(1) }),
    z.strictObject({ not: ConditionSchema }),
    Leaf,
  ]),
);

export const TopConditionSchema: z.ZodType<TopCondition> = z.union([
  z.strictObject({ all: z.array(ConditionSchema).min(1) }),
  z.strictObject({ any: z.array(ConditionSchema).min(1) }),
  z.strictObject({ not: ConditionSchema }),
]);

/** Whether a value is a condition's leaf ({ fact, path?, operator, value }), as opposed to a plain reference. */
export function isLeafCondition(value: unknown): value is LeafCondition {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  return typeof o.fact === 'string' && typeof o.operator === 'string' && Object.keys(o).every((k) => k === 'fact' || k === 'path' || k === 'operator' || k === 'value');
}

/**
 * Every fact name a tree refers to (`{ fact: name }` at any depth): a rule's conditions, on either
 * side of a comparison, or a fact definition's params.
 */
export function factsNamed(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) factsNamed(item, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'fact' && typeof value === 'string') out.add(value);
      else factsNamed(value, out);
    }
  }
  return out;
}
