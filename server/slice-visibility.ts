import { AGENT_ATTRIBUTES, COLLECTIONS, PreparedWorld, type Decision, type Permissions, type NormalizedWorld, type LoadedRuleFile, type RuleSet, type WorldRecord } from '../engine/index.ts';
import { offerPeopleIds, seesOthers, type OfferPeople } from './reads/details.ts';
import { othersRequestsRefusal } from './routes/cuts-and-breaks.ts';
import { READ_MESSAGES } from './reads/http.ts';
import type { SliceDecision } from './decide-on-slice.ts';
import { sliceAsText } from './slice-text.ts';
import { anonymiseSlice, isStandIn } from './decision-world.ts';

/**
 * What a world slice (GET /api/worldSlice/{action}) may hold for whom, in one table: the browser
 * decides on it with the server's engine, so it keeps every field a rule reads, and nothing of
 * another person the rules do not need. Records looked up only to be counted are anonymised
 * besides (server/decision-world.ts).
 */

const SLICE_MESSAGES = {
  notYourShift: 'You can only act on your own shifts.',
};

/** What the permission checks know of a reader: who, and what their role lets them read. */
export interface Reader {
  agentId: number;
  /** Members of the group seesOthers asks (rules/roles.json). */
  seesOthers: boolean;
  /** Their permissions of rules/roles.json. */
  permissions: Permissions | null;
}

/** A reader from their agent record (type, Spanish flag, attributes), as the rules see it. */
export function readerOf(rules: RuleSet, agentId: number, agent: Record<string, unknown> | null | undefined): Reader {
  if (!agent) return { agentId, seesOthers: false, permissions: null };
  const attributes = Object.fromEntries(AGENT_ATTRIBUTES.map((a) => [a, agent[a] === true]));
  return { agentId, seesOthers: seesOthers(rules, agent), permissions: rules.permissionsFor(agent.agentType as number, agent.spanish === true, attributes) };
}

/** Records by key, for a check that follows one record to another (an offer to its posting's poster). */
interface Lookup {
  get(collection: string, key: unknown): WorldRecord | null;
}

/** Who reads a slice, and of what world (the decision's, before it is reduced for the reader). */
export interface SliceReader {
  world: PreparedWorld;
  reader: Reader;
  /** The decision's clock, epoch minutes. */
  now: number;
}

/**
 * Who besides its owners may read another person's record, as the collection's ordinary reads
 * decide: the people `people` names, anyone while `open` holds, and whoever `role` lets.
 */
interface Others {
  people?: (record: WorldRecord, world: Lookup) => readonly (number | null)[];
  open?: (record: WorldRecord, now: number) => boolean;
  /** Why a reader, by their role, may not read others' records of the collection; null: they may. */
  role: (reader: Reader) => string | null;
}

interface Visibility {
  /** Fields naming the agents the record is about: they see it in full. */
  owners: readonly string[];
  /** Fields no one else is shown (at their default in the slice): no rule reads them of another person. */
  private?: readonly string[];
  /** Fields shown, besides the owners, only to those who see others' data, as the reads of one agent's data do (seesOthers). */
  personal?: readonly string[];
  /**
   * Who besides its owners may read a record at all: anyone else is sent none of them, in a slice
   * (not even anonymised; a slice that cannot be decided the same without them answers 403 with
   * the refusal) or in a live event. None: any signed-in agent in a slice, with the fields above
   * (others' shifts go there as stand-ins, server/decision-world.ts, or as the reads of a shift
   * show them); in an event, its owners and supervision (EVENT_OTHERS).
   */
  others?: Others;
  /**
   * As the record an action's input names (its subject): the refusal for a reader who may not
   * read it, or null. None: its owners and whoever `others` lets read it.
   */
  subject?: (record: WorldRecord, as: SliceReader) => string | null;
}

/**
 * An offer's people from the records of a world, as offerForItsPeople selects them (the giver of
 * offered hours: the owner of the shift they come from, else the maker of the offer answered).
 */
function offerPeople(offer: WorldRecord, world: Lookup): OfferPeople {
  const agentOf = (collection: string, key: unknown): number | null => (key === null || key === undefined ? null : ((world.get(collection, key)?.agentId as number | undefined) ?? null));
  const answered = offer.rejectingOfferId === null ? null : world.get('offers', offer.rejectingOfferId);
  return {
    maker: offer.offeringAgentId as number,
    covering: offer.coveringAgentId as number,
    poster: agentOf('coveragePostings', offer.postingId),
    hoursPoster: agentOf('pickupPostings', offer.pickupPostingId),
    giver: agentOf('shifts', offer.shiftId) ?? ((answered?.offeringAgentId as number | undefined) ?? null),
  };
}

