import { z } from 'zod';
import { clip, lowerBound, subtract, totalLength, type Interval } from './intervals.ts';
import { dayOf, parseDate, startOfDay, startOfWeek, type Minutes } from './time.ts';
import type { DutyFilter, PreparedWorld, Shift, WorldRecord } from './world.ts';

/**
 * Generic facts: time arithmetic, window sums, overlaps, head counts, lookups. Each kind is
 * parameterised from the rules JSON (a limit, a window, a role list lives there, never here).
 * A parameter may be a literal or a reference `{ "fact": name, "path": "a.b" }` to another fact.
 */

/** What a fact's value looks like, so the load-time lint can check paths and operator types. */
export type Shape =
  | { type: 'number' | 'boolean' | 'string' | 'any' }
  | { type: 'record'; collection: string }
  | { type: 'object'; fields: Record<string, Shape> };

export interface RunContext {
  world: PreparedWorld;
  now: Minutes;
  today: number;
  actorId: number;
  input: Record<string, unknown>;
}

export const RefSchema = z
  .strictObject({
    fact: z.string().min(1).describe('Name of a fact: a built-in one or one declared in this file.'),
    path: z.string().min(1).optional().describe('Property path into the fact value, dot-separated (no "$.").'),
  })
  .describe('A reference to another fact value.');
export type Ref = z.infer<typeof RefSchema>;

const refOr = <T extends z.ZodType>(inner: T) => z.union([RefSchema, inner]);
const instantParam = refOr(z.number()).describe('An instant: a reference to a time fact.');
const idParam = refOr(z.number().int());
const typeList = z.array(z.number().int()).describe('Shift type codes.');
const excludeList = z
  .array(z.strictObject({ start: instantParam, end: instantParam }))
  .describe('Hours that do not count (in a trade, the hours the agent gives away); null ends are ignored.');
const breakTypes = typeList.default([5]).describe('Sub-shift types that are unpaid breaks (not worked, not on duty).');

export interface FactKind {
  name: string;
  description: string;
  params: z.ZodType;
  /** The value's shape given the (raw) params. */
  shape(params: Record<string, unknown>): Shape;
  /** Params arrive with every reference resolved. Returns null when an input is null. */
  compute(params: Record<string, unknown>, ctx: RunContext): unknown;
}

const NUMBER: Shape = { type: 'number' };
const BOOLEAN: Shape = { type: 'boolean' };

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function exclusions(list: unknown): Interval[] {
  const out: Interval[] = [];
  for (const e of (list as { start: unknown; end: unknown }[] | undefined) ?? []) {
    if (isNum(e.start) && isNum(e.end) && e.start < e.end) out.push({ start: e.start, end: e.end });
  }
  return out;
}

/** The worked pieces of one main shift inside [from, to): less breaks and excluded hours. */
function workedPieces(
  world: PreparedWorld,
  s: Shift,
  from: number,
  to: number,
  excluded: Interval[],
  breaks: readonly number[],
): Interval[] {
  const first = clip(s, from, to);
  if (!first) return [];
  let pieces = [first];
  for (const cut of excluded) pieces = subtract(pieces, cut);
  for (const sub of world.subShiftsOf(s.id)) {
    if (breaks.includes(sub.shiftType)) pieces = subtract(pieces, sub);
  }
  return pieces;
}

function windowOf(p: Record<string, unknown>): Interval | null {
  const at = p.at;
  if (!isNum(at)) return null;
  const hours = (p.hours as number | undefined) ?? 18;
  switch (p.window) {
    case 'after':
      return { start: at, end: at + hours * 60 };
    case 'before':
      return { start: at - hours * 60, end: at };
    case 'day': {
      const day = dayOf(at);
      return { start: startOfDay(day), end: startOfDay(day + 1) };
    }
    case 'week': {
      const first = startOfWeek(dayOf(at), (p.weekStartsOn as number | undefined) ?? 7);
      return { start: startOfDay(first), end: startOfDay(first + 7) };
    }
    default:
      return null;
  }
}

