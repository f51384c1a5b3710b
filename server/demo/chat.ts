import type { WorldRecord } from '../../engine/index.ts';
import type { Activity } from './activity.ts';
import type { Agent } from './people.ts';

/** Chat conversations, first line from whoever starts the thread, then taking turns. */
const PEER_CHATS: string[][] = [
  ['Hi! Are you still looking for someone to cover your Saturday shift?', 'Yes, only the morning though, 8 to 12.', 'I can do that. Sending you an offer now.', 'Thank you so much!'],
  ['Would you trade your Tuesday evening for my Thursday morning?', 'Maybe. What time does your Thursday start?', '7 AM, done at 3:30.', "Let me check with my sitter and I'll get back to you."],
  ['Did you see the open Spanish shift on Friday? It pays double.', 'Just claimed it, thanks for the heads up!'],
  ['Can you take an hour for me tomorrow afternoon? I have a dentist appointment.', 'Sorry, I am already scheduled then.', 'No worries, thanks anyway.'],
  ['Is the training class on Thursday still open?', 'Yes, a few openings left. You can claim it from the calendar.', 'Perfect, thanks.'],
  ['I accepted your offer, thanks for covering!', 'Happy to help. Enjoy your day off.'],
  ['Are you picking up hours next week?', 'Yes, I posted that I am free Wednesday.', 'I might have a shift for you then, I will send it over.'],
];
const LEADER_CHATS: string[][] = [
  ['Reminder: cut requests go in the Wishlist, not in chat.', 'Got it, thanks!'],
  ['Great job on the queue today.', 'Thank you!'],
  ['Please check your schedule for next week: your Tuesday break moved.', 'Will do. Same hours otherwise?', 'Yes, same hours.'],
  ['Your meal break request is in; we will look at it at the start of the shift.', 'Thanks, any time after 12:30 works for me.'],
];
const IDEAS = ['It would be great to see my meal break on the day panel.', 'Could the calendar show who is bilingual at a glance?'];

/** Chat: a thread waiting for everyone who signs in to the demo (its last message often unread), leaders writing to their teams, ideas for the recipient. */
export function chat(activity: Activity): WorldRecord[] {
  const { rng, byId } = activity;
  const { agents, teams, teamOf, logins } = activity.input;
  const out: WorldRecord[] = [];
  const thread = (from: Agent, to: Agent, lines: readonly string[], unreadLast: boolean): void => writeThread(activity, out, { from, to, lines, unreadLast });
  const members = new Map<number, Agent[]>();
  for (const a of agents) {
    const team = teamOf.get(a.agentId);
    if (team !== undefined) members.set(team, [...(members.get(team) ?? []), a]);
  }
  const teammates = (a: Agent): Agent[] => (members.get(teamOf.get(a.agentId) ?? -1) ?? []).filter((m) => m.agentId !== a.agentId);
  const chatty = agents.filter((a) => a.agentType < 240);
  for (const a of chatty) {
    const login = logins.has(a.agentId);
    if (!login && !rng.chance(0.35)) continue;
    const mates = teammates(a);
    const peer = mates.length > 0 ? rng.pick(mates) : rng.pick(chatty.filter((b) => b.agentId !== a.agentId));
    const lines = rng.pick(PEER_CHATS);
    thread(peer, a, lines.length % 2 === 1 ? lines : lines.slice(0, -1), login || rng.chance(0.6));
  }
  // Leaders write to a few of their team.
  for (const team of teams) {
    const leader = byId.get(team.leaderId as number);
    if (!leader) continue;
    for (const member of rng.shuffled(members.get(team.id as number) ?? []).slice(0, 3)) thread(leader, member, rng.pick(LEADER_CHATS), rng.chance(0.4));
  }
  const ideas = agents.find((a) => a.ideasRecipient);
  if (ideas) for (const [i, text] of IDEAS.entries()) thread(rng.pick(chatty.filter((a) => a.agentType < 80)), ideas, [text], i === 0);
  return out;
}

/** One thread, taking turns, wholly in the past: each message read just before its answer, the last a while later unless it waits unread. */
function writeThread(activity: Activity, out: WorldRecord[], t: { from: Agent; to: Agent; lines: readonly string[]; unreadLast: boolean }): void {
  const { rng } = activity;
  const { now } = activity.input;
  let at = now - rng.int(2 * 60, 14 * 1440);
  const times: number[] = [];
  for (let i = 0; i < t.lines.length; i++) {
    times.push(at);
    at += rng.int(2, 180);
  }
  const late = (times[times.length - 1] as number) - (now - 30);
  const sent = late > 0 ? times.map((x) => x - late) : times;
  t.lines.forEach((message, i) => {
    const [a, b] = i % 2 === 0 ? [t.from, t.to] : [t.to, t.from];
    const last = i === t.lines.length - 1;
    const sentAt = sent[i] as number;
    const readAt = !last ? (sent[i + 1] as number) - 1 : t.unreadLast ? null : Math.min(sentAt + rng.int(5, 240), now);
    out.push({ id: out.length + 1, fromAgentId: a.agentId, toAgentId: b.agentId, message, sentAt, readAt, deletedBySender: false, deletedByRecipient: false });
  });
}
