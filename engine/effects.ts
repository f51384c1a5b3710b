import type { Change } from './changes.ts';
import { COLLECTIONS } from './collections.ts';
import type { ValueFormat } from './rule-file.ts';
import { fillTemplate, formatValue } from './template.ts';
import type { PreparedWorld, Shift, WorldRecord } from './world.ts';

/**
 * What each action does to the world when it goes through. Parameters (a meal break's length,
 * when a combined shift earns one) come from the action's rule file.
 */
interface EffectContext {
  world: PreparedWorld;
  now: number;
  actorId: number;
  input: Record<string, unknown>;
  params: Record<string, unknown>;
  /** Shared by the effects of one decision, so two inserts never take one id. */
  ids: Ids;
  /** Ids of records inserted by earlier effects of this decision, by their `as` name. */
  inserted: Map<string, unknown>;
}

type Effect = (ctx: EffectContext) => Change[];

export class Ids {
  private readonly next = new Map<string, number>();
  private readonly world: PreparedWorld;
  constructor(world: PreparedWorld) {
    this.world = world;
  }
  take(collection: string): number {
    const n = this.next.get(collection) ?? this.world.nextId(collection);
    this.next.set(collection, n + 1);
    return n;
  }
}

/**
 * Moves [from, to) of a shift to another agent: the receiver gets a covering shift, the giver
 * keeps what is left (one or two pieces), and sub-shifts follow the hours they sit in. Records
 * named in `follow` go with the giver's piece that holds their instant (see Follow); none go to
 * the receiver, whose hours they are not.
 */
function transferHours(
  world: PreparedWorld,
  ids: Ids,
  shift: Shift,
  from: number,
  to: number,
  receiver: number,
  follow: readonly Follow[] = [],
): Change[] {
  const a = Math.max(from, shift.start);
  const b = Math.min(to, shift.end);
  if (!(a < b)) return [];
  const changes: Change[] = [];
  const takenId = ids.take('shifts');
  changes.push({
    op: 'insert',
    collection: 'shifts',
    record: { ...shift, id: takenId, agentId: receiver, start: a, end: b, isCovering: true, parentId: null },
  });
  const keepLeft = shift.start < a;
  const keepRight = b < shift.end;
  let rightId: number | null = null;
  if (keepLeft && keepRight) {
    rightId = ids.take('shifts');
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { end: a } });
    changes.push({ op: 'insert', collection: 'shifts', record: { ...shift, id: rightId, start: b } });
  } else if (keepLeft) {
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { end: a } });
  } else if (keepRight) {
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { start: b } });
  } else {
    changes.push({ op: 'delete', collection: 'shifts', key: shift.id });
  }
  if (keepLeft && keepRight) {
    const kept = [
      { start: shift.start, end: a, id: shift.id },
      { start: b, end: shift.end, id: rightId as number },
    ];
    changes.push(...followPieces(world, shift.id, kept, follow));
  }
  // A sub-shift across a cut is split, so no part of a meal break is lost: each part follows the
  // piece it sits in (without a left piece, the original record is the right piece).
  const rightParent = rightId ?? shift.id;
  for (const sub of world.subShiftsOf(shift.id)) {
    const parts = [
      { start: sub.start, end: Math.min(sub.end, a), agentId: shift.agentId, parentId: shift.id },
      { start: Math.max(sub.start, a), end: Math.min(sub.end, b), agentId: receiver, parentId: takenId },
      { start: Math.max(sub.start, b), end: sub.end, agentId: shift.agentId, parentId: rightParent },
    ].filter((p) => p.start < p.end);
    parts.forEach((part, i) => {
      if (i === 0) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: part });
      else changes.push({ op: 'insert', collection: 'shifts', record: { ...sub, ...part, id: ids.take('shifts') } });
    });
  }
  return changes;
}

