import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { z } from 'zod';
import { codesOf, trainingColumnsOf, FACT_KINDS, givenTo, whoText, formatDate, hasFlag, inGroup, isShiftinatorError, parseDate, parseInstant, PreparedWorld, SEES_OTHERS, type AgentAttributes, type Codes, type RuleSet } from '../../engine/index.ts';
import { isRef } from '../../engine/facts.ts';
import { isLeafCondition } from '../../engine/conditions.ts';
import { dayOf, startOfDay } from '../../engine/time.ts';
import type { ActionContext } from '../action-runner.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import { idParam, param, READ_MESSAGES, type ReadContext } from '../reads/http.ts';
import { epochMsOf, kyselyOf } from '../db/kysely.ts';
import { feature, readRoutes, type ReadHandlers } from './feature.ts';
import { agentRole, employedAt, flagHolder, nowInstant, onSlice, personColumns } from './shared.ts';
import { Absence, FuturePersonal, HeadCount, PaidTimeRow, TeamMember, TrainingRow, VacationUsed } from '../reads/shapes.ts';
import { shiftItemColumns, timesOf } from '../reads/columns.ts';

/**
 * Spec 3: personal time (requestPersonal), notices of absence (giveNotice) and the attendance
 * reads. The two actions are their rule files; the reads that answer what a rule counts (future
 * personal time, vacation applied to attendance, who is off) compute the rule file's own fact, so
 * the screen and the rule never disagree. Definitions: docs/decisions.md, "Personal time",
 * "Notices of absence" and "Attendance".
 */

// ---- who may see whose attendance ----

const TIME_OFF_MESSAGES = {
  notYourAttendance: 'You can only see your own attendance.',
  /** Who rules/roles.json's attendanceOthers gives "supervisors" to, in words. */
  notSupervisorsAttendance: (rules: RuleSet): string =>
    `Only ${rules.roles ? whoText(givenTo(rules.roles, 'attendanceOthers', 'supervisors')) : 'nobody'} see supervisors' attendance.`,
};

/**
 * Attendance of a holder of rules/roles.json's flag permission SEES_OTHERS is a supervisor's: the
 * caller's attendanceOthers permission says whether "agents'" or "supervisors'" too may be opened.
 */
const isSupervisorsAttendance = (rules: RuleSet, role: { agentType: number; spanish: boolean; attributes: AgentAttributes }): boolean =>
  rules.roles !== null && hasFlag(rules.roles, SEES_OTHERS, { ...role.attributes, agentType: role.agentType, spanish: role.spanish });

/** Whose attendance besides their own `me` may see (rules/roles.json attendanceOthers); 403 for none. */
async function othersAttendance(em: EntityManager, rules: RuleSet, me: number): Promise<(string | number)[]> {
  const viewer = await agentRole(em, me);
  const may = viewer ? rules.permissionsFor(viewer.agentType, viewer.spanish, viewer.attributes).attendanceOthers : [];
  if (!Array.isArray(may) || may.length === 0) throw new ApiError('FORBIDDEN', TIME_OFF_MESSAGES.notYourAttendance);
  return may;
}

interface AttendancePerson {
  agentId: number;
  initials: string | null;
  fullName: string;
  agentType: number;
}

/**
 * The current staff whose attendance the caller may open (the screen's selector, and the list of
 * all supervisors and agents for those attendanceOthers gives "supervisors"), the caller left out: those not in
 * SEES_OTHERS for "agents", everyone for "supervisors" too.
 */
async function attendancePeople(c: ReadContext, ctx: ActionContext): Promise<AttendancePerson[]> {
  const em = ctx.db.em();
  const me = c.get('agentId');
  const may = await othersAttendance(em, ctx.rules, me);
  return kyselyOf(em)
    .selectFrom('agents as a')
    .select([...personColumns(), 'a.agent_type as agentType'])
    .where('a.agent_id', '<>', me)
    .$if(!may.includes('supervisors'), (q) => q.where(({ not }) => not(flagHolder(ctx.rules, SEES_OTHERS))))
    .where(employedAt(nowInstant(ctx)))
    .orderBy('a.initials', (o) => o.collate('C'))
    .orderBy('a.agent_id')
    .execute();
}

