import { formatDate, parseInstant, type NormalizedWorld, type Shift, type WorldRecord } from '../engine/index.ts';
import { dayOf, weekdayOf } from '../engine/time.ts';
import { hashPassword } from './auth.ts';
import type { Database } from './db/database.ts';
import { AccountSchema } from './db/server.entities.ts';
import { entityOf, recordToRow } from './db/world.entities.ts';

/**
 * The demo world: a few hundred agents of every agent type the specs name, two months of shifts
 * with meal breaks around today, the calendar's holidays, open postings with pending offers and
 * open shifts. Built by a seeded PRNG, so the same agents and logins come out every time (the
 * README names them); the schedule moves with today's date.
 */

/** Every demo account signs in with this password (one hash: scrypt for hundreds is slow). */
export const DEMO_PASSWORD = 'demo1234';

const AGENT_SEED = 20_251_102;
const SCHEDULE_SEED = 20_261_126;

/** Days of shifts before and after today: about two months, reaching Christmas from late November. */
const DAYS_BEFORE = 28;
const DAYS_AFTER = 35;
/** Postings, offers and open shifts lie this many days ahead at most. */
const POSTING_HORIZON_DAYS = 21;

const MEAL_BREAK = 5;
const MEAL_BREAK_MINUTES = 30;
/** Spec 1 section 9: shifts over 5.5 hours hold an unpaid meal break. */
const BREAK_AFTER_MINUTES = 330;
const MAX_WORK = 600;
const WINDOW = 18 * 60;

/** [agent type, how many]: spec 3's agent-type table, call specialists spread over 20 to 29. */
const ROSTER: [number, number][] = [
  [10, 8], [15, 20], [20, 60], [21, 12], [22, 20], [23, 20], [24, 18], [25, 16], [26, 14], [27, 12], [28, 10], [29, 10],
  [30, 10], [31, 6], [32, 6], [75, 6], [80, 10], [85, 8], [100, 14], [101, 3], [102, 3], [103, 2], [105, 2], [110, 2],
  [240, 2], [350, 1], [450, 1],
];

export function roleName(agentType: number): string {
  if (agentType < 15) return 'Trainee';
  if (agentType === 15) return 'Advanced Trainee';
  if (agentType === 21) return 'On Call CS';
  if (agentType < 30) return 'Call Specialist';
  const names: Record<number, string> = {
    30: 'QA Reviewer',
    31: 'Co-Trainer',
    32: 'Advanced Trainer',
    75: 'Assistant Supervisor',
    80: 'Assistant Supervisor',
    85: 'Account Manager',
    100: 'Supervisor',
    101: 'Supervisor',
    102: 'Manager',
    103: 'Training Manager',
    105: 'Customer Service Manager',
    110: 'Customer Service Manager',
    240: 'Operations Manager',
    350: 'Administrator',
    450: 'Administrator',
  };
  return names[agentType] ?? `Type ${agentType}`;
}

const FIRST_NAMES = [
  'Aaliyah', 'Adrian', 'Alicia', 'Andre', 'Angela', 'Ben', 'Brianna', 'Carlos', 'Carmen', 'Chloe', 'Daniel', 'Deja', 'Diego',
  'Elena', 'Emily', 'Ethan', 'Fatima', 'Gabriel', 'Grace', 'Hannah', 'Hector', 'Isabel', 'Jamal', 'Jasmine', 'Javier',
  'Jordan', 'Julia', 'Kayla', 'Kevin', 'Laura', 'Lucia', 'Luis', 'Maya', 'Marcus', 'Maria', 'Mateo', 'Megan', 'Nadia',
  'Nathan', 'Nicole', 'Omar', 'Olivia', 'Pablo', 'Priya', 'Quinn', 'Rafael', 'Rachel', 'Rosa', 'Samuel', 'Sara', 'Sofia',
  'Tanya', 'Tyler', 'Valeria', 'Victor', 'Wendy', 'Xavier', 'Yesenia', 'Zoe', 'Zach',
];
const LAST_NAMES = [
  'Adams', 'Alvarez', 'Baker', 'Bennett', 'Brooks', 'Castillo', 'Chen', 'Cruz', 'Davis', 'Diaz', 'Edwards', 'Evans',
  'Fischer', 'Flores', 'Garcia', 'Gomez', 'Green', 'Hall', 'Harris', 'Hernandez', 'Hughes', 'Jackson', 'Johnson', 'Kim',
  'Lee', 'Lopez', 'Martin', 'Martinez', 'Mendoza', 'Miller', 'Moore', 'Morales', 'Nguyen', 'Ortiz', 'Owens', 'Patel',
  'Perez', 'Price', 'Ramirez', 'Reed', 'Reyes', 'Rivera', 'Robinson', 'Rodriguez', 'Ruiz', 'Sanchez', 'Scott', 'Stewart',
  'Taylor', 'Thomas', 'Torres', 'Turner', 'Vargas', 'Walker', 'Ward', 'White', 'Williams', 'Wright', 'Young', 'Zimmerman',
];
const COVERAGE_NOTES = ["Doctor's appointment", 'Family event', 'Would love a weekend trade', 'Car in the shop', 'School pickup', null, null, null];
const PICKUP_NOTES = ['Saving for the holidays', 'Happy to take any part of a shift', 'Free all day', null, null];

