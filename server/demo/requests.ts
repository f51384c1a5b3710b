import type { WorldRecord } from '../../engine/index.ts';
import type { Activity } from './activity.ts';
import { loginsFirst } from './people.ts';

const LUNCH_NOTES = [
  'Any time between 1p and 2p would be great.',
  'Could I take lunch a little later, around 2:30p?',
  'I have a call with my kid\'s school at noon, anything after 12:30p please.',
  'Earlier if possible, between 11a and 12p.',
  'After 7p please, I eat late.',
];

/**
 * Cut and meal-break requests waiting for a supervisor, the logins' first, and some of the past
 * weeks that were denied or taken back.
 */
export function cutAndLunchRequests(activity: Activity): { cutRequests: WorldRecord[]; lunchRequests: WorldRecord[] } {
  const { rng } = activity;
  const { agents, used, now, logins } = activity.input;
  const cutRequests: WorldRecord[] = [];
  const lunchRequests: WorldRecord[] = [];
  const supervisors = agents.filter((a) => a.agentType >= 100 && a.agentType <= 103);
  const liners = rng.shuffled(agents.filter((a) => activity.line(a) && a.terminationDays === null)).sort(loginsFirst(logins));
  for (const a of liners) {
    // A cut is asked for within 24 hours of the shift's start (spec 3), for an end still ahead.
    const soon = activity.mainsOf(a).find((s) => s.start > now + 30 && s.start <= now + 24 * 60 && activity.free(s) && !activity.training(s) && s.end - s.start >= 300);
    if (soon && cutRequests.length < 14) {
      used.add(soon.id);
      const requestedAt = Math.max(soon.start - 24 * 60, now - rng.int(10, 8 * 60));
      cutRequests.push({
        id: cutRequests.length + 1, agentId: a.agentId, shiftId: soon.id, requestedAt: Math.min(requestedAt, now - 5),
        requestedEnd: soon.end - rng.pick([60, 90, 120, 180]), status: 'pending', decidedBy: null, decidedAt: null,
      });
    }
    const withBreak = activity.mainsOf(a).find((s) => s.start > now + 60 && s.start <= now + 4 * 1440 && activity.free(s) && activity.breaksOf(s.id).length > 0);
    if (withBreak && lunchRequests.length < 14 && (logins.has(a.agentId) || rng.chance(0.5))) {
      used.add(withBreak.id);
      lunchRequests.push({
        id: lunchRequests.length + 1, agentId: a.agentId, shiftId: withBreak.id, requestedAt: now - rng.int(10, 48 * 60),
        notes: rng.pick(LUNCH_NOTES), status: 'pending', decidedBy: null, decidedAt: null, approvedStart: null,
      });
    }
    if (cutRequests.length >= 14 && lunchRequests.length >= 14) break;
  }
  // And some that were denied, or taken back, in the past weeks.
  for (const a of liners.slice(0, 12)) {
    const s = activity.mainsOf(a).find((x) => x.end < now - 1440 && x.start > now - 21 * 1440 && !activity.training(x) && x.agentId === a.agentId);
    if (!s) continue;
    const requestedAt = s.start - rng.int(2, 20) * 60;
    const denied = rng.chance(0.7);
    cutRequests.push({
      id: cutRequests.length + 1, agentId: a.agentId, shiftId: s.id, requestedAt, requestedEnd: s.end - 120,
      status: denied ? 'denied' : 'removed', decidedBy: denied ? rng.pick(supervisors).agentId : a.agentId, decidedAt: requestedAt + rng.int(10, 120),
    });
  }
  return { cutRequests, lunchRequests };
}
