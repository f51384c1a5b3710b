import type { EntityManager } from '@mikro-orm/core';
import { expressionBuilder, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { epochMsOf, kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { formatApiInstant, formatApiInstantOrNull } from './api-time.ts';
import { raw, sql, type Sql } from './sql.ts';
import type { CoveragePosting, Offer, OpenShift, PickupPosting } from './shapes.ts';
import { timesOf } from './columns.ts';

/**
 * The read calls' record shapes, each selected in one place with the spec's field names (spec 1
 * section 3, spec 2 section 3, spec 3 section 3) and its times as the API writes them.
 */

type Db = ServerDatabase;

/** The expression builder of a query's tables, by their aliases: what a filter over that query is given. */
type ScopeOf<Q> = Q extends SelectQueryBuilder<infer DB, infer TB, object> ? ExpressionBuilder<DB, TB> : never;

/** A where-clause over a read's tables, typed by that read's own query (a misspelt alias or column fails the type check). */
type FilterOf<Q> = (eb: ScopeOf<Q>) => Expression<SqlBool>;

/** Active: not ended by its owner and not over yet. SQL text, for the calendar's prepared statement (calendar.ts). */
export function activePosting(alias: string, now: string): Sql {
  return sql`${raw(alias)}.ended_at is null and ${raw(alias)}."end" > ${now}::timestamptz`;
}

/** activePosting of `p`, a posting for coverage. */
export function activeCoveragePosting(eb: ExpressionBuilder<{ p: Db['coverage_postings'] }, 'p'>, now: Date) {
  return eb.and([eb('p.ended_at', 'is', null), eb('p.end', '>', now)]);
}

/** activePosting of `h`, a posting to pick up hours. */
export function activePickupPosting(eb: ExpressionBuilder<{ h: Db['pickup_postings'] }, 'h'>, now: Date) {
  return eb.and([eb('h.ended_at', 'is', null), eb('h.end', '>', now)]);
}

/** Pending: status pending and not past its expiration (past it, no one can accept it any more). */
export function pendingOffer(eb: ExpressionBuilder<{ o: Db['offers'] }, 'o'>, now: Date): Expression<SqlBool> {
  return eb.and([eb('o.status', '=', 'pending'), eb.or([eb('o.expiration', 'is', null), eb('o.expiration', '>', now)])]);
}

// ---- coverage postings (lookingForCoverage) ----

/** Postings for coverage `p`, with their poster `a` and their shift `s`. */
const coveragePostings = (em: EntityManager) =>
  kyselyOf(em).selectFrom('coverage_postings as p').leftJoin('agents as a', 'a.agent_id', 'p.agent_id').leftJoin('shifts as s', 's.id', 'p.shift_id');

export type CoveragePostingFilter = FilterOf<ReturnType<typeof coveragePostings>>;

export async function selectCoveragePostings(em: EntityManager, where: CoveragePostingFilter): Promise<CoveragePosting[]> {
  const rows = await coveragePostings(em)
    .select((eb) => [
      'p.id',
      'p.agent_id as agentId',
      'p.shift_id as shiftId',
      ...timesOf(eb, 'p'),
      'p.type',
      'p.open_to_trade as openToTrade',
      'p.notes',
      'p.cots',
      'a.initials',
      'a.agent_type as agentType',
      's.pay_rate as payRate',
    ])
    .where(where)
    .orderBy('p.start')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    lookingForCoverageID: r.id,
    timeScheduleItemID: r.shiftId,
    agentID: r.agentId,
    initials: r.initials,
    agentType: r.agentType,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    openToTrade: r.openToTrade,
    notes: r.notes,
    payRate: r.payRate,
    openToCots: r.cots,
  }));
}

// ---- pick-up postings (lookingToPickUp) ----

/** Postings to pick up hours `h`, with their poster `a`. */
const pickupPostings = (em: EntityManager) => kyselyOf(em).selectFrom('pickup_postings as h').leftJoin('agents as a', 'a.agent_id', 'h.agent_id');

export type PickupPostingFilter = FilterOf<ReturnType<typeof pickupPostings>>;

export async function selectPickupPostings(em: EntityManager, where: PickupPostingFilter): Promise<PickupPosting[]> {
  const rows = await pickupPostings(em)
    .select((eb) => [
      'h.id',
      'h.agent_id as agentId',
      ...timesOf(eb, 'h'),
      'h.type',
      'h.notes',
      'a.initials',
      'a.agent_type as agentType',
    ])
    .where(where)
    .orderBy('h.start')
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({
    lookingToPickUpID: r.id,
    agentID: r.agentId,
    initials: r.initials,
    agentType: r.agentType,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    notes: r.notes,
  }));
}

// ---- open shifts ----

/** Open shifts `o`. */
const openShifts = (em: EntityManager) => kyselyOf(em).selectFrom('open_shifts as o');

export type OpenShiftFilter = FilterOf<ReturnType<typeof openShifts>>;

export async function selectOpenShifts(em: EntityManager, where: OpenShiftFilter): Promise<OpenShift[]> {
  const rows = await openShifts(em)
    .select((eb) => [
      'o.id',
      'o.created_by as createdBy',
      ...timesOf(eb, 'o'),
      'o.type',
      'o.pay_rate as payRate',
      'o.cots',
      'o.quantity_remaining as quantityRemaining',
      epochMsOf(eb.ref('o.assistant_after_date')).as('assistantAfterDate'),
    ])
    .where(where)
    .orderBy('o.start')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    lookingForCoverageID: r.id,
    agentID: r.createdBy,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    // Spec 3: on an open shift openToTrade carries the pay-rate code.
    openToTrade: r.payRate,
    payRate: r.payRate,
    openToCots: r.cots,
    quantityRemaining: r.quantityRemaining,
    assistantAfterDate: formatApiInstantOrNull(r.assistantAfterDate),
  }));
}

