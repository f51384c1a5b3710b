import { applyChanges, formatDate, formatInstant, parseInstant, PreparedWorld, type NormalizedWorld, type Shift, type WorldRecord } from '../engine/index.ts';
import { COLLECTIONS } from '../engine/collections.ts';
import { effectKinds, Ids } from '../engine/effects.ts';
import { dayOf, formatForDisplay, weekdayOf } from '../engine/time.ts';
import { hashPassword } from './auth.ts';
import type { Database } from './db/database.ts';
import { AccountSchema } from './db/server.entities.ts';
import { entityOf, recordToRow } from './db/world.entities.ts';

/**
 * The demo world: a few hundred agents of every agent type the specs name in teams, two months of
 * shifts with meal breaks around today, the calendar's holidays, open postings with pending offers
 * and open shifts, and the activity every other screen shows: release notes, chat, cut and
 * meal-break requests, personal time and notices of the past 90 days, the offer log. Built by
 * seeded PRNGs, so the same agents and logins come out every time (the README names them); the
 * schedule moves with today's date.
 */

/** Every demo account signs in with this password (one hash: scrypt for hundreds is slow). */
export const DEMO_PASSWORD = 'demo1234';

const AGENT_SEED = 20_251_102;
const SCHEDULE_SEED = 20_261_126;
/** The activity (chat, requests, notices, the log) draws from its own generator: adding to it leaves the schedule and postings as they were. */
const ACTIVITY_SEED = 20_240_214;

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

