import type { Change } from '../changes.ts';
import { declineOthers } from './decline-others.ts';
import type { Effect } from './effect.ts';
import { follows } from './follow.ts';
import { transferHours } from './transfer-hours.ts';
import { num } from './values.ts';

export const acceptOffer: Effect = ({ world, now, input, params, ids }) => {
  const offer = world.get('offers', input.offerId);
  const posting = offer && world.get('coveragePostings', offer.postingId);
  if (!offer || !posting) return [];
  const changes: Change[] = [
    { op: 'update', collection: 'offers', key: offer.id, fields: { status: 'accepted' } },
    { op: 'update', collection: 'coveragePostings', key: posting.id, fields: { endedAt: now } },
    ...declineOthers(world, 'postingId', posting.id, offer.id),
  ];
  const shift = world.shift(posting.shiftId);
  const follow = follows(params.follow);
  if (shift) changes.push(...transferHours(world, ids, shift, offer.start as number, offer.end as number, offer.coveringAgentId as number, follow));
  const swap = world.shift(offer.swapShiftId);
  const swapStart = num(offer.swapStart) ?? swap?.start;
  const swapEnd = num(offer.swapEnd) ?? swap?.end;
  if (swap && swapStart !== undefined && swapEnd !== undefined) {
    changes.push(...transferHours(world, ids, swap, swapStart, swapEnd, posting.agentId as number, follow));
  }
  return changes;
};