function num(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

function declineOthers(world: PreparedWorld, field: 'postingId' | 'pickupPostingId', postingId: unknown, acceptedId: unknown): Change[] {
  return world
    .recordsWhere('offers', field, postingId)
    .filter((o) => o.id !== acceptedId && o.status === 'pending')
    .map((o) => ({ op: 'update' as const, collection: 'offers', key: o.id, fields: { status: 'declined' } }));
}

const acceptOffer: Effect = ({ world, now, input, params, ids }) => {
  const offer = world.get('offers', input.offerId);
  const posting = offer && world.get('coveragePostings', offer.postingId);
  if (!offer || !posting) return [];
  const changes: Change[] = [
    { op: 'update', collection: 'offers', key: offer.id, fields: { status: 'accepted' } },
    { op: 'update', collection: 'coveragePostings', key: posting.id, fields: { endedAt: now } },
    ...declineOthers(world, 'postingId', posting.id, offer.id),
  ];
  const shift = world.shift(posting.shiftId);
  const follow = follows(params.follow);
  if (shift) changes.push(...transferHours(world, ids, shift, offer.start as number, offer.end as number, offer.coveringAgentId as number, follow));
  const swap = world.shift(offer.swapShiftId);
  const swapStart = num(offer.swapStart) ?? swap?.start;
  const swapEnd = num(offer.swapEnd) ?? swap?.end;
  if (swap && swapStart !== undefined && swapEnd !== undefined) {
    changes.push(...transferHours(world, ids, swap, swapStart, swapEnd, posting.agentId as number, follow));
  }
  return changes;
};

const acceptOfferHours: Effect = ({ world, now, input, params, ids }) => {
  const offer = world.get('offers', input.offerId);
  const posting = offer && world.get('pickupPostings', offer.pickupPostingId);
  if (!offer || !posting) return [];
  const changes: Change[] = [
    { op: 'update', collection: 'offers', key: offer.id, fields: { status: 'accepted' } },
    { op: 'update', collection: 'pickupPostings', key: posting.id, fields: { endedAt: now } },
    ...declineOthers(world, 'pickupPostingId', posting.id, offer.id),
  ];
  // The hours go to the hours poster, who is not the actor when the giver accepts a counteroffer.
  const shift = world.shift(offer.shiftId);
  if (shift) {
    changes.push(...transferHours(world, ids, shift, offer.start as number, offer.end as number, posting.agentId as number, follows(params.follow)));
  }
  return changes;
};

const claimOpenShift: Effect = ({ world, now, actorId, input, ids }) => {
  const open = world.get('openShifts', input.openShiftId);
  if (!open) return [];
  const remaining = (open.quantityRemaining as number) - 1;
  const record: WorldRecord = {
    id: ids.take('shifts'),
    agentId: actorId,
    start: input.start,
    end: input.end,
    shiftType: open.type,
    payRate: open.payRate,
    cots: open.cots,
    isCovering: true,
    parentId: null,
  };
  return [
    { op: 'insert', collection: 'shifts', record },
    {
      op: 'update',
      collection: 'openShifts',
      key: open.id,
      fields: remaining <= 0 ? { quantityRemaining: 0, endedAt: now } : { quantityRemaining: remaining },
    },
  ];
};

interface MealBreakParams {
  afterMinutes: number;
  minutes: number;
  shiftType: number;
  roundToMinutes: number;
}

/**
 * The combined shift runs from the earlier start to the later end. Its old meal breaks go; when it
 * is longer than afterMinutes it gets one break of `minutes`, centred and rounded down to
 * roundToMinutes (Eastern offsets are whole hours, so this rounds the wall clock too).
 */
const combineShifts: Effect = ({ world, input, params, ids }) => {
  const a = world.shift(input.shift1Id);
  const b = world.shift(input.shift2Id);
  if (!a || !b) return [];
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  const meal = params.mealBreak as MealBreakParams;
  const start = first.start;
  const end = Math.max(first.end, second.end);
  const changes: Change[] = [{ op: 'update', collection: 'shifts', key: first.id, fields: { end } }];
  for (const shift of [first, second]) {
    for (const sub of world.subShiftsOf(shift.id)) {
      if (sub.shiftType === meal.shiftType) changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
      else if (shift === second) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: { parentId: first.id } });
    }
  }
  // Changes are written in order: the later shift goes only once no sub-shift names it, so a
  // store that enforces or cascades parentId neither refuses the delete nor drops moved sub-shifts.
  changes.push({ op: 'delete', collection: 'shifts', key: second.id });
  if (end - start > meal.afterMinutes) changes.push(mealBreakOf(first, centredBreakStart(start, end, meal), meal, ids));
  return changes;
};

