import { dayOf, weekdayOf } from '../../engine/time.ts';
import { formatDate, type Shift } from '../../engine/index.ts';
import type { Agent } from './people.ts';
import type { Random } from './random.ts';
import { at, overlap, type DemoRules } from './settings.ts';

/** Each agent's main shifts in order, and each main shift's meal breaks: what the checks below read. */
export class Schedule {
  readonly mains = new Map<number, Shift[]>();
  readonly breaks = new Map<number, Shift[]>();
  readonly rules: DemoRules;

  constructor(rules: DemoRules) {
    this.rules = rules;
  }

  add(shift: Shift): void {
    if (shift.parentId !== null) {
      const list = this.breaks.get(shift.parentId) ?? [];
      list.push(shift);
      this.breaks.set(shift.parentId, list);
      return;
    }
    const list = this.mains.get(shift.agentId) ?? [];
    list.push(shift);
    this.mains.set(shift.agentId, list);
  }

  /** Worked minutes in [from, to): shifts clipped to it, less their meal breaks (domain decisions). */
  worked(agentId: number, from: number, to: number, exclude: ReadonlySet<number>): number {
    let total = 0;
    for (const s of this.mains.get(agentId) ?? []) {
      if (exclude.has(s.id) || s.end <= from || s.start >= to) continue;
      total += overlap(s.start, s.end, from, to);
      for (const b of this.breaks.get(s.id) ?? []) total -= overlap(b.start, b.end, from, to);
    }
    return total;
  }

  /** A shift overlapping [start + 1, end - 1]: spec 1's already-scheduled check, trimmed by a minute. */
  busy(agentId: number, start: number, end: number, exclude: ReadonlySet<number> = new Set()): boolean {
    return (this.mains.get(agentId) ?? []).some((s) => !exclude.has(s.id) && s.start < end - 1 && s.end > start + 1);
  }

  /**
   * Whether the agent can take [start, end) on top of their schedule: free then, and within the
   * rules' maxWorkMinutes in the workWindowHours after the start and before the end. The new minutes are counted whole
   * (meal breaks included), so the demo stays inside the limit however a rule counts them.
   */
  canTake(agentId: number, start: number, end: number, exclude: ReadonlySet<number> = new Set()): boolean {
    if (this.busy(agentId, start, end)) return false;
    const minutes = end - start;
    return (
      this.worked(agentId, start, start + this.rules.workWindowMinutes, exclude) + minutes <= this.rules.maxWorkMinutes &&
      this.worked(agentId, end - this.rules.workWindowMinutes, end, exclude) + minutes <= this.rules.maxWorkMinutes
    );
  }

  onDay(agentId: number, day: number): Shift[] {
    return (this.mains.get(agentId) ?? []).filter((s) => dayOf(s.start) === day);
  }
}

interface Pattern {
  shiftType: number;
  startHour: number;
  length: number;
  /** ISO weekdays off; on-call agents work a few random days instead. */
  daysOff: Set<number>;
  onCall: boolean;
  /** A weekday whose shift is a training shift instead (QA reviewers, trainers). */
  trainingDay: number | null;
}

function patternOf(agent: Agent, index: number, rng: Random): Pattern {
  const t = agent.agentType;
  const consecutiveOff = (first: number): Set<number> => new Set([first, (first % 7) + 1]);
  const office = { startHour: 9, length: 510, daysOff: new Set([6, 7]), onCall: false, trainingDay: null };
  if (t < 15) return { ...office, shiftType: 10 };
  if (t === 102 || t === 103) return { ...office, shiftType: 9 };
  if (t === 105 || t === 110) return { ...office, shiftType: 12 };
  if (t >= 240) return { ...office, shiftType: 11 };
  if (t === 100 || t === 101 || t === 80) {
    // Supervisors spread over four starts and rotate their days off, so every hour has one on the floor.
    const starts = [6, 10, 14, 22];
    return { shiftType: 9, startHour: starts[index % 4] as number, length: 510, daysOff: consecutiveOff(1 + (Math.floor(index / 4) * 2) % 7), onCall: false, trainingDay: null };
  }
  const klass = rng.next();
  const startHour = klass < 0.5 ? rng.pick([6, 7, 8, 9, 10]) : klass < 0.85 ? rng.pick([14, 15, 16]) : rng.pick([22, 23]);
  const shiftType = t === 85 ? 15 : agent.spanish && t < 75 ? 1 : 0;
  if (t === 21) return { shiftType, startHour, length: 300, daysOff: new Set(), onCall: true, trainingDay: null };
  const length = rng.chance(0.8) ? 510 : rng.pick([300, 390]);
  const daysOff = consecutiveOff(rng.int(1, 7));
  const working = [1, 2, 3, 4, 5, 6, 7].filter((d) => !daysOff.has(d));
  const trainingDay = t >= 30 && t <= 32 ? rng.pick(working) : null;
  return { shiftType, startHour, length, daysOff, onCall: false, trainingDay };
}

export function buildShifts(agents: Agent[], fromDay: number, toDay: number, holidays: Set<number>, rng: Random, rules: DemoRules): Shift[] {
  const shifts: Shift[] = [];
  let id = 0;
  agents.forEach((agent, index) => {
    const pattern = patternOf(agent, index, rng);
    for (let day = fromDay; day <= toDay; day++) {
      const weekday = weekdayOf(day);
      if (pattern.onCall ? !rng.chance(0.35) : pattern.daysOff.has(weekday)) continue;
      // Now and then a day off (vacation, personal time).
      if (rng.chance(0.04)) continue;
      let shiftType = pattern.shiftType;
      let startHour = pattern.startHour;
      let length = pattern.length;
      if (weekday === pattern.trainingDay) {
        if (agent.agentType === 32) {
          // An evening class (spec 3's default 5:00 PM to 9:30 PM) in place of the day's shift.
          [shiftType, startHour, length] = [rng.chance(0.5) ? 64 : 65, 17, 270];
        } else {
          shiftType = 61;
        }
      } else if (!pattern.onCall && rng.chance(0.1) && startHour >= 7 && startHour <= 20) {
        startHour += rng.pick([-1, 1]);
      }
      const start = at(day, startHour);
      const end = start + length;
      const holiday = holidays.has(day);
      // Holidays pay triple; on Christmas Eve only from 7 PM (spec 1's marker).
      const christmasEve = formatDate(day).endsWith('-12-24');
      const payRate = holiday && (!christmasEve || end > at(day, 19)) ? 3 : 0;
      const main: Shift = { id: ++id, agentId: agent.agentId, start, end, shiftType, payRate, cots: 0, isCovering: false, parentId: null };
      shifts.push(main);
      if (length > rules.mealBreakAfterMinutes) {
        // Mid-shift on a quarter hour, staggered so that not everyone eats at once.
        const offset = Math.floor((length / 2 - rules.mealBreakMinutes / 2) / 15) * 15 + rng.pick([-30, -15, 0, 15, 30]);
        const bStart = start + offset;
        shifts.push({ id: ++id, agentId: agent.agentId, start: bStart, end: bStart + rules.mealBreakMinutes, shiftType: rules.codes.mealBreakShiftType, payRate: 0, cots: 0, isCovering: false, parentId: main.id });
      }
    }
  });
  return shifts;
}

/** The posting type of a scheduled shift (the scenario format's posting types). */
export function postingType(shiftType: number): number | null {
  return [0, 1, 9, 15].includes(shiftType) ? shiftType : null;
}