/**
 * The agent a path names, when the caller may see their attendance: their own always; others by
 * the caller's attendanceOthers permission (rules/roles.json: "agents" opens those outside
 * SEES_OTHERS_GROUP, "supervisors" its members too). 403 otherwise, 404 for no such agent (to those who may look).
 */
async function attendanceSubject(c: ReadContext, em: EntityManager, rules: RuleSet, name: string): Promise<number> {
  const subject = param(c, name, idParam);
  const me = c.get('agentId');
  if (subject === me) return subject;
  const may = await othersAttendance(em, rules, me);
  const target = await agentRole(em, subject);
  if (!target) throw new ApiError('NOT_FOUND', READ_MESSAGES.noAgent(subject));
  const needs = isSupervisorsAttendance(rules, target) ? 'supervisors' : 'agents';
  if (!may.includes(needs)) throw new ApiError('FORBIDDEN', needs === 'supervisors' ? TIME_OFF_MESSAGES.notSupervisorsAttendance(rules) : TIME_OFF_MESSAGES.notYourAttendance);
  return subject;
}

// ---- a rule file's fact, computed for a read ----

interface FactRun {
  now: number;
  actorId: number;
  input: Record<string, unknown>;
  /** Facts whose value the read supplies (a shift class from the path). */
  given?: Record<string, unknown>;
}

function valueAt(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let cur = value;
  for (const part of path.split('.')) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : null;
  return cur ?? null;
}

/**
 * The value of fact `name` of an action's rule file, as a decision by `run.actorId` at `run.now`
 * would compute it, over the world `world` holds: its parameters and the facts they refer to
 * resolved from the same file.
 */
function ruleFact(rules: RuleSet, action: string, name: string, world: PreparedWorld, run: FactRun): unknown {
  const file = rules.action(action).file;
  const memo = new Map<string, unknown>();
  const valueOf = (fact: string): unknown => {
    if (run.given && fact in run.given) return run.given[fact];
    if (memo.has(fact)) return memo.get(fact);
    let v: unknown;
    if (fact === 'now') v = run.now;
    else if (fact === 'today') v = dayOf(run.now);
    else if (fact === 'actorId') v = run.actorId;
    else if (fact === 'actor') v = world.get('agents', run.actorId);
    else if (fact === 'input') v = run.input;
    else {
      const def = file.facts[fact];
      const kind = def && FACT_KINDS.get(def.kind);
      if (!def || !kind) throw new Error(`${file.file}: no fact ${fact}`);
      // A condition (a choose case's) is handed over with both sides read, as the engine hands it.
      const resolve = (p: unknown): unknown =>
        isRef(p)
          ? valueAt(valueOf(p.fact), p.path)
          : isLeafCondition(p)
            ? { left: valueAt(valueOf(p.fact), p.path), operator: p.operator, right: resolve(p.value) }
            : Array.isArray(p)
              ? p.map(resolve)
              : p !== null && typeof p === 'object'
                ? Object.fromEntries(Object.entries(p).map(([k, x]) => [k, resolve(x)]))
                : p;
      v = kind.compute(resolve(def.params) as Record<string, unknown>, { world, now: run.now, today: dayOf(run.now), actorId: run.actorId, input: run.input, roles: rules.roles });
    }
    memo.set(fact, v);
    return v;
  };
  return valueOf(name);
}

/** A rule file's fact over a slice of the database, loaded as the action loads it (unlocked). */
function ruleFactOnSlice(ctx: ActionContext, action: string, name: string, run: FactRun): Promise<unknown> {
  return onSlice(ctx.db.em(), `${action}.${name}`, (world) => ruleFact(ctx.rules, action, name, world, run));
}

/**
 * What a rule file's fact counts for the agent the path parameter `name` names, when the caller may
 * see their attendance, as `[{ [field]: value }]`.
 */