// ---- offers and counteroffers ----

interface OfferRow {
  id: number;
  postingId: number | null;
  pickupPostingId: number | null;
  offeringAgentId: number;
  coveringAgentId: number;
  start: number;
  end: number;
  swapStart: number | null;
  swapEnd: number | null;
  swapShiftId: number | null;
  expiration: number | null;
  comment: string | null;
  initials: string | null;
}

/** An offer `o`'s columns as offerOut reads them (all but the initials of the person it shows). */
export function offerColumns(eb: ExpressionBuilder<{ o: Db['offers'] }, 'o'>) {
  return [
    eb.ref('o.id').as('id'),
    eb.ref('o.posting_id').as('postingId'),
    eb.ref('o.pickup_posting_id').as('pickupPostingId'),
    eb.ref('o.offering_agent_id').as('offeringAgentId'),
    eb.ref('o.covering_agent_id').as('coveringAgentId'),
    ...timesOf(eb, 'o'),
    epochMsOf(eb.ref('o.swap_start')).as('swapStart'),
    epochMsOf(eb.ref('o.swap_end')).as('swapEnd'),
    eb.ref('o.swap_shift_id').as('swapShiftId'),
    epochMsOf(eb.ref('o.expiration')).as('expiration'),
    eb.ref('o.comment').as('comment'),
  ] as const;
}

/** The giver of an hours offer: the owner of the offered shift `gs`, or, when it is gone, the maker of the offer answered `r`. */
export function hoursGiver(eb: ExpressionBuilder<{ gs: Db['shifts']; r: Db['offers'] }, 'gs' | 'r'>) {
  // Both are left joined, so neither may be there.
  return eb.fn.coalesce('gs.agent_id', 'r.offering_agent_id').$castTo<number | null>();
}

/** Offers `o` on postings for coverage `p`. */
const coverageOffers = (em: EntityManager) => kyselyOf(em).selectFrom('offers as o').innerJoin('coverage_postings as p', 'p.id', 'o.posting_id');

/** Offers `o` of hours on postings to pick up `h`, with `gs`, the giver's shift, and `r`, the offer answered. */
const hoursOffers = (em: EntityManager) =>
  kyselyOf(em)
    .selectFrom('offers as o')
    .innerJoin('pickup_postings as h', 'h.id', 'o.pickup_posting_id')
    .leftJoin('shifts as gs', 'gs.id', 'o.shift_id')
    .leftJoin('offers as r', 'r.id', 'o.rejecting_offer_id');

type CoverageOffers = ReturnType<typeof coverageOffers>;
type HoursOffers = ReturnType<typeof hoursOffers>;
export type CoverageOfferFilter = FilterOf<CoverageOffers>;
export type HoursOfferFilter = FilterOf<HoursOffers>;
/** The person whose initials an offer row shows, the other side from the viewer, over the same tables as the filter. */
type Party<Q> = (eb: ScopeOf<Q>) => Expression<number | null>;
export type CoverageOfferParty = Party<CoverageOffers>;
export type HoursOfferParty = Party<HoursOffers>;

/** Offers with the spec's fields and the initials of `pa`, the person the row shows, in id order. */
function offerRows(offers: SelectQueryBuilder<{ o: Db['offers']; pa: Db['agents'] }, 'o' | 'pa', object>): Promise<Offer[]> {
  return offers
    .select((eb) => [...offerColumns(eb), 'pa.initials'])
    .orderBy('o.id')
    .execute()
    .then((rows) => rows.map(offerOut));
}

/**
 * Offers on postings for coverage matching `where`, with the initials of `party`, the person
 * the row shows: the other side from the viewer.
 */
export function selectCoverageOffers(em: EntityManager, party: CoverageOfferParty, where: CoverageOfferFilter): Promise<Offer[]> {
  const offers = coverageOffers(em);
  const eb = expressionBuilder(offers);
  return offerRows(offers.leftJoin('agents as pa', (join) => join.onRef('pa.agent_id', '=', party(eb))).where(where(eb)));
}

/** Offers of hours on postings to pick up hours, as selectCoverageOffers. */
export function selectHoursOffers(em: EntityManager, party: HoursOfferParty, where: HoursOfferFilter): Promise<Offer[]> {
  const offers = hoursOffers(em);
  const eb = expressionBuilder(offers);
  return offerRows(offers.leftJoin('agents as pa', (join) => join.onRef('pa.agent_id', '=', party(eb))).where(where(eb)));
}

export function offerOut(r: OfferRow): Offer {
  return {
    offerID: r.id,
    lookingForCoverageID: r.postingId,
    lookingToPickUpID: r.pickupPostingId,
    initials: r.initials,
    startDatetime: formatApiInstant(r.start),
    endDatetime: formatApiInstant(r.end),
    swapStartDatetime: formatApiInstantOrNull(r.swapStart),
    swapEndDatetime: formatApiInstantOrNull(r.swapEnd),
    // The spec's "pending shift" of a trade is the covering agent's shift itself here.
    swapPendingShiftID: r.swapShiftId,
    expirationDatetime: formatApiInstantOrNull(r.expiration),
    coveringAgentID: r.coveringAgentId,
    notes: r.comment,
  };
}

export type { OfferRow };
