import type { Interval } from '../intervals.ts';

export function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** The excluded hours of an `exclude` param, leaving out those with a null or empty span. */
export function exclusions(list: unknown): Interval[] {
  const out: Interval[] = [];
  for (const e of (list as { start: unknown; end: unknown }[] | undefined) ?? []) {
    if (isNum(e.start) && isNum(e.end) && e.start < e.end) out.push({ start: e.start, end: e.end });
  }
  return out;
}