const offerRead: Others = { people: (offer, world) => offerPeopleIds(offerPeople(offer, world)), role: () => READ_MESSAGES.notYourOffer };

/** Others' records only for those who see others' data (seesOthers), as the reads of one agent's data decide. */
const supervisionReads: Others = { role: (r) => (r.seesOthers ? null : READ_MESSAGES.notYours) };

/** A posting: anyone while it is on the calendar (activePosting), as lookupPosting and findShiftWantsCoverage decide (postingVisibleTo). */
const postingRead: Others = {
  open: (posting, now) => posting.endedAt === null && (posting.end as number) > now,
  role: () => READ_MESSAGES.notYourPosting,
};

/** Cut and break requests: the supervisor wishlist's people (othersRequestsRefusal, as the wishlist's reads). */
const requestsRead: Others = { role: (r) => othersRequestsRefusal(r.permissions) };

/** Only the people the owner fields name (chats, texts): no one else reads them. */
const ownersOnly: Others = { role: () => READ_MESSAGES.notYours };

export const SLICE_VISIBILITY: Record<string, Visibility> = {
  agents: {
    owners: ['agentId'],
    private: ['firstName', 'lastName'],
    personal: ['personalTime', 'vacationTime', 'fmlaIntermittentUntil', 'fmlaContinuousUntil', 'terminationDate'],
  },
  shifts: {
    owners: ['agentId'],
    personal: ['payRate', 'cots', 'isCovering'],
    // Every action on a shift by id acts on one's own, or is a supervisor's (cutUser, approveLunch).
    subject: (shift, { reader }) => (shift.agentId === reader.agentId || reader.seesOthers ? null : SLICE_MESSAGES.notYourShift),
  },
  days: { owners: [] },
  coveragePostings: { owners: ['agentId'], private: ['notes'], others: postingRead },
  pickupPostings: { owners: ['agentId'], private: ['notes'], others: postingRead },
  openShifts: { owners: [] },
  offers: { owners: ['offeringAgentId', 'coveringAgentId'], private: ['comment'], others: offerRead },
  offerLog: { owners: ['agentId'], private: ['message'], others: supervisionReads },
  offerMessages: {
    owners: ['agentId'],
    private: ['notes', 'handledNotes'],
    // A message about an offer is its people's, and supervision's, who read others' History
    // (seesOthers); a message whose offer is gone is no one else's to read.
    others: {
      people: (message, world) => {
        const offer = world.get('offers', message.offerId);
        return offer ? offerPeopleIds(offerPeople(offer, world)) : [];
      },
      role: (r) => (r.seesOthers ? null : READ_MESSAGES.notYourOffer),
    },
  },
  sessionLog: { owners: ['agentId'], others: supervisionReads },
  cutRequests: { owners: ['agentId'], others: requestsRead },
  lunchRequests: { owners: ['agentId'], private: ['notes'], others: requestsRead },
  personalRequests: { owners: ['agentId'], others: supervisionReads },
  notices: { owners: ['agentId'], private: ['message'], personal: ['reason'], others: supervisionReads },
  chatMessages: { owners: ['fromAgentId', 'toAgentId'], private: ['message'], others: ownersOnly },
  teams: { owners: [] },
  releaseNotes: { owners: [] },
  textMessages: { owners: ['toAgentId'], private: ['body'], others: ownersOnly },
};

/** In a live event, a record of a collection with owners and no `others` is its owners' and supervision's. */
const EVENT_OTHERS: Others = supervisionReads;

const eventOthers = (collection: string): Others | undefined => {
  const v = visibilityOf(collection);
  return v.others ?? (v.owners.length > 0 ? EVENT_OTHERS : undefined);
};

/**
 * Who may read a record a live event names, whatever their role: null, anyone (a collection
 * everyone reads, or one open while the record was or is, such as a posting on the calendar);
 * else its owners and the people its `others` names, in any of its versions (as it was, as it is).
 * Those whose role lets them read others' records of the collection read it too (roleReads).
 */
export function eventReaders(collection: string, versions: readonly WorldRecord[], world: Lookup, now: number): number[] | null {
  const o = eventOthers(collection);
  if (!o) return null;
  const owners = visibilityOf(collection).owners;
  const people = new Set<number>();
  for (const r of versions) {
    if (o.open?.(r, now)) return null;
    for (const f of owners) if (typeof r[f] === 'number') people.add(r[f]);
    for (const p of o.people?.(r, world) ?? []) if (p !== null) people.add(p);
  }
  return [...people].sort((a, b) => a - b);
}

