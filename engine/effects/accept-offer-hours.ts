import type { Change } from '../changes.ts';
import { declineOthers } from './decline-others.ts';
import type { Effect } from './effect.ts';
import { follows } from './follow.ts';
import { transferHours } from './transfer-hours.ts';

export const acceptOfferHours: Effect = ({ world, now, input, params, ids }) => {
  const offer = world.get('offers', input.offerId);
  const posting = offer && world.get('pickupPostings', offer.pickupPostingId);
  if (!offer || !posting) return [];
  const changes: Change[] = [
    { op: 'update', collection: 'offers', key: offer.id, fields: { status: 'accepted' } },
    { op: 'update', collection: 'pickupPostings', key: posting.id, fields: { endedAt: now } },
    ...declineOthers(world, 'pickupPostingId', posting.id, offer.id),
  ];
  // The hours go to the hours poster, who is not the actor when the giver accepts a counteroffer.
  const shift = world.shift(offer.shiftId);
  if (shift) {
    changes.push(...transferHours(world, ids, shift, offer.start as number, offer.end as number, posting.agentId as number, follows(params.follow)));
  }
  return changes;
};