async function subjectFact(c: ReadContext, ctx: ActionContext, name: string, [action, fact]: [string, string], field: string): Promise<Record<string, unknown>[]> {
  const agentId = await attendanceSubject(c, ctx.db.em(), ctx.rules, name);
  return [{ [field]: await ruleFactOnSlice(ctx, action, fact, { now: ctx.now(), actorId: agentId, input: {} }) }];
}

/** The numeric literal a rule file gives one of its facts' parameters (a window, a threshold). */
// ---- path parameters ----

/** An instant as the API writes it ('2025-10-15 08:00:00.0', Eastern), or ISO with an offset. */
const instantParam = z.string().superRefine((text, ctx) => {
  try {
    parseInstant(text);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: isShiftinatorError(e) ? e.message : 'must be a date and time as "YYYY-MM-DD HH:mm:ss.S" (Eastern)' });
  }
});
const rankParam = z
  .string()
  .regex(/^[0-9]{1,4}$/, 'must be an agent type, a whole number from 0 to 9999')
  .transform(Number);
const shiftClassParam = z.enum(['1', '2', '3'], { error: 'must be 1, 2 or 3 (1st, 2nd or 3rd shift)' }).transform(Number);

// ---- attendance: months of paid and training time ----

/** Months the paid-time and training tables go back: this month and the 12 before it (spec 3 section 9). */
const MONTHS_BACK = 13;
/** The training table's columns and the shift types each sums: rules/parameters.json's, through the engine. */
const trainingColumns = (codes: Codes) =>
  trainingColumnsOf(codes) satisfies Record<Exclude<keyof TrainingRow, 'month'>, readonly number[]>;

