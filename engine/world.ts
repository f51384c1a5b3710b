import { COLLECTIONS, OFFER_STATUSES, collectionSpec, type FieldSpec } from './collections.ts';
import { ShiftinatorError } from './errors.ts';
import { lowerBound, subtract, type Interval } from './intervals.ts';
import { whoMatches, type WhoClause } from './roles.ts';
import { dayOf, formatDate, formatInstant, parseDate, parseInstant, type DayNumber } from './time.ts';

export type WorldRecord = Record<string, unknown>;
/** A world as scenario files write it: collections of records with text times. */
type RawWorld = Record<string, unknown>;
/** A world with every documented field present, instants as epoch minutes and dates as day numbers. */
export type NormalizedWorld = Record<string, WorldRecord[]>;

export interface Shift {
  id: number;
  agentId: number;
  start: number;
  end: number;
  shiftType: number;
  payRate: number;
  cots: number;
  isCovering: boolean;
  parentId: number | null;
}

export interface Agent {
  agentId: number;
  agentType: number;
  spanish: boolean;
  canCoverDOCS: boolean;
  probationUntil: number | null;
  terminationDate: number | null;
}

export interface Day {
  date: number;
  holiday: boolean;
  schedulePosted: boolean;
}

/** `field`: a field of the record at `where`, joined only when there is an error to tell. */
function fail(where: string, message: string, field?: string): never {
  throw new ShiftinatorError('WORLD_INVALID', message, field === undefined ? where : `${where}.${field}`);
}

/**
 * `field`, when given, is a field of `where`: logged slices are normalised by the hundred
 * thousand (dry-run), and a path per field would be made for nothing but errors.
 */
export function normalizeField(spec: FieldSpec, value: unknown, where: string, field?: string): unknown {
  if (value === undefined || value === null) {
    if (spec.required) fail(where, 'is required', field);
    if (value === null && !spec.nullable && spec.default === undefined) fail(where, 'must not be null', field);
    return value === null && spec.nullable ? null : (spec.default ?? null);
  }
  switch (spec.type) {
    case 'id':
      if (!Number.isInteger(value)) fail(where, `must be an integer id, got ${JSON.stringify(value)}`, field);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(where, `must be a number, got ${JSON.stringify(value)}`, field);
      return value;
    case 'bool':
      // The spec's API sends flags as 'True'/'False' strings; scenario files use booleans.
      if (value === 'True' || value === 'true') return true;
      if (value === 'False' || value === 'false') return false;
      if (typeof value !== 'boolean') fail(where, `must be true or false, got ${JSON.stringify(value)}`, field);
      return value;
    case 'string':
      if (typeof value !== 'string') fail(where, `must be text, got ${JSON.stringify(value)}`, field);
      return value;
    case 'status':
      if (!(spec.values ?? OFFER_STATUSES).includes(value as string)) {
        fail(where, `must be one of ${(spec.values ?? OFFER_STATUSES).join(', ')}, got ${JSON.stringify(value)}`, field);
      }
      return value;
    case 'instant':
      try {
        return parseInstant(value as string);
      } catch (e) {
        return fail(where, (e as Error).message, field);
      }
    case 'date':
      try {
        // A date field given as an instant means that instant's date.
        return typeof value === 'string' && value.trim().length > 10
          ? dayOf(parseInstant(value))
          : parseDate(value as string);
      } catch (e) {
        return fail(where, (e as Error).message, field);
      }
  }
}

const fieldLists = new Map<string, [string, FieldSpec][]>();

/** A collection's fields as a list, made once. */
function fieldsOf(collection: string, fields: Record<string, FieldSpec>): [string, FieldSpec][] {
  let list = fieldLists.get(collection);
  if (!list) fieldLists.set(collection, (list = Object.entries(fields)));
  return list;
}

function normalizeRecord(collection: string, raw: unknown, where: string, owned: boolean): WorldRecord {
  const spec = collectionSpec(collection);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail(where, 'must be an object');
  const out: WorldRecord = owned ? (raw as WorldRecord) : { ...(raw as WorldRecord) };
  if (!spec) return out;
  for (const [field, fieldSpec] of fieldsOf(collection, spec.fields)) {
    out[field] = normalizeField(fieldSpec, out[field], where, field);
  }
  return out;
}