/** mulberry32: small, fast and the same on every machine. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  shuffled<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

export interface DemoLogin {
  role: string;
  agentType: number;
  agentId: number;
  initials: string;
  cell: string;
  password: string;
  name: string;
  note: string | null;
}

export interface DemoAccount {
  agentId: number;
  initials: string;
  cell: string;
}

export interface DemoWorld {
  world: NormalizedWorld;
  accounts: DemoAccount[];
  logins: DemoLogin[];
  /** The first and last day that has shifts (Eastern dates). */
  from: string;
  to: string;
}

interface Agent {
  agentId: number;
  agentType: number;
  initials: string;
  firstName: string;
  lastName: string;
  spanish: boolean;
  canCoverDOCS: boolean;
  onProbation: boolean;
  probationDays: number;
  pastProbationDays: number | null;
  terminationDays: number | null;
  fmlaDays: number | null;
  personalTime: number;
  vacationTime: number;
  cell: string;
}

/** Agents and their attributes: independent of the date, so the documented logins never change. */
function makeAgents(): Agent[] {
  const rng = new Random(AGENT_SEED);
  const taken = new Set<string>();
  const agents: Agent[] = [];
  let agentId = 1000;
  for (const [agentType, count] of ROSTER) {
    for (let i = 0; i < count; i++) {
      agentId++;
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      const middle = String.fromCharCode(65 + rng.int(0, 25));
      let initials = `${firstName[0]}${lastName[0]}`;
      if (taken.has(initials)) initials = `${firstName[0]}${middle}${lastName[0]}`;
      for (let n = 2; taken.has(initials); n++) initials = `${firstName[0]}${middle}${lastName[0]}${n}`;
      taken.add(initials);
      const line = agentType < 100 && agentType !== 85;
      const spanish = agentType >= 15 && agentType <= 103 && rng.chance(line ? 0.24 : 0.15);
      const canCoverDOCS = agentType === 85 || ((agentType === 75 || agentType === 80) && rng.chance(0.6));
      // Probation is for newer people: trainees and call specialists mostly, now and then a new supervisor.
      const onProbation = (agentType >= 15 && agentType < 30 && rng.chance(0.07)) || (agentType === 100 && i === 1);
      agents.push({
        agentId,
        agentType,
        initials,
        firstName,
        lastName,
        spanish,
        canCoverDOCS,
        onProbation,
        probationDays: rng.int(5, 75),
        pastProbationDays: rng.chance(0.3) ? rng.int(30, 400) : null,
        terminationDays: agentType >= 20 && agentType < 30 && rng.chance(0.01) ? rng.int(10, 30) : null,
        fmlaDays: rng.chance(0.02) ? rng.int(30, 180) : null,
        personalTime: rng.int(0, 160) * 15,
        vacationTime: rng.int(0, 320) * 15,
        cell: `555${String(1_000_000 + (agentId - 1000)).padStart(7, '0')}`,
      });
    }
  }
  return agents;
}

