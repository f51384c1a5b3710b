import type { Offer } from '../../api-types.ts';
import { read, useReadAll, type ReadsOf } from '../../queries.ts';

/**
 * The pending offers between the person and the other side of a posting, which the message
 * screens (spec 2 section 2, "Message screens") write about: before there is one, there is
 * nothing to write about, and Send Message says so instead of leading there.
 */

export type MessageKind = 'coverage' | 'hours';

/** Send Message before anyone has an offer on one's own posting. */
export const NO_OFFER_ON_MINE = 'No one has a pending offer on this posting to write to.';
/** Send Message on someone else's posting before one has made an offer on it. */
export const NO_OFFER_YET = 'You can write about this posting once you have made an offer on it.';

/** Which lists hold the offers between me and the other person of a posting (server/reads/pending.ts). */
const LISTS: Record<MessageKind, { mine: ReadsOf<Offer[]>[]; theirs: ReadsOf<Offer[]>[] }> = {
  coverage: {
    mine: ['detailedAllOffersForMyShifts', 'detailedAllActiveCounterOffersForMyShifts', 'detailedAllCounterOffersForMyShifts'],
    theirs: ['detailedMyOffersForShifts', 'detailedMyCounterOffersForShifts'],
  },
  hours: {
    mine: ['detailedAllOffersForMyHours', 'detailedCounterOffersToPickUp'],
    theirs: ['detailedOffersToPickUp', 'detailedNewCounterOffersToGiveaway'],
  },
};

const postingOf = (kind: MessageKind, o: Offer): number | null => (kind === 'coverage' ? o.lookingForCoverageID : o.lookingToPickUpID);

/** The pending offers between me and the other person of postings of a kind (mine: on my postings); null until loaded. */
export function usePendingOffers(kind: MessageKind, mine: boolean, agentId: number): { offers: Offer[] | null; error: string | null } {
  const { data, error } = useReadAll<Offer>(LISTS[kind][mine ? 'mine' : 'theirs'].map((name) => read(name, agentId)));
  return { offers: data, error };
}

/** Those on one posting, in the order they were made. */
export function offersOn(kind: MessageKind, offers: Offer[], postingId: number): Offer[] {
  return offers.filter((o) => postingOf(kind, o) === postingId).sort((a, b) => a.offerID - b.offerID);
}

/** The postings of a kind that have a pending offer between me and their other person; null until loaded. */
export function usePostingsWithOffers(kind: MessageKind, mine: boolean, agentId: number): Set<number> | null {
  const { offers } = usePendingOffers(kind, mine, agentId);
  return offers ? new Set(offers.map((o) => postingOf(kind, o)).filter((id): id is number => id !== null)) : null;
}