/** Whether a reader's role lets them read other people's records of a collection (in an event: eventReaders). */
export function roleReads(collection: string, reader: Reader): boolean {
  const o = eventOthers(collection);
  return !o || o.role(reader) === null;
}

/** A collection the table does not name shows others none of its text. */
function visibilityOf(collection: string): Visibility {
  return (
    SLICE_VISIBILITY[collection] ?? {
      owners: [],
      private: Object.entries(COLLECTIONS[collection]?.fields ?? {})
        .filter(([, f]) => f.type === 'string')
        .map(([name]) => name),
    }
  );
}

const subjectsByFile = new WeakMap<LoadedRuleFile, [field: string, collection: string][]>();

/** The input fields an action's rules look a record up by, and its collection: the action's subjects. */
export function actionSubjects(file: LoadedRuleFile): readonly [field: string, collection: string][] {
  let subjects = subjectsByFile.get(file);
  if (!subjects) {
    subjects = [];
    for (const fact of Object.values(file.facts)) {
      const id = fact.params.id as { fact?: unknown; path?: unknown } | undefined;
      if (fact.kind === 'record' && id?.fact === 'input' && typeof id.path === 'string' && typeof fact.params.collection === 'string') {
        subjects.push([id.path, fact.params.collection]);
      }
    }
    subjectsByFile.set(file, subjects);
  }
  return subjects;
}

/** Whether the reader is one of the people a record's owner fields name. */
const ownedBy = (v: Visibility, record: WorldRecord, reader: number): boolean => v.owners.some((f) => record[f] === reader);

/** Why the reader may not read this record of `collection`, or null: its owners may, and whoever its `others` lets. */
export function readRefusal(collection: string, record: WorldRecord, { world, reader, now }: SliceReader): string | null {
  const v = visibilityOf(collection);
  const o = v.others;
  if (!o || ownedBy(v, record, reader.agentId) || o.open?.(record, now) || o.people?.(record, world).includes(reader.agentId)) return null;
  return o.role(reader);
}

/**
 * Why `reader` may not have this action's slice for this input, or null: a record its input names
 * that the reader may not read. Read through `world.get`, so a slice world notes the records the
 * check needs and the server loads them with the decision's own.
 */
