import type { ValueFormat } from '../rule-file.ts';
import { fillTemplate, formatValue } from '../template.ts';
import type { WorldRecord } from '../world.ts';

/** A template value of a record an effect writes per matched record: `{ "template", "values" }`. */
interface EachTemplate {
  template: string;
  values: Record<string, { value: unknown; format?: ValueFormat }>;
}

function isEach(value: object): value is { each: string } {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'each' && typeof (value as { each: unknown }).each === 'string';
}

function isEachTemplate(value: object): value is EachTemplate {
  const keys = Object.keys(value);
  return typeof (value as { template?: unknown }).template === 'string' && keys.every((k) => k === 'template' || k === 'values');
}

/**
 * `value` for one matched record: `{ "each": field }` is that record's field, and a
 * `{ "template", "values" }` is its text filled in as a rule message is. `from` is left as it is.
 */
export function fillEach<T>(value: T, record: WorldRecord): T {
  const fill = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fill);
    if (v === null || typeof v !== 'object') return v;
    if (isEach(v)) return record[v.each] ?? null;
    if (isEachTemplate(v)) {
      const values: Record<string, string> = {};
      for (const [name, x] of Object.entries(v.values ?? {})) values[name] = formatValue(fill(x.value), x.format ?? 'text');
      return fillTemplate(v.template, values);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fill(value) as T;
  return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, k === 'from' ? x : fill(x)])) as T;
}
