import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { normalizeWorld, parseInstant, PreparedWorld } from '../engine/index.ts';
import { onDutyAt } from '../engine/world.ts';

/**
 * A large, deterministic world for the benchmarks: a call centre of 2,000 agents with 13 months of
 * shifts, coverage postings with pending offers (some trades), open shifts and open training
 * shifts. It is written in the scenario-file format (Eastern wall-clock text), so preparing it
 * costs what preparing a world from an API payload or a scenario file costs.
 */

export interface WorldOptions {
  seed?: number;
  agents?: number;
  /** First day of the schedule, YYYY-MM-DD. */
  firstDay?: string;
  /** How many months of shifts. */
  months?: number;
  /** The clock the benchmarks decide at (Eastern wall clock); postings and offers lie after it. */
  now?: string;
}

type Rec = Record<string, unknown>;

export interface GeneratedWorld {
  world: {
    agents: Rec[];
    shifts: Rec[];
    days: Rec[];
    coveragePostings: Rec[];
    offers: Rec[];
    openShifts: Rec[];
  };
  now: string;
  seed: number;
}

const DAY_MS = 86_400_000;

/** mulberry32: small, fast and the same on every machine, so every run builds the same world. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function dateText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Wall-clock text of a calendar day plus minutes. The schedule is laid out in wall-clock terms,
 * as a roster is; no generated time falls in 01:00-02:59, so none is in a daylight-saving gap or
 * in the repeated hour.
 */
