import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import type { ExpressionBuilder } from 'kysely';
import { dateTextOf, epochMsOf, kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { hasFlag, SEES_OTHERS, type RuleSet } from '../../engine/index.ts';
import { agentRole } from '../routes/shared.ts';
import { apiFlag, formatApiInstant, formatApiInstantOrNull } from './api-time.ts';
import { READ_MESSAGES } from './http.ts';
import { activeCoveragePosting, hoursGiver, offerColumns, offerOut, selectCoveragePostings } from './records.ts';
import type { OfferInfo, ShiftDetails, UserDetails } from './shapes.ts';
import type { CoveragePosting } from './shapes.ts';
import { shiftColumns } from './columns.ts';

/** Reads the screens make about one offer, posting, shift, agent or day before they act. */

export async function agentType(em: EntityManager, agentId: number): Promise<number | null> {
  const row = await kyselyOf(em).selectFrom('agents').select('agent_type').where('agent_id', '=', agentId).executeTakeFirst();
  return row?.agent_type ?? null;
}

/**
 * Whether an agent record (its type, Spanish flag and attributes, as the rules see it; none for
 * no such agent) may read other agents' data: the holders of rules/roles.json's flag permission
 * SEES_OTHERS. The one permission every read of another's data and the world slice ask.
 */
export function seesOthers(rules: RuleSet, agent: unknown): boolean {
  return rules.roles !== null && hasFlag(rules.roles, SEES_OTHERS, agent);
}

/** seesOthers for the agent `me`, read from the database. */
export async function meSeesOthers(em: EntityManager, rules: RuleSet, me: number): Promise<boolean> {
  const role = await agentRole(em, me);
  return role !== null && seesOthers(rules, { ...role.attributes, agentType: role.agentType, spanish: role.spanish });
}

/**
 * The check of every read that shows one agent's data to another: one's own (`own`) passes, and
 * those who see others' data (seesOthers) see anyone's; anyone else gets a 403 with `message`.
 */
export async function ownOrSupervisor(em: EntityManager, rules: RuleSet, me: number, own: boolean, message: string): Promise<void> {
  if (!own && !(await meSeesOthers(em, rules, me))) throw new ApiError('FORBIDDEN', message);
}

/** The people of an offer, who alone may read it: maker, covering agent, the poster, and the giver of offered hours. */
export interface OfferPeople {
  maker: number;
  covering: number;
  poster: number | null;
  hoursPoster: number | null;
  giver: number | null;
}

/** An offer's people, who alone may read it (offerForItsPeople, the world slice, live events); null where it has none. */
export function offerPeopleIds(people: OfferPeople): (number | null)[] {
  return [people.maker, people.covering, people.poster, people.hoursPoster, people.giver];
}

const isOfferPerson = (people: OfferPeople, me: number): boolean => offerPeopleIds(people).includes(me);

/**
 * An offer `o` by id with the tables its people come from (`p` its posting for coverage, `h` its
 * posting to pick up hours, `gs` the shift whose hours it offers, `r` the offer it answers) and
 * those people selected.
 */
const offerWithPeople = (em: EntityManager, offerId: number) =>
  kyselyOf(em)
    .selectFrom('offers as o')
    .leftJoin('coverage_postings as p', 'p.id', 'o.posting_id')
    .leftJoin('pickup_postings as h', 'h.id', 'o.pickup_posting_id')
    .leftJoin('shifts as gs', 'gs.id', 'o.shift_id')
    .leftJoin('offers as r', 'r.id', 'o.rejecting_offer_id')
    .select((eb) => ['o.offering_agent_id as maker', 'o.covering_agent_id as covering', 'p.agent_id as poster', 'h.agent_id as hoursPoster', hoursGiver(eb).as('giver')])
    .where('o.id', '=', offerId);

/**
 * One offer as `read` selects it from offerWithPeople (more columns, more joins), with its
 * people, or undefined when there is no such offer; a 403 for a caller who is none of its people.
 */
export async function offerForItsPeople<T extends OfferPeople>(
  em: EntityManager,
  me: number,
  offerId: number,
  read: (offer: ReturnType<typeof offerWithPeople>) => { executeTakeFirst(): Promise<T | undefined> },
): Promise<T | undefined> {
  const row = await read(offerWithPeople(em, offerId)).executeTakeFirst();
  if (!row) return undefined;
  if (!isOfferPerson(row, me)) throw new ApiError('FORBIDDEN', READ_MESSAGES.notYourOffer);
  return row;
}

/**
 * One offer, as a list (the spec reads its first element); empty when there is no such offer.
 * Only its people see it: maker, covering agent, the poster, and the giver of offered hours.
 */
export async function detailedOfferInfo(em: EntityManager, me: number, offerId: number): Promise<OfferInfo[]> {
  const row = await offerForItsPeople(em, me, offerId, (offer) =>
    offer.leftJoin('agents as ma', 'ma.agent_id', 'o.offering_agent_id').select((eb) => [...offerColumns(eb), 'ma.initials']),
  );
  if (!row) return [];
  return [{ ...offerOut(row), offeringAgentID: row.offeringAgentId }];
}

/**
 * A posting (for coverage or to pick up hours) for those who may read it, else a 403: its poster
 * always, anyone else while it is on the calendar (active: not ended, not over). The one check of
 * every read of a posting; the world slice and live events apply it as SLICE_VISIBILITY's
 * postings entry (server/slice-visibility.ts).
 */
export function postingVisibleTo(me: number, poster: number, active: boolean): void {
  if (poster !== me && !active) throw new ApiError('FORBIDDEN', READ_MESSAGES.notYourPosting);
}

/** A posting for coverage, for those who may read it (postingVisibleTo): its poster, anyone while it is on the calendar. */
export async function findShiftWantsCoverage(em: EntityManager, me: number, postingId: number, now: Date): Promise<CoveragePosting> {
  const row = await kyselyOf(em)
    .selectFrom('coverage_postings as p')
    .select((eb) => ['p.agent_id as agentId', activeCoveragePosting(eb, now).$castTo<boolean>().as('active')])
    .where('p.id', '=', postingId)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', READ_MESSAGES.noPosting(postingId));
  postingVisibleTo(me, row.agentId, row.active);
  const [posting] = await selectCoveragePostings(em, (eb) => eb('p.id', '=', postingId));
  return posting as CoveragePosting;
}

/**
 * Whether the caller may see shift `s` (short of the rank rule): its owner; anyone while it is
 * posted for coverage; the people of a pending offer that names it. Shared by every read of one
 * shift by id, so they all show the same shifts to the same people.
 */
function shiftVisibleTo(eb: ExpressionBuilder<ServerDatabase & { s: ServerDatabase['shifts'] }, 's'>, me: number) {
  return eb.or([
    eb('s.agent_id', '=', me),
    eb.exists(
      eb
        .selectFrom('coverage_postings as c')
        .select('c.id')
        .whereRef('c.shift_id', '=', eb.fn.coalesce('s.parent_id', 's.id'))
        .where('c.ended_at', 'is', null),
    ),
    eb.exists(
      eb
        .selectFrom('offers as o')
        .select('o.id')
        .where((o) => o.or([o('o.offering_agent_id', '=', me), o('o.covering_agent_id', '=', me)]))
        .where('o.status', '=', 'pending')
        .where((o) => o.or([o('o.swap_shift_id', '=', o.ref('s.id')), o('o.shift_id', '=', o.ref('s.id'))])),
    ),
    eb.exists(
      eb
        .selectFrom('coverage_postings as c')
        .innerJoin('offers as o', 'o.posting_id', 'c.id')
        .select('o.id')
        .where('c.agent_id', '=', me)
        .where('c.ended_at', 'is', null)
        .where('o.status', '=', 'pending')
        .whereRef('o.swap_shift_id', '=', 's.id'),
    ),
    eb.exists(
      eb
        .selectFrom('pickup_postings as h')
        .innerJoin('offers as o', 'o.pickup_posting_id', 'h.id')
        .select('o.id')
        .where('h.agent_id', '=', me)
        .where('h.ended_at', 'is', null)
        .where('o.status', '=', 'pending')
        .whereRef('o.shift_id', '=', 's.id'),
    ),
  ]);
}

/** A shift as the reads of one shift by id select it (times in epoch milliseconds). */
export interface ShiftRow {
  id: number;
  parentId: number | null;
  agentId: number;
  start: number;
  end: number;
  shiftType: number;
  isCovering: boolean;
  payRate: number;
  cots: number;
}

/**
 * The shift an id names, for the caller who may see it: its owner; anyone while it is posted for
 * coverage; the people of a pending offer that names it (the swap shift, or the shift whose hours
 * are offered); those who see others' data (seesOthers). 404 when there is none, 403 for anyone else.
 */
export async function visibleShift(em: EntityManager, rules: RuleSet, me: number, shiftId: number): Promise<ShiftRow> {
  const row = await kyselyOf(em)
    .selectFrom('shifts as s')
    .select((eb) => [
      ...shiftColumns(eb, 's'),
      shiftVisibleTo(eb, me).$castTo<boolean>().as('visible'),
    ])
    .where('s.id', '=', shiftId)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', READ_MESSAGES.noShift(shiftId));
  await ownOrSupervisor(em, rules, me, row.visible, READ_MESSAGES.notYourShift);
  return row;
}

/** One shift's times, for the caller who may see it (visibleShift). */
export async function shiftDetails(em: EntityManager, rules: RuleSet, me: number, shiftId: number): Promise<ShiftDetails> {
  const row = await visibleShift(em, rules, me, shiftId);
  return {
    id: row.id,
    scheduleId: row.parentId ?? row.id,
    agentId: row.agentId,
    startDateTime: formatApiInstant(row.start),
    endDateTime: formatApiInstant(row.end),
    shiftType: row.shiftType,
    isCovering: row.isCovering,
    payRate: row.payRate,
    cots: row.cots,
  };
}

/** An agent's details (spec 3's user details): one's own, or anyone's for those who see others' data (seesOthers). */
export async function userDetails(em: EntityManager, rules: RuleSet, me: number, agentId: number): Promise<UserDetails> {
  await ownOrSupervisor(em, rules, me, agentId === me, READ_MESSAGES.notYourDetails);
  const a = await kyselyOf(em)
    .selectFrom('agents')
    .select((eb) => [
      'agent_id as agentId',
      'agent_type as agentType',
      'initials',
      'first_name as firstName',
      'last_name as lastName',
      dateTextOf(eb.ref('probation_until')).as('probationUntil'),
      epochMsOf(eb.ref('termination_date')).as('terminationDate'),
      'personal_time as personalTime',
      'vacation_time as vacationTime',
      dateTextOf(eb.ref('fmla_intermittent_until')).as('fmlaIntermittentUntil'),
      dateTextOf(eb.ref('fmla_continuous_until')).as('fmlaContinuousUntil'),
      'spanish',
      'can_cover_docs as canCoverDocs',
    ])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (!a) throw new ApiError('NOT_FOUND', READ_MESSAGES.noAgent(agentId));
  return {
    agentId: a.agentId,
    agentType: a.agentType,
    initials: a.initials,
    firstName: a.firstName,
    lastName: a.lastName,
    probationUntil: a.probationUntil,
    terminationPendingDateTime: formatApiInstantOrNull(a.terminationDate),
    personalTime: a.personalTime,
    vacationTime: a.vacationTime,
    fmlaIntermittentUntil: a.fmlaIntermittentUntil,
    fmlaContinuousUntil: a.fmlaContinuousUntil,
    spanish: apiFlag(a.spanish),
    canCoverDOCS: apiFlag(a.canCoverDocs),
  };
}

/**
 * A day's details as a list: `[{ holiday: 0 | 1 }]`, or empty while the day's schedule is not
 * posted (spec 2: "the schedule ... must be posted (holiday info present)"). A day with no row is
 * an ordinary day whose schedule is posted.
 */
export async function dayDetails(em: EntityManager, date: string): Promise<{ holiday: 0 | 1 }[]> {
  const row = await kyselyOf(em).selectFrom('days').select(['holiday', 'schedule_posted as schedulePosted']).where('date', '=', date).executeTakeFirst();
  const day = row ?? { holiday: false, schedulePosted: true };
  return day.schedulePosted ? [{ holiday: day.holiday ? 1 : 0 }] : [];
}
