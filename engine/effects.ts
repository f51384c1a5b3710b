import type { Change } from './changes.ts';
import type { PreparedWorld, Shift, WorldRecord } from './world.ts';

/**
 * What each action does to the world when it goes through. Parameters (a meal break's length,
 * when a combined shift earns one) come from the action's rule file.
 */
export interface EffectContext {
  world: PreparedWorld;
  now: number;
  actorId: number;
  input: Record<string, unknown>;
  params: Record<string, unknown>;
}

type Effect = (ctx: EffectContext) => Change[];

class Ids {
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
 * keeps what is left (one or two pieces), and sub-shifts follow the hours they sit in.
 */
function transferHours(world: PreparedWorld, ids: Ids, shift: Shift, from: number, to: number, receiver: number): Change[] {
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

const acceptOffer: Effect = ({ world, now, input }) => {
  const offer = world.get('offers', input.offerId);
  const posting = offer && world.get('coveragePostings', offer.postingId);
  if (!offer || !posting) return [];
  const ids = new Ids(world);
  const changes: Change[] = [
    { op: 'update', collection: 'offers', key: offer.id, fields: { status: 'accepted' } },
    { op: 'update', collection: 'coveragePostings', key: posting.id, fields: { endedAt: now } },
    ...declineOthers(world, 'postingId', posting.id, offer.id),
  ];
  const shift = world.shift(posting.shiftId);
  if (shift) changes.push(...transferHours(world, ids, shift, offer.start as number, offer.end as number, offer.coveringAgentId as number));
  const swap = world.shift(offer.swapShiftId);
  const swapStart = num(offer.swapStart) ?? swap?.start;
  const swapEnd = num(offer.swapEnd) ?? swap?.end;
  if (swap && swapStart !== undefined && swapEnd !== undefined) {
    changes.push(...transferHours(world, ids, swap, swapStart, swapEnd, posting.agentId as number));
  }
  return changes;
};

const acceptOfferHours: Effect = ({ world, now, input }) => {
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
  if (shift) changes.push(...transferHours(world, new Ids(world), shift, offer.start as number, offer.end as number, posting.agentId as number));
  return changes;
};

const claimOpenShift: Effect = ({ world, now, actorId, input }) => {
  const open = world.get('openShifts', input.openShiftId);
  if (!open) return [];
  const remaining = (open.quantityRemaining as number) - 1;
  const record: WorldRecord = {
    id: new Ids(world).take('shifts'),
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
const combineShifts: Effect = ({ world, input, params }) => {
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
  if (end - start > meal.afterMinutes) {
    const centred = (start + end) / 2 - meal.minutes / 2;
    const breakStart = Math.floor(centred / meal.roundToMinutes) * meal.roundToMinutes;
    changes.push({
      op: 'insert',
      collection: 'shifts',
      record: {
        id: new Ids(world).take('shifts'),
        agentId: first.agentId,
        start: breakStart,
        end: breakStart + meal.minutes,
        shiftType: meal.shiftType,
        payRate: first.payRate,
        cots: 0,
        isCovering: false,
        parentId: first.id,
      },
    });
  }
  return changes;
};

export const effectKinds: ReadonlyMap<string, Effect> = new Map([
  ['acceptOffer', acceptOffer],
  ['acceptOfferHours', acceptOfferHours],
  ['claimOpenShift', claimOpenShift],
  ['combineShifts', combineShifts],
]);
