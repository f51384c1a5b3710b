import { z } from 'zod';
import { isLeafCondition } from '../conditions.ts';

export const RefSchema = z
  .strictObject({
    fact: z.string().min(1).describe('Name of a fact: a built-in one or one declared in this file.'),
    path: z.string().min(1).optional().describe('Property path into the fact value, dot-separated (no "$.").'),
  })
  .describe('A reference to another fact value.');
export type Ref = z.infer<typeof RefSchema>;

export function isRef(value: unknown): value is Ref {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as Ref).fact === 'string' &&
    Object.keys(value).every((k) => k === 'fact' || k === 'path')
  );
}

/** Every reference inside a params object (a condition's fact and path among them), with where it sits. */
export function collectRefs(value: unknown, at = 'params', out: { ref: Ref; at: string }[] = []): { ref: Ref; at: string }[] {
  if (isRef(value)) out.push({ ref: value, at });
  else if (isLeafCondition(value)) {
    out.push({ ref: value.path === undefined ? { fact: value.fact } : { fact: value.fact, path: value.path }, at });
    collectRefs(value.value, `${at}.value`, out);
  }
  else if (Array.isArray(value)) value.forEach((v, i) => collectRefs(v, `${at}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectRefs(v, `${at}.${k}`, out);
  }
  return out;
}
