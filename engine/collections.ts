/**
 * The world's collections as the scenario format defines them: field names, types and defaults.
 * One table serves world normalisation, the load-time lint of rule paths, effects and the
 * comparison of expected worlds, so a field is described once.
 */
export type FieldType =
  | 'id' // integer
  | 'number'
  | 'bool'
  | 'string'
  | 'instant' // epoch minutes once normalised
  | 'date' // day number once normalised
  | 'status';

export interface FieldSpec {
  type: FieldType;
  nullable?: boolean;
  required?: boolean;
  default?: unknown;
}

export interface CollectionSpec {
  key: string;
  fields: Record<string, FieldSpec>;
}

const id = (required = true): FieldSpec => ({ type: 'id', required });
const optionalId = (): FieldSpec => ({ type: 'id', nullable: true, default: null });
const instant = (): FieldSpec => ({ type: 'instant', required: true });
const optionalInstant = (): FieldSpec => ({ type: 'instant', nullable: true, default: null });
const optionalDate = (): FieldSpec => ({ type: 'date', nullable: true, default: null });
const num = (def: number): FieldSpec => ({ type: 'number', default: def });
const bool = (def: boolean): FieldSpec => ({ type: 'bool', default: def });
const text = (): FieldSpec => ({ type: 'string', nullable: true, default: null });

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;

export const COLLECTIONS: Record<string, CollectionSpec> = {
  agents: {
    key: 'agentId',
    fields: {
      agentId: id(),
      agentType: { type: 'number', required: true },
      initials: text(),
      firstName: text(),
      lastName: text(),
      spanish: bool(false),
      canCoverDOCS: bool(false),
      probationUntil: optionalDate(),
      terminationDate: optionalInstant(),
      personalTime: num(0),
      vacationTime: num(0),
      fmlaIntermittentUntil: optionalDate(),
      fmlaContinuousUntil: optionalDate(),
    },
  },
  shifts: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      start: instant(),
      end: instant(),
      shiftType: num(0),
      payRate: num(0),
      cots: num(0),
      isCovering: bool(false),
      parentId: optionalId(),
    },
  },
  days: {
    key: 'date',
    fields: {
      date: { type: 'date', required: true },
      holiday: bool(false),
      schedulePosted: bool(true),
    },
  },
  coveragePostings: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      shiftId: optionalId(),
      start: instant(),
      end: instant(),
      type: num(0),
      openToTrade: num(0),
      notes: text(),
      cots: num(0),
      endedAt: optionalInstant(),
    },
  },
  pickupPostings: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      start: instant(),
      end: instant(),
      type: num(0),
      notes: text(),
      endedAt: optionalInstant(),
    },
  },
  openShifts: {
    key: 'id',
    fields: {
      id: id(),
      createdBy: optionalId(),
      start: instant(),
      end: instant(),
      type: num(0),
      payRate: num(0),
      cots: num(0),
      quantityRemaining: num(1),
      assistantAfterDate: optionalInstant(),
      endedAt: optionalInstant(),
    },
  },
  offers: {
    key: 'id',
    fields: {
      id: id(),
      postingId: optionalId(),
      pickupPostingId: optionalId(),
      offeringAgentId: id(),
      coveringAgentId: id(),
      start: instant(),
      end: instant(),
      shiftId: optionalId(),
      swapShiftId: optionalId(),
      swapStart: optionalInstant(),
      swapEnd: optionalInstant(),
      expiration: optionalInstant(),
      status: { type: 'status', default: 'pending' },
      rejectingOfferId: optionalId(),
      nudgedAt: optionalInstant(),
      comment: text(),
      createdAt: optionalInstant(),
    },
  },
};

export type CollectionName = keyof typeof COLLECTIONS & string;

export function collectionSpec(name: string): CollectionSpec | undefined {
  return Object.prototype.hasOwnProperty.call(COLLECTIONS, name) ? COLLECTIONS[name] : undefined;
}