/** The start of a meal break centred on [start, end), rounded down to roundToMinutes. */
function centredBreakStart(start: number, end: number, meal: MealBreakParams): number {
  const centred = (start + end) / 2 - meal.minutes / 2;
  return Math.floor(centred / meal.roundToMinutes) * meal.roundToMinutes;
}

function mealBreakOf(shift: Shift, start: number, meal: MealBreakParams, ids: Ids): Change {
  return {
    op: 'insert',
    collection: 'shifts',
    record: {
      id: ids.take('shifts'),
      agentId: shift.agentId,
      start,
      end: start + meal.minutes,
      shiftType: meal.shiftType,
      payRate: shift.payRate,
      cots: 0,
      isCovering: false,
      parentId: shift.id,
    },
  };
}

/**
 * A supervisor's cut (cutUser). Without new times (`start`, `end` null) the whole shift goes, its
 * sub-shifts first. Otherwise the shift keeps [start, end): sub-shifts in the hours cut away are
 * deleted and those across a new edge clipped. Meal breaks are recalculated: a break already taken
 * (started by now) stays, clipped like the rest, since it happened; a break still to come stays
 * only while the shorter shift still earns one (longer than afterMinutes) and the break still lies
 * wholly inside it, so a break a supervisor placed is not moved for nothing. A shift that earns a
 * break and has none left gets one placed as combineShifts places it, but never in the past (then
 * from now, rounded up to roundToMinutes) and only where it ends by the new end.
 */
const cutShift: Effect = ({ world, now, params, ids }) => {
  const shift = world.shift(params.shift);
  if (!shift) return [];
  const subs = world.subShiftsOf(shift.id);
  const start = num(params.start);
  const end = num(params.end);
  if (start === null || end === null) {
    return [...subs.map((s): Change => ({ op: 'delete', collection: 'shifts', key: s.id })), { op: 'delete', collection: 'shifts', key: shift.id }];
  }
  const meal = params.mealBreak as MealBreakParams;
  const earnsBreak = end - start > meal.afterMinutes;
  const changes: Change[] = [];
  if (start !== shift.start || end !== shift.end) changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { start, end } });
  let breakLeft = false;
  for (const sub of subs) {
    const isBreak = sub.shiftType === meal.shiftType;
    const from = Math.max(sub.start, start);
    const to = Math.min(sub.end, end);
    const keep = isBreak && sub.start > now ? earnsBreak && sub.start >= start && sub.end <= end : from < to;
    if (!keep) {
      changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
      continue;
    }
    if (from !== sub.start || to !== sub.end) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: { start: from, end: to } });
    if (isBreak) breakLeft = true;
  }
  if (earnsBreak && !breakLeft) {
    let at = centredBreakStart(start, end, meal);
    if (at < now) at = Math.ceil(now / meal.roundToMinutes) * meal.roundToMinutes;
    if (at + meal.minutes <= end) changes.push(mealBreakOf({ ...shift, start, end }, at, meal, ids));
  }
  return changes;
};

type Span = { start: number; end: number };

/** [start, end) of a shift less the spans taken out: the pieces kept, in order. */
function keptPieces(shift: Shift, spans: readonly Span[]): Span[] {
  let pieces: Span[] = [{ start: shift.start, end: shift.end }];
  for (const cut of spans) {
    pieces = pieces.flatMap((p) =>
      cut.end <= p.start || cut.start >= p.end
        ? [p]
        : [...(cut.start > p.start ? [{ start: p.start, end: cut.start }] : []), ...(cut.end < p.end ? [{ start: cut.end, end: p.end }] : [])],
    );
  }
  return pieces;
}

