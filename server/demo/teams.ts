import { parseInstant, type WorldRecord } from '../../engine/index.ts';
import type { Agent } from './people.ts';

/**
 * Teams, each led by one person: supervisors (100, 101) lead the call specialists and trainees,
 * the training manager (103) the QA reviewers and trainers, the managers (102) the supervisors and
 * assistants, the customer service managers (105, 110) the account managers. Members are dealt
 * round the leaders in agent order, so a team is the same whatever the date.
 */
export function buildTeams(agents: Agent[]): { teams: WorldRecord[]; teamOf: Map<number, number> } {
  const teams: WorldRecord[] = [];
  const teamOf = new Map<number, number>();
  const lead = (leaderTypes: number[], member: (a: Agent) => boolean): void => {
    const ids = agents
      .filter((a) => leaderTypes.includes(a.agentType))
      .map((leader) => {
        teams.push({ id: teams.length + 1, name: `${leader.firstName} ${leader.lastName}'s team`, leaderId: leader.agentId });
        return teams.length;
      });
    if (ids.length === 0) return;
    agents.filter(member).forEach((a, i) => teamOf.set(a.agentId, ids[i % ids.length] as number));
  };
  lead([100, 101], (a) => a.agentType < 30);
  lead([103], (a) => a.agentType >= 30 && a.agentType <= 32);
  lead([102], (a) => [75, 80, 100, 101].includes(a.agentType));
  lead([105, 110], (a) => a.agentType === 85);
  return { teams, teamOf };
}

/**
 * A few of the releases the Release Notes screen lists (v1 to v153, February 2024 to September
 * 2025, spec 1), with the rules spec 1 section 9 says they stated, and the footer's version 154.
 */
const RELEASES: [number, string, string][] = [
  [1, '2024-02-14 09:00', 'Shiftinator goes live: post a shift for coverage, offer to cover it, accept or decline offers.'],
  [9, '2024-03-06 09:00', 'Trades: offer one of your own shifts in return when you offer to cover.'],
  [23, '2024-04-17 09:00', 'Nudge: remind someone of your offer with a text message, once every 24 hours.'],
  [38, '2024-06-05 09:00', 'Open shifts: claim one at least 2 minutes before it starts.'],
  [52, '2024-07-24 09:00', 'Offers of up to 2 shifts in a trade.'],
  [67, '2024-09-11 09:00', 'Managers are limited to 10 hours per open shift.'],
  [81, '2024-10-30 09:00', 'Report Absence: give notice of a call out up to 48 hours ahead.'],
  [96, '2024-12-18 09:00', 'Open training shifts: up to 12.5 hours in an 18 hour span.'],
  [104, '2025-01-22 09:00', 'Personal and vacation time: one supervisor off per shift.'],
  [112, '2025-02-26 09:00', 'The vacation option is offered only while you have used under 15 hours this year.'],
  [121, '2025-04-02 09:00', 'Minimum hours policy: 70 hours a month.'],
  [133, '2025-05-21 09:00', 'Hours worked history now goes back 13 months.'],
  [142, '2025-07-09 09:00', 'Supervisors on probation cannot trade shifts.'],
  [153, '2025-09-17 09:00', 'Assistants cannot cover supervisors on holidays.'],
  [154, '2025-10-01 09:00', 'Wishlist: request a cut or a different meal break, and see your own requests under My Wishlist.'],
];

export function releaseNotes(): WorldRecord[] {
  return RELEASES.map(([version, at, notes], i) => ({ id: i + 1, version, releasedAt: parseInstant(at), notes }));
}