/**
 * `owned`: the caller gives up `raw` (a world it just parsed from text), so its records are
 * normalised where they are instead of copied: the dry-run normalises a logged slice per decision.
 */
export function normalizeWorld(raw: unknown, where = 'world', owned = false): NormalizedWorld {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(where, 'must be an object of collections');
  const out: NormalizedWorld = {};
  for (const name of Object.keys(COLLECTIONS)) out[name] = [];
  for (const [name, list] of Object.entries(raw as RawWorld)) {
    if (!Array.isArray(list)) fail(`${where}.${name}`, 'must be a list of records');
    const spec = collectionSpec(name);
    const seen = new Set<unknown>();
    out[name] = list.map((rec, i) => {
      const given = spec && rec !== null && typeof rec === 'object' ? (rec as WorldRecord)[spec.key] : undefined;
      const n = normalizeRecord(name, rec, `${where}.${name}[${i}]`, owned);
      if (spec) {
        const key = n[spec.key];
        if (seen.has(key)) fail(`${where}.${name}[${i}].${spec.key}`, `duplicate ${spec.key} ${JSON.stringify(given)}`);
        seen.add(key);
      }
      return n;
    });
  }
  for (const [i, s] of (out.shifts as unknown as Shift[]).entries()) {
    if (!(s.start < s.end)) fail(`${where}.shifts[${i}]`, 'start must be before end');
  }
  return out;
}

/** Back to scenario-file text: instants as Eastern wall clock, dates as YYYY-MM-DD. */
export function denormalizeRecord(collection: string, rec: WorldRecord): WorldRecord {
  const spec = collectionSpec(collection);
  if (!spec) return rec;
  const out: WorldRecord = { ...rec };
  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    const v = rec[field];
    if (typeof v !== 'number') continue;
    if (fieldSpec.type === 'instant') out[field] = formatInstant(v);
    else if (fieldSpec.type === 'date') out[field] = formatDate(v);
  }
  return out;
}

interface AgentShifts {
  /** Main shifts (no parent), sorted by start. */
  mains: Shift[];
  maxDuration: number;
}

/** Which agents a head count counts: by the spanish flag and an agentType range, each optional. */
export interface DutyFilter {
  spanish?: boolean;
  agentTypeMin?: number;
  agentTypeMax?: number;
}

export function dutyFilterKey(f: DutyFilter): string {
  return `spanish=${String(f.spanish)};types=${f.agentTypeMin ?? ''}-${f.agentTypeMax ?? ''}`;
}

/** A head count's population as a clause of the "who" language, read by whoMatches here and compiled to SQL by the server. */
export function dutyClause(f: DutyFilter): WhoClause {
  return {
    ...(f.spanish !== undefined ? { spanish: f.spanish } : {}),
    ...(f.agentTypeMin !== undefined ? { min: f.agentTypeMin } : {}),
    ...(f.agentTypeMax !== undefined ? { max: f.agentTypeMax } : {}),
  };
}

/**
 * One population (say, Spanish speakers) on duty, for head counts: how many of its agents are on
 * duty from each instant the number changes until the next, so a head count at an instant is one
 * binary search however many agents the world holds.
 */
export interface DutyIndex {
  /** The instants at which the head count changes, ascending. */
  times: Float64Array;
  /** counts[i]: agents on duty in [times[i], times[i + 1]); none before times[0]. */
  counts: Int32Array;
  /** Each agent's hours on duty as disjoint [start, end) pairs, flattened and ascending: to leave one agent out. */
  byAgent: Map<number, Float64Array>;
}