/**
 * Records of another collection that name a shift (`field`) and are about an instant of it (`at`),
 * narrowed by `where`: when the shift splits, each goes with the piece that holds its instant.
 * With `until` (the field ending the record's hours [at, until)), a record whose instant no piece
 * keeps goes with the first piece that holds any of its hours: a leave early whose start was given
 * away goes with the giver's hours after it.
 */
interface Follow {
  collection: string;
  field: string;
  at: string;
  until?: string;
  where?: Record<string, unknown>;
}

/**
 * The changes that move the records `follow` names from `shiftId` to the piece (of `pieces`, in
 * time order, each with the id it keeps or gets) that holds them; a record whose piece keeps the
 * shift's id, or that no piece holds, stays.
 */
function followPieces(world: PreparedWorld, shiftId: number, pieces: readonly (Span & { id: number })[], follow: readonly Follow[]): Change[] {
  const changes: Change[] = [];
  for (const f of follow) {
    const keyField = COLLECTIONS[f.collection]?.key ?? 'id';
    for (const rec of world.recordsWhere(f.collection, f.field, shiftId)) {
      if (!matches(rec, f.where ?? {})) continue;
      const at = num(rec[f.at]);
      if (at === null) continue;
      const until = f.until === undefined ? null : num(rec[f.until]);
      const piece =
        pieces.find((p) => p.start <= at && at < p.end) ?? (until === null ? undefined : pieces.find((p) => p.start < until && at < p.end));
      if (piece && piece.id !== shiftId) changes.push({ op: 'update', collection: f.collection, key: rec[keyField], fields: { [f.field]: piece.id } });
    }
  }
  return changes;
}

/**
 * Takes spans out of one shift: the first piece kept stays the shift's record, each later piece is
 * a new shift like it, and with no piece left the shift is deleted. Each sub-shift follows the
 * piece(s) it lies in, clipped at the edges; the parts inside the hours taken out are deleted.
 * Records named in `follow` that a later piece holds are moved to it; the others stay.
 */
function takeOut(world: PreparedWorld, ids: Ids, shift: Shift, spans: readonly Span[], follow: readonly Follow[] = []): Change[] {
  const pieces = keptPieces(shift, spans);
  const first = pieces[0];
  if (pieces.length === 1 && first && first.start === shift.start && first.end === shift.end) return [];
  const changes: Change[] = [];
  const pieceIds = pieces.map((_, i) => (i === 0 ? shift.id : ids.take('shifts')));
  pieces.forEach((p, i) => {
    if (i > 0) changes.push({ op: 'insert', collection: 'shifts', record: { ...shift, id: pieceIds[i], start: p.start, end: p.end } });
  });
  changes.push(...followPieces(world, shift.id, pieces.map((p, i) => ({ ...p, id: pieceIds[i] as number })), follow));
  for (const sub of world.subShiftsOf(shift.id)) {
    const parts = pieces
      .map((p, i) => ({ start: Math.max(sub.start, p.start), end: Math.min(sub.end, p.end), parentId: pieceIds[i] as number }))
      .filter((part) => part.start < part.end);
    if (parts.length === 0) changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
    parts.forEach((part, i) => {
      if (i > 0) changes.push({ op: 'insert', collection: 'shifts', record: { ...sub, ...part, id: ids.take('shifts') } });
      else if (part.start !== sub.start || part.end !== sub.end || part.parentId !== sub.parentId) {
        changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: part });
      }
    });
  }
  // As in combineShifts, the shift goes only once no sub-shift names it.
  if (!first) changes.push({ op: 'delete', collection: 'shifts', key: shift.id });
  else {
    const fields: WorldRecord = {};
    if (first.start !== shift.start) fields.start = first.start;
    if (first.end !== shift.end) fields.end = first.end;
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields });
  }
  return changes;
}

/**
 * Takes [start, end) out of a shift (personal time, an absence): the shift is shortened, split in
 * two (the right piece a new shift like it) or deleted, and each sub-shift follows the piece it
 * lies in, clipped at the edges; the parts inside the hours taken out are deleted. Nothing is
 * recalculated: a break outside the hours stays where it was. With `from`, once per matched record
 * (`{ "each": field }` in shift, start and end): the hours several records take from one shift
 * are taken together, so the result does not depend on their order. With `follow` ({ collection,
 * field, at, until?, where? } or a list of them; see Follow), records naming the shift in `field`
 * move to the later piece that holds their `at` instant when the shift splits: a leave early
 * waiting for log out stays with the hours it takes. With `agent` instead of `shift`, the hours
 * leave every main shift of that agent they overlap: a leave early whose shift was split since
 * (hours given away from its middle) takes its hours from each piece, and none from the hours
 * given away, which are another agent's shift now.
 */