/** One documented login per role; a Spanish speaker and someone on probation besides. */
function pickLogins(agents: Agent[]): DemoLogin[] {
  const logins: DemoLogin[] = [];
  const add = (agent: Agent | undefined, note: string | null = null): void => {
    if (!agent) return;
    logins.push({
      role: `${roleName(agent.agentType)} (${agent.agentType})`,
      agentType: agent.agentType,
      agentId: agent.agentId,
      initials: agent.initials,
      cell: agent.cell,
      password: DEMO_PASSWORD,
      name: `${agent.firstName} ${agent.lastName}`,
      note,
    });
  };
  const plain = (a: Agent): boolean => !a.onProbation && a.terminationDays === null;
  for (const type of [...new Set(ROSTER.map(([t]) => t))].filter((t) => t < 21 || t > 29 || t === 21)) {
    const ofType = agents.filter((a) => a.agentType === type && plain(a));
    if (type === 80) add(ofType.find((a) => a.canCoverDOCS) ?? ofType[0], 'can cover DOCS');
    else add(ofType.find((a) => !a.spanish) ?? ofType[0]);
    if (type === 20) {
      add(agents.find((a) => a.agentType >= 20 && a.agentType < 30 && a.agentType !== 21 && a.spanish && plain(a)), 'Spanish speaker');
      add(agents.find((a) => a.agentType >= 20 && a.agentType < 30 && a.onProbation), 'on probation');
    }
  }
  return logins;
}

const HOLIDAY_RULES: { date: (year: number) => string; holiday: boolean }[] = [
  // First Monday of September: Labor Day.
  { date: (y) => nthWeekday(y, 9, 1, 1), holiday: true },
  // First Sunday of November: daylight saving ends (a calendar marker, not a holiday).
  { date: (y) => nthWeekday(y, 11, 7, 1), holiday: false },
  // Fourth Thursday of November: Thanksgiving.
  { date: (y) => nthWeekday(y, 11, 4, 4), holiday: true },
  { date: (y) => `${y}-12-24`, holiday: true },
  { date: (y) => `${y}-12-25`, holiday: true },
];

/** The n-th ISO weekday (1 Monday ... 7 Sunday) of a month, as YYYY-MM-DD. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = Date.UTC(year, month - 1, 1) / 86_400_000;
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return formatDate(first + offset + (n - 1) * 7);
}

/** Spec 1's holiday markers (2025) and the same markers for every year the schedule touches. */
function holidayDays(fromDay: number, toDay: number): WorldRecord[] {
  const years = new Set([2025, Number(formatDate(fromDay).slice(0, 4)), Number(formatDate(toDay).slice(0, 4))]);
  const days: WorldRecord[] = [];
  for (const year of [...years].sort()) {
    for (const rule of HOLIDAY_RULES) days.push({ date: Date.parse(rule.date(year)) / 86_400_000, holiday: rule.holiday, schedulePosted: true });
  }
  return days;
}

