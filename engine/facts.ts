import { z } from 'zod';
import { COLLECTIONS } from './collections.ts';
import { clip, lowerBound, subtract, totalLength, type Interval } from './intervals.ts';
import { DateTime } from 'luxon';
import { BUSINESS_ZONE, dayOf, parseDate, startOfDay, startOfWeek, type Minutes } from './time.ts';
import { fillTemplate, formatValue, placeholders } from './template.ts';
import type { DutyFilter, PreparedWorld, Shift, WorldRecord } from './world.ts';
import { allOperators } from './operators.ts';
import { isLeafCondition, TopConditionSchema, type OPERATORS } from './conditions.ts';
import { groupRange, inGroup, permissionsFor, type Roles } from './roles.ts';

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
  /** rules/roles.json, for the facts and conditions that name its groups and permissions. */
  roles?: Roles | null;
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

const literal = z.union([z.number(), z.string(), z.boolean(), z.null()]);
type ChooseOperator = (typeof OPERATORS)[number];
const NO_ROLES_OPERATORS = allOperators(null);
const operatorsByRoles = new WeakMap<Roles, ReturnType<typeof allOperators>>();
/** A template value's formats: rule-file.ts's VALUE_FORMATS (which imports this file, so they are listed here). */
const TEMPLATE_FORMATS = ['text', 'minutes', 'time', 'date', 'dateTime', 'day'] as const;

/** One comparison as the rules make it (engine/operators.ts). */
function compare(left: unknown, operator: ChooseOperator, right: unknown, roles: Roles | null = null): boolean {
  let ops = NO_ROLES_OPERATORS;
  if (roles) {
    ops = operatorsByRoles.get(roles) ?? allOperators(roles);
    operatorsByRoles.set(roles, ops);
  }
  const op = ops[operator];
  return op ? op(left, right) : false;
}

/**
 * Whether a condition holds, its leaves resolved: the engine hands a fact's params over with each
 * leaf { fact, path, operator, value } turned into { left, operator, right }, both sides read.
 */
function holds(node: unknown, roles: Roles | null): boolean {
  const n = node as { all?: unknown[]; any?: unknown[]; not?: unknown; left?: unknown; operator?: ChooseOperator; right?: unknown };
  if (n.all) return n.all.every((c) => holds(c, roles));
  if (n.any) return n.any.some((c) => holds(c, roles));
  if (n.not !== undefined) return !holds(n.not, roles);
  return compare(n.left, n.operator as ChooseOperator, n.right, roles);
}

/** A group of roles.json the head counts read, as a range of agent types (the lint has checked it is one). */
function groupTypes(ctx: RunContext, group: unknown): { min?: number; max?: number } | null {
  if (group === undefined) return null;
  if (!ctx.roles) throw new Error(`group "${String(group)}" needs rules/roles.json`);
  const range = groupRange(ctx.roles, String(group));
  if (typeof range === 'string') throw new Error(range);
  return range;
}

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
    case 'span':
      return isNum(p.until) && p.until > at ? { start: at, end: p.until } : null;
    case 'week': {
      const first = startOfWeek(dayOf(at), (p.weekStartsOn as number | undefined) ?? 7);
      return { start: startOfDay(first), end: startOfDay(first + 7) };
    }
    default:
      return null;
  }
}

/** The parameters of scheduledOverlaps, as its schema fills them in. */
export interface OverlapParams {
  agent: number;
  start: number;
  end: number;
  trimMinutes: number;
  breakTypes: readonly number[];
  exclude?: unknown;
}

/**
 * The agent's shifts (not breaks) overlapping [start + trimMinutes, end - trimMinutes), leaving out
 * excluded hours: what scheduledOverlaps counts, and what a read listing them shows, so the two
 * never disagree.
 */
export function scheduledOverlapping(world: PreparedWorld, p: OverlapParams): Shift[] {
  const from = p.start + p.trimMinutes;
  const to = p.end - p.trimMinutes;
  if (!(from < to)) return [];
  const excluded = exclusions(p.exclude);
  const out: Shift[] = [];
  for (const s of world.mainShiftsOverlapping(p.agent, from, to)) {
    if (p.breakTypes.includes(s.shiftType)) continue;
    let pieces: Interval[] = [{ start: s.start, end: s.end }];
    for (const cut of excluded) pieces = subtract(pieces, cut);
    if (pieces.some((iv) => iv.start < to && iv.end > from)) out.push(s);
  }
  return out;
}

