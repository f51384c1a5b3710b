import type { Shift, WorldRecord } from '../../engine/index.ts';
import { formatForDisplay } from '../../engine/time.ts';
import { chat } from './chat.ts';
import { acceptedOffers, offerLog, offerMessages } from './offer-history.ts';
import type { Market } from './market.ts';
import type { Agent } from './people.ts';
import { Random } from './random.ts';
import { cutAndLunchRequests } from './requests.ts';
import type { Schedule } from './schedule.ts';
import { ACTIVITY_SEED } from './settings.ts';
import { timeOff } from './time-off.ts';

export interface ActivityInput {
  agents: Agent[];
  shifts: Shift[];
  schedule: Schedule;
  /** Shifts already in a demo story (posted, offered in a trade): left alone. */
  used: Set<number>;
  coveragePostings: WorldRecord[];
  offers: WorldRecord[];
  now: number;
  today: number;
  holidays: Set<number>;
  teams: WorldRecord[];
  teamOf: Map<number, number>;
  /** The documented logins: each finds chat waiting and, where their schedule allows, requests of their own. */
  logins: Set<number>;
  /** The first offer on a posting the rules let its maker make (the market's, which holds `coveragePostings` and `offers`). */
  firstAllowed: Market['firstAllowed'];
}

/**
 * What the activity's parts share: the people, the schedule, the shifts already in a story, the
 * offer log they write to, and one generator drawn from in the parts' order.
 */
export class Activity {
  readonly rng = new Random(ACTIVITY_SEED);
  readonly input: ActivityInput;
  readonly byId: Map<number, Agent>;
  readonly log: WorldRecord[] = [];
  /** Shifts posted or offered before the activity began. */
  private readonly posted: Set<number>;

  constructor(input: ActivityInput) {
    this.input = input;
    this.byId = new Map(input.agents.map((a) => [a.agentId, a]));
    this.posted = new Set(input.coveragePostings.map((p) => p.shiftId as number));
    for (const o of input.offers) for (const id of [o.shiftId, o.swapShiftId]) if (typeof id === 'number') this.posted.add(id);
  }

  initials(id: unknown): string {
    return this.byId.get(id as number)?.initials ?? '?';
  }

  dt(m: unknown): string {
    return formatForDisplay(m as number, 'dateTime');
  }

  write(agentId: unknown, offerId: unknown, at: number, message: string): void {
    this.log.push({ id: this.log.length + 1, agentId, offerId, at, message });
  }

  breaksOf(id: number): Shift[] {
    return this.input.schedule.breaks.get(id) ?? [];
  }

  line(a: Agent): boolean {
    return a.agentType >= 15 && a.agentType <= 80 && a.agentType !== 21;
  }

  free(s: Shift): boolean {
    return !this.input.used.has(s.id) && !this.posted.has(s.id);
  }

  mainsOf(a: Agent): Shift[] {
    return this.input.schedule.mains.get(a.agentId) ?? [];
  }

  training(s: Shift): boolean {
    return this.input.schedule.rules.codes.trainingShiftTypes.includes(s.shiftType);
  }
}

/**
 * What people did around the schedule, for the screens beyond the calendar: chat threads (the
 * latest ones unread), cut and meal-break requests waiting for a supervisor, personal time and
 * notices of absence over the past 90 days, a few offers accepted in past weeks, nudges, and the
 * offer log lines all of that wrote. The schedule holds the past four weeks only, so older
 * notices and personal time name no shift: their times are those of the agent's usual shift.
 */
export async function buildActivity(input: ActivityInput): Promise<Record<string, WorldRecord[]>> {
  const activity = new Activity(input);
  await acceptedOffers(activity);
  offerLog(activity);
  const messages = offerMessages(activity);
  const chatMessages = chat(activity);
  const { cutRequests, lunchRequests } = cutAndLunchRequests(activity);
  const { personalRequests, notices } = timeOff(activity);
  const log = activity.log;
  log.sort((x, y) => (x.at as number) - (y.at as number) || (x.id as number) - (y.id as number));
  log.forEach((l, i) => (l.id = i + 1));
  return { offerLog: log, offerMessages: messages, chatMessages, cutRequests, lunchRequests, personalRequests, notices };
}
