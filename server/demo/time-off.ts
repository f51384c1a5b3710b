import { formatDate, formatInstant, type WorldRecord } from '../../engine/index.ts';
import { dayOf } from '../../engine/time.ts';
import type { Activity } from './activity.ts';
import type { Agent } from './people.ts';
import { at, ATTENDANCE_DAYS, DAYS_BEFORE } from './settings.ts';

const NOTICE_MESSAGES = [
  'Running a fever, sorry.',
  'Car would not start this morning.',
  'My kid is sick and home from school.',
  'Doctor appointment ran late.',
  'Power is out at my place.',
  'Family emergency, will explain later.',
  'Stuck in traffic after an accident on the highway.',
];

/** Spec 3's shift classes by start and end hour: first 6-17, second 14-24, third 22-8; null when none fits. */
function shiftClass(start: number, end: number): number | null {
  const hour = (m: number): number => {
    const [h, min] = formatInstant(m).slice(11, 16).split(':').map(Number) as [number, number];
    return h + min / 60;
  };
  const s = hour(start);
  const sameDay = dayOf(start) === dayOf(end);
  const e = sameDay ? hour(end) : hour(end) + 24;
  if (s >= 6 && e <= 17) return 1;
  if (s >= 14 && e <= 24) return 2;
  if ((s >= 22 || s < 8) && (sameDay ? e <= 8 : e - 24 <= 8)) return 3;
  return null;
}

/** Spec 3: personal time costs the length less a deduction of 30, 25 or 20 minutes at 480, 420, 330. */
function personalMinutes(length: number): number {
  return length - (length >= 480 ? 30 : length >= 420 ? 25 : length >= 330 ? 20 : 0);
}

const REASONS = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10];

interface PastShift {
  shiftId: number | null;
  start: number;
  end: number;
}

/**
 * Personal time and notices of absence over the past 90 days, and personal time booked ahead,
 * drawn agent by agent: their notices, then their personal time.
 */
export function timeOff(activity: Activity): { personalRequests: WorldRecord[]; notices: WorldRecord[] } {
  const book = new TimeOffBook(activity);
  for (const a of activity.input.agents.filter((x) => activity.line(x) || (x.agentType >= 100 && x.agentType <= 103))) {
    // Notices: agent types 85 and above 103 cannot give notice (spec 3).
    for (let n = activity.rng.int(0, 3); n > 0; n--) book.notice(a);
    // Personal time: agent types 85 and above 103 cannot request it (spec 3).
    if (!activity.rng.chance(0.4)) continue;
    book.pastPersonal(a);
    book.personalAhead(a);
  }
  return { personalRequests: book.personalRequests, notices: book.notices };
}

class TimeOffBook {
  readonly personalRequests: WorldRecord[] = [];
  readonly notices: WorldRecord[] = [];
  private readonly activity: Activity;

  constructor(activity: Activity) {
    this.activity = activity;
  }

  private blocked(day: number): boolean {
    const { holidays } = this.activity.input;
    const md = formatDate(day).slice(5);
    return md >= '12-19' || md <= '01-03' || holidays.has(day - 1) || holidays.has(day) || holidays.has(day + 1);
  }

  /**
   * One of the agent's shifts on a past day: a real one in the schedule's four weeks, else the
   * times of one of their usual shifts some weeks earlier (wall clock kept), naming no shift.
   */
  private pastShift(a: Agent): PastShift | null {
    const { rng } = this.activity;
    const { used, now, today } = this.activity.input;
    const mine = this.activity.mainsOf(a).filter((s) => s.agentId === a.agentId && !this.activity.training(s) && this.activity.free(s));
    if (mine.length === 0) return null;
    if (rng.chance(0.35)) {
      const recent = mine.filter((s) => s.end < now - 60);
      if (recent.length === 0) return null;
      const s = rng.pick(recent);
      // One story per shift: a call out and personal time on the same shift would contradict each other.
      used.add(s.id);
      return { shiftId: s.id, start: s.start, end: s.end };
    }
    const usual = rng.pick(mine);
    const day = dayOf(usual.start) - 7 * rng.int(5, 17);
    // Only before the schedule's first day: a day the schedule holds has its real shifts.
    if (day < today - ATTENDANCE_DAYS || day >= today - DAYS_BEFORE) return null;
    const [h, m] = formatInstant(usual.start).slice(11, 16).split(':').map(Number) as [number, number];
    const start = at(day, h, m);
    return { shiftId: null, start, end: start + (usual.end - usual.start) };
  }