export function sliceRefusal(rules: RuleSet, file: LoadedRuleFile, world: PreparedWorld, reader: number, input: Record<string, unknown>, now: number): string | null {
  for (const [field, collection] of actionSubjects(file)) {
    const key = input[field];
    if (key === null || key === undefined) continue;
    const record = world.get(collection, key);
    if (!record) continue;
    const as = { world, reader: readerOf(rules, reader, world.get('agents', reader)), now };
    const check = visibilityOf(collection).subject;
    const refusal = check ? check(record, as) : readRefusal(collection, record, as);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * The decision's world less the records the reader may not read (readRefusal), and the refusal
 * of the first of them (null when none was left out).
 */
function withoutUnreadable(rules: RuleSet, data: NormalizedWorld, reader: number, now: number): { world: NormalizedWorld; refusal: string | null } {
  let prepared: PreparedWorld | undefined;
  let as: SliceReader | undefined;
  let refusal: string | null = null;
  const out: NormalizedWorld = {};
  for (const [collection, list] of Object.entries(data)) {
    const v = visibilityOf(collection);
    if (!v.others || list.every((r) => ownedBy(v, r, reader))) {
      out[collection] = list;
      continue;
    }
    prepared ??= new PreparedWorld(data);
    const withReader = (as ??= { world: prepared, reader: readerOf(rules, reader, prepared.get('agents', reader)), now });
    out[collection] = list.filter((r) => {
      const why = readRefusal(collection, r, withReader);
      refusal ??= why;
      return why === null;
    });
  }
  return { world: out, refusal };
}

/**
 * The slice with other people's records reduced to what the table shows the reader: their own
 * records in full, anyone else's without private fields, and without personal ones unless the
 * reader sees others' data (seesOthers).
 */
function reduceForReader(rules: RuleSet, data: NormalizedWorld, reader: number, readerRecord: WorldRecord | undefined): NormalizedWorld {
  const supervisor = seesOthers(rules, readerRecord);
  const out: NormalizedWorld = {};
  for (const [collection, list] of Object.entries(data)) {
    const v = visibilityOf(collection);
    const hidden = [...(v.private ?? []), ...(supervisor ? [] : (v.personal ?? []))];
    const fields = COLLECTIONS[collection]?.fields ?? {};
    out[collection] =
      hidden.length === 0
        ? list
        : list.map((r) => {
            if (ownedBy(v, r, reader)) return r;
            const copy: WorldRecord = { ...r };
            for (const f of hidden) copy[f] = fields[f]?.default ?? null;
            return copy;
          });
  }
  return out;
}

/** The slice a reader is given of a decision's world: head-count people anonymised, then reduced for the reader. */
function sliceForReader(rules: RuleSet, slice: Pick<SliceDecision, 'world' | 'identified' | 'byKey'>, reader: number): NormalizedWorld {
  const readerRecord = slice.world.agents?.find((a) => a.agentId === reader);
  return reduceForReader(rules, anonymiseSlice(slice.world, slice.identified, slice.byKey, reader), reader, readerRecord);
}

/**
 * Fact kinds that sum other people's records up (minutes worked in a window, overlapping shifts,
 * head counts per step, people off at once, counts, sums and minima of records, a shift's breaks): the aggregates the spec's own client
 * asked the server for (/getMin18HourPeriodAfter, /areTheyWorking, /isSpanishOK, /isSupOK). A
 * slice carries their values, computed by the server on its full slice, in place of the records
 * held only to compute them. Only numbers, yes/no and null are carried: a value that is a record
 * or a list of them would hand out what it was computed from.
 */
const AGGREGATE_FACT_KINDS: ReadonlySet<string> = new Set([
  'workedMinutes',
  'scheduledOverlaps',
  'minHeadCount',
  'agentsOverlapping',
  'countRecords',
  'sumRecords',
  'minOfRecords',
  'subShiftCount',
  'hasShiftType',
]);

export type ReaderSlice =
  | {
      /** The world as scenario files write it. */
      world: Record<string, unknown[]>;
      /** Values of the rule file's aggregate facts, to decide with as given (DecisionRequest.facts). */
      facts?: Record<string, number | boolean | null>;
    }
  | {
      /** The reader may not read a record the decision needs: the refusal of its reads (a 403). */
      error: string;
    };

function aggregateFacts(file: LoadedRuleFile, decision: Decision): Record<string, number | boolean | null> {
  const out: Record<string, number | boolean | null> = {};
  for (const [name, value] of Object.entries(decision.facts ?? {})) {
    const def = file.facts[name];
    if (!def || !AGGREGATE_FACT_KINDS.has(def.kind)) continue;
    if (value === null || typeof value === 'number' || typeof value === 'boolean') out[name] = value;
  }
  return out;
}

/** The world less every record that is in it only as a stand-in for someone else's (anonymised). */
function withoutStandIns(world: NormalizedWorld): NormalizedWorld {
  const out: NormalizedWorld = {};
  for (const [name, list] of Object.entries(world)) {
    const key = COLLECTIONS[name]?.key ?? 'id';
    out[name] = list.filter((r) => !isStandIn(r[key]) && !isStandIn(r.agentId));
  }
  return out;
}

const sameAnswer = (a: Decision, b: Decision): boolean =>
  a.outcome === b.outcome && (a.message ?? null) === (b.message ?? null) && (a.rule ?? null) === (b.rule ?? null) && JSON.stringify(a.warnings) === JSON.stringify(b.warnings);

/**
 * What a reader is sent of a decision's slice: without the records the reader may not read at all
 * (withoutUnreadable), reduced for the reader (sliceForReader), then, where the rules' aggregates
 * give the same answer without them, without other people's records held only to be summed or
 * counted, their sums sent instead. The answer on what is sent is checked against the server's
 * before it is sent; where it would differ (a rule reads such records some other way), the reduced
 * slice goes as it is, checked too when a record was left out: a decision that needs a record
 * the reader may not read is no slice of theirs (the refusal of that record's reads).
 */
export async function readerSlice(
  rules: RuleSet,
  request: { action: string; actor: number; now: number; input: Record<string, unknown>; asOffered?: boolean },
  slice: Pick<SliceDecision, 'world' | 'identified' | 'byKey' | 'decision'>,
): Promise<ReaderSlice> {
  const readable = withoutUnreadable(rules, slice.world, request.actor, request.now);
  const reduced = sliceForReader(rules, { ...slice, world: readable.world }, request.actor);
  const action = rules.action(request.action);
  const facts = aggregateFacts(action.file, slice.decision);
  const decide = (world: Record<string, unknown[]>, given?: typeof facts): Promise<Decision> =>
    action.decide({ world, now: request.now, actor: request.actor, input: request.input, facts: given, asOffered: request.asOffered === true });
  const leanText = sliceAsText(withoutStandIns(reduced));
  if (sameAnswer(await decide(leanText, facts), slice.decision)) return { world: leanText, facts };
  const reducedText = sliceAsText(reduced);
  if (readable.refusal === null || sameAnswer(await decide(reducedText), slice.decision)) return { world: reducedText };
  return { error: readable.refusal };
}
