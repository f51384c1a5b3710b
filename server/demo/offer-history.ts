import type { WorldRecord } from '../../engine/index.ts';
import type { Activity } from './activity.ts';
import type { Agent } from './people.ts';
import { postingType } from './schedule.ts';
import { COVERAGE_NOTES } from './settings.ts';

/** A few offers accepted in past weeks, ones the rules let the coverer make: the shift went to the coverer, meal break and all. */
export async function acceptedOffers(activity: Activity): Promise<void> {
  const { rng, byId } = activity;
  const { agents, shifts, schedule, used, coveragePostings, offers, now, firstAllowed } = activity.input;
  let postingId = Math.max(0, ...coveragePostings.map((p) => p.id as number));
  const past = rng.shuffled(shifts.filter((s) => s.parentId === null && postingType(s.shiftType) !== null && s.end < now - 2 * 1440 && activity.free(s)));
  let accepted = 0;
  for (const shift of past) {
    if (accepted >= 8) break;
    const poster = byId.get(shift.agentId);
    if (!poster || poster.agentType < 15) continue;
    const type = postingType(shift.shiftType) as number;
    const colleagues = rng.shuffled(agents).filter((a) => a.agentId !== poster.agentId && schedule.canTake(a.agentId, shift.start, shift.end));
    const postedAt = shift.start - rng.int(36, 96) * 60;
    const madeAt = postedAt + rng.int(1, 12) * 60;
    const acceptedAt = madeAt + rng.int(1, 10) * 60;
    const comment = rng.pick(['Thank you!', null]);
    // Open while the offer is decided; taken down when it was accepted.
    const posting: WorldRecord = {
      id: postingId + 1, agentId: poster.agentId, shiftId: shift.id, start: shift.start, end: shift.end, type, openToTrade: 0,
      notes: rng.pick(COVERAGE_NOTES), cots: 0, endedAt: null,
    };
    coveragePostings.push(posting);
    const offer = await firstAllowed(posting, colleagues, madeAt, (a, id) => ({
      id, postingId: posting.id, pickupPostingId: null, offeringAgentId: a.agentId, coveringAgentId: a.agentId,
      start: shift.start, end: shift.end, shiftId: null, swapShiftId: null, swapStart: null, swapEnd: null,
      expiration: shift.start - 60, status: 'accepted', rejectingOfferId: null, nudgedAt: null, comment, createdAt: madeAt,
    }));
    if (!offer) {
      coveragePostings.pop();
      continue;
    }
    const coverer = byId.get(offer.coveringAgentId as number) as Agent;
    postingId = posting.id as number;
    posting.endedAt = acceptedAt;
    used.add(shift.id);
    accepted++;
    offers.push(offer);
    shift.agentId = coverer.agentId;
    shift.isCovering = true;
    for (const b of activity.breaksOf(shift.id)) b.agentId = coverer.agentId;
    schedule.add(shift);
    const hours = `${activity.dt(shift.start)} - ${activity.dt(shift.end)}`;
    activity.write(poster.agentId, offer.id, acceptedAt, `You accepted ${coverer.initials}'s offer for ${hours}.`);
    activity.write(coverer.agentId, offer.id, acceptedAt, `${poster.initials} accepted your offer for ${hours}.`);
  }
}

/** The log of what happened to the other offers: declined, withdrawn, nudged. */
export function offerLog(activity: Activity): void {
  const { rng } = activity;
  const { shifts, coveragePostings, offers, now } = activity.input;
  const coverageById = new Map(coveragePostings.map((p) => [p.id, p]));
  const shiftsById = new Map(shifts.map((s) => [s.id, s]));
  /** Who an offer was made to: the poster, or for a counteroffer the poster made, the other side. */
  const recipientOf = (o: WorldRecord): number => {
    if (o.postingId !== null) {
      const poster = coverageById.get(o.postingId)?.agentId as number;
      return o.offeringAgentId === poster ? (o.coveringAgentId as number) : poster;
    }
    const giver = shiftsById.get(o.shiftId as number)?.agentId as number;
    return o.offeringAgentId === o.coveringAgentId ? giver : (o.coveringAgentId as number);
  };
  const answeredBy = new Map(offers.filter((o) => o.rejectingOfferId !== null).map((o) => [o.rejectingOfferId, o]));
  const write = (first: unknown, second: unknown, o: WorldRecord, at: number, texts: [string, string]): void => {
    activity.write(first, o.id, at, texts[0]);
    activity.write(second, o.id, at, texts[1]);
  };
  for (const o of offers) {
    const hours = `${activity.dt(o.start)} - ${activity.dt(o.end)}`;
    const maker = o.offeringAgentId;
    const recipient = recipientOf(o);
    const [by, to] = [activity.initials(maker), activity.initials(recipient)];
    // Decided before the posting ended (when it did), and in the past.
    const before = Math.min(now - 60, (coverageById.get(o.postingId)?.endedAt as number | null | undefined) ?? now);
    if (o.status === 'declined') {
      const counter = answeredBy.get(o.id);
      const at = counter ? (counter.createdAt as number) : Math.min((o.createdAt as number) + rng.int(1, 8) * 60, before);
      write(recipient, maker, o, at, [`You declined ${by}'s offer for ${hours}.`, `${to} declined your offer for ${hours}.`]);
    } else if (o.status === 'withdrawn') {
      const at = Math.min((o.createdAt as number) + rng.int(1, 8) * 60, before);
      write(maker, recipient, o, at, [`You withdrew your offer to ${to} for ${hours}.`, `${by} withdrew their offer for ${hours}.`]);
    } else if (o.status === 'pending' && o.rejectingOfferId === null && (o.createdAt as number) < now - 180 && rng.chance(0.25)) {
      // A nudge: at most once in 24 hours, so it holds back the next one.
      const at = (o.createdAt as number) + rng.int(60, Math.min(now - (o.createdAt as number) - 60, 1440));
      o.nudgedAt = at;
      write(maker, recipient, o, at, [`You nudged ${to} about your offer for ${hours}.`, `${by} nudged you about their offer for ${hours}.`]);
    }
  }
}

/** Messages about pending offers. */
export function offerMessages(activity: Activity): WorldRecord[] {
  const { rng } = activity;
  const { offers, now } = activity.input;
  const out: WorldRecord[] = [];
  for (const o of rng.shuffled(offers.filter((x) => x.status === 'pending')).slice(0, 12)) {
    out.push({
      id: out.length + 1, offerId: o.id, agentId: o.offeringAgentId,
      notes: rng.pick(['Happy to take the whole shift if you like.', 'I can start a bit earlier if that helps.', 'Let me know by tonight please!']),
      sentAt: Math.min((o.createdAt as number) + rng.int(5, 120), now - 1),
    });
  }
  return out;
}
