import type { EntityManager } from '@mikro-orm/core';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ServerDatabase } from '../db/kysely.ts';
import {
  activeCoveragePosting,
  activePickupPosting,
  hoursGiver,
  pendingOffer,
  selectCoverageOffers,
  selectCoveragePostings,
  selectHoursOffers,
  selectPickupPostings,
  type CoverageOfferFilter,
  type CoverageOfferParty,
  type HoursOfferFilter,
  type HoursOfferParty,
} from './records.ts';
import type { CoveragePosting, Offer, PickupPosting } from './shapes.ts';

/**
 * The Pending Activity screen's lists (spec 1 section 7). Each list holds the pending offers of one
 * kind, on active postings: on my postings or on other people's, made by me or made to me. An
 * offer is made to the poster; a counteroffer the poster makes is made to the other side (the
 * covering agent, or the giver of the hours). So every pending offer shows once for each of its
 * two people, in a list whose rows all take the same actions. docs/decisions.md, "Read calls".
 */

export function myCoveragePostings(em: EntityManager, me: number, now: string): Promise<CoveragePosting[]> {
  return selectCoveragePostings(em, (eb) => eb.and([eb('p.agent_id', '=', me), activeCoveragePosting(eb, new Date(now))]));
}

export function myPickupPostings(em: EntityManager, me: number, now: string): Promise<PickupPosting[]> {
  return selectPickupPostings(em, (eb) => eb.and([eb('h.agent_id', '=', me), activePickupPosting(eb, new Date(now))]));
}

type OfferList = (em: EntityManager, me: number, now: string) => Promise<Offer[]>;

/** A list's own condition on its offers, for the viewer `me`. */
type Mine<F> = F extends (eb: infer EB) => Expression<SqlBool> ? (eb: EB, me: number) => Expression<SqlBool> : never;

function onCoverage(where: Mine<CoverageOfferFilter>, party: CoverageOfferParty): OfferList {
  return (em, me, now) => {
    const at = new Date(now);
    return selectCoverageOffers(em, party, (eb) => eb.and([pendingOffer(eb, at), activeCoveragePosting(eb, at), where(eb, me)]));
  };
}

function onHours(where: Mine<HoursOfferFilter>, party: HoursOfferParty): OfferList {
  return (em, me, now) => {
    const at = new Date(now);
    return selectHoursOffers(em, party, (eb) => eb.and([pendingOffer(eb, at), activePickupPosting(eb, at), where(eb, me)]));
  };
}

const OFFER_MAKER = (eb: ExpressionBuilder<{ o: ServerDatabase['offers'] }, 'o'>) => eb.ref('o.offering_agent_id');
const COVERING_AGENT: CoverageOfferParty = (eb) => eb.ref('o.covering_agent_id');
const COVERAGE_POSTER: CoverageOfferParty = (eb) => eb.ref('p.agent_id');
const HOURS_POSTER: HoursOfferParty = (eb) => eb.ref('h.agent_id');

export const PENDING_OFFER_LISTS = {
  /** Offers others made on my postings: Accept, Counter, Decline. */
  detailedAllOffersForMyShifts: onCoverage(
    (eb, me) => eb.and([eb('p.agent_id', '=', me), eb('o.offering_agent_id', '<>', me), eb('o.rejecting_offer_id', 'is', null)]),
    OFFER_MAKER,
  ),
  /** Others' answers to my counteroffers, on my postings: Accept, Counter, Decline. */
  detailedAllActiveCounterOffersForMyShifts: onCoverage(
    (eb, me) => eb.and([eb('p.agent_id', '=', me), eb('o.offering_agent_id', '<>', me), eb('o.rejecting_offer_id', 'is not', null)]),
    OFFER_MAKER,
  ),
  /** My counteroffers on my postings, to the covering agent: Nudge, Withdraw. */
  detailedAllCounterOffersForMyShifts: onCoverage((eb, me) => eb.and([eb('p.agent_id', '=', me), eb('o.offering_agent_id', '=', me)]), COVERING_AGENT),
  /** My offers (and my answers to counteroffers) on other people's postings: Nudge, Withdraw. */
  detailedMyOffersForShifts: onCoverage((eb, me) => eb.and([eb('o.offering_agent_id', '=', me), eb('p.agent_id', '<>', me)]), COVERAGE_POSTER),
  /** Posters' counteroffers to me on their postings: Accept, Counter, Decline. */
  detailedMyCounterOffersForShifts: onCoverage(
    (eb, me) => eb.and([eb('o.covering_agent_id', '=', me), eb('o.offering_agent_id', '=', eb.ref('p.agent_id')), eb('p.agent_id', '<>', me)]),
    COVERAGE_POSTER,
  ),
  /** Offers of hours others made on my pick-up postings: Accept, Counter, Decline. */
  detailedAllOffersForMyHours: onHours((eb, me) => eb.and([eb('h.agent_id', '=', me), eb('o.offering_agent_id', '<>', me)]), OFFER_MAKER),
  /** My counteroffers on my pick-up postings, to the giver: Nudge, Withdraw. */
  detailedCounterOffersToPickUp: onHours((eb, me) => eb.and([eb('h.agent_id', '=', me), eb('o.offering_agent_id', '=', me)]), hoursGiver),
  /** My offers of my hours on other people's pick-up postings: Nudge, Withdraw. */
  detailedOffersToPickUp: onHours((eb, me) => eb.and([eb('o.offering_agent_id', '=', me), eb('h.agent_id', '<>', me)]), HOURS_POSTER),
  /** Hours posters' counteroffers to me on the hours I offered: Accept, Counter, Decline. */
  detailedNewCounterOffersToGiveaway: onHours(
    (eb, me) => eb.and([eb('o.offering_agent_id', '=', eb.ref('h.agent_id')), eb('h.agent_id', '<>', me), eb(hoursGiver(eb), '=', me)]),
    HOURS_POSTER,
  ),
} satisfies Record<string, OfferList>;
