import { useCallback, useEffect, useState } from 'react';
import { api, pathOf, SERVER_FAILURE } from '../../api.ts';
import type { CoveragePosting, Offer, PickupPosting } from '../../records.ts';

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

async function loadAll(agentId: number): Promise<{ data: PendingActivity } | { error: string }> {
  const me = pathOf(agentId);
  const [postings, pickups, ...lists] = await Promise.all([
    api.get<CoveragePosting[]>(`/userPendingShifts${me}`),
    api.get<PickupPosting[]>(`/myRequestsToPickUp${me}`),
    ...LIST_NAMES.map((name) => api.get<Offer[]>(`/${name}${me}`)),
  ]);
  if (!postings.ok) return { error: postings.error };
  if (!pickups.ok) return { error: pickups.error };
  const offers = {} as Record<OfferList, OfferRow[]>;
  for (const [i, name] of LIST_NAMES.entries()) {
    const answer = lists[i];
    if (!answer?.ok) return { error: answer?.error ?? SERVER_FAILURE };
    offers[name] = answer.data.map((offer) => ({ offer, ...OFFER_LISTS[name] }));
  }
  return { data: { postings: postings.data, pickups: pickups.data, offers } };
}

/**
 * Every Pending Activity list, loaded together (spec 1 section 7) and again after each action.
 * The lists shown stay on screen while they reload, so a row does not flicker away and back.
 */
export function usePendingActivity(agentId: number): { data: PendingActivity | null; error: string | null; loading: boolean; reload: () => void } {
  const [n, setN] = useState(0);
  const [state, setState] = useState<{ n: number; data: PendingActivity | null; error: string | null }>({ n: -1, data: null, error: null });
  useEffect(() => {
    let live = true;
    void loadAll(agentId).then((res) => {
      if (!live) return;
      setState((prev) => ('data' in res ? { n, data: res.data, error: null } : { n, data: prev.data, error: res.error }));
    });
    return () => {
      live = false;
    };
  }, [agentId, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { data: state.data, error: state.error, loading: state.n !== n, reload };
}

/** Rows of several lists in one table, in the order the offers were made. */
export function rowsOf(data: PendingActivity, lists: OfferList[], belongs: (offer: Offer) => boolean = () => true): OfferRow[] {
  return lists.flatMap((name) => data.offers[name].filter((r) => belongs(r.offer))).sort((a, b) => a.offer.offerID - b.offer.offerID);
}