/** The last index whose value is <= t in an ascending array, -1 when none is. */
function lastAtOrBefore(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** How many agents of the index are on duty at instant t, leaving out `exclude` when they are. */
export function onDutyAt(index: DutyIndex, t: number, exclude?: unknown): number {
  const i = lastAtOrBefore(index.times, t);
  let n = i < 0 ? 0 : (index.counts[i] as number);
  const own = typeof exclude === 'number' ? index.byAgent.get(exclude) : undefined;
  // Pairs alternate start, end: the last boundary at or before t is a start when t is inside one.
  if (own && lastAtOrBefore(own, t) % 2 === 0) n--;
  return n;
}

/** An agent's on-duty pieces merged into disjoint, ascending [start, end) pairs. */
function unionOf(pieces: Interval[]): Float64Array {
  pieces.sort((a, b) => a.start - b.start);
  const out: number[] = [];
  for (const p of pieces) {
    const last = out.length - 1;
    if (last > 0 && p.start <= (out[last] as number)) out[last] = Math.max(out[last] as number, p.end);
    else out.push(p.start, p.end);
  }
  return Float64Array.from(out);
}

/** The head count's steps from every agent's disjoint hours: +1 at each start, -1 at each end. */
function headCountSteps(byAgent: Map<number, Float64Array>): { times: Float64Array; counts: Int32Array } {
  let total = 0;
  for (const own of byAgent.values()) total += own.length / 2;
  const starts = new Float64Array(total);
  const ends = new Float64Array(total);
  let k = 0;
  for (const own of byAgent.values()) {
    for (let j = 0; j < own.length; j += 2) {
      starts[k] = own[j] as number;
      ends[k++] = own[j + 1] as number;
    }
  }
  starts.sort();
  ends.sort();
  const times: number[] = [];
  const counts: number[] = [];
  let n = 0;
  let a = 0;
  let b = 0;
  while (a < total || b < total) {
    const t = Math.min(a < total ? (starts[a] as number) : Infinity, b < total ? (ends[b] as number) : Infinity);
    for (; a < total && starts[a] === t; a++) n++;
    for (; b < total && ends[b] === t; b++) n--;
    times.push(t);
    counts.push(n);
  }
  return { times: Float64Array.from(times), counts: Int32Array.from(counts) };
}

/**
 * A normalised world with the indexes the facts need, built once per world: decisions then look
 * things up instead of scanning every shift.
 */
export class PreparedWorld {
  readonly data: NormalizedWorld;
  private readonly byKey = new Map<string, Map<unknown, WorldRecord>>();
  private readonly shiftsByAgent = new Map<number, AgentShifts>();
  private readonly subShifts = new Map<number, Shift[]>();
  private readonly dutyIndexes = new Map<string, DutyIndex>();
  private readonly fieldIndexes = new Map<string, Map<unknown, WorldRecord[]>>();

  constructor(data: NormalizedWorld) {
    this.data = data;
    for (const [name, spec] of Object.entries(COLLECTIONS)) {
      const m = new Map<unknown, WorldRecord>();
      for (const rec of data[name] ?? []) m.set(rec[spec.key], rec);
      this.byKey.set(name, m);
    }
    for (const s of (data.shifts ?? []) as unknown as Shift[]) {
      if (s.parentId !== null) {
        const list = this.subShifts.get(s.parentId);
        if (list) list.push(s);
        else this.subShifts.set(s.parentId, [s]);
        continue;
      }
      let entry = this.shiftsByAgent.get(s.agentId);
      if (!entry) {
        entry = { mains: [], maxDuration: 0 };
        this.shiftsByAgent.set(s.agentId, entry);
      }
      entry.mains.push(s);
      entry.maxDuration = Math.max(entry.maxDuration, s.end - s.start);
    }
    for (const entry of this.shiftsByAgent.values()) entry.mains.sort((a, b) => a.start - b.start);
    for (const list of this.subShifts.values()) list.sort((a, b) => a.start - b.start);
  }

  static from(raw: unknown): PreparedWorld {
    return raw instanceof PreparedWorld ? raw : new PreparedWorld(normalizeWorld(raw));
  }

  get(collection: string, key: unknown): WorldRecord | null {
    return this.byKey.get(collection)?.get(key) ?? null;
  }

  agent(agentId: unknown): Agent | null {
    return this.get('agents', agentId) as unknown as Agent | null;
  }

  shift(id: unknown): Shift | null {
    return this.get('shifts', id) as unknown as Shift | null;
  }

  day(date: DayNumber): Day {
    return (this.get('days', date) as unknown as Day | null) ?? { date, holiday: false, schedulePosted: true };
  }

  subShiftsOf(shiftId: number): readonly Shift[] {
    return this.subShifts.get(shiftId) ?? [];
  }

  /** An agent's main shifts that overlap [from, to). */
  mainShiftsOverlapping(agentId: number, from: number, to: number): Shift[] {
    const entry = this.shiftsByAgent.get(agentId);
    if (!entry) return [];
    const out: Shift[] = [];
    const first = lowerBound(entry.mains, from - entry.maxDuration, (s) => s.start);
    for (let i = first; i < entry.mains.length; i++) {
      const s = entry.mains[i] as Shift;
      if (s.start >= to) break;
      if (s.end > from) out.push(s);
    }
    return out;
  }

  /**
   * Intervals in which agents matching the filter are on duty (main shifts less meal breaks),
   * built on first use and kept with the world. `span` says which hours the caller will look at:
   * this world indexes all of them; a world loaded on demand loads those.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the span is for worlds loaded on demand
  dutyIndex(filter: DutyFilter, breakTypes: readonly number[], span: { from: number; to: number }): DutyIndex {
    const cacheKey = `${dutyFilterKey(filter)}|${breakTypes.join(',')}`;
    const cached = this.dutyIndexes.get(cacheKey);
    if (cached) return cached;
    const population = [dutyClause(filter)];
    const agentMatches = (a: Agent): boolean => whoMatches(population, a.agentType, a.spanish);
    const byAgent = new Map<number, Float64Array>();
    for (const [agentId, entry] of this.shiftsByAgent) {
      const agent = this.agent(agentId);
      if (!agent || !agentMatches(agent)) continue;
      const onDuty: Interval[] = [];
      for (const s of entry.mains) {
        if (breakTypes.includes(s.shiftType)) continue;
        let pieces: Interval[] = [{ start: s.start, end: s.end }];
        for (const sub of this.subShiftsOf(s.id)) {
          if (breakTypes.includes(sub.shiftType)) pieces = subtract(pieces, sub);
        }
        onDuty.push(...pieces);
      }
      if (onDuty.length > 0) byAgent.set(agentId, unionOf(onDuty));
    }
    const index: DutyIndex = { ...headCountSteps(byAgent), byAgent };
    this.dutyIndexes.set(cacheKey, index);
    return index;
  }

  /** Records of a collection whose `field` equals `value`, through an index built on first use. */
  recordsWhere(collection: string, field: string, value: unknown): readonly WorldRecord[] {
    const key = `${collection}.${field}`;
    let index = this.fieldIndexes.get(key);
    if (!index) {
      index = new Map();
      for (const rec of this.data[collection] ?? []) {
        const list = index.get(rec[field]);
        if (list) list.push(rec);
        else index.set(rec[field], [rec]);
      }
      this.fieldIndexes.set(key, index);
    }
    return index.get(value) ?? [];
  }

  private readonly spanIndexes = new Map<string, { byStart: WorldRecord[]; maxDuration: number }>();

  /**
   * Records of a collection with `start` and `end` instants (personal time, notices) whose
   * [start, end) overlaps [from, to), through an index by start built on first use.
   */
  recordsOverlapping(collection: string, from: number, to: number): readonly WorldRecord[] {
    let index = this.spanIndexes.get(collection);
    if (!index) {
      const byStart = (this.data[collection] ?? []).filter((r) => typeof r.start === 'number' && typeof r.end === 'number');
      byStart.sort((a, b) => (a.start as number) - (b.start as number));
      const maxDuration = byStart.reduce((m, r) => Math.max(m, (r.end as number) - (r.start as number)), 0);
      index = { byStart, maxDuration };
      this.spanIndexes.set(collection, index);
    }
    const out: WorldRecord[] = [];
    for (let i = lowerBound(index.byStart, from - index.maxDuration, (r) => r.start as number); i < index.byStart.length; i++) {
      const r = index.byStart[i] as WorldRecord;
      if ((r.start as number) >= to) break;
      if ((r.end as number) > from) out.push(r);
    }
    return out;
  }

  /** The largest id in a collection plus one: how effects number new records. */
  nextId(collection: string): number {
    let max = 0;
    for (const rec of this.data[collection] ?? []) {
      const v = rec.id;
      if (typeof v === 'number' && v > max) max = v;
    }
    return max + 1;
  }
}
