import type { CoveragePosting, Offer, PickupPosting } from '../../api-types.ts';
import { useQueries } from '@tanstack/react-query';
import { read, type Read } from '../../queries.ts';

/**
 * The offer lists of spec 1 section 7, each holding one direction (docs/decisions.md, "Read
 * calls"): offers made to me take Accept, Counter, Decline; offers I made take Nudge, Withdraw.
 * `counter` marks the lists whose rows the spec labels 'Counteroffer: initials'.
 */
const OFFER_LISTS = {
  detailedAllOffersForMyShifts: { toMe: true, counter: false },
  detailedAllActiveCounterOffersForMyShifts: { toMe: true, counter: false },
  detailedAllCounterOffersForMyShifts: { toMe: false, counter: true },
  detailedMyOffersForShifts: { toMe: false, counter: false },
  detailedMyCounterOffersForShifts: { toMe: true, counter: true },
  detailedAllOffersForMyHours: { toMe: true, counter: false },
  detailedCounterOffersToPickUp: { toMe: false, counter: true },
  detailedOffersToPickUp: { toMe: false, counter: false },
  detailedNewCounterOffersToGiveaway: { toMe: true, counter: true },
} as const;

export type OfferList = keyof typeof OFFER_LISTS;

/** One row of an offer table: the offer and what its list says about it. */
export interface OfferRow {
  offer: Offer;
  toMe: boolean;
  counter: boolean;
}

export interface PendingActivity {
  postings: CoveragePosting[];
  pickups: PickupPosting[];
  offers: Record<OfferList, OfferRow[]>;
}

const LIST_NAMES = Object.keys(OFFER_LISTS) as OfferList[];

/**
 * Every Pending Activity list, loaded together (spec 1 section 7); an action refreshes the lists it
 * changes (queries.ts). The lists shown stay on screen while they reload, so a row does not
 * flicker away and back.
 */
export function usePendingActivity(agentId: number): { data: PendingActivity | null; error: string | null; loading: boolean } {
  return useQueries({
    // useQueries keeps no per-position types for a list with a spread: the rows are typed below.
    queries: [read('userPendingShifts', agentId), read('myRequestsToPickUp', agentId), ...LIST_NAMES.map((name) => read(name, agentId))] as Read[],
    combine: (results) => {
      const error = results.find((r) => r.error)?.error?.message ?? null;
      const loading = results.some((r) => r.isFetching);
      const [postings, pickups, ...lists] = results.map((r) => r.data);
      if (results.some((r) => r.data === undefined)) return { data: null, error, loading };
      const offers = {} as Record<OfferList, OfferRow[]>;
      for (const [i, name] of LIST_NAMES.entries()) offers[name] = (lists[i] as Offer[]).map((offer) => ({ offer, ...OFFER_LISTS[name] }));
      return { data: { postings: postings as CoveragePosting[], pickups: pickups as PickupPosting[], offers }, error, loading };
    },
  });
}

/** Rows of several lists in one table, in the order the offers were made. */
export function rowsOf(data: PendingActivity, lists: OfferList[], belongs: (offer: Offer) => boolean = () => true): OfferRow[] {
  return lists.flatMap((name) => data.offers[name].filter((r) => belongs(r.offer))).sort((a, b) => a.offer.offerID - b.offer.offerID);
}