function roleName(agentType: number): string {
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

interface DemoAccount {
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
  designatedAccountManager: boolean;
  mayRequestCutsAndLunches: boolean;
  ideasRecipient: boolean;
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
      // The spec's single-person exceptions: the first account manager is both the designated one
      // and the one above 80 who may ask for cuts and meal breaks; the administrator gets Ideas.
      const exceptional = agentType === 85 && i === 0;
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
        designatedAccountManager: exceptional,
        mayRequestCutsAndLunches: exceptional,
        ideasRecipient: agentType === 450 && i === 0,
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
    else if (type === 85) add(ofType.find((a) => a.designatedAccountManager) ?? ofType[0], 'designated account manager, may request cuts and meal breaks');
    else if (type === 450) add(ofType.find((a) => a.ideasRecipient) ?? ofType[0], 'Shiftinator Ideas recipient');
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

/** Orders the documented logins first, the rest as they were (the sort is stable). */
function loginsFirst(logins: ReadonlySet<number>): (x: Agent, y: Agent) => number {
  return (x, y) => Number(logins.has(y.agentId)) - Number(logins.has(x.agentId));
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

  // The documented logins: date-independent, so known before the schedule is.
  const logins = pickLogins(agents);
  const loginIds = new Set(logins.map((l) => l.agentId));

  // Coverage postings with pending offers, some trades, some counteroffers. The logins post first,
  // so that whoever signs in with one finds a posting of their own, whatever the day.
  const posters = rng.shuffled(agents.filter((a) => a.agentType >= 15 && a.agentType <= 110)).sort(loginsFirst(loginIds));
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
  const { teams, teamOf } = buildTeams(agents);
  const activity = buildActivity({ agents, shifts, schedule, used, coveragePostings, offers, now, today, holidays, teams, teamOf, logins: loginIds });

  const world: NormalizedWorld = {
    agents: agents.map((a) => ({
      agentId: a.agentId,
      agentType: a.agentType,
      initials: a.initials,
      firstName: a.firstName,
      lastName: a.lastName,
      spanish: a.spanish,
      canCoverDOCS: a.canCoverDOCS,
      designatedAccountManager: a.designatedAccountManager,
      mayRequestCutsAndLunches: a.mayRequestCutsAndLunches,
      ideasRecipient: a.ideasRecipient,
      probationUntil: a.onProbation ? today + a.probationDays : a.pastProbationDays !== null ? today - a.pastProbationDays : null,
      terminationDate: a.terminationDays !== null ? at(today + a.terminationDays, 23, 59) : null,
      personalTime: a.personalTime,
      vacationTime: a.vacationTime,
      fmlaIntermittentUntil: a.fmlaDays !== null ? today + a.fmlaDays : null,
      fmlaContinuousUntil: null,
      teamId: teamOf.get(a.agentId) ?? null,
    })),
    shifts: shifts as unknown as WorldRecord[],
    days,
    coveragePostings,
    pickupPostings,
    openShifts,
    offers,
    teams,
    releaseNotes: releaseNotes(),
    ...activity,
  };
  return {
    world: takePersonalTime(withDefaults(world), now),
    accounts: agents.map((a) => ({ agentId: a.agentId, initials: a.initials, cell: a.cell })),
    logins,
    from: formatDate(fromDay),
    to: formatDate(toDay),
  };
}

/**
 * The hours of the demo's personal time leave their shifts through the effect the requestPersonal
 * action runs (rules/requestPersonal.json, removeHours with the same follow): the demo then holds
 * what the action would have left, and no hour is both worked and paid as personal time, nor
 * bookable a second time. Records naming no shift (older than the schedule) take nothing.
 */
function takePersonalTime(world: NormalizedWorld, now: number): NormalizedWorld {
  const removeHours = effectKinds.get('removeHours');
  if (!removeHours) throw new Error('the engine has no removeHours effect');
  const prepared = new PreparedWorld(world);
  const changes = removeHours({
    world: prepared,
    now,
    actorId: 0,
    input: {},
    ids: new Ids(prepared),
    inserted: new Map(),
    params: {
      from: { collection: 'personalRequests', where: { status: 'approved' } },
      shift: { each: 'shiftId' },
      start: { each: 'start' },
      end: { each: 'end' },
      follow: { collection: 'notices', field: 'shiftId', at: 'start', where: { violationType: 2, appliedAt: null } },
    },
  });
  return applyChanges(world, changes);
}

/** Every field of every record, the ones the demo does not set taking their collection's default. */
function withDefaults(world: NormalizedWorld): NormalizedWorld {
  const out: NormalizedWorld = {};
  for (const [collection, records] of Object.entries(world)) {
    const fields = Object.entries(COLLECTIONS[collection]?.fields ?? {});
    out[collection] = records.map((rec) => {
      const full: WorldRecord = { ...rec };
      for (const [name, spec] of fields) if (!(name in full)) full[name] = spec.default ?? null;
      return full;
    });
  }
  return out;
}

/**
 * Teams, each led by one person: supervisors (100, 101) lead the call specialists and trainees,
 * the training manager (103) the QA reviewers and trainers, the managers (102) the supervisors and
 * assistants, the customer service managers (105, 110) the account managers. Members are dealt
 * round the leaders in agent order, so a team is the same whatever the date.
 */
function buildTeams(agents: Agent[]): { teams: WorldRecord[]; teamOf: Map<number, number> } {
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

function releaseNotes(): WorldRecord[] {
  return RELEASES.map(([version, at, notes], i) => ({ id: i + 1, version, releasedAt: parseInstant(at), notes }));
}

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
const LUNCH_NOTES = [
  'Any time between 1p and 2p would be great.',
  'Could I take lunch a little later, around 2:30p?',
  'I have a call with my kid\'s school at noon, anything after 12:30p please.',
  'Earlier if possible, between 11a and 12p.',
  'After 7p please, I eat late.',
];
const NOTICE_MESSAGES = [
  'Running a fever, sorry.',
  'Car would not start this morning.',
  'My kid is sick and home from school.',
  'Doctor appointment ran late.',
  'Power is out at my place.',
  'Family emergency, will explain later.',
  'Stuck in traffic after an accident on the highway.',
];

interface ActivityInput {
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
}

/** Days of notices and personal time: the attendance screen looks back 90 days. */
const ATTENDANCE_DAYS = 90;

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

/**
 * What people did around the schedule, for the screens beyond the calendar: chat threads (the
 * latest ones unread), cut and meal-break requests waiting for a supervisor, personal time and
 * notices of absence over the past 90 days, a few offers accepted in past weeks, nudges, and the
 * offer log lines all of that wrote. The schedule holds the past four weeks only, so older
 * notices and personal time name no shift: their times are those of the agent's usual shift.
 */
function buildActivity(input: ActivityInput): Record<string, WorldRecord[]> {
  const { agents, shifts, schedule, used, coveragePostings, offers, now, today, holidays, teams, teamOf, logins } = input;
  const rng = new Random(ACTIVITY_SEED);
  const byId = new Map(agents.map((a) => [a.agentId, a]));
  const initials = (id: unknown): string => byId.get(id as number)?.initials ?? '?';
  const dt = (m: unknown): string => formatForDisplay(m as number, 'dateTime');
  const offerLog: WorldRecord[] = [];
  const log = (agentId: unknown, offerId: unknown, at: number, message: string): void => {
    offerLog.push({ id: offerLog.length + 1, agentId, offerId, at, message });
  };
  const shiftsById = new Map(shifts.map((s) => [s.id, s]));
  const breaksOf = (id: number): Shift[] => schedule.breaks.get(id) ?? [];
  const line = (a: Agent): boolean => a.agentType >= 15 && a.agentType <= 80 && a.agentType !== 21;
  const posted = new Set(coveragePostings.map((p) => p.shiftId as number));
  for (const o of offers) for (const id of [o.shiftId, o.swapShiftId]) if (typeof id === 'number') posted.add(id);
  const free = (s: Shift): boolean => !used.has(s.id) && !posted.has(s.id);
  const mainsOf = (a: Agent): Shift[] => schedule.mains.get(a.agentId) ?? [];
  const training = (s: Shift): boolean => [61, 64, 65].includes(s.shiftType);

  // ---- a few offers accepted in past weeks: the shift went to the coverer ----
  let postingId = Math.max(0, ...coveragePostings.map((p) => p.id as number));
  let offerId = Math.max(0, ...offers.map((o) => o.id as number));
  const past = rng.shuffled(shifts.filter((s) => s.parentId === null && postingType(s.shiftType) !== null && s.end < now - 2 * 1440 && free(s)));
  let accepted = 0;
  for (const shift of past) {
    if (accepted >= 8) break;
    const poster = byId.get(shift.agentId);
    if (!poster || poster.agentType < 15) continue;
    const type = postingType(shift.shiftType) as number;
    const coverer = rng.shuffled(agents).find((a) => a.agentId !== poster.agentId && canCover(a, type) && schedule.canTake(a.agentId, shift.start, shift.end));
    if (!coverer) continue;
    used.add(shift.id);
    accepted++;
    const postedAt = shift.start - rng.int(36, 96) * 60;
    const madeAt = postedAt + rng.int(1, 12) * 60;
    const acceptedAt = madeAt + rng.int(1, 10) * 60;
    coveragePostings.push({
      id: ++postingId, agentId: poster.agentId, shiftId: shift.id, start: shift.start, end: shift.end, type, openToTrade: 0,
      notes: rng.pick(COVERAGE_NOTES), cots: 0, endedAt: acceptedAt,
    });
    const offer: WorldRecord = {
      id: ++offerId, postingId, pickupPostingId: null, offeringAgentId: coverer.agentId, coveringAgentId: coverer.agentId,
      start: shift.start, end: shift.end, shiftId: null, swapShiftId: null, swapStart: null, swapEnd: null,
      expiration: shift.start - 60, status: 'accepted', rejectingOfferId: null, nudgedAt: null, comment: rng.pick(['Thank you!', null]), createdAt: madeAt,
    };
    offers.push(offer);
    // Accepting gave the coverer the whole shift, meal break and all.
    shift.agentId = coverer.agentId;
    shift.isCovering = true;
    for (const b of breaksOf(shift.id)) b.agentId = coverer.agentId;
    schedule.add(shift);
    log(poster.agentId, offer.id, acceptedAt, `You accepted ${coverer.initials}'s offer for ${dt(shift.start)} - ${dt(shift.end)}.`);
    log(coverer.agentId, offer.id, acceptedAt, `${poster.initials} accepted your offer for ${dt(shift.start)} - ${dt(shift.end)}.`);
  }

  // ---- the log of what happened to the other offers ----
  const coverageById = new Map(coveragePostings.map((p) => [p.id, p]));
  /** Who an offer was made to: the poster, or for a counteroffer the poster made, the other side. */
  const recipientOf = (o: WorldRecord): number => {
    if (o.postingId !== null) {
      const poster = coverageById.get(o.postingId)?.agentId as number;
      return o.offeringAgentId === poster ? (o.coveringAgentId as number) : poster;
    }
    const giver = shiftsById.get(o.shiftId as number)?.agentId as number;
    return o.offeringAgentId === o.coveringAgentId ? giver : (o.coveringAgentId as number);
  };
  const answeredBy = new Map(offers.filter((o) => o.rejectingOfferId !== null).map((o) => [o.rejectingOfferId, o]));
  for (const o of offers) {
    const hours = `${dt(o.start)} - ${dt(o.end)}`;
    const maker = o.offeringAgentId;
    const recipient = recipientOf(o);
    // Decided before the posting ended (when it did), and in the past.
    const by = Math.min(now - 60, (coverageById.get(o.postingId)?.endedAt as number | null | undefined) ?? now);
    if (o.status === 'declined') {
      const counter = answeredBy.get(o.id);
      const at = counter ? (counter.createdAt as number) : Math.min((o.createdAt as number) + rng.int(1, 8) * 60, by);
      log(recipient, o.id, at, `You declined ${initials(maker)}'s offer for ${hours}.`);
      log(maker, o.id, at, `${initials(recipient)} declined your offer for ${hours}.`);
    } else if (o.status === 'withdrawn') {
      const at = Math.min((o.createdAt as number) + rng.int(1, 8) * 60, by);
      log(maker, o.id, at, `You withdrew your offer to ${initials(recipient)} for ${hours}.`);
      log(recipient, o.id, at, `${initials(maker)} withdrew their offer for ${hours}.`);
    } else if (o.status === 'pending' && o.rejectingOfferId === null && (o.createdAt as number) < now - 180 && rng.chance(0.25)) {
      // A nudge: at most once in 24 hours, so it holds back the next one.
      const at = (o.createdAt as number) + rng.int(60, Math.min(now - (o.createdAt as number) - 60, 1440));
      o.nudgedAt = at;
      log(maker, o.id, at, `You nudged ${initials(recipient)} about your offer for ${hours}.`);
      log(recipient, o.id, at, `${initials(maker)} nudged you about their offer for ${hours}.`);
    }
  }

  // ---- messages about pending offers ----
  const offerMessages: WorldRecord[] = [];
  for (const o of rng.shuffled(offers.filter((x) => x.status === 'pending')).slice(0, 12)) {
    offerMessages.push({
      id: offerMessages.length + 1, offerId: o.id, agentId: o.offeringAgentId,
      notes: rng.pick(['Happy to take the whole shift if you like.', 'I can start a bit earlier if that helps.', 'Let me know by tonight please!']),
      sentAt: Math.min((o.createdAt as number) + rng.int(5, 120), now - 1),
    });
  }

  // ---- chat ----
  const chatMessages: WorldRecord[] = [];
  const thread = (from: Agent, to: Agent, lines: readonly string[], unreadLast: boolean): void => {
    let at = now - rng.int(2 * 60, 14 * 1440);
    const times: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      times.push(at);
      at += rng.int(2, 180);
    }
    // The whole thread lies in the past.
    const late = (times[times.length - 1] as number) - (now - 30);
    const sent = late > 0 ? times.map((t) => t - late) : times;
    lines.forEach((message, i) => {
      const [a, b] = i % 2 === 0 ? [from, to] : [to, from];
      const last = i === lines.length - 1;
      const sentAt = sent[i] as number;
      // Read just before the answer; the last one read a while later, unless it waits unread.
      const readAt = !last ? (sent[i + 1] as number) - 1 : unreadLast ? null : Math.min(sentAt + rng.int(5, 240), now);
      chatMessages.push({ id: chatMessages.length + 1, fromAgentId: a.agentId, toAgentId: b.agentId, message, sentAt, readAt, deletedBySender: false, deletedByRecipient: false });
    });
  };
  const members = new Map<number, Agent[]>();
  for (const a of agents) {
    const team = teamOf.get(a.agentId);
    if (team !== undefined) members.set(team, [...(members.get(team) ?? []), a]);
  }
  const teammates = (a: Agent): Agent[] => (members.get(teamOf.get(a.agentId) ?? -1) ?? []).filter((m) => m.agentId !== a.agentId);
  // Everyone who signs in to the demo may find a thread waiting, its last message often unread.
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

  // ---- cut and meal-break requests ----
  const cutRequests: WorldRecord[] = [];
  const lunchRequests: WorldRecord[] = [];
  const supervisors = agents.filter((a) => a.agentType >= 100 && a.agentType <= 103);
  const liners = rng.shuffled(agents.filter((a) => line(a) && a.terminationDays === null)).sort(loginsFirst(logins));
  for (const a of liners) {
    // A cut is asked for within 24 hours of the shift's start (spec 3), for an end still ahead.
    const soon = mainsOf(a).find((s) => s.start > now + 30 && s.start <= now + 24 * 60 && free(s) && !training(s) && s.end - s.start >= 300);
    if (soon && cutRequests.length < 14) {
      used.add(soon.id);
      const requestedAt = Math.max(soon.start - 24 * 60, now - rng.int(10, 8 * 60));
      cutRequests.push({
        id: cutRequests.length + 1, agentId: a.agentId, shiftId: soon.id, requestedAt: Math.min(requestedAt, now - 5),
        requestedEnd: soon.end - rng.pick([60, 90, 120, 180]), status: 'pending', decidedBy: null, decidedAt: null,
      });
    }
    const withBreak = mainsOf(a).find((s) => s.start > now + 60 && s.start <= now + 4 * 1440 && free(s) && breaksOf(s.id).length > 0);
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
    const s = mainsOf(a).find((x) => x.end < now - 1440 && x.start > now - 21 * 1440 && !training(x) && x.agentId === a.agentId);
    if (!s) continue;
    const requestedAt = s.start - rng.int(2, 20) * 60;
    const denied = rng.chance(0.7);
    cutRequests.push({
      id: cutRequests.length + 1, agentId: a.agentId, shiftId: s.id, requestedAt, requestedEnd: s.end - 120,
      status: denied ? 'denied' : 'removed', decidedBy: denied ? rng.pick(supervisors).agentId : a.agentId, decidedAt: requestedAt + rng.int(10, 120),
    });
  }

  // ---- personal time and notices, the past 90 days (and personal time ahead) ----
  const personalRequests: WorldRecord[] = [];
  const notices: WorldRecord[] = [];
  const blocked = (day: number): boolean => {
    const md = formatDate(day).slice(5);
    return md >= '12-19' || md <= '01-03' || holidays.has(day - 1) || holidays.has(day) || holidays.has(day + 1);
  };
  /**
   * One of the agent's shifts on a past day: a real one in the schedule's four weeks, else the
   * times of one of their usual shifts some weeks earlier (wall clock kept), naming no shift.
   */
  const pastShift = (a: Agent): { shiftId: number | null; start: number; end: number } | null => {
    const mine = mainsOf(a).filter((s) => s.agentId === a.agentId && !training(s) && free(s));
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
  };
  const REASONS = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10];
  for (const a of agents.filter((x) => line(x) || (x.agentType >= 100 && x.agentType <= 103))) {
    // Notices: agent types 85 and above 103 cannot give notice (spec 3).
    for (let n = rng.int(0, 3); n > 0; n--) {
      const s = pastShift(a);
      if (!s) continue;
      const violationType = rng.pick([0, 0, 0, 1, 1, 2]);
      const fmla = a.fmlaDays !== null && rng.chance(0.5);
      const reason = fmla ? 8 : rng.pick(REASONS);
      const message = rng.pick(NOTICE_MESSAGES);
      // The hours missed, as giveNotice records them: the whole shift for a call out, the shift
      // start to the new start for an arrive late, the new end to the shift end for a leave early.
      let { start, end } = s;
      let createdAt: number;
      if (violationType === 0) {
        createdAt = s.start - rng.int(30, 47 * 60);
      } else if (violationType === 1) {
        end = s.start + rng.pick([15, 30, 60, 90]);
        createdAt = s.start - rng.int(10, 180);
      } else {
        start = s.end - rng.pick([60, 90, 120, 180]);
        createdAt = s.start + rng.int(60, Math.max(61, start - s.start - 30));
      }
      // Their paid minutes, less giveNotice's deduction (the meal break such hours hold).
      const missed = personalMinutes(end - start);
      const personal = !fmla && rng.chance(0.4) ? Math.min(missed, a.personalTime) : 0;
      const vacationApplied = !fmla && personal === 0 && a.vacationTime > 0 && rng.chance(0.3);
      notices.push({
        id: notices.length + 1, agentId: a.agentId, shiftId: s.shiftId, violationType, start, end, vacationApplied, reason, message, createdAt,
        minutes: missed, personalMinutes: personal, vacationMinutes: vacationApplied ? Math.min(missed, a.vacationTime) : 0,
        // The demo leaves the schedule as it was, so it still holds these hours: attendance takes
        // them off worked time, and the agent's next log out applies a leave early as any other.
        appliedAt: null,
      });
      const kind = ['Call out', 'Arrive late', 'Leave early'][violationType] as string;
      log(a.agentId, null, createdAt, `${kind}, ${dt(s.start)} - ${dt(s.end)}: ${message}`);
    }
    // Personal time: agent types 85 and above 103 cannot request it (spec 3).
    if (!rng.chance(0.4)) continue;
    const s = pastShift(a);
    if (s && !blocked(dayOf(s.start))) {
      // The hours leave the shift (takePersonalTime): a shift kept shorter than a meal break needs is taken whole.
      const whole = rng.chance(0.5) || s.end - s.start - 120 <= BREAK_AFTER_MINUTES;
      const start = whole ? s.start : s.end - 120;
      personalRequests.push({
        id: personalRequests.length + 1, agentId: a.agentId, shiftId: s.shiftId, start, end: s.end,
        minutes: whole ? personalMinutes(s.end - s.start) : 120, requestedAt: s.start - rng.int(2, 10 * 24) * 60, status: 'approved',
        shiftClass: shiftClass(start, s.end),
      });
    }
    // Some have personal time booked ahead, for the calendar and the personal-time balance.
    const ahead = mainsOf(a).find((x) => x.start > now + 2 * 1440 && x.start < now + 14 * 1440 && free(x) && !training(x) && !blocked(dayOf(x.start)));
    if (ahead && rng.chance(0.3)) {
      used.add(ahead.id);
      personalRequests.push({
        id: personalRequests.length + 1, agentId: a.agentId, shiftId: ahead.id, start: ahead.start, end: ahead.end,
        minutes: personalMinutes(ahead.end - ahead.start), requestedAt: now - rng.int(1, 72) * 60, status: 'approved',
        shiftClass: shiftClass(ahead.start, ahead.end),
      });
    }
  }
  offerLog.sort((x, y) => (x.at as number) - (y.at as number) || (x.id as number) - (y.id as number));
  offerLog.forEach((l, i) => (l.id = i + 1));
  return { offerLog, offerMessages, chatMessages, cutRequests, lunchRequests, personalRequests, notices };
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
  teams: number;
  releaseNotes: number;
  chatMessages: number;
  unreadChatMessages: number;
  cutRequests: number;
  lunchRequests: number;
  personalRequests: number;
  notices: number;
  offerLog: number;
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
    const accounts = demo.accounts.map((a) => ({ ...a, passwordHash }));
    for (let i = 0; i < accounts.length; i += INSERT_CHUNK) await em.insertMany(AccountSchema, accounts.slice(i, i + INSERT_CHUNK) as never[]);
    // New rows (accepted offers' shifts, chat messages, ...) are numbered after the demo's.
    const numbered = Object.entries(COLLECTIONS).filter(([, spec]) => spec.key === 'id').map(([name]) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    for (const table of numbered) {
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
    teams: demo.world.teams?.length ?? 0,
    releaseNotes: demo.world.releaseNotes?.length ?? 0,
    chatMessages: demo.world.chatMessages?.length ?? 0,
    unreadChatMessages: (demo.world.chatMessages ?? []).filter((m) => m.readAt === null).length,
    cutRequests: demo.world.cutRequests?.length ?? 0,
    lunchRequests: demo.world.lunchRequests?.length ?? 0,
    personalRequests: demo.world.personalRequests?.length ?? 0,
    notices: demo.world.notices?.length ?? 0,
    offerLog: demo.world.offerLog?.length ?? 0,
    from: demo.from,
    to: demo.to,
    logins: demo.logins,
  };
}
