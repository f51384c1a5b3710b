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
  | 'status'; // text from a fixed list (`values`)

export interface FieldSpec {
  type: FieldType;
  /** With 'status': the values the field may take. */
  values?: readonly string[];
  nullable?: boolean;
  required?: boolean;
  default?: unknown;
}

export interface CollectionSpec {
  key: string;
  fields: Record<string, FieldSpec>;
}

// Each helper keeps its literal type (`as const`), so the table's type says every field's kind
// and nullability: server/db/kysely.ts types the world's tables from it.
const id = () => ({ type: 'id', required: true }) as const satisfies FieldSpec;
const optionalId = () => ({ type: 'id', nullable: true, default: null }) as const satisfies FieldSpec;
const instant = () => ({ type: 'instant', required: true }) as const satisfies FieldSpec;
const optionalInstant = () => ({ type: 'instant', nullable: true, default: null }) as const satisfies FieldSpec;
const optionalDate = () => ({ type: 'date', nullable: true, default: null }) as const satisfies FieldSpec;
const num = (def: number) => ({ type: 'number', default: def }) as const satisfies FieldSpec;
const bool = (def: boolean) => ({ type: 'bool', default: def }) as const satisfies FieldSpec;
const text = () => ({ type: 'string', nullable: true, default: null }) as const satisfies FieldSpec;

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
/** Cut, meal-break and personal-time requests: waiting, granted, refused, or taken back by the asker. */
const REQUEST_STATUSES = ['pending', 'approved', 'denied', 'removed'] as const;
/** What the sign-in log records. */
const SESSION_EVENTS = ['signIn', 'signOut'] as const;
const status = <V extends string>(values: readonly V[], def: V) => ({ type: 'status', values, default: def }) as const satisfies FieldSpec;

/**
 * The spec's exceptions for single people, kept on their agent record so that rules and
 * rules/roles.json name the exception, never a person's id: the designated account manager who
 * may post and offer on ordinary days (spec 2 sections 4 and 5), the one agent above 80 who may
 * request cuts and different meal breaks (spec 1 section 6, spec 3 sections 5 and 6), and the
 * fixed recipient of the chat category Shiftinator Ideas (spec 3 section 5).
 */
export const AGENT_ATTRIBUTES = ['designatedAccountManager', 'mayRequestCutsAndLunches', 'ideasRecipient'] as const;
export type AgentAttribute = (typeof AGENT_ATTRIBUTES)[number];

