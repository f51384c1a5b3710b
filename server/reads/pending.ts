import type { EntityManager } from '@mikro-orm/core';
import { activePosting, HOURS_GIVER, pendingOffer, selectCoveragePostings, selectOffers, selectPickupPostings } from './records.ts';
import { raw, sql, type Sql } from './sql.ts';
import type { CoveragePosting, Offer, PickupPosting } from './shapes.ts';

/**
 * The Pending Activity screen's lists (spec 1 section 7). Each list holds the pending offers of one
 * kind, on active postings: on my postings or on other people's, made by me or made to me. An
 * offer is made to the poster; a counteroffer the poster makes is made to the other side (the
 * covering agent, or the giver of the hours). So every pending offer shows once for each of its
 * two people, in a list whose rows all take the same actions. docs/decisions.md, "Read calls".
 */

export function myCoveragePostings(em: EntityManager, me: number, now: string): Promise<CoveragePosting[]> {
  return selectCoveragePostings(em, sql`p.agent_id = ${me} and ${activePosting('p', now)}`);
}

export function myPickupPostings(em: EntityManager, me: number, now: string): Promise<PickupPosting[]> {
  return selectPickupPostings(em, sql`h.agent_id = ${me} and ${activePosting('h', now)}`);
}

type OfferList = (em: EntityManager, me: number, now: string) => Promise<Offer[]>;

function onCoverage(where: (me: number) => Sql, party: Sql): OfferList {
  return (em, me, now) => selectOffers(em, 'coverage', party, sql`${pendingOffer('o', now)} and ${activePosting('p', now)} and ${where(me)}`);
}

function onHours(where: (me: number) => Sql, party: Sql): OfferList {
  return (em, me, now) => selectOffers(em, 'hours', party, sql`${pendingOffer('o', now)} and ${activePosting('h', now)} and ${where(me)}`);
}

const OFFER_MAKER = raw('o.offering_agent_id');
const COVERING_AGENT = raw('o.covering_agent_id');
const COVERAGE_POSTER = raw('p.agent_id');
const HOURS_POSTER = raw('h.agent_id');

export const PENDING_OFFER_LISTS = {
  /** Offers others made on my postings: Accept, Counter, Decline. */
  detailedAllOffersForMyShifts: onCoverage(
    (me) => sql`p.agent_id = ${me} and o.offering_agent_id <> ${me} and o.rejecting_offer_id is null`,
    OFFER_MAKER,
  ),
  /** Others' answers to my counteroffers, on my postings: Accept, Counter, Decline. */
  detailedAllActiveCounterOffersForMyShifts: onCoverage(
    (me) => sql`p.agent_id = ${me} and o.offering_agent_id <> ${me} and o.rejecting_offer_id is not null`,
    OFFER_MAKER,
  ),
  /** My counteroffers on my postings, to the covering agent: Nudge, Withdraw. */
  detailedAllCounterOffersForMyShifts: onCoverage((me) => sql`p.agent_id = ${me} and o.offering_agent_id = ${me}`, COVERING_AGENT),
  /** My offers (and my answers to counteroffers) on other people's postings: Nudge, Withdraw. */
  detailedMyOffersForShifts: onCoverage((me) => sql`o.offering_agent_id = ${me} and p.agent_id <> ${me}`, COVERAGE_POSTER),
  /** Posters' counteroffers to me on their postings: Accept, Counter, Decline. */
  detailedMyCounterOffersForShifts: onCoverage(
    (me) => sql`o.covering_agent_id = ${me} and o.offering_agent_id = p.agent_id and p.agent_id <> ${me}`,
    COVERAGE_POSTER,
  ),
  /** Offers of hours others made on my pick-up postings: Accept, Counter, Decline. */
  detailedAllOffersForMyHours: onHours((me) => sql`h.agent_id = ${me} and o.offering_agent_id <> ${me}`, OFFER_MAKER),
  /** My counteroffers on my pick-up postings, to the giver: Nudge, Withdraw. */
  detailedCounterOffersToPickUp: onHours((me) => sql`h.agent_id = ${me} and o.offering_agent_id = ${me}`, HOURS_GIVER),
  /** My offers of my hours on other people's pick-up postings: Nudge, Withdraw. */
  detailedOffersToPickUp: onHours((me) => sql`o.offering_agent_id = ${me} and h.agent_id <> ${me}`, HOURS_POSTER),
  /** Hours posters' counteroffers to me on the hours I offered: Accept, Counter, Decline. */
  detailedNewCounterOffersToGiveaway: onHours(
    (me) => sql`o.offering_agent_id = h.agent_id and h.agent_id <> ${me} and ${HOURS_GIVER} = ${me}`,
    HOURS_POSTER,
  ),
} satisfies Record<string, OfferList>;