  notice(a: Agent): void {
    const { rng } = this.activity;
    const s = this.pastShift(a);
    if (!s) return;
    const violationType = rng.pick([0, 0, 0, 1, 1, 2]);
    const fmla = a.fmlaDays !== null && rng.chance(0.5);
    const reason = fmla ? 8 : rng.pick(REASONS);
    const message = rng.pick(NOTICE_MESSAGES);
    const { start, end, createdAt } = this.missed(s, violationType);
    // Their paid minutes, less giveNotice's deduction (the meal break such hours hold).
    const missed = personalMinutes(end - start);
    const personal = !fmla && rng.chance(0.4) ? Math.min(missed, a.personalTime) : 0;
    const vacationApplied = !fmla && personal === 0 && a.vacationTime > 0 && rng.chance(0.3);
    this.notices.push({
      id: this.notices.length + 1, agentId: a.agentId, shiftId: s.shiftId, violationType, start, end, vacationApplied, reason, message, createdAt,
      minutes: missed, personalMinutes: personal, vacationMinutes: vacationApplied ? Math.min(missed, a.vacationTime) : 0,
      // The demo leaves the schedule as it was, so it still holds these hours: attendance takes
      // them off worked time, and the agent's next log out applies a leave early as any other.
      appliedAt: null,
    });
    const kind = ['Call out', 'Arrive late', 'Leave early'][violationType] as string;
    this.activity.write(a.agentId, null, createdAt, `${kind}, ${this.activity.dt(s.start)} - ${this.activity.dt(s.end)}: ${message}`);
  }

  /**
   * The hours missed, as giveNotice records them: the whole shift for a call out, the shift start
   * to the new start for an arrive late, the new end to the shift end for a leave early.
   */
  private missed(s: PastShift, violationType: number): { start: number; end: number; createdAt: number } {
    const { rng } = this.activity;
    if (violationType === 0) return { start: s.start, end: s.end, createdAt: s.start - rng.int(30, 47 * 60) };
    if (violationType === 1) {
      const end = s.start + rng.pick([15, 30, 60, 90]);
      return { start: s.start, end, createdAt: s.start - rng.int(10, 180) };
    }
    const start = s.end - rng.pick([60, 90, 120, 180]);
    return { start, end: s.end, createdAt: s.start + rng.int(60, Math.max(61, start - s.start - 30)) };
  }

  pastPersonal(a: Agent): void {
    const { rng } = this.activity;
    const s = this.pastShift(a);
    if (!s || this.blocked(dayOf(s.start))) return;
    // The hours leave the shift (takePersonalTime): a shift kept shorter than a meal break needs is taken whole.
    const whole = rng.chance(0.5) || s.end - s.start - 120 <= this.activity.input.schedule.rules.mealBreakAfterMinutes;
    const start = whole ? s.start : s.end - 120;
    this.personalRequests.push({
      id: this.personalRequests.length + 1, agentId: a.agentId, shiftId: s.shiftId, start, end: s.end,
      minutes: whole ? personalMinutes(s.end - s.start) : 120, requestedAt: s.start - rng.int(2, 10 * 24) * 60, status: 'approved',
      shiftClass: shiftClass(start, s.end),
    });
  }

  /**
   * Some have personal time booked ahead, for the calendar and the personal-time balance. The
   * balance still holds it (requestPersonal takes it when the time starts: chargeAtStart), so only
   * what the balance covers is booked.
   */
  personalAhead(a: Agent): void {
    const { rng } = this.activity;
    const { used, now } = this.activity.input;
    const ahead = this.activity
      .mainsOf(a)
      .find((x) => x.start > now + 2 * 1440 && x.start < now + 14 * 1440 && this.activity.free(x) && !this.activity.training(x) && !this.blocked(dayOf(x.start)));
    const aheadMinutes = ahead ? personalMinutes(ahead.end - ahead.start) : 0;
    if (!ahead || !rng.chance(0.3) || aheadMinutes > a.personalTime) return;
    used.add(ahead.id);
    this.personalRequests.push({
      id: this.personalRequests.length + 1, agentId: a.agentId, shiftId: ahead.id, start: ahead.start, end: ahead.end,
      minutes: aheadMinutes, requestedAt: now - rng.int(1, 72) * 60, status: 'approved',
      shiftClass: shiftClass(ahead.start, ahead.end), chargeAtStart: true,
    });
  }
}