const COLLECTION_TABLE = {
  agents: {
    key: 'agentId',
    fields: {
      agentId: id(),
      agentType: { type: 'number', required: true } as const,
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
      teamId: optionalId(),
      ...(Object.fromEntries(AGENT_ATTRIBUTES.map((a) => [a, bool(false)])) as Record<AgentAttribute, ReturnType<typeof bool>>),
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
      date: { type: 'date', required: true } as const,
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
      status: status(OFFER_STATUSES, 'pending'),
      rejectingOfferId: optionalId(),
      nudgedAt: optionalInstant(),
      comment: text(),
      createdAt: optionalInstant(),
    },
  },
  /** The offer change log (History / Recent Activity): one line per thing that happened to an offer, per person it concerns. */
  offerLog: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      offerId: optionalId(),
      at: instant(),
      message: text(),
    },
  },
  /** Messages about an offer (sendOfferMessage, sendOfferMessageHours). */
  offerMessages: {
    key: 'id',
    fields: {
      id: id(),
      offerId: id(),
      agentId: id(),
      notes: text(),
      sentAt: instant(),
      /** handlePendingChange: who answered the message, when, and their notes (null while it waits). */
      handledBy: optionalId(),
      handledAt: optionalInstant(),
      handledNotes: text(),
    },
  },
  /** Sign-ins and sign-outs (loggingInLog, loggingOutLog): one row per event. */
  sessionLog: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      at: instant(),
      event: status(SESSION_EVENTS, 'signIn'),
    },
  },
  /** Requests to be cut early (requestCut): the shift and the end the agent asks for. */
  cutRequests: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      shiftId: id(),
      requestedAt: instant(),
      requestedEnd: instant(),
      status: status(REQUEST_STATUSES, 'pending'),
      decidedBy: optionalId(),
      decidedAt: optionalInstant(),
    },
  },
  /** Requests for a different meal break (requestLunch), approved with the new break start. */
  lunchRequests: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      shiftId: id(),
      requestedAt: instant(),
      notes: text(),
      status: status(REQUEST_STATUSES, 'pending'),
      decidedBy: optionalId(),
      decidedAt: optionalInstant(),
      approvedStart: optionalInstant(),
    },
  },
  /** Personal time taken from a shift (requestPersonal): approved at once, the minutes deducted. */
  personalRequests: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      shiftId: optionalId(),
      start: instant(),
      end: instant(),
      minutes: num(0),
      requestedAt: instant(),
      status: status(REQUEST_STATUSES, 'approved'),
      /** 1st, 2nd or 3rd shift (1, 2, 3) of the shift the time was taken from; null when it fits none. */
      shiftClass: { type: 'number', nullable: true, default: null } as const,
      /**
       * The minutes are still in the agent's personalTime and come out of it when the time starts
       * (server/personal-time.ts): true for time booked by requestPersonal. False for time whose
       * minutes are out of the balance already, which is what a scenario's own records are.
       */
      chargeAtStart: bool(false),
    },
  },
  /** Notices of absence (giveNotice): violationType 0 call out, 1 arrive late, 2 leave early. */
  notices: {
    key: 'id',
    fields: {
      id: id(),
      agentId: id(),
      shiftId: optionalId(),
      violationType: num(0),
      start: instant(),
      end: instant(),
      vacationApplied: bool(false),
      reason: num(0),
      message: text(),
      createdAt: instant(),
      /** The paid minutes the absence misses; personal and vacation minutes pay part of them, the rest is unpaid (or FMLA). */
      minutes: num(0),
      personalMinutes: num(0),
      vacationMinutes: num(0),
      /**
       * When the schedule took the missed hours out of the shift: at once for a call out or an
       * arrive late, at the next log out for a leave early (spec 3 section 4). Null while the
       * schedule still holds them, which attendance reads as hours not worked.
       */
      appliedAt: optionalInstant(),
    },
  },
  /** Chat: one row per message; each side may delete the thread for themselves. */
  chatMessages: {
    key: 'id',
    fields: {
      id: id(),
      fromAgentId: id(),
      toAgentId: id(),
      message: text(),
      sentAt: instant(),
      readAt: optionalInstant(),
      deletedBySender: bool(false),
      deletedByRecipient: bool(false),
    },
  },
  teams: {
    key: 'id',
    fields: {
      id: id(),
      name: text(),
      leaderId: optionalId(),
    },
  },
  releaseNotes: {
    key: 'id',
    fields: {
      id: id(),
      version: num(0),
      releasedAt: instant(),
      notes: text(),
    },
  },
  /**
   * The outbox: text messages (nudges, cuts, breaks, offers) written in the action's transaction
   * and sent afterwards by a pluggable sender, which sets sentAt.
   */
  textMessages: {
    key: 'id',
    fields: {
      id: id(),
      toAgentId: id(),
      kind: text(),
      body: text(),
      createdAt: instant(),
      sentAt: optionalInstant(),
    },
  },
} satisfies Record<string, CollectionSpec>;

/** The collection table's exact type, for code that types storage from it (server/db/kysely.ts). */
export type CollectionTable = typeof COLLECTION_TABLE;

export const COLLECTIONS: Record<string, CollectionSpec> = COLLECTION_TABLE;

export function collectionSpec(name: string): CollectionSpec | undefined {
  return Object.prototype.hasOwnProperty.call(COLLECTIONS, name) ? COLLECTIONS[name] : undefined;
}