/** The first days (day numbers) of this month and the months before it, newest first. */
function monthsBack(now: number): { month: string; from: number; to: number }[] {
  const today = formatDate(dayOf(now));
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const out: { month: string; from: number; to: number }[] = [];
  let next = startOfDay(parseDate(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`));
  for (let i = 0; i < MONTHS_BACK; i++) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const from = startOfDay(parseDate(`${label}-01`));
    out.push({ month: label, from, to: next });
    next = from;
    if (--month === 0) {
      month = 12;
      year--;
    }
  }
  return out;
}

type Span = { start: number; end: number };

function minus(pieces: Span[], cut: Span): Span[] {
  const out: Span[] = [];
  for (const p of pieces) {
    if (cut.end <= p.start || cut.start >= p.end) out.push(p);
    else {
      if (cut.start > p.start) out.push({ start: p.start, end: cut.start });
      if (cut.end < p.end) out.push({ start: cut.end, end: p.end });
    }
  }
  return out;
}

interface ShiftRow extends Span {
  id: number;
  parentId: number | null;
  shiftType: number;
}

/**
 * Minutes worked per main shift that started in the window, up to now: the shift less its meal
 * breaks and less the hours of the agent's notices the schedule still holds (`appliedAt` null: a
 * leave early until its agent logs out, and notices recorded without changing the schedule, such
 * as the demo's). A notice applied took its hours out of the shift already; hours the agent works
 * there later (picked up again) are worked.
 */
async function workedByShift(em: EntityManager, codes: Codes, agentId: number, from: number, now: number): Promise<{ shift: ShiftRow; minutes: number }[]> {
  const db = kyselyOf(em);
  const rows: ShiftRow[] = await db
    .selectFrom('shifts as s')
    .select((eb) => shiftItemColumns(eb, 's'))
    .where('s.agent_id', '=', agentId)
    .where('s.start', '>=', new Date(from * 60_000))
    .where('s.start', '<', new Date(now * 60_000))
    .orderBy('s.start')
    .orderBy('s.id')
    .execute();
  const missed: Span[] = await db
    .selectFrom('notices as n')
    .select((eb) => timesOf(eb, 'n'))
    .where('n.agent_id', '=', agentId)
    .where('n.applied_at', 'is', null)
    .where('n.start', '>=', new Date(from * 60_000))
    .where('n.start', '<', new Date(now * 60_000))
    .execute();
  const toMinutes = (r: Span): Span => ({ start: r.start / 60_000, end: r.end / 60_000 });
  // Call Out, Meal Break, Leave Early, Arrive Late, FMLA are no work (spec 3 section 9).
  const notWork = [...codes.absenceShiftTypes, codes.mealBreakShiftType];
  const mains = rows.filter((r) => r.parentId === null && !notWork.includes(r.shiftType));
  return mains.map((raw) => {
    const s = { ...raw, ...toMinutes(raw) };
    let pieces: Span[] = [{ start: s.start, end: Math.min(s.end, now) }];
    for (const sub of rows) if (sub.parentId === s.id && sub.shiftType === codes.mealBreakShiftType) pieces = minus(pieces, toMinutes(sub));
    for (const absence of missed) pieces = minus(pieces, toMinutes(absence));
    return { shift: s, minutes: pieces.reduce((sum, p) => sum + Math.max(0, p.end - p.start), 0) };
  });
}

function monthOf(months: { month: string; from: number; to: number }[], at: number): string | undefined {
  return months.find((m) => at >= m.from && at < m.to)?.month;
}

async function paidTime(em: EntityManager, codes: Codes, agentId: number, now: number): Promise<PaidTimeRow[]> {
  const months = monthsBack(now);
  const from = (months[months.length - 1] as { from: number }).from;
  const rows = new Map(months.map((m) => [m.month, { month: m.month, minWorked: 0, minVacation: 0, minPersonal: 0, minUnpaid: 0, minPaid: 0, minFMLA: 0 }]));
  const add = (at: number, field: Exclude<keyof PaidTimeRow, 'month'>, minutes: number): void => {
    const row = rows.get(monthOf(months, at) ?? '');
    if (row) row[field] += minutes;
  };
  for (const { shift, minutes } of await workedByShift(em, codes, agentId, from, now)) add(shift.start, 'minWorked', minutes);
  const db = kyselyOf(em);
  const personal = await db
    .selectFrom('personal_requests as p')
    .select((eb) => [epochMsOf(eb.ref('p.start')).as('start'), 'p.minutes'])
    .where('p.agent_id', '=', agentId)
    .where('p.status', '=', 'approved')
    .where('p.start', '>=', new Date(from * 60_000))
    .where('p.start', '<', new Date(now * 60_000))
    .execute();
  for (const p of personal) add(p.start / 60_000, 'minPersonal', p.minutes);
  const notices = await db
    .selectFrom('notices as n')
    .select((eb) => [epochMsOf(eb.ref('n.start')).as('start'), 'n.minutes', 'n.personal_minutes as personalMinutes', 'n.vacation_minutes as vacationMinutes', 'n.reason'])
    .where('n.agent_id', '=', agentId)
    .where('n.start', '>=', new Date(from * 60_000))
    .where('n.start', '<', new Date(now * 60_000))
    .execute();
  for (const n of notices) {
    const at = n.start / 60_000;
    add(at, 'minPersonal', n.personalMinutes);
    add(at, 'minVacation', n.vacationMinutes);
    add(at, n.reason === codes.fmlaNoticeReason ? 'minFMLA' : 'minUnpaid', Math.max(0, n.minutes - n.personalMinutes - n.vacationMinutes));
  }
  return [...rows.values()].map((r) => {
    const whole = { ...r, minWorked: Math.round(r.minWorked) };
    return { ...whole, minPaid: whole.minWorked + whole.minPersonal + whole.minVacation };
  });
}

async function trainingTime(em: EntityManager, codes: Codes, agentId: number, now: number): Promise<TrainingRow[]> {
  const months = monthsBack(now);
  const from = (months[months.length - 1] as { from: number }).from;
  const rows = new Map(months.map((m) => [m.month, { month: m.month, minQA: 0, minCo: 0, minAdv: 0, minTrain: 0 }]));
  for (const { shift, minutes } of await workedByShift(em, codes, agentId, from, now)) {
    const row = rows.get(monthOf(months, shift.start) ?? '');
    if (!row) continue;
    for (const [column, types] of Object.entries(trainingColumns(codes)) as [keyof ReturnType<typeof trainingColumns>, readonly number[]][]) {
      if (types.includes(shift.shiftType)) row[column] += minutes;
    }
  }
  return [...rows.values()].map((r) => ({ ...r, minQA: Math.round(r.minQA), minCo: Math.round(r.minCo), minAdv: Math.round(r.minAdv), minTrain: Math.round(r.minTrain) }));
}

/** Notices still on the record (from giveNotice's attendance window on), FMLA ones not shown. */
async function absences(ctx: ActionContext, agentId: number): Promise<Absence[]> {
  const now = ctx.now();
  const from = ruleFact(ctx.rules, 'giveNotice', 'attendanceFrom', new PreparedWorld({}), { now, actorId: agentId, input: {} }) as number;
  const rows = await kyselyOf(ctx.db.em())
    .selectFrom('notices as n')
    .select((eb) => [
      'n.id',
      'n.shift_id as shiftId',
      'n.violation_type as violationType',
      'n.reason',
      ...timesOf(eb, 'n'),
      'n.vacation_applied as vacationApplied',
      'n.message',
      epochMsOf(eb.ref('n.created_at')).as('createdAt'),
      'n.minutes',
      'n.personal_minutes as personalMinutes',
      'n.vacation_minutes as vacationMinutes',
    ])
    .where('n.agent_id', '=', agentId)
    .where('n.start', '>=', new Date(from * 60_000))
    .where('n.reason', '<>', codesOf(ctx.rules).fmlaNoticeReason)
    .orderBy('n.start')
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({
    noticeID: r.id,
    timeScheduleItemID: r.shiftId,
    violationType: r.violationType,
    reason: r.reason,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    vacationApplied: r.vacationApplied,
    message: r.message,
    timestampGiven: formatApiInstant(r.createdAt),
    minutes: r.minutes,
    minPersonal: r.personalMinutes,
    minVacation: r.vacationMinutes,
  }));
}

// ---- the reads ----

const ID = { id: idParam };
const AGENT = { agentId: idParam };

const TIME_OFF_READS = readRoutes('time-off', {
  userFuturePersonal: {
    path: '/api/userFuturePersonal/{agentId}',
    summary: "Personal time already approved that starts after now, as requestPersonal counts it: [{ minPersonal }]",
    answer: FuturePersonal,
    params: AGENT,
    forbidden: true,
    missing: true,
  },
  getPersonalVacaUsage: {
    path: '/api/getPersonalVacaUsage/{startDate}/{endDate}/{rank}/{shiftClass}',
    summary:
      'How many people of the rank group (below 85: of the same shift class) are already on personal time during [startDate, endDate), besides the caller, as requestPersonal counts them: [{ count }]',
    answer: HeadCount,
    params: { startDate: instantParam, endDate: instantParam, rank: rankParam, shiftClass: shiftClassParam },
  },
  getAttendanceAgents: {
    path: '/api/getAttendanceAgents',
    summary:
      "The current staff whose attendance the caller may open, the caller left out (rules/roles.json attendanceOthers: 'agents' those outside group supervisorsAndUp, 'supervisors' everyone), by initials: [{ agentId, initials, fullName, agentType }]; 403 for those who see only their own",
    answer: TeamMember,
  },
  userPaidTime: {
    path: '/api/userPaidTime/{id}',
    answer: PaidTimeRow,
    summary:
      'Paid time per month, this month and the 12 before, newest first: [{ month, minWorked, minVacation, minPersonal, minUnpaid, minPaid, minFMLA }]',
    params: ID,
    forbidden: true,
    missing: true,
  },
  getAttendance: {
    path: '/api/getAttendance/{id}',
    answer: Absence,
    summary:
      'Absences (notices) from the last attendanceWindowMinutes (rules/parameters.json) on, FMLA ones not shown, by start: [{ noticeID, timeScheduleItemID, violationType, reason, startTime, endTime, vacationApplied, message, timestampGiven, minutes, minPersonal, minVacation }]',
    params: ID,
    forbidden: true,
    missing: true,
  },
  userPastVacationAttendance: {
    path: '/api/userPastVacationAttendance/{id}',
    answer: VacationUsed,
    summary: 'Vacation minutes applied to notices still on the attendance record, as giveNotice counts them: [{ minVacation }]',
    params: ID,
    forbidden: true,
    missing: true,
  },
  userTrainingTime: {
    path: '/api/userTrainingTime/{id}',
    answer: TrainingRow,
    summary: 'Training minutes per month, this month and the 12 before, newest first: [{ month, minQA, minCo, minAdv, minTrain }]',
    params: ID,
    forbidden: true,
    missing: true,
  },
});

const timeOffHandlers: ReadHandlers<typeof TIME_OFF_READS> = {
  userFuturePersonal: (c, ctx) => subjectFact(c, ctx, 'agentId', ['requestPersonal', 'futurePersonal'], 'minPersonal'),
  getPersonalVacaUsage: async (c, ctx, p) => {
    const startTime = parseInstant(p.startDate);
    const endTime = parseInstant(p.endDate);
    if (!(endTime > startTime)) throw new ApiError('BAD_INPUT', 'endDate: must be after startDate');
    // The fact whose group of rules/roles.json holds the rank: below 85 by class, 85 and above together.
    const sameClassGroup = ctx.rules.action('requestPersonal').file.facts.offSameClass?.params.group;
    const inSameClass = ctx.rules.roles !== null && typeof sameClassGroup === 'string' && inGroup(ctx.rules.roles, sameClassGroup, { agentType: p.rank });
    const fact = inSameClass ? 'offSameClass' : 'offHigherRanks';
    const count = await ruleFactOnSlice(ctx, 'requestPersonal', fact, {
      now: ctx.now(),
      actorId: c.get('agentId'),
      input: { startTime, endTime },
      given: { shiftClass: p.shiftClass },
    });
    return [{ count }];
  },
  getAttendanceAgents: attendancePeople,
  userPaidTime: async (c, ctx) => paidTime(ctx.db.em(), codesOf(ctx.rules), await attendanceSubject(c, ctx.db.em(), ctx.rules, 'id'), ctx.now()),
  getAttendance: async (c, ctx) => absences(ctx, await attendanceSubject(c, ctx.db.em(), ctx.rules, 'id')),
  userPastVacationAttendance: (c, ctx) => subjectFact(c, ctx, 'id', ['giveNotice', 'vacationUsed'], 'minVacation'),
  userTrainingTime: async (c, ctx) => trainingTime(ctx.db.em(), codesOf(ctx.rules), await attendanceSubject(c, ctx.db.em(), ctx.rules, 'id'), ctx.now()),
};

/** Spec 3 sections 5 and 7: personal time, notices of absence, attendance. */
export const timeOff = feature({
  name: 'time-off',
  actions: [
    {
      action: 'requestPersonal',
      method: 'post',
      path: '/requestPersonal',
      summary: 'Turn part or all of one of your shifts into personal time, approved at once',
      body: { TimeScheduleItemID: 'timeScheduleItemId', StartTime: 'startTime', EndTime: 'endTime' },
      actor: 'AgentID',
    },
    {
      action: 'giveNotice',
      method: 'post',
      path: '/giveNotice',
      summary: 'Report an absence from one of your shifts: call out (ViolationType 0), arrive late (1) or leave early (2)',
      body: {
        TimeScheduleItemID: 'timeScheduleItemId',
        ViolationType: 'violationType',
        StartTime: 'startTime',
        EndTime: 'endTime',
        VacationApplied: 'vacationApplied',
        Reason: 'reason',
        Message: 'message',
      },
      actor: 'AgentID',
      maxText: 1000,
    },
  ],
  reads: TIME_OFF_READS,
  handlers: timeOffHandlers,
});
