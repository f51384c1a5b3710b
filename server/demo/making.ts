import { formatInstant, type Decision, type NormalizedWorld, type PreparedWorld, type RuleSet, type WorldRecord } from '../../engine/index.ts';

/**
 * How a demo offer was made: the action and the input its maker sent, read back from the offer,
 * and that action decided by the live rule set. The market asks it before it keeps an offer and
 * the inbox asks it for the texts the offer sent, so an offer the rules refuse is never made.
 */

type Input = Record<string, unknown>;

const at = (v: unknown): string | null => (typeof v === 'number' ? formatInstant(v) : null);

/** The action that made an offer and its input, read back from the offer. */
export function makingOf(o: WorldRecord): { action: string; input: Input } {
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
export function before(world: NormalizedWorld, offer: WorldRecord): NormalizedWorld {
  const offers = (world.offers ?? []).filter((o) => o.id !== offer.id).map((o) => (o.id === offer.rejectingOfferId ? { ...o, status: 'pending' } : o));
  return { ...world, offers };
}

/**
 * The offer's making decided on `world` as it stood before the offer (see `before`), by its maker
 * at the time it was made; with the changes it makes when `effects`.
 */
export async function decideMaking(rules: RuleSet, world: PreparedWorld, offer: WorldRecord, effects = false): Promise<Decision> {
  const { action, input } = makingOf(offer);
  return await rules.action(action).decide({ world, now: offer.createdAt as number, actor: offer.offeringAgentId as number, input, effects });
}
