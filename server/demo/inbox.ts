import { formatInstant, PreparedWorld, type Change, type NormalizedWorld, type RuleSet, type WorldRecord } from '../../engine/index.ts';

/**
 * The texts the demo's pending offers would have sent when they were made: each offer's making
 * action decided by its rule file, with its effects, on the demo world as it was before the offer
 * (the offer not yet made, the one a counteroffer answers still pending), at the time it was
 * made. Its text changes become inbox items through the code that keeps a live action's
 * (server/inbox/notifications.ts), so the demo's inboxes hold what its offers would have put there.
 */

type Input = Record<string, unknown>;

const at = (v: unknown): string | null => (typeof v === 'number' ? formatInstant(v) : null);

/** The action that made an offer and its input, read back from the offer. */
function makingOf(o: WorldRecord): { action: string; input: Input } {
  const common = { expirationDatetime: at(o.expiration), coveringAgentId: o.coveringAgentId };
  const hours = { coverageStartDatetime: at(o.start), coverageEndDatetime: at(o.end) };
  const swap = { swapScheduleId: o.swapShiftId, swapStartDatetime: at(o.swapStart), swapEndDatetime: at(o.swapEnd) };
  if (o.postingId !== null) {
    if (o.rejectingOfferId !== null) return { action: 'postCounterOfferCoverage', input: { rejectingOfferId: o.rejectingOfferId, lookingForCoverageId: o.postingId, ...hours, ...swap, ...common } };
    return { action: 'postOfferCoverage', input: { lookingForCoverageId: o.postingId, ...hours, ...swap, swapAgentId: o.swapShiftId === null ? null : o.offeringAgentId, ...common } };
  }
  if (o.rejectingOfferId !== null) return { action: 'postCounterOfferHours', input: { rejectingOfferId: o.rejectingOfferId, lookingToPickUpId: o.pickupPostingId, ...hours, ...common } };
  return {
    action: 'postOfferGiveAway',
    input: { lookingToPickUpId: o.pickupPostingId, swapScheduleId: o.swapShiftId ?? o.shiftId, swapStartDatetime: at(o.start), swapEndDatetime: at(o.end), swapAgentId: o.offeringAgentId, ...common },
  };
}

/** The world before the offer: without it, and with the offer it answers still pending. */
function before(world: NormalizedWorld, offer: WorldRecord): NormalizedWorld {
  const offers = (world.offers ?? []).filter((o) => o.id !== offer.id).map((o) => (o.id === offer.rejectingOfferId ? { ...o, status: 'pending' } : o));
  return { ...world, offers };
}

/** The text changes of every pending offer's making, the oldest first; `refused` counts those the rules would not have made. */
export async function pendingOfferTexts(rules: RuleSet, world: NormalizedWorld): Promise<{ texts: Change[]; refused: number }> {
  const pending = (world.offers ?? []).filter((o) => o.status === 'pending').sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
  const texts: Change[] = [];
  let refused = 0;
  for (const offer of pending) {
    const { action, input } = makingOf(offer);
    const d = await rules.action(action).decide({ world: new PreparedWorld(before(world, offer)), now: offer.createdAt as number, actor: offer.offeringAgentId as number, input, effects: true });
    if (d.outcome === "error") {
      refused++;
      continue;
    }
    texts.push(...(d.changes ?? []).filter((c) => c.op === 'insert' && c.collection === 'textMessages'));
  }
  return { texts, refused };
}