const kinds: FactKind[] = [
  {
    name: 'record',
    description: 'The record of a world collection with the given key (agentId for agents, date for days, id otherwise), or null.',
    params: z.strictObject({ collection: z.string(), id: refOr(z.union([z.number(), z.string()])) }),
    shape: (p) => ({ type: 'record', collection: String(p.collection) }),
    compute: (p, ctx) => (p.id === null || p.id === undefined ? null : ctx.world.get(String(p.collection), p.id)),
  },
  {
    name: 'elapsedMinutes',
    description: 'Elapsed minutes from one instant to another (negative when "to" is earlier), or null.',
    params: z.strictObject({ from: instantParam, to: instantParam }),
    shape: () => NUMBER,
    compute: (p) => (isNum(p.from) && isNum(p.to) ? p.to - p.from : null),
  },
  {
    name: 'arithmetic',
    description: 'The sum of "add" less the sum of "subtract", or null when a term is null.',
    params: z.strictObject({ add: z.array(refOr(z.number())).min(1), subtract: z.array(refOr(z.number())).default([]) }),
    shape: () => NUMBER,
    compute: (p) => {
      const add = p.add as unknown[];
      const sub = p.subtract as unknown[];
      if (![...add, ...sub].every(isNum)) return null;
      return (add as number[]).reduce((a, b) => a + b, 0) - (sub as number[]).reduce((a, b) => a + b, 0);
    },
  },
  {
    name: 'workedMinutes',
    description:
      'Minutes an agent works inside a window: scheduled main shifts clipped to it, less breaks and excluded hours. Windows: "after" [at, at + hours), "before" [at - hours, at), "day" (the Eastern date of at), "week" (the week holding at, starting on ISO weekday weekStartsOn).',
    params: z.strictObject({
      agent: idParam,
      window: z.enum(['after', 'before', 'day', 'week']),
      at: instantParam,
      hours: z.number().positive().optional(),
      weekStartsOn: z.number().int().min(1).max(7).optional(),
      shiftTypes: typeList.optional().describe('Only shifts of these types count (all when absent).'),
      breakTypes,
      exclude: excludeList.default([]),
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      const win = windowOf(p);
      if (!win || !isNum(p.agent)) return null;
      const types = p.shiftTypes as number[] | undefined;
      const breaks = p.breakTypes as number[];
      const excluded = exclusions(p.exclude);
      let sum = 0;
      for (const s of ctx.world.mainShiftsOverlapping(p.agent, win.start, win.end)) {
        if (breaks.includes(s.shiftType)) continue;
        if (types && !types.includes(s.shiftType)) continue;
        sum += totalLength(workedPieces(ctx.world, s, win.start, win.end, excluded, breaks));
      }
      return sum;
    },
  },
  {
    name: 'scheduledOverlaps',
    description:
      'How many of an agent\'s shifts (not breaks) overlap [start + trimMinutes, end - trimMinutes), leaving out excluded hours. Back-to-back shifts do not overlap.',
    params: z.strictObject({
      agent: idParam,
      start: instantParam,
      end: instantParam,
      trimMinutes: z.number().min(0).default(0),
      breakTypes,
      exclude: excludeList.default([]),
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.agent) || !isNum(p.start) || !isNum(p.end)) return null;
      const trim = p.trimMinutes as number;
      const from = p.start + trim;
      const to = p.end - trim;
      if (!(from < to)) return 0;
      const excluded = exclusions(p.exclude);
      const breaks = p.breakTypes as number[];
      let count = 0;
      for (const s of ctx.world.mainShiftsOverlapping(p.agent, from, to)) {
        if (breaks.includes(s.shiftType)) continue;
        let pieces: Interval[] = [{ start: s.start, end: s.end }];
        for (const cut of excluded) pieces = subtract(pieces, cut);
        if (pieces.some((iv) => iv.start < to && iv.end > from)) count++;
      }
      return count;
    },
  },
  {
    name: 'minHeadCount',
    description:
      'The smallest number, over the steps start, start + stepMinutes, ... before end, of agents on duty (a shift covering the instant, not on a break) who match the filter, leaving out excludeAgent. Null when the span has no step.',
    params: z.strictObject({
      start: instantParam,
      end: instantParam,
      stepMinutes: z.number().positive(),
      spanish: z.boolean().optional().describe('Only agents whose spanish flag has this value.'),
      agentTypes: z
        .strictObject({ min: z.number().optional(), max: z.number().optional() })
        .optional()
        .describe('Only agents whose agentType lies in [min, max].'),
      excludeAgent: idParam.optional(),
      breakTypes,
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.start) || !isNum(p.end)) return null;
      const step = p.stepMinutes as number;
      const spanish = p.spanish as boolean | undefined;
      const range = p.agentTypes as { min?: number; max?: number } | undefined;
      const filter: DutyFilter = {};
      if (spanish !== undefined) filter.spanish = spanish;
      if (range?.min !== undefined) filter.agentTypeMin = range.min;
      if (range?.max !== undefined) filter.agentTypeMax = range.max;
      const index = ctx.world.dutyIndex(filter, p.breakTypes as number[], { from: p.start, to: p.end });
      const exclude = p.excludeAgent;
      // One sweep over the steps, without a scan of every interval at every step: intervals come
      // on duty at their start and go off at their end, and an agent counts once however many of
      // their intervals cover the instant. Intervals ending by the span's start never count.
      const spanStart = p.start;
      const counts = (iv: (typeof index.intervals)[number]): boolean => iv.end > spanStart && iv.agentId !== exclude;
      const list = index.intervals;
      const byEnd = index.byEnd;
      let entered = lowerBound(list, spanStart - index.maxDuration, (iv) => iv.start);
      let left = lowerBound(byEnd, spanStart, (iv) => iv.end);
      while (left < byEnd.length && !((byEnd[left] as (typeof list)[number]).end > spanStart)) left++;
      const covering = new Map<number, number>();
      let onDuty = 0;
      let min: number | null = null;
      for (let t = p.start; t < p.end; t += step) {
        for (; entered < list.length && (list[entered] as (typeof list)[number]).start <= t; entered++) {
          const iv = list[entered] as (typeof list)[number];
          if (!counts(iv)) continue;
          const n = covering.get(iv.agentId) ?? 0;
          if (n === 0) onDuty++;
          covering.set(iv.agentId, n + 1);
        }
        for (; left < byEnd.length && (byEnd[left] as (typeof list)[number]).end <= t; left++) {
          const iv = byEnd[left] as (typeof list)[number];
          if (!counts(iv)) continue;
          const n = covering.get(iv.agentId) as number;
          if (n === 1) onDuty--;
          covering.set(iv.agentId, n - 1);
        }
        if (min === null || onDuty < min) min = onDuty;
        if (min === 0) break;
      }
      return min;
    },
  },
  {
    name: 'day',
    description: 'The calendar day (date as day number, holiday, schedulePosted) of an instant, or of a date text.',
    params: z.union([z.strictObject({ at: instantParam }), z.strictObject({ date: refOr(z.string()) })]),
    shape: () => ({ type: 'record', collection: 'days' }),
    compute: (p, ctx) => {
      if ('at' in p) return isNum(p.at) ? ctx.world.day(dayOf(p.at)) : null;
      return typeof p.date === 'string' ? ctx.world.day(parseDate(p.date)) : isNum(p.date) ? ctx.world.day(p.date) : null;
    },
  },
  {
    name: 'subShiftCount',
    description: 'How many sub-shifts of the given types a shift holds; with startingBy, only those starting at or before it.',
    params: z.strictObject({ shift: idParam, shiftTypes: typeList, startingBy: instantParam.optional() }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.shift)) return null;
      const types = p.shiftTypes as number[];
      const by = p.startingBy;
      return ctx.world
        .subShiftsOf(p.shift)
        .filter((s) => types.includes(s.shiftType) && (!isNum(by) || s.start <= by)).length;
    },
  },
  {
    name: 'hasShiftType',
    description: 'Whether a shift is of one of the types, or (with includeSubShifts) holds a sub-shift of one.',
    params: z.strictObject({ shift: idParam, shiftTypes: typeList, includeSubShifts: z.boolean().default(false) }),
    shape: () => BOOLEAN,
    compute: (p, ctx) => {
      const s = isNum(p.shift) ? ctx.world.shift(p.shift) : null;
      if (!s) return null;
      const types = p.shiftTypes as number[];
      if (types.includes(s.shiftType)) return true;
      return p.includeSubShifts === true && ctx.world.subShiftsOf(s.id).some((sub) => types.includes(sub.shiftType));
    },
  },
  {
    name: 'ordered',
    description: 'Two records of a collection ordered by a numeric field: { first, second }. Null when either is null.',
    params: z.strictObject({ collection: z.string(), a: RefSchema, b: RefSchema, by: z.string() }),
    shape: (p) => {
      const rec: Shape = { type: 'record', collection: String(p.collection) };
      return { type: 'object', fields: { first: rec, second: rec } };
    },
    compute: (p) => {
      const a = p.a as WorldRecord | null;
      const b = p.b as WorldRecord | null;
      if (!a || !b) return null;
      const by = String(p.by);
      return (a[by] as number) <= (b[by] as number) ? { first: a, second: b } : { first: b, second: a };
    },
  },
  {
    name: 'countRecords',
    description: 'How many records of a collection have every field of "where" equal to the given value (null matches null).',
    params: z.strictObject({
      collection: z.string(),
      where: z.record(z.string(), refOr(z.union([z.number(), z.string(), z.boolean(), z.null()]))).refine((w) => Object.keys(w).length > 0, 'needs at least one field'),
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
      if (!first) return 0;
      return ctx.world
        .recordsWhere(String(p.collection), first[0], first[1])
        .filter((rec) => rest.every(([field, value]) => rec[field] === value)).length;
    },
  },
  {
    name: 'dateOf',
    description: 'The Eastern calendar date (day number) of an instant, or null.',
    params: z.strictObject({ at: instantParam }),
    shape: () => NUMBER,
    compute: (p) => (isNum(p.at) ? dayOf(p.at) : null),
  },
  {
    name: 'textLength',
    description: 'The number of characters of a text (0 for null): for limits on comments and messages.',
    params: z.strictObject({ text: refOr(z.string()) }),
    shape: () => NUMBER,
    // Characters as a person counts them (an emoji is one), not UTF-16 code units.
    compute: (p) => (typeof p.text === 'string' ? [...p.text].length : 0),
  },
];

export const FACT_KINDS: ReadonlyMap<string, FactKind> = new Map(kinds.map((k) => [k.name, k]));

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

export function isRef(value: unknown): value is Ref {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as Ref).fact === 'string' &&
    Object.keys(value).every((k) => k === 'fact' || k === 'path')
  );
}

/** Every reference inside a params object, with where it sits. */
export function collectRefs(value: unknown, at = 'params', out: { ref: Ref; at: string }[] = []): { ref: Ref; at: string }[] {
  if (isRef(value)) out.push({ ref: value, at });
  else if (Array.isArray(value)) value.forEach((v, i) => collectRefs(v, `${at}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectRefs(v, `${at}.${k}`, out);
  }
  return out;
}