function wall(day: number, minuteOfDay: number): string {
  const iso = new Date((day * 1440 + minuteOfDay) * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
function weekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** US federal holidays of the period, the days a call centre pays holiday rates. */
const HOLIDAYS = [
  '2024-12-25', '2025-01-01', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04',
  '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25', '2026-01-01', '2026-01-19',
];

/** Shift starts of the three shifts (minutes after midnight) and their length. */
const SHIFT_STARTS = [7 * 60, 15 * 60, 23 * 60] as const;
const SHIFT_MINUTES = 480;

interface Role {
  name: string;
  /** Head count for 2,000 agents; scaled for other sizes. */
  count: number;
  agentTypes: number[];
  spanish: number;
  shiftType: number;
  canCoverDOCS: number;
}

/**
 * Supervisors (100-103) and Spanish speakers are spread evenly over the three shifts and the days
 * of the week, so that about 40 supervisors and 60 Spanish speakers are on duty at any time.
 */
const ROLES: Role[] = [
  { name: 'supervisor', count: 180, agentTypes: [100, 100, 100, 100, 100, 101, 102, 103], spanish: 12, shiftType: 20, canCoverDOCS: 0 },
  { name: 'assistant', count: 60, agentTypes: [75, 80, 80, 80], spanish: 12, shiftType: 0, canCoverDOCS: 0 },
  { name: 'accountManager', count: 30, agentTypes: [85], spanish: 0, shiftType: 15, canCoverDOCS: 30 },
  { name: 'trainer', count: 75, agentTypes: [30, 31, 32], spanish: 12, shiftType: 0, canCoverDOCS: 0 },
  { name: 'callSpecialist', count: 1655, agentTypes: [20, 20, 20, 21, 15], spanish: 234, shiftType: 0, canCoverDOCS: 80 },
];

interface AgentPlan {
  agentId: number;
  role: Role;
  agentType: number;
  spanish: boolean;
  group: number;
  daysOff: Set<number>;
  onProbation: boolean;
}

/** Spreads `k` picks evenly over `n` members: whether member `j` is picked. */
function spread(j: number, k: number, n: number): boolean {
  return Math.floor(((j + 1) * k) / n) > Math.floor((j * k) / n);
}

function shuffle<T>(list: T[], rand: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

// eslint-disable-next-line max-lines-per-function -- one seeded sequence: rand's draws come in a fixed order and the parts share its counters and indexes, so every run builds the same world
export function generateWorld(options: WorldOptions = {}): GeneratedWorld {
  const seed = options.seed ?? 20251014;
  const agentCount = options.agents ?? 2000;
  const firstDay = dayNumber(options.firstDay ?? '2024-12-01');
  const months = options.months ?? 13;
  const now = options.now ?? '2025-10-14 09:00';
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  const first = new Date(firstDay * DAY_MS);
  const lastDay = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + months, 1) / DAY_MS - 1;
  const days = lastDay - firstDay + 1;
  const nowDay = dayNumber(now.slice(0, 10));
  const holidays = new Set(HOLIDAYS.map(dayNumber));

  // Agents, role by role; ids shuffled so that roles are not blocks of ids.
  const scale = agentCount / 2000;
  const counts = ROLES.map((r) => Math.round(r.count * scale));
  counts[counts.length - 1] = agentCount - counts.slice(0, -1).reduce((a, b) => a + b, 0);
  const ids = shuffle(Array.from({ length: agentCount }, (_, i) => 1001 + i), rand);
  const plans: AgentPlan[] = [];
  ROLES.forEach((role, r) => {
    const n = counts[r] as number;
    const spanishCount = Math.round(role.spanish * scale);
    // Spanish speakers and the others are each dealt round the shifts and the day-off patterns
    // on their own count, so neither bunches on some days.
    const dealt = { spanish: 0, other: 0 };
    for (let j = 0; j < n; j++) {
      const spanish = spread(j, spanishCount, n);
      const c = spanish ? dealt.spanish++ : dealt.other++;
      const pattern = Math.floor(c / 3) % 7;
      const daysOff = new Set([pattern + 1, ((pattern + 1) % 7) + 1]);
      // One in seven works four days a week.
      if (Math.floor(c / 21) % 7 === 3) daysOff.add(((pattern + 3) % 7) + 1);
      plans.push({
        agentId: ids[plans.length] as number,
        role,
        agentType: role.agentTypes[j % role.agentTypes.length] as number,
        spanish,
        group: c % 3,
        daysOff,
        onProbation: role.name !== 'supervisor' && rand() < 0.02,
      });
    }
  });
  plans.sort((a, b) => a.agentId - b.agentId);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const agents: Rec[] = plans.map((p, i) => {
    const rec: Rec = {
      agentId: p.agentId,
      agentType: p.agentType,
      initials: `${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}`,
      firstName: `First${p.agentId}`,
      lastName: `Last${p.agentId}`,
      spanish: p.spanish,
      canCoverDOCS: p.role.canCoverDOCS > 0 && (p.role.name === 'accountManager' || rand() < p.role.canCoverDOCS / p.role.count),
      personalTime: Math.floor(rand() * 40) * 60,
      vacationTime: Math.floor(rand() * 80) * 60,
    };
    if (p.onProbation) rec.probationUntil = dateText(nowDay + 30 + Math.floor(rand() * 60));
    if (rand() < 0.005) rec.terminationDate = wall(nowDay + 20 + Math.floor(rand() * 30), 17 * 60);
    return rec;
  });

  // Shifts: one per working day, about 60% with a 30-minute meal break; now and then a day split
  // in two shifts or with an extra shift next to it (what combining is for).
  const shifts: Rec[] = [];
  /** The main shift of agent i on day d (index into shifts), -1 when off. */
  const mainOf = new Int32Array(agentCount * days).fill(-1);
  let shiftId = 1;
  const pushShift = (rec: Rec): number => {
    shifts.push({ id: shiftId++, ...rec });
    return shifts.length - 1;
  };
  plans.forEach((p, i) => {
    const start = SHIFT_STARTS[p.group] as number;
    for (let d = 0; d < days; d++) {
      const day = firstDay + d;
      if (p.daysOff.has(weekday(day)) || rand() < 0.02) continue;
      const base = { agentId: p.agentId, shiftType: p.role.shiftType };
      const r = rand();
      if (p.group < 2 && r < 0.03) {
        // A split day: two shifts a short gap apart, sometimes of a different type or pay rate.
        const gap = rand() < 0.7 ? 30 : 15;
        mainOf[i * days + d] = pushShift({ ...base, start: wall(day, start), end: wall(day, start + 240) });
        const variant = rand();
        const second: Rec = { ...base, start: wall(day, start + 240 + gap), end: wall(day, start + SHIFT_MINUTES) };
        if (variant < 0.1) Object.assign(second, { shiftType: 15, isCovering: true });
        else if (variant < 0.2) Object.assign(second, { payRate: 1, isCovering: true });
        pushShift(second);
        continue;
      }
      const main: Rec = { ...base, start: wall(day, start), end: wall(day, start + SHIFT_MINUTES) };
      if (rand() < 0.02) Object.assign(main, { payRate: 1, isCovering: true });
      const at = pushShift(main);
      mainOf[i * days + d] = at;
      if (rand() < 0.6) {
        // Breaks are staggered in quarter hours, as a floor plan does, so head counts stay even.
        // The night shift's breaks start at 3:00 at the earliest: nothing in 1:00-2:59.
        const breakAt = start + (p.group === 2 ? 240 + 15 * Math.floor(rand() * 7) : 180 + 15 * Math.floor(rand() * 9));
        pushShift({ agentId: p.agentId, shiftType: 5, start: wall(day, breakAt), end: wall(day, breakAt + 30), parentId: shifts[at]?.id });
      }
      if (p.group < 2 && r > 0.97) {
        // An extra hour and three quarters picked up right after the shift.
        const extra: Rec = { ...base, start: wall(day, start + SHIFT_MINUTES + 15), end: wall(day, start + SHIFT_MINUTES + 120), isCovering: true };
        if (rand() < 0.15) extra.payRate = 1;
        pushShift(extra);
      }
    }
  });

  const works = (i: number, d: number): boolean => d >= 0 && d < days && (mainOf[i * days + d] as number) >= 0;
  // Agents of one role and shift, for finding a colleague who can cover.
  const pools = new Map<string, number[]>();
  plans.forEach((p, i) => {
    const key = `${p.role.name}|${p.group}`;
    const list = pools.get(key);
    if (list) list.push(i);
    else pools.set(key, [i]);
  });
  const colleague = (poster: number, d: number, want: (i: number) => boolean): number | null => {
    const p = plans[poster] as AgentPlan;
    const pool = pools.get(`${p.role.name}|${p.group}`) ?? [];
    for (let tries = 0; tries < 40; tries++) {
      const i = pick(pool);
      if (i !== poster && want(i) && !(plans[i] as AgentPlan).onProbation && works(i, d) === false) return i;
    }
    return null;
  };

  // Coverage postings on about 8% of the shifts of the next four weeks, with their offers.
  const coveragePostings: Rec[] = [];
  const offers: Rec[] = [];
  let postingId = 1;
  let offerId = 1;
  const nowD = nowDay - firstDay;
  const posterCandidates: { i: number; d: number }[] = [];
  for (let d = nowD + 1; d <= Math.min(days - 8, nowD + 28); d++) {
    plans.forEach((p, i) => {
      if (works(i, d) && (rand() < 0.08 || (p.onProbation && rand() < 0.3))) posterCandidates.push({ i, d });
    });
  }
  for (const { i, d } of posterCandidates) {
    const p = plans[i] as AgentPlan;
    const shift = shifts[mainOf[i * days + d] as number] as Rec;
    const next = shifts[(mainOf[i * days + d] as number) + 1];
    // Split days are left alone: their first piece is not a whole shift.
    if (next && next.parentId === undefined && next.agentId === p.agentId && String(next.start).slice(0, 10) === String(shift.start).slice(0, 10)) continue;
    const type = p.role.name === 'supervisor' ? 9 : p.role.name === 'accountManager' ? 15 : p.spanish && rand() < 0.5 ? 1 : 0;
    const posting: Rec = {
      id: postingId++,
      agentId: p.agentId,
      shiftId: shift.id,
      start: shift.start,
      end: shift.end,
      type,
      openToTrade: Math.floor(rand() * 3),
      notes: rand() < 0.3 ? 'Family event, thanks!' : null,
    };
    coveragePostings.push(posting);
    // One posting in twenty: the shift was shortened after it was posted.
    if (rand() < 0.05) shift.end = wall(firstDay + d, (SHIFT_STARTS[p.group] as number) + SHIFT_MINUTES - 60);
    const expiration = wall(firstDay + d, (SHIFT_STARTS[p.group] as number) - 120);
    const wantsSpanish = (c: number): boolean => type !== 1 || (plans[c] as AgentPlan).spanish;
    const offer = (rec: Rec): Rec => {
      const o: Rec = {
        id: offerId++,
        postingId: posting.id,
        offeringAgentId: rec.coveringAgentId,
        start: posting.start,
        end: posting.end,
        expiration,
        status: 'pending',
        createdAt: wall(nowDay - 1 - Math.floor(rand() * 5), 10 * 60),
        ...rec,
      };
      offers.push(o);
      return o;
    };
    const covering = colleague(i, d, wantsSpanish);
    if (covering === null) continue;
    const first = offer({ coveringAgentId: (plans[covering] as AgentPlan).agentId });
    const roll = rand();
    if (roll < 0.08) first.status = pick(['declined', 'withdrawn', 'expired']);
    else if (roll < 0.12) first.expiration = wall(nowDay - 1, 12 * 60);
    // A trade: a colleague off that day gives the poster one of their shifts of that week.
    const tradeDays = [-3, -2, -1, 1, 2, 3].map((k) => d + k).filter((e) => e > nowD && e < days);
    const trader = colleague(i, d, wantsSpanish);
    if (trader !== null && rand() < 0.6) {
      const posterFree = tradeDays.filter((e) => works(trader, e) && !works(i, e) && !works(i, e - 1) && !works(i, e + 1));
      const posterBusy = tradeDays.filter((e) => works(trader, e) && works(i, e));
      const clash = rand() < 0.3;
      const e = clash ? (posterBusy[0] ?? posterFree[0]) : (posterFree[0] ?? posterBusy[0]);
      if (e !== undefined) {
        const swap = shifts[mainOf[trader * days + e] as number] as Rec;
        const o = offer({ coveringAgentId: (plans[trader] as AgentPlan).agentId, swapShiftId: swap.id, swapStart: swap.start, swapEnd: swap.end });
        // Now and then the swap shift was shortened after the offer was made.
        if (rand() < 0.1) swap.end = wall(firstDay + e, (SHIFT_STARTS[p.group] as number) + SHIFT_MINUTES - 30);
        if (rand() < 0.2) o.comment = 'Happy to swap!';
      }
    }
    // A colleague who works that day, or one now on probation: stopped by the later checks.
    const late = rand();
    if (late < 0.3) {
      const pool = pools.get(`${p.role.name}|${p.group}`) ?? [];
      const busy = pool.find((c) => c !== i && works(c, d) && wantsSpanish(c));
      if (busy !== undefined) offer({ coveringAgentId: (plans[busy] as AgentPlan).agentId });
    } else if (late < 0.45) {
      const onProbation = plans.findIndex((c, k) => c.onProbation && c.group === p.group && !works(k, d) && wantsSpanish(k));
      if (onProbation >= 0) offer({ coveringAgentId: (plans[onProbation] as AgentPlan).agentId });
    }
    // A counteroffer: the poster proposes part of the shift back to the first offerer.
    if (rand() < 0.1 && first.status === 'pending') {
      offer({
        offeringAgentId: p.agentId,
        coveringAgentId: first.coveringAgentId,
        rejectingOfferId: first.id,
        start: wall(firstDay + d, (SHIFT_STARTS[p.group] as number) + 60),
      });
    }
  }
  // Past postings, ended, with offers long settled.
  for (let k = 0; k < 300; k++) {
    const i = Math.floor(rand() * agentCount);
    const d = Math.max(0, nowD - 1 - Math.floor(rand() * 200));
    if (!works(i, d)) continue;
    const shift = shifts[mainOf[i * days + d] as number] as Rec;
    coveragePostings.push({
      id: postingId++, agentId: (plans[i] as AgentPlan).agentId, shiftId: shift.id, start: shift.start, end: shift.end,
      type: 0, openToTrade: 0, endedAt: wall(firstDay + d, 6 * 60),
    });
  }

  // Open shifts of the next four weeks on the three shifts' hours (some half shifts), and open
  // training shifts: QA reviews on weekdays, classes and watch weeks on some evenings.
  const openShifts: Rec[] = [];
  let openId = 1;
  const creators = plans.filter((p) => p.agentType === 102).map((p) => p.agentId);
  const trainingCreators = plans.filter((p) => p.agentType === 103).map((p) => p.agentId);
  for (let d = nowD + 1; d <= Math.min(days - 1, nowD + 28); d++) {
    const day = firstDay + d;
    for (let g = 0; g < 3; g++) {
      const start = SHIFT_STARTS[g] as number;
      const types = [0, 0, 1, ...(d % 2 === 0 ? [9] : []), ...(d % 3 === 0 ? [15] : [])];
      for (const type of types) {
        const half = rand() < 0.2 ? (rand() < 0.5 ? 0 : 240) : -1;
        const from = half < 0 ? start : start + half;
        const to = half < 0 ? start + SHIFT_MINUTES : from + 240;
        const rec: Rec = {
          id: openId++, createdBy: pick(creators), start: wall(day, from), end: wall(day, to), type,
          payRate: rand() < 0.2 ? 1 : 0, cots: rand() < 0.1 ? 1 : 0, quantityRemaining: rand() < 0.1 ? 2 : 1,
        };
        if (type === 9) rec.assistantAfterDate = rand() < 0.7 ? wall(nowDay - 1, 9 * 60) : rec.end;
        openShifts.push(rec);
      }
    }
    const wd = weekday(day);
    if (wd <= 5) {
      openShifts.push({ id: openId++, createdBy: pick(trainingCreators), start: wall(day, 7 * 60), end: wall(day, 19 * 60), type: 61, quantityRemaining: 5 });
      if (wd === 1 || wd === 3) {
        openShifts.push({ id: openId++, createdBy: pick(trainingCreators), start: wall(day, 17 * 60), end: wall(day, 21 * 60 + 30), type: 64, cots: 3, quantityRemaining: 3 });
      }
      if (wd === 2 || wd === 4) {
        openShifts.push({ id: openId++, createdBy: pick(trainingCreators), start: wall(day, 18 * 60), end: wall(day, 21 * 60 + 30), type: 65, cots: 3, quantityRemaining: 3 });
      }
    }
  }
  for (let k = 0; k < 100; k++) {
    const day = nowDay - 1 - Math.floor(rand() * 120);
    openShifts.push({ id: openId++, createdBy: pick(creators), start: wall(day, 7 * 60), end: wall(day, 15 * 60), type: 0, quantityRemaining: 0, endedAt: wall(day, 6 * 60) });
  }

  const dayRecords: Rec[] = [];
  for (const h of holidays) if (h >= firstDay && h <= lastDay) dayRecords.push({ date: dateText(h), holiday: true });
  return { world: { agents, shifts, days: dayRecords, coveragePostings, offers, openShifts }, now, seed };
}

let gcFn: (() => void) | null = null;
/** A full collection before reading the heap, so the figure is what the world holds. */
export function heapUsedMb(): number {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc') as () => void;
  }
  gcFn();
  gcFn();
  return process.memoryUsage().heapUsed / 1_048_576;
}

export interface BenchWorld {
  world: PreparedWorld;
  now: string;
  counts: Record<string, number>;
  timings: { generateMs: number; normalizeMs: number; prepareMs: number };
  heapMb: { before: number; generated: number; prepared: number };
}

/** Generates, normalises and prepares the world, timing each step and reading the heap. */
export function buildBenchWorld(options: WorldOptions = {}): BenchWorld {
  const before = heapUsedMb();
  let t = performance.now();
  const generated = generateWorld(options);
  const generateMs = performance.now() - t;
  const counts: Record<string, number> = {};
  for (const [name, list] of Object.entries(generated.world)) counts[name] = list.length;
  const heapGenerated = heapUsedMb();
  t = performance.now();
  const normalized = normalizeWorld(generated.world);
  const normalizeMs = performance.now() - t;
  t = performance.now();
  const world = new PreparedWorld(normalized);
  const prepareMs = performance.now() - t;
  // The text form is no longer needed: the heap figure is the prepared world alone.
  (generated as { world: unknown }).world = null;
  const prepared = heapUsedMb();
  return {
    world,
    now: generated.now,
    counts,
    timings: { generateMs, normalizeMs, prepareMs },
    heapMb: { before, generated: heapGenerated, prepared },
  };
}

/** Head counts on duty at every hour of two weeks from the clock: checks the world's make-up. */
export function dutySample(world: PreparedWorld, from: number): { spanish: number[]; supervisors: number[] } {
  const span = { from, to: from + 14 * 1440 };
  const spanish = world.dutyIndex({ spanish: true }, [5], span);
  const supervisors = world.dutyIndex({ agentTypeMin: 100, agentTypeMax: 103 }, [5], span);
  const stats = (index: typeof spanish): number[] => {
    const values: number[] = [];
    for (let t = from; t < from + 14 * 1440; t += 60) values.push(onDutyAt(index, t + 5));
    return [Math.min(...values), values.reduce((a, b) => a + b, 0) / values.length, Math.max(...values)];
  };
  return { spanish: stats(spanish), supervisors: stats(supervisors) };
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function printWorld(bw: BenchWorld): void {
  const c = bw.counts;
  console.log(
    `World: ${fmt(c.agents ?? 0)} agents, ${fmt(c.shifts ?? 0)} shift records (incl. meal breaks), ` +
      `${fmt(c.coveragePostings ?? 0)} coverage postings, ${fmt(c.offers ?? 0)} offers, ` +
      `${fmt(c.openShifts ?? 0)} open and open training shifts, ${fmt(c.days ?? 0)} holidays; now = ${bw.now}`,
  );
  console.log(
    `  generate ${fmt(bw.timings.generateMs)} ms | normalise ${fmt(bw.timings.normalizeMs)} ms | ` +
      `PreparedWorld + indexes ${fmt(bw.timings.prepareMs)} ms | heap: text world ${fmt(bw.heapMb.generated - bw.heapMb.before)} MB, ` +
      `prepared world ${fmt(bw.heapMb.prepared - bw.heapMb.before)} MB`,
  );
}

if (import.meta.main) {
  const bw = buildBenchWorld();
  printWorld(bw);
  const sample = dutySample(bw.world, parseInstant(bw.now));
  console.log(`  on duty, hourly over two weeks (min / mean / max): Spanish ${sample.spanish.map((v) => fmt(v, 1)).join(' / ')}, supervisors ${sample.supervisors.map((v) => fmt(v, 1)).join(' / ')}`);
}
