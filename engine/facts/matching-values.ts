import { z } from 'zod';
import { compare } from '../operators.ts';
import type { RunContext } from './fact-kind.ts';
import { refOr } from './params.ts';
import { isNum } from './values.ts';

/** sumRecords' and minOfRecords' numeric comparisons a record must pass ({ field, operator, value }). */
export const recordFilter = z
  .array(z.strictObject({ field: z.string(), operator: z.enum(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']), value: refOr(z.number()) }))
  .default([]);

/** The numeric values of `field` of the records matching `where` (through its first field) and every `filter` comparison. */
export function matchingValues(p: Record<string, unknown>, ctx: RunContext): number[] {
  const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
  if (!first) return [];
  const filters = p.filter as { field: string; operator: string; value: unknown }[];
  // A bound that is missing (null) lets nothing through, as a rule's comparison with null never holds.
  if (filters.some((f) => !isNum(f.value))) return [];
  const field = String(p.field);
  const out: number[] = [];
  for (const rec of ctx.world.recordsWhere(String(p.collection), first[0], first[1])) {
    if (!rest.every(([f, value]) => rec[f] === value)) continue;
    if (!filters.every((f) => compare(rec[f.field], f.operator, f.value))) continue;
    const v = rec[field];
    if (isNum(v)) out.push(v);
  }
  return out;
}