const removeHours: Effect = ({ world, params, ids, inserted }) => {
  const calls = params.from === undefined ? [params] : matchedRecords(world, params.from, inserted).map((r) => fillEach(params, r));
  const spans = new Map<number, Span[]>();
  for (const call of calls) {
    const from = num(call.start);
    const to = num(call.end);
    if (from === null || to === null || !(from < to)) continue;
    const agentId = num(call.agent);
    const shiftIds = params.agent !== undefined ? (agentId === null ? [] : world.mainShiftsOverlapping(agentId, from, to).map((s) => s.id)) : [num(call.shift)];
    for (const shiftId of shiftIds) {
      if (shiftId !== null) spans.set(shiftId, [...(spans.get(shiftId) ?? []), { start: from, end: to }]);
    }
  }
  const changes: Change[] = [];
  for (const [shiftId, taken] of spans) {
    const shift = world.shift(shiftId);
    if (shift) changes.push(...takeOut(world, ids, shift, taken, follows(params.follow)));
  }
  return changes;
};

function follows(value: unknown): Follow[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Follow[];
}

/**
 * Generic effects, so that an action which only records or updates rows is described by its rule
 * file alone. Params arrive with fact references resolved; `{ "inserted": name }` stands for the
 * id of a record an earlier effect of the same action inserted `as` name.
 */
function withInserted(value: unknown, inserted: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => withInserted(v, inserted));
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === 'inserted' && typeof o.inserted === 'string') return inserted.get(o.inserted) ?? null;
    return Object.fromEntries(keys.map((k) => [k, withInserted(o[k], inserted)]));
  }
  return value;
}

function fieldsOf(collection: string, fields: unknown): WorldRecord {
  const spec = COLLECTIONS[collection];
  const out: WorldRecord = {};
  for (const [name, value] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (spec?.fields[name]) out[name] = value === undefined ? null : value;
  }
  return out;
}

function matches(record: WorldRecord, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([field, value]) => record[field] === value);
}

/** Records matching every field of `where`, found through the first field (an indexed lookup). */
function recordsMatching(world: PreparedWorld, collection: string, where: Record<string, unknown>): readonly WorldRecord[] {
  const entries = Object.entries(where);
  const first = entries[0];
  if (!first) return [];
  return world.recordsWhere(collection, first[0], first[1]).filter((r) => matches(r, where));
}

/**
 * The records `from` names ({ collection, where, except }): those matching every field of
 * `where`, less those whose key is `except` (a key or a list of keys), in the collection's order.
 */