function at(day: number, hour: number, minute = 0): number {
  return parseInstant(`${formatDate(day)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
}

function overlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
}

/** Each agent's main shifts in order, and each main shift's meal breaks: what the checks below read. */
class Schedule {
  readonly mains = new Map<number, Shift[]>();
  readonly breaks = new Map<number, Shift[]>();

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
   * Whether the agent can take [start, end) on top of their schedule: free then, and under 600
   * minutes in the 18 hours after the start and before the end. The new minutes are counted whole
   * (meal breaks included), so the demo stays inside the limit however a rule counts them.
   */
  canTake(agentId: number, start: number, end: number, exclude: ReadonlySet<number> = new Set()): boolean {
    if (this.busy(agentId, start, end)) return false;
    const minutes = end - start;
    return (
      this.worked(agentId, start, start + WINDOW, exclude) + minutes <= MAX_WORK &&
      this.worked(agentId, end - WINDOW, end, exclude) + minutes <= MAX_WORK
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

function buildShifts(agents: Agent[], fromDay: number, toDay: number, holidays: Set<number>, rng: Random): Shift[] {
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
      if (length > BREAK_AFTER_MINUTES) {
        // Mid-shift on a quarter hour, staggered so that not everyone eats at once.
        const offset = Math.floor((length / 2 - MEAL_BREAK_MINUTES / 2) / 15) * 15 + rng.pick([-30, -15, 0, 15, 30]);
        const bStart = start + offset;
        shifts.push({ id: ++id, agentId: agent.agentId, start: bStart, end: bStart + MEAL_BREAK_MINUTES, shiftType: MEAL_BREAK, payRate: 0, cots: 0, isCovering: false, parentId: main.id });
      }
    }
  });
  return shifts;
}

/** The posting type of a scheduled shift (scenario format: 0, 1, 9, 15, 61, 64, 65). */
function postingType(shiftType: number): number | null {
  return [0, 1, 9, 15].includes(shiftType) ? shiftType : null;
}

/** Who may offer to cover a posting of this type (spec 2's role limits, as the demo reads them). */
function canCover(agent: Agent, type: number): boolean {
  const t = agent.agentType;
  if (agent.onProbation || agent.terminationDays !== null) return false;
  if (type === 0) return t >= 15 && t <= 32;
  if (type === 1) return t >= 15 && t <= 32 && agent.spanish;
  if (type === 9) return t === 80 || t === 100 || t === 101;
  if (type === 15) return t === 85 || ((t === 75 || t === 80) && agent.canCoverDOCS);
  return false;
}

export function buildDemoWorld(now: number): DemoWorld {
  const agents = makeAgents();
  const rng = new Random(SCHEDULE_SEED);
  const today = dayOf(now);
  const fromDay = today - DAYS_BEFORE;
  const toDay = today + DAYS_AFTER;
  const days = holidayDays(fromDay, toDay);
  const holidays = new Set(days.filter((d) => d.holiday).map((d) => d.date as number));
  const shifts = buildShifts(agents, fromDay, toDay, holidays, rng);
  const schedule = new Schedule();
  for (const s of shifts) schedule.add(s);
  const byId = new Map(agents.map((a) => [a.agentId, a]));
  const agentOf = (id: number): Agent => byId.get(id) as Agent;

  const horizon = now + POSTING_HORIZON_DAYS * 1440;
  const soon = (s: Shift): boolean => s.parentId === null && s.start >= now + 24 * 60 && s.start < horizon;
  /** Shifts already posted or offered in a trade: one demo story per shift. */
  const used = new Set<number>();
  const expirationFor = (start: number): number => Math.max(now + 12 * 60, start - 12 * 60);
  const createdBefore = (): number => now - rng.int(1, 72) * 60;

  const coveragePostings: WorldRecord[] = [];
  const pickupPostings: WorldRecord[] = [];
  const offers: WorldRecord[] = [];
  let postingId = 0;
  let pickupId = 0;
  let offerId = 0;

  // Coverage postings with pending offers, some trades, some counteroffers.
  const posters = rng.shuffled(agents.filter((a) => a.agentType >= 15 && a.agentType <= 110));
  let counters = 0;
  for (const poster of posters) {
    if (coveragePostings.length >= 45) break;
    const candidates = (schedule.mains.get(poster.agentId) ?? []).filter((s) => soon(s) && !used.has(s.id) && postingType(s.shiftType) !== null);
    if (candidates.length === 0) continue;
    const shift = rng.pick(candidates);
    const type = postingType(shift.shiftType) as number;
    used.add(shift.id);
    const partial = rng.chance(0.25);
    const start = partial ? shift.start + Math.floor((shift.end - shift.start) / 60) * 30 : shift.start;
    // A poster on probation cannot trade (spec 2), so their postings are coverage only.
    const openToTrade = poster.onProbation ? 0 : rng.pick([0, 0, 1, 1, 2]);
    const posting: WorldRecord = {
      id: ++postingId,
      agentId: poster.agentId,
      shiftId: shift.id,
      start,
      end: shift.end,
      type,
      openToTrade,
      notes: rng.pick(COVERAGE_NOTES),
      cots: 0,
      endedAt: null,
    };
    coveragePostings.push(posting);
    if (rng.chance(0.3)) continue;
    const wanted = openToTrade === 2 ? 1 : rng.int(1, 3);
    const coverers = rng.shuffled(agents.filter((a) => a.agentId !== poster.agentId && canCover(a, type)));
    let made = 0;
    for (const coverer of coverers) {
      if (made >= wanted) break;
      if (!schedule.canTake(coverer.agentId, start, shift.end)) continue;
      const trade = openToTrade === 2 || (openToTrade === 1 && rng.chance(0.5));
      let swap: Shift | undefined;
      if (trade) {
        swap = (schedule.mains.get(coverer.agentId) ?? []).find(
          (s) =>
            soon(s) &&
            !used.has(s.id) &&
            postingType(s.shiftType) === type &&
            schedule.canTake(poster.agentId, s.start, s.end, new Set([shift.id])) &&
            schedule.canTake(coverer.agentId, start, shift.end, new Set([s.id])),
        );
        if (!swap) continue;
        used.add(swap.id);
      }
      const offer: WorldRecord = {
        id: ++offerId,
        postingId: posting.id,
        pickupPostingId: null,
        offeringAgentId: coverer.agentId,
        coveringAgentId: coverer.agentId,
        start,
        end: shift.end,
        shiftId: null,
        swapShiftId: swap?.id ?? null,
        swapStart: swap?.start ?? null,
        swapEnd: swap?.end ?? null,
        expiration: expirationFor(start),
        status: 'pending',
        rejectingOfferId: null,
        nudgedAt: null,
        comment: null,
        createdAt: createdBefore(),
      };
      offers.push(offer);
      made++;
      // Now and then the poster counters: they want only the later part covered.
      if (made === 1 && counters < 4 && shift.end - start >= 240 && rng.chance(0.3)) {
        counters++;
        offers.push({
          ...offer,
          id: ++offerId,
          status: 'pending',
          offeringAgentId: poster.agentId,
          start: start + 60,
          rejectingOfferId: offer.id,
          createdAt: (offer.createdAt as number) + 30,
        });
        offer.status = 'declined';
      }
    }
  }

  // Pick-up postings: people on a day off who want hours, and colleagues offering theirs.
  const pickers = rng.shuffled(agents.filter((a) => ((a.agentType >= 15 && a.agentType <= 32) || a.agentType === 80) && !a.onProbation && a.terminationDays === null));
  const windows: [number, number, number, number][] = [[0, 0, 23, 59], [6, 0, 18, 0], [14, 0, 23, 59], [8, 0, 17, 0]];
  let hourCounters = 0;
  for (const picker of pickers) {
    if (pickupPostings.length >= 25) break;
    const day = today + rng.int(2, POSTING_HORIZON_DAYS - 1);
    const [h1, m1, h2, m2] = rng.pick(windows);
    const wStart = at(day, h1, m1);
    const wEnd = at(day, h2, m2);
    if (schedule.busy(picker.agentId, wStart - 60, wEnd + 60)) continue;
    const type = picker.agentType === 80 && rng.chance(0.5) ? 9 : 0;
    const posting: WorldRecord = { id: ++pickupId, agentId: picker.agentId, start: wStart, end: wEnd, type, notes: rng.pick(PICKUP_NOTES), endedAt: null };
    pickupPostings.push(posting);
    if (rng.chance(0.25)) continue;
    const wanted = rng.int(1, 2);
    let made = 0;
    for (const giver of rng.shuffled(agents)) {
      if (made >= wanted) break;
      if (giver.agentId === picker.agentId) continue;
      const shift = schedule
        .onDay(giver.agentId, day)
        .find((s) => !used.has(s.id) && s.start >= now + 24 * 60 && s.shiftType === (type === 9 ? 9 : 0) && overlap(s.start, s.end, wStart, wEnd) >= 180);
      if (!shift) continue;
      const start = Math.max(shift.start, wStart);
      const end = Math.min(shift.end, wEnd);
      if (!schedule.canTake(picker.agentId, start, end)) continue;
      used.add(shift.id);
      made++;
      const offer: WorldRecord = {
        id: ++offerId,
        postingId: null,
        pickupPostingId: posting.id,
        offeringAgentId: giver.agentId,
        coveringAgentId: picker.agentId,
        start,
        end,
        shiftId: shift.id,
        swapShiftId: null,
        swapStart: null,
        swapEnd: null,
        expiration: expirationFor(start),
        status: 'pending',
        rejectingOfferId: null,
        nudgedAt: null,
        comment: null,
        createdAt: createdBefore(),
      };
      offers.push(offer);
      // The hours poster counters now and then: only the first part of the shift, please.
      if (hourCounters < 2 && end - start >= 240 && rng.chance(0.4)) {
        hourCounters++;
        offers.push({ ...offer, id: ++offerId, status: 'pending', offeringAgentId: picker.agentId, end: end - 60, rejectingOfferId: offer.id, createdAt: (offer.createdAt as number) + 30 });
        offer.status = 'declined';
      }
    }
  }

  // History: postings in the past weeks that were taken down, their offers declined, withdrawn or expired.
  const pastShifts = shifts.filter((s) => s.parentId === null && postingType(s.shiftType) !== null && s.end < now - 1440 && s.start > now - DAYS_BEFORE * 1440);
  for (let i = 0; i < 12 && pastShifts.length > 0; i++) {
    const shift = rng.pick(pastShifts);
    if (used.has(shift.id) || agentOf(shift.agentId).agentType < 15) continue;
    used.add(shift.id);
    const posting: WorldRecord = {
      id: ++postingId,
      agentId: shift.agentId,
      shiftId: shift.id,
      start: shift.start,
      end: shift.end,
      type: postingType(shift.shiftType),
      openToTrade: 0,
      notes: rng.pick(COVERAGE_NOTES),
      cots: 0,
      endedAt: shift.start - rng.int(2, 48) * 60,
    };
    coveragePostings.push(posting);
    const coverer = rng.pick(agents.filter((a) => a.agentId !== shift.agentId && canCover(a, posting.type as number)));
    if (!coverer) continue;
    offers.push({
      id: ++offerId,
      postingId: posting.id,
      pickupPostingId: null,
      offeringAgentId: coverer.agentId,
      coveringAgentId: coverer.agentId,
      start: shift.start,
      end: shift.end,
      shiftId: null,
      swapShiftId: null,
      swapStart: null,
      swapEnd: null,
      expiration: shift.start - 60,
      status: rng.pick(['declined', 'withdrawn', 'expired']),
      rejectingOfferId: null,
      nudgedAt: null,
      comment: rng.pick(['Sorry, found someone else', null]),
      createdAt: (posting.endedAt as number) - rng.int(2, 48) * 60,
    });
  }

  const openShifts = buildOpenShifts(agents, now, today, holidays, rng);

  const world: NormalizedWorld = {
    agents: agents.map((a) => ({
      agentId: a.agentId,
      agentType: a.agentType,
      initials: a.initials,
      firstName: a.firstName,
      lastName: a.lastName,
      spanish: a.spanish,
      canCoverDOCS: a.canCoverDOCS,
      probationUntil: a.onProbation ? today + a.probationDays : a.pastProbationDays !== null ? today - a.pastProbationDays : null,
      terminationDate: a.terminationDays !== null ? at(today + a.terminationDays, 23, 59) : null,
      personalTime: a.personalTime,
      vacationTime: a.vacationTime,
      fmlaIntermittentUntil: a.fmlaDays !== null ? today + a.fmlaDays : null,
      fmlaContinuousUntil: null,
    })),
    shifts: shifts as unknown as WorldRecord[],
    days,
    coveragePostings,
    pickupPostings,
    openShifts,
    offers,
  };
  return {
    world,
    accounts: agents.map((a) => ({ agentId: a.agentId, initials: a.initials, cell: a.cell })),
    logins: pickLogins(agents),
    from: formatDate(fromDay),
    to: formatDate(toDay),
  };
}

function buildOpenShifts(agents: Agent[], now: number, today: number, holidays: Set<number>, rng: Random): WorldRecord[] {
  // Creators who do not speak Spanish, where there are any: the bilingual head count then stays
  // out of the way of claims (it applies when a Spanish speaker's hours are taken).
  const of = (...types: number[]): Agent[] => {
    const all = agents.filter((a) => types.includes(a.agentType));
    const english = all.filter((a) => !a.spanish);
    return english.length > 0 ? english : all;
  };
  const out: WorldRecord[] = [];
  let id = 0;
  const add = (rec: Omit<WorldRecord, 'id'>): void => {
    out.push({ id: ++id, payRate: 0, cots: 0, quantityRemaining: 1, assistantAfterDate: null, endedAt: null, ...rec });
  };
  const futureDay = (): number => today + rng.int(1, POSTING_HORIZON_DAYS);
  const blocks: [number, number][] = [[10, 240], [16, 300], [17, 360], [6, 240], [12, 300]];
  const regular = (type: number, creators: Agent[], count: number, extra: (start: number, end: number) => Partial<WorldRecord> = () => ({})): void => {
    for (let i = 0; i < count; i++) {
      const [hour, length] = rng.pick(blocks);
      const start = at(futureDay(), hour);
      add({ createdBy: rng.pick(creators).agentId, start, end: start + length, type, payRate: rng.pick([0, 0, 1, 2]), cots: rng.int(0, 2), ...extra(start, start + length) });
    }
  };
  // Spec 3: Open by supervisors and managers, Open Spanish likewise, Open Supervisor by managers
  // (reserved for supervisors 24 hours, or until the shift ends: "Supervisor ONLY"), Customer
  // Service by the customer-service managers.
  regular(0, of(100, 102, 350, 450), 8);
  regular(1, of(100, 102, 350, 450), 5);
  regular(9, of(102, 350, 450), 6, (start, end) => {
    const kind = rng.int(0, 2);
    // Reserved until a day after it was posted (past or still running), or for supervisors only.
    return { assistantAfterDate: kind === 0 ? now - rng.int(1, 12) * 60 : kind === 1 ? Math.min(start, now + rng.int(2, 20) * 60) : end };
  });
  regular(15, of(105, 110), 4);
  // Thanksgiving (or the next holiday ahead) pays triple.
  const holiday = [...holidays].sort((a, b) => a - b).find((d) => d > today && d <= today + POSTING_HORIZON_DAYS);
  if (holiday !== undefined) {
    for (const hour of [8, 16]) {
      const start = at(holiday, hour);
      add({ createdBy: rng.pick(of(102, 350, 450)).agentId, start, end: start + 300, type: 0, payRate: 3, cots: 2 });
    }
  }
  // Training (spec 3's defaults): QA 7 AM-7 PM no COTS, class 5:00-9:30 PM and watch week
  // 6:00-9:30 PM with 3 COTS, each with a number of openings.
  const trainingCreators = of(240, 102, 103, 350, 450);
  for (let i = 0; i < 4; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 7), end: at(day, 19), type: 61, quantityRemaining: rng.int(2, 6) });
  }
  for (let i = 0; i < 3; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 17), end: at(day, 21, 30), type: 64, cots: 3, quantityRemaining: rng.int(3, 8) });
  }
  for (let i = 0; i < 3; i++) {
    const day = futureDay();
    add({ createdBy: rng.pick(trainingCreators).agentId, start: at(day, 18), end: at(day, 21, 30), type: 65, cots: 3, quantityRemaining: rng.int(2, 5) });
  }
  // A few that were claimed to the last opening in the past weeks.
  for (let i = 0; i < 4; i++) {
    const start = at(today - rng.int(2, DAYS_BEFORE - 1), rng.pick([8, 12, 16]));
    add({ createdBy: rng.pick(of(100, 102)).agentId, start, end: start + 240, type: 0, quantityRemaining: 0, endedAt: start - rng.int(1, 48) * 60 });
  }
  return out;
}

export interface SeedSummary {
  agents: number;
  shifts: number;
  mealBreaks: number;
  days: number;
  coveragePostings: number;
  pickupPostings: number;
  openShifts: number;
  offers: number;
  pendingOffers: number;
  from: string;
  to: string;
  logins: DemoLogin[];
}

const INSERT_CHUNK = 1000;

/** Empties every table of the database (not the migrations' own) and loads the demo world. */
export async function seedDemo(db: Database, options: { now: number }): Promise<SeedSummary> {
  const demo = buildDemoWorld(options.now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.em().transactional(async (em) => {
    // Inside the transaction: on PGlite a query outside it would wait for it to end.
    const run = (sql: string): Promise<unknown> => em.getConnection().execute(sql, [], 'run', em.getTransactionContext());
    const tables = [...db.orm.getMetadata().getAll().values()].map((m) => m.tableName).filter(Boolean);
    await run(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity`);
    for (const [collection, records] of Object.entries(demo.world)) {
      const rows = records.map((r) => recordToRow(collection, r));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await em.insertMany(entityOf(collection), rows.slice(i, i + INSERT_CHUNK) as never[]);
    }
    const accounts = demo.accounts.map((a) => ({ ...a, passwordHash, failedAttempts: 0, lockedUntil: null }));
    for (let i = 0; i < accounts.length; i += INSERT_CHUNK) await em.insertMany(AccountSchema, accounts.slice(i, i + INSERT_CHUNK) as never[]);
    // New rows (accepted offers' shifts, ...) are numbered after the demo's.
    for (const table of ['shifts', 'coverage_postings', 'pickup_postings', 'open_shifts', 'offers']) {
      await run(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`);
    }
  });
  const shifts = demo.world.shifts ?? [];
  const offers = demo.world.offers ?? [];
  return {
    agents: demo.world.agents?.length ?? 0,
    shifts: shifts.filter((s) => s.parentId === null).length,
    mealBreaks: shifts.filter((s) => s.shiftType === MEAL_BREAK).length,
    days: demo.world.days?.length ?? 0,
    coveragePostings: demo.world.coveragePostings?.length ?? 0,
    pickupPostings: demo.world.pickupPostings?.length ?? 0,
    openShifts: demo.world.openShifts?.length ?? 0,
    offers: offers.length,
    pendingOffers: offers.filter((o) => o.status === 'pending').length,
    from: demo.from,
    to: demo.to,
    logins: demo.logins,
  };
}
