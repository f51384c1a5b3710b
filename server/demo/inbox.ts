import { PreparedWorld, type Change, type NormalizedWorld, type RuleSet } from '../../engine/index.ts';
import { before, decideMaking } from './making.ts';

/**
 * The texts the demo's pending offers would have sent when they were made: each offer's making
 * action decided by its rule file, with its effects, on the demo world as it was before the offer
 * (the offer not yet made, the one a counteroffer answers still pending), at the time it was
 * made. Its text changes become inbox items through the code that keeps a live action's
 * (server/inbox/notifications.ts), so the demo's inboxes hold what its offers would have put there.
 */

/** The text changes of every pending offer's making, the oldest first; `refused` counts those the rules would not have made. */
export async function pendingOfferTexts(rules: RuleSet, world: NormalizedWorld): Promise<{ texts: Change[]; refused: number }> {
  const pending = (world.offers ?? []).filter((o) => o.status === 'pending').sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
  const texts: Change[] = [];
  let refused = 0;
  for (const offer of pending) {
    const d = await decideMaking(rules, new PreparedWorld(before(world, offer)), offer, true);
    if (d.outcome === 'error') {
      refused++;
      continue;
    }
    texts.push(...(d.changes ?? []).filter((c) => c.op === 'insert' && c.collection === 'textMessages'));
  }
  return { texts, refused };
}