function matchedRecords(world: PreparedWorld, from: unknown, inserted: Map<string, unknown>): readonly WorldRecord[] {
  const f = withInserted(from, inserted) as { collection?: unknown; where?: unknown; except?: unknown } | null;
  if (!f || typeof f.collection !== 'string' || !f.where || typeof f.where !== 'object') return [];
  const keyField = COLLECTIONS[f.collection]?.key ?? 'id';
  const except = Array.isArray(f.except) ? f.except : [f.except];
  return recordsMatching(world, f.collection, f.where as Record<string, unknown>).filter((r) => !except.includes(r[keyField]));
}

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
function fillEach<T>(value: T, record: WorldRecord): T {
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

const insert: Effect = ({ ids, params, inserted }) => {
  const collection = params.collection as string;
  const spec = COLLECTIONS[collection];
  if (!spec) return [];
  const given = fieldsOf(collection, withInserted(params.record, inserted));
  const record: WorldRecord = {};
  for (const [name, field] of Object.entries(spec.fields)) record[name] = given[name] ?? field.default ?? null;
  if (spec.key === 'id' && given.id === undefined) record.id = ids.take(collection);
  if (typeof params.as === 'string') inserted.set(params.as, record[spec.key]);
  return [{ op: 'insert', collection, record }];
};

const update: Effect = ({ params, inserted }) => {
  const collection = params.collection as string;
  const key = withInserted(params.key, inserted);
  if (key === null || key === undefined) return [];
  return [{ op: 'update', collection, key, fields: fieldsOf(collection, withInserted(params.fields, inserted)) }];
};

const updateWhere: Effect = ({ world, params, inserted }) => {
  const collection = params.collection as string;
  const keyField = COLLECTIONS[collection]?.key ?? 'id';
  const fields = fieldsOf(collection, withInserted(params.fields, inserted));
  const where = withInserted(params.where, inserted) as Record<string, unknown>;
  return recordsMatching(world, collection, where).map((r) => ({ op: 'update' as const, collection, key: r[keyField], fields }));
};

const remove: Effect = ({ params, inserted }) => {
  const key = withInserted(params.key, inserted);
  return key === null || key === undefined ? [] : [{ op: 'delete', collection: params.collection as string, key }];
};

const removeWhere: Effect = ({ world, params, inserted }) => {
  const collection = params.collection as string;
  const keyField = COLLECTIONS[collection]?.key ?? 'id';
  const where = withInserted(params.where, inserted) as Record<string, unknown>;
  return recordsMatching(world, collection, where).map((r) => ({ op: 'delete' as const, collection, key: r[keyField] }));
};

/**
 * One record per record `from` matches (a History line for each offer an accept declines): the
 * record's `{ "each": field }` values are the matched record's, its templates filled for it.
 */
const insertEach: Effect = (ctx) =>
  matchedRecords(ctx.world, ctx.params.from, ctx.inserted).flatMap((matched) =>
    insert({ ...ctx, params: { collection: ctx.params.collection, record: fillEach({ record: ctx.params.record }, matched).record } }),
  );

/** A text message into the outbox (textMessages); the body arrives with its template filled. */
const text: Effect = (ctx) => {
  const to = withInserted(ctx.params.to, ctx.inserted);
  if (to === null || to === undefined) return [];
  return insert({
    ...ctx,
    params: { collection: 'textMessages', record: { toAgentId: to, kind: ctx.params.kind ?? null, body: ctx.params.body, createdAt: ctx.now } },
  });
};

/** Effect kinds that take `follow` (records that go with the piece of a split shift that holds them). */
export const FOLLOW_EFFECTS: ReadonlySet<string> = new Set(['removeHours', 'acceptOffer', 'acceptOfferHours']);

/**
 * Effect kinds that run once per record of a `from` ({ collection, where, except }), reading the
 * record through `{ "each": field }`: whether they need one (checked when rules load).
 */
export const EACH_EFFECTS: ReadonlyMap<string, { fromRequired: boolean }> = new Map([
  ['insertEach', { fromRequired: true }],
  ['removeHours', { fromRequired: false }],
]);

/** Generic effect kinds and the collection-field params each names (checked when rules load). */
export const GENERIC_EFFECTS: ReadonlyMap<string, { fieldParams: readonly string[] }> = new Map([
  ['insert', { fieldParams: ['record'] }],
  ['insertEach', { fieldParams: ['record'] }],
  ['update', { fieldParams: ['fields'] }],
  ['updateWhere', { fieldParams: ['fields', 'where'] }],
  ['delete', { fieldParams: [] }],
  ['deleteWhere', { fieldParams: ['where'] }],
  ['text', { fieldParams: [] }],
]);

export const effectKinds: ReadonlyMap<string, Effect> = new Map([
  ['acceptOffer', acceptOffer],
  ['acceptOfferHours', acceptOfferHours],
  ['claimOpenShift', claimOpenShift],
  ['combineShifts', combineShifts],
  ['cutShift', cutShift],
  ['removeHours', removeHours],
  ['insert', insert],
  ['insertEach', insertEach],
  ['update', update],
  ['updateWhere', updateWhere],
  ['delete', remove],
  ['deleteWhere', removeWhere],
  ['text', text],
]);