/** The fields records must equal (a value or a fact; null matches null), for the facts that pick records by field. */
const recordWhere = z.record(z.string(), refOr(z.union([z.number(), z.string(), z.boolean(), z.null()]))).refine((w) => Object.keys(w).length > 0, 'needs at least one field');

/** sumRecords' and minOfRecords' numeric comparisons a record must pass ({ field, operator, value }). */
const recordFilter = z
  .array(z.strictObject({ field: z.string(), operator: z.enum(['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']), value: refOr(z.number()) }))
  .default([]);

/** The numeric values of `field` of the records matching `where` (through its first field) and every `filter` comparison. */
function matchingValues(p: Record<string, unknown>, ctx: RunContext): number[] {
  const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
  if (!first) return [];
  const filters = p.filter as { field: string; operator: ChooseOperator; value: unknown }[];
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
      'Minutes an agent works inside a window: scheduled main shifts clipped to it, less breaks and excluded hours. Windows: "after" [at, at + hours), "before" [at - hours, at), "day" (the Eastern date of at), "week" (the week holding at, starting on ISO weekday weekStartsOn), "span" [at, until) (a shift\'s own hours).',
    params: z.strictObject({
      agent: idParam,
      window: z.enum(['after', 'before', 'day', 'week', 'span']),
      until: instantParam.optional().describe('With window "span": the end of the window [at, until) (a shift\'s end, say).'),
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
      return scheduledOverlapping(ctx.world, p as unknown as OverlapParams).length;
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
      group: z.string().optional().describe('Only members of this group of rules/roles.json (a range of agent types, such as "supervisors").'),
      excludeAgent: idParam.optional(),
      breakTypes,
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.start) || !isNum(p.end)) return null;
      const step = p.stepMinutes as number;
      const spanish = p.spanish as boolean | undefined;
      const range = groupTypes(ctx, p.group);
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
      where: recordWhere,
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
    name: 'overlappingRecords',
    description:
      'How many records of a collection that match every field of "where" (null matches null) have [startField, endField) overlapping [start, end), leaving out the record whose key is "except": a posting already covering part of these hours. Back-to-back records do not overlap. Null when start or end is null.',
    params: z.strictObject({
      collection: z.string(),
      where: recordWhere,
      start: instantParam,
      end: instantParam,
      startField: z.string().default('start'),
      endField: z.string().default('end'),
      except: refOr(z.union([z.number(), z.string(), z.null()])).optional().describe('The key of a record not to count (the one being edited).'),
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.start) || !isNum(p.end)) return null;
      const { start, end } = p;
      const collection = String(p.collection);
      const keyField = COLLECTIONS[collection]?.key ?? 'id';
      const [first, ...rest] = Object.entries(p.where as Record<string, unknown>);
      if (!first) return 0;
      const from = String(p.startField);
      const to = String(p.endField);
      return ctx.world
        .recordsWhere(collection, first[0], first[1])
        .filter(
          (rec) =>
            rest.every(([field, value]) => rec[field] === value) &&
            (p.except === undefined || p.except === null || rec[keyField] !== p.except) &&
            isNum(rec[from]) &&
            isNum(rec[to]) &&
            rec[from] < end &&
            rec[to] > start,
        ).length;
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
    description:
      'The number of characters of a text (0 for null): for limits on comments and messages. With trim, leading and trailing spaces do not count (a required text of only spaces is empty); with lettersAndDigits, only letters and digits count (initials and cell numbers are stripped to them).',
    params: z.strictObject({ text: refOr(z.string()), trim: z.boolean().default(false), lettersAndDigits: z.boolean().default(false) }),
    shape: () => NUMBER,
    // Characters as a person counts them (an emoji is one), not UTF-16 code units.
    compute: (p) => {
      if (typeof p.text !== 'string') return 0;
      const text = p.lettersAndDigits === true ? p.text.replace(/[^A-Za-z0-9]/g, '') : p.trim === true ? p.text.trim() : p.text;
      return [...text].length;
    },
  },
  {
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
  },
  {
    name: 'template',
    description:
      'A text made from a template, as a rule message is: each {name} is filled from "values", each a value (a literal or a reference) and a format (text, minutes, time, date, dateTime, day). For records an effect writes, such as a History line naming people and times.',
    params: z
      .strictObject({
        message: z.string().min(1),
        values: z.record(z.string(), z.strictObject({ value: refOr(literal), format: z.enum(TEMPLATE_FORMATS).default('text') })).default({}),
      })
      .refine((p) => placeholders(p.message).every((name) => name in p.values), 'every {placeholder} needs a value'),
    shape: () => ({ type: 'string' }),
    compute: (p) => {
      const values: Record<string, string> = {};
      for (const [name, v] of Object.entries(p.values as Record<string, { value: unknown; format: (typeof TEMPLATE_FORMATS)[number] }>)) {
        values[name] = formatValue(v.value, v.format);
      }
      return fillTemplate(String(p.message), values);
    },
  },
  {
    name: 'wallClock',
    description:
      'The Eastern wall clock of an instant: date (day number), month, day, monthDay (month x 100 + day: 1219 for December 19), hour (0-23), minute. With "from", hour counts from midnight of that instant\'s date, so an end on the next day reads 24 + its hour (a shift ending 2:00 AM the day after it starts: 26). Null when the instant is null.',
    params: z.strictObject({ at: instantParam, from: instantParam.optional() }),
    shape: () => ({ type: 'object', fields: { date: NUMBER, month: NUMBER, day: NUMBER, monthDay: NUMBER, hour: NUMBER, minute: NUMBER } }),
    compute: (p) => {
      if (!isNum(p.at)) return null;
      if (p.from !== undefined && !isNum(p.from)) return null;
      const wall = DateTime.fromMillis(p.at * 60_000, { zone: BUSINESS_ZONE });
      const date = dayOf(p.at);
      const days = isNum(p.from) ? date - dayOf(p.from) : 0;
      return { date, month: wall.month, day: wall.day, monthDay: wall.month * 100 + wall.day, hour: wall.hour + 24 * days, minute: wall.minute };
    },
  },
  {
    name: 'sumRecords',
    description:
      'The sum of a numeric field over the records of a collection that match every field of "where" (null matches null) and every comparison of "filter" ({ field, operator, value }: a record\'s instant after now, say), found through the first "where" field. 0 when none match.',
    params: z.strictObject({
      collection: z.string(),
      where: recordWhere,
      field: z.string().describe('The numeric field summed.'),
      filter: recordFilter,
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      let sum = 0;
      for (const v of matchingValues(p, ctx)) sum += v;
      return sum;
    },
  },
  {
    name: 'minOfRecords',
    description:
      'The smallest value of a numeric field over the records of a collection that match every field of "where" (null matches null) and every comparison of "filter", as sumRecords finds them: the earliest start among notices, say. Null when none match.',
    params: z.strictObject({
      collection: z.string(),
      where: recordWhere,
      field: z.string().describe('The numeric field whose smallest value is taken.'),
      filter: recordFilter,
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      let min: number | null = null;
      for (const v of matchingValues(p, ctx)) if (min === null || v < min) min = v;
      return min;
    },
  },
  {
    name: 'agentsOverlapping',
    description:
      'How many different agents have a record of a collection with start and end instants (personal time) overlapping [start, end) that matches every field of "where", counting only agents whose agentType lies in agentTypes [min, max], leaving out excludeAgent: how many people are already off during these hours. Back-to-back records do not overlap. Null when start or end is null.',
    params: z.strictObject({
      collection: z.string(),
      start: instantParam,
      end: instantParam,
      where: z.record(z.string(), refOr(z.union([z.number(), z.string(), z.boolean(), z.null()]))).default({}),
      group: z.string().optional().describe('Only agents in this group of rules/roles.json.'),
      excludeAgent: idParam.optional(),
    }),
    shape: () => NUMBER,
    compute: (p, ctx) => {
      if (!isNum(p.start) || !isNum(p.end)) return null;
      const where = Object.entries(p.where as Record<string, unknown>);
      const group = p.group === undefined ? undefined : String(p.group);
      if (group !== undefined && !ctx.roles) throw new Error(`group "${group}" needs rules/roles.json`);
      const agents = new Set<unknown>();
      for (const rec of ctx.world.recordsOverlapping(String(p.collection), p.start, p.end)) {
        if (rec.agentId === p.excludeAgent || agents.has(rec.agentId)) continue;
        if (!where.every(([f, value]) => rec[f] === value)) continue;
        if (group !== undefined && !inGroup(ctx.roles as Roles, group, ctx.world.agent(rec.agentId))) continue;
        agents.add(rec.agentId);
      }
      return agents.size;
    },
  },
  {
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
