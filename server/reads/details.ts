import type { EntityManager } from '@mikro-orm/core';
import { inGroup, SEES_OTHERS_GROUP, type RuleSet } from '../../engine/index.ts';
import { agentRole } from '../routes/shared.ts';
import { apiFlag, formatApiInstant, formatApiInstantOrNull } from './api-time.ts';
import { READ_MESSAGES, ReadError } from './http.ts';
import { HOURS_GIVER, OFFER_COLUMNS, offerOut, selectCoveragePostings, type OfferRow } from './records.ts';
import { epochMs, query, raw, sql, type Sql } from './sql.ts';
import type { OfferInfo, ShiftDetails, UserDetails } from './shapes.ts';
import type { CoveragePosting } from './shapes.ts';

/** Reads the screens make about one offer, posting, shift, agent or day before they act. */

export async function agentType(em: EntityManager, agentId: number): Promise<number | null> {
  const rows = await query<{ agentType: number }>(em, sql`select agent_type as "agentType" from agents where agent_id = ${agentId}`);
  return rows[0]?.agentType ?? null;
}

/**
 * Whether an agent record (its type, Spanish flag and attributes, as the rules see it; none for
 * no such agent) may read other agents' data: the members of rules/roles.json's group
 * SEES_OTHERS_GROUP. The one permission every read of another's data and the world slice ask.
 */
export function seesOthers(rules: RuleSet, agent: unknown): boolean {
  return rules.roles !== null && inGroup(rules.roles, SEES_OTHERS_GROUP, agent);
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
  if (!own && !(await meSeesOthers(em, rules, me))) throw new ReadError(403, message);
}

/** The people of an offer, who alone may read it: maker, covering agent, the poster, and the giver of offered hours. */
export interface OfferPeople {
  maker: number;
  covering: number;
  poster: number | null;
  hoursPoster: number | null;
  giver: number | null;
}

/** Whether `me` is one of an offer's people, who alone may read it (offerForItsPeople, the world slice). */
export function isOfferPerson(people: OfferPeople, me: number): boolean {
  return [people.maker, people.covering, people.poster, people.hoursPoster, people.giver].includes(me);
}

/**
 * One offer's `columns` (over offer `o`; with `joins` for more) and its people, or undefined when
 * there is no such offer; a 403 for a caller who is none of its people.
 */
export async function offerForItsPeople<T>(em: EntityManager, me: number, offerId: number, columns: Sql, joins: Sql = raw('')): Promise<(T & OfferPeople) | undefined> {
  const [row] = await query<T & OfferPeople>(
    em,
    sql`select ${columns}, o.offering_agent_id as maker, o.covering_agent_id as covering, p.agent_id as poster, h.agent_id as "hoursPoster", ${HOURS_GIVER} as giver
        from offers o
        left join coverage_postings p on p.id = o.posting_id
        left join pickup_postings h on h.id = o.pickup_posting_id
        left join shifts gs on gs.id = o.shift_id
        left join offers r on r.id = o.rejecting_offer_id
        ${joins}
        where o.id = ${offerId}`,
  );
  if (!row) return undefined;
  if (!isOfferPerson(row, me)) throw new ReadError(403, READ_MESSAGES.notYourOffer);
  return row;
}


/**
 * One offer, as a list (the spec reads its first element); empty when there is no such offer.
 * Only its people see it: maker, covering agent, the poster, and the giver of offered hours.
 */
export async function detailedOfferInfo(em: EntityManager, me: number, offerId: number): Promise<OfferInfo[]> {
  const row = await offerForItsPeople<OfferRow>(em, me, offerId, sql`${OFFER_COLUMNS}, ma.initials`, raw('left join agents ma on ma.agent_id = o.offering_agent_id'));
  if (!row) return [];
  return [{ ...offerOut(row), offeringAgentID: row.offeringAgentId }];
}

/** A posting for coverage: postings are on everyone's calendar, so any signed-in agent may read one. */
export async function findShiftWantsCoverage(em: EntityManager, postingId: number): Promise<CoveragePosting> {
  const [posting] = await selectCoveragePostings(em, sql`p.id = ${postingId}`);
  if (!posting) throw new ReadError(404, READ_MESSAGES.noPosting(postingId));
  return posting;
}

/**
 * Whether the caller may see shift `s` (short of the rank rule): its owner; anyone while it is
 * posted for coverage; the people of a pending offer that names it. Shared by every read of one
 * shift by id, so they all show the same shifts to the same people.
 */
function shiftVisibleTo(me: number): Sql {
  return sql`(s.agent_id = ${me}
            or exists (select 1 from coverage_postings c where c.shift_id = coalesce(s.parent_id, s.id) and c.ended_at is null)
            or exists (select 1 from offers o
                       where (o.offering_agent_id = ${me} or o.covering_agent_id = ${me}) and o.status = 'pending'
                         and (o.swap_shift_id = s.id or o.shift_id = s.id))
            or exists (select 1 from coverage_postings c join offers o on o.posting_id = c.id
                       where c.agent_id = ${me} and c.ended_at is null and o.status = 'pending' and o.swap_shift_id = s.id)
            or exists (select 1 from pickup_postings h join offers o on o.pickup_posting_id = h.id
                       where h.agent_id = ${me} and h.ended_at is null and o.status = 'pending' and o.shift_id = s.id)
          )`;
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
  const [row] = await query<ShiftRow & { visible: boolean }>(
    em,
    sql`select s.id, s.parent_id as "parentId", s.agent_id as "agentId", ${epochMs('s.start', 'start')}, ${epochMs('s."end"', 'end')},
          s.shift_type as "shiftType", s.is_covering as "isCovering", s.pay_rate as "payRate", s.cots,
          ${shiftVisibleTo(me)} as visible
        from shifts s
        where s.id = ${shiftId}`,
  );
  if (!row) throw new ReadError(404, READ_MESSAGES.noShift(shiftId));
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
  const date = (column: string, alias: string) => raw(`to_char(${column}, 'YYYY-MM-DD') as "${alias}"`);
  const rows = await query<{
    agentId: number;
    agentType: number;
    initials: string | null;
    firstName: string | null;
    lastName: string | null;
    probationUntil: string | null;
    terminationDate: number | null;
    personalTime: number;
    vacationTime: number;
    fmlaIntermittentUntil: string | null;
    fmlaContinuousUntil: string | null;
    spanish: boolean;
    canCoverDocs: boolean;
  }>(
    em,
    sql`select agent_id as "agentId", agent_type as "agentType", initials, first_name as "firstName", last_name as "lastName",
          ${date('probation_until', 'probationUntil')}, ${epochMs('termination_date', 'terminationDate')},
          personal_time as "personalTime", vacation_time as "vacationTime",
          ${date('fmla_intermittent_until', 'fmlaIntermittentUntil')}, ${date('fmla_continuous_until', 'fmlaContinuousUntil')},
          spanish, can_cover_docs as "canCoverDocs"
        from agents
        where agent_id = ${agentId}`,
  );
  const a = rows[0];
  if (!a) throw new ReadError(404, READ_MESSAGES.noAgent(agentId));
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
  const rows = await query<{ holiday: boolean; schedulePosted: boolean }>(
    em,
    sql`select holiday, schedule_posted as "schedulePosted" from days where date = ${date}::date`,
  );
  const day = rows[0] ?? { holiday: false, schedulePosted: true };
  return day.schedulePosted ? [{ holiday: day.holiday ? 1 : 0 }] : [];
}
