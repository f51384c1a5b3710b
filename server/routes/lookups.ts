import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { FACT_KINDS, formatDate, isShiftinatorError, parseDate, parseInstant, SliceWorld, type PreparedWorld, type Shift } from '../../engine/index.ts';
import { scheduledOverlapping } from '../../engine/facts.ts';
import { dayOf } from '../../engine/time.ts';
import type { ActionContext } from '../action-runner.ts';
import { apiFlag, formatApiInstant } from '../reads/api-time.ts';
import { agentType, SEES_OTHERS_FROM_RANK, shiftVisibleTo } from '../reads/details.ts';
import { dateParam, idParam, param, READ_MESSAGES, ReadError, type ReadContext } from '../reads/http.ts';
import { epochMs, query, raw, sql } from '../reads/sql.ts';
import { WorldLoader } from '../world-loader.ts';
import type { Feature, ReadRoute } from './feature.ts';

/**
 * The validation lookups of spec 1, 2 and 3 section 7: what the screens ask before they submit
 * (is this person free, how much have they worked around this time, who is on duty). Worked
 * minutes, overlaps and head counts are the engine's own facts, run over a world slice loaded the
 * way an action loads it (server/world-loader.ts), so a read never disagrees with a rule.
 * Shapes and choices: docs/decisions.md, "Validation lookups".
 */

// The numbers below are the ones the rule files give the same facts (rules/acceptOffer.json,
// claimOpenShift.json, claimOpenTrainingShift.json, combineShifts.json); tests/server/lookups.test.ts
// checks they still agree.
/** The spec's 18-hour period (the call's own name). */
export const PERIOD_HOURS = 18;
/** The already-scheduled check trims a minute from each end of the window (spec 1 section 5). */
export const TRIM_MINUTES = 1;
/** Weeks run Sunday to Saturday (ISO weekday 7 first), as the QA 40-hour check counts them. */
export const WEEK_STARTS_ON = 7;
/** QA Review shifts, for the QA 3-hours-a-day check. */
export const QA_TYPES = [61];
/** Supervisors, for head counts (domain decisions: agent types 100 to 103). */
export const SUPERVISOR_TYPES = { min: 100, max: 103 };
const MEAL_BREAK = 5;
const CUSTOMER_SERVICE_HELPER = 23;

export const LOOKUP_MESSAGES = {
  notYourSchedule: "You can only see your own schedule (supervisors and above: anyone's).",
};

/** How many rounds of loading a read may take (an action's decision takes at most a few). */
const MAX_ROUNDS = 8;

/**
 * Runs `compute` over a slice of the database: whatever the engine asks of the world (an agent's
 * shifts in a window, a shift's breaks, who is on duty) is loaded with the action path's own
 * queries, unlocked, and the computation runs again until it asks for nothing new.
 */
async function onSlice<T>(em: EntityManager, compute: (world: PreparedWorld) => T): Promise<T> {
  const loader = new WorldLoader(em, { lock: false });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    const value = compute(world);
    if (world.missing.length === 0) return value;
    await loader.load(world.missing);
  }
  throw new Error('a lookup kept asking for more of the world');
}

/** One of the engine's fact kinds, its parameters filled in by its own schema (defaults included). */
function fact(name: string, params: Record<string, unknown>, world: PreparedWorld, now: number): unknown {
  const kind = FACT_KINDS.get(name);
  if (!kind) throw new Error(`no fact kind ${name}`);
  return kind.compute(kind.params.parse(params) as Record<string, unknown>, { world, now, today: dayOf(now), actorId: 0, input: {} });
}

// ---- path parameters ----

/**
 * A time of day `HH:mm`, optionally `:ss` and `.S` (the spec's 'HH:mm:ss.S'). Hour 24 is hour 0
 * of the same date (spec 1 section 5: "hour 24 is treated as 0"): a clock that writes midnight
 * as 24 still means the date it was given. A wall-clock time in the fall-back hour means its
 * first pass; an offset ("01:30-05:00", as the API writes the second pass) names either.
 */
export const timeParam = z
  .string()
  .regex(
    /^([01][0-9]|2[0-4]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,3})?)?([+-][0-9]{2}:[0-9]{2})?$/,
    'must be a time as "HH:mm" (00:00 to 23:59, hour 24 read as 0), optionally with seconds and an offset',
  )
  .transform((text) => (text.startsWith('24') ? `00${text.slice(2)}` : text));

/** The instant a date and a time parameter name together; 400 naming the time when it does not exist. */
function instantParam(c: ReadContext, dateName: string, timeName: string): number {
  const date = param(c, dateName, dateParam);
  const time = param(c, timeName, timeParam);
  const withOffset = /[+-][0-9]{2}:[0-9]{2}$/.test(time);
  try {
    return parseInstant(withOffset ? `${date}T${time}` : `${date} ${time}`);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    throw new ReadError(400, withOffset ? `${timeName}: ${e.message}` : `${timeName}: ${time} does not exist on ${date} in America/New_York (the clocks skip that hour)`);
  }
}

/** A window given as start and end parameters; the end must come after the start. */
function spanParams(c: ReadContext, start: [string, string], end: [string, string]): { start: number; end: number } {
  const from = instantParam(c, ...start);
  const to = instantParam(c, ...end);
  if (!(to > from)) throw new ReadError(400, `${end[1]}: must be after the start (${start[0]} ${start[1]})`);
  return { start: from, end: to };
}

/** An agent in the path: one's own, or anyone's for agent types 100 and above (as getUserDetails). */
async function readableAgent(c: ReadContext, em: EntityManager): Promise<number> {
  const agentId = param(c, 'agentId', idParam);
  const me = c.get('agentId');
  if (agentId !== me && ((await agentType(em, me)) ?? 0) < SEES_OTHERS_FROM_RANK) throw new ReadError(403, LOOKUP_MESSAGES.notYourSchedule);
  return agentId;
}

/** As readableAgent, and 404 when there is no such agent: a count of nobody's minutes would read as 0. */
async function existingAgent(c: ReadContext, em: EntityManager): Promise<number> {
  const agentId = await readableAgent(c, em);
  if ((await agentType(em, agentId)) === null) throw new ReadError(404, READ_MESSAGES.noAgent(agentId));
  return agentId;
}

// ---- shifts by id ----

interface ShiftRow {
  id: number;
  parentId: number | null;
  agentId: number;
  start: number;
  end: number;
  shiftType: number;
  isCovering: boolean;
  visible: boolean;
}

/**
 * The shift an id names, seen as getShiftDetails sees it: by its owner, by anyone while it is
 * posted, by the people of a pending offer naming it (the poster reads the swap shift before
 * accepting a trade), by agent types 100 and above; 404 when there is none.
 */
async function visibleShift(c: ReadContext, em: EntityManager, name: string): Promise<ShiftRow> {
  const id = param(c, name, idParam);
  const me = c.get('agentId');
  const [row] = await query<ShiftRow>(
    em,
    sql`select s.id, s.parent_id as "parentId", s.agent_id as "agentId", ${epochMs('s.start', 'start')}, ${epochMs('s."end"', 'end')},
          s.shift_type as "shiftType", s.is_covering as "isCovering", ${shiftVisibleTo(me)} as visible
        from shifts s
        where s.id = ${id}`,
  );
  if (!row) throw new ReadError(404, READ_MESSAGES.noShift(id));
  if (!row.visible && ((await agentType(em, me)) ?? 0) < SEES_OTHERS_FROM_RANK) throw new ReadError(403, READ_MESSAGES.notYourShift);
  return row;
}

export interface ShiftItem {
  id: number;
  scheduleId: number;
  shiftType: number;
  startDateTime: string;
  endDateTime: string;
}

/** Items of a shift (the main shift and its sub-shifts) of the given types, in time order. */
async function itemsOfTypes(em: EntityManager, mainId: number, types: readonly number[]): Promise<ShiftItem[]> {
  const rows = await query<{ id: number; parentId: number | null; start: number; end: number; shiftType: number }>(
    em,
    sql`select s.id, s.parent_id as "parentId", ${epochMs('s.start', 'start')}, ${epochMs('s."end"', 'end')}, s.shift_type as "shiftType"
        from shifts s
        where (s.id = ${mainId} or s.parent_id = ${mainId}) and s.shift_type in (${raw(types.map((t) => String(Math.trunc(t))).join(', '))})
        order by s.start, s.parent_id nulls first, s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    scheduleId: r.parentId ?? r.id,
    shiftType: r.shiftType,
    startDateTime: formatApiInstant(r.start),
    endDateTime: formatApiInstant(r.end),
  }));
}

function shiftItem(s: Shift): ShiftItem {
  return {
    id: s.id,
    scheduleId: s.parentId ?? s.id,
    shiftType: s.shiftType,
    startDateTime: formatApiInstant(s.start * 60_000),
    endDateTime: formatApiInstant(s.end * 60_000),
  };
}

// ---- the reads ----

const emOf = (ctx: ActionContext): EntityManager => ctx.db.em();

type Minutes = [{ minutesWorked: number }];

async function workedMinutes(ctx: ActionContext, params: Record<string, unknown>): Promise<Minutes> {
  const minutes = await onSlice(emOf(ctx), (world) => fact('workedMinutes', params, world, ctx.now()));
  return [{ minutesWorked: (minutes as number | null) ?? 0 }];
}

async function period(c: ReadContext, ctx: ActionContext, window: 'after' | 'before', trade: boolean): Promise<Minutes> {
  const agent = await existingAgent(c, emOf(ctx));
  const at = instantParam(c, 'date', 'time');
  const exclude = trade ? [spanParams(c, ['givenUpStartDate', 'givenUpStartTime'], ['givenUpEndDate', 'givenUpEndTime'])] : [];
  return workedMinutes(ctx, { agent, window, at, hours: PERIOD_HOURS, exclude });
}

async function headCount(c: ReadContext, ctx: ActionContext, filter: Record<string, unknown>): Promise<[{ count: number }]> {
  const at = instantParam(c, 'date', 'time');
  // A span of one step: the head count at that instant, as a rule's head count takes it there.
  const count = await onSlice(emOf(ctx), (world) => fact('minHeadCount', { start: at, end: at + 1, stepMinutes: 10, ...filter }, world, ctx.now()));
  return [{ count: (count as number | null) ?? 0 }];
}

async function daysAround(c: ReadContext, ctx: ActionContext, offset: -1 | 1): Promise<{ date: string; holiday: 0 | 1 }[]> {
  const day = parseDate(param(c, 'date', dateParam));
  const dates = [day, day + offset].sort((a, b) => a - b).map(formatDate);
  const rows = await query<{ date: string; holiday: boolean }>(
    emOf(ctx),
    sql`select to_char(date, 'YYYY-MM-DD') as date, holiday from days where date in (${dates[0]}::date, ${dates[1]}::date)`,
  );
  const holiday = new Map(rows.map((r) => [r.date, r.holiday]));
  return dates.map((date) => ({ date, holiday: holiday.get(date) ? 1 : 0 }));
}

const ID = { id: idParam };
const SWAP = { swapPendingShiftId: idParam };
const AGENT = { agentId: idParam };
const AT = { date: dateParam, time: timeParam };
const GIVEN_UP = { givenUpStartDate: dateParam, givenUpStartTime: timeParam, givenUpEndDate: dateParam, givenUpEndTime: timeParam };

const reads: ReadRoute[] = [
  {
    path: '/lookupShift/:id',
    summary: 'One shift: { id, scheduleId, agentId, shiftType, coveringShift, startDateTime, endDateTime }',
    params: ID,
    one: true,
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const s = await visibleShift(c, emOf(ctx), 'id');
      return {
        id: s.id,
        scheduleId: s.parentId ?? s.id,
        agentId: s.agentId,
        shiftType: s.shiftType,
        coveringShift: s.isCovering,
        startDateTime: formatApiInstant(s.start),
        endDateTime: formatApiInstant(s.end),
      };
    },
  },
  {
    path: '/findOnePending/:swapPendingShiftId',
    summary: 'The shift offered in a trade, as it is now: { timeScheduleItemID, startTime, endTime }',
    params: SWAP,
    one: true,
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const s = await visibleShift(c, emOf(ctx), 'swapPendingShiftId');
      return { timeScheduleItemID: s.parentId ?? s.id, startTime: formatApiInstant(s.start), endTime: formatApiInstant(s.end) };
    },
  },
  {
    path: '/getSwapTimeID/:swapPendingShiftId',
    summary: 'The schedule item of the shift offered in a trade: { timeScheduleItemID }',
    params: SWAP,
    one: true,
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const s = await visibleShift(c, emOf(ctx), 'swapPendingShiftId');
      return { timeScheduleItemID: s.parentId ?? s.id };
    },
  },
  {
    path: '/areTheyWorking/:agentId/:startDate/:startTime/:endDate/:endTime',
    summary: "The agent's shifts overlapping the window less a minute at each end: [] means free",
    params: { ...AGENT, startDate: dateParam, startTime: timeParam, endDate: dateParam, endTime: timeParam },
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const agent = await existingAgent(c, emOf(ctx));
      const { start, end } = spanParams(c, ['startDate', 'startTime'], ['endDate', 'endTime']);
      const shifts = await onSlice(emOf(ctx), (world) => {
        const p = FACT_KINDS.get('scheduledOverlaps')?.params.parse({ agent, start, end, trimMinutes: TRIM_MINUTES }) as Parameters<typeof scheduledOverlapping>[1];
        return scheduledOverlapping(world, p);
      });
      return shifts.map(shiftItem);
    },
  },
  {
    path: '/getMin18HourPeriodAfter/:agentId/:date/:time',
    summary: 'Minutes the agent works in the 18 hours from the instant, less meal breaks: [{ minutesWorked }]',
    params: { ...AGENT, ...AT },
    forbidden: true,
    missing: true,
    handler: (c, ctx) => period(c, ctx, 'after', false),
  },
  {
    path: '/getMin18HourPeriodBefore/:agentId/:date/:time',
    summary: 'Minutes the agent works in the 18 hours up to the instant, less meal breaks: [{ minutesWorked }]',
    params: { ...AGENT, ...AT },
    forbidden: true,
    missing: true,
    handler: (c, ctx) => period(c, ctx, 'before', false),
  },
  {
    path: '/getMin18HourPeriodAfterTrade/:agentId/:date/:time/:givenUpStartDate/:givenUpStartTime/:givenUpEndDate/:givenUpEndTime',
    summary: 'As getMin18HourPeriodAfter, without the hours the agent gives away in the trade',
    params: { ...AGENT, ...AT, ...GIVEN_UP },
    forbidden: true,
    missing: true,
    handler: (c, ctx) => period(c, ctx, 'after', true),
  },
  {
    path: '/getMin18HourPeriodBeforeTrade/:agentId/:date/:time/:givenUpStartDate/:givenUpStartTime/:givenUpEndDate/:givenUpEndTime',
    summary: 'As getMin18HourPeriodBefore, without the hours the agent gives away in the trade',
    params: { ...AGENT, ...AT, ...GIVEN_UP },
    forbidden: true,
    missing: true,
    handler: (c, ctx) => period(c, ctx, 'before', true),
  },
  {
    path: '/getCanCoverDOCS/:agentId',
    summary: "Whether the agent may cover customer service (DOCS) shifts: [{ canCoverDOCS: 'True' | 'False' }], [] for no such agent",
    params: AGENT,
    forbidden: true,
    handler: async (c, ctx) => {
      const agentId = await readableAgent(c, emOf(ctx));
      const rows = await query<{ canCoverDocs: boolean }>(emOf(ctx), sql`select can_cover_docs as "canCoverDocs" from agents where agent_id = ${agentId}`);
      return rows.map((r) => ({ canCoverDOCS: apiFlag(r.canCoverDocs) }));
    },
  },
  {
    path: '/isSpanishOK/:date/:time',
    summary: 'How many Spanish-OK agents are on duty (not on a meal break) at the instant: [{ count }]',
    params: AT,
    handler: (c, ctx) => headCount(c, ctx, { spanish: true }),
  },
  {
    path: '/isSupOK/:date/:time',
    summary: 'How many supervisors (agent types 100 to 103) are on duty (not on a meal break) at the instant: [{ count }]',
    params: AT,
    handler: (c, ctx) => headCount(c, ctx, { agentTypes: SUPERVISOR_TYPES }),
  },
  {
    path: '/getDayDetailsAndBefore/:date',
    summary: 'The day before and the day: [{ date, holiday: 0 or 1 }, ...]',
    params: { date: dateParam },
    handler: (c, ctx) => daysAround(c, ctx, -1),
  },
  {
    path: '/getDayDetailsAndAfter/:date',
    summary: 'The day and the day after: [{ date, holiday: 0 or 1 }, ...]',
    params: { date: dateParam },
    handler: (c, ctx) => daysAround(c, ctx, 1),
  },
  {
    path: '/getMinWorkedWeek/:agentId/:date',
    summary: 'Minutes the agent works in the Sunday-to-Saturday week holding the date, less meal breaks: [{ minutesWorked }]',
    params: { ...AGENT, date: dateParam },
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const agent = await existingAgent(c, emOf(ctx));
      const at = parseInstant(`${param(c, 'date', dateParam)} 12:00`);
      return workedMinutes(ctx, { agent, window: 'week', at, weekStartsOn: WEEK_STARTS_ON });
    },
  },
  {
    path: '/getQAInDay/:agentId/:date',
    summary: 'Minutes of QA Review (61) shifts the agent works on the Eastern date: [{ minutesWorked }]',
    params: { ...AGENT, date: dateParam },
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const agent = await existingAgent(c, emOf(ctx));
      const at = parseInstant(`${param(c, 'date', dateParam)} 12:00`);
      return workedMinutes(ctx, { agent, window: 'day', at, shiftTypes: QA_TYPES });
    },
  },
  {
    path: '/lookupCustService/:id',
    summary: 'The shift, or its sub-shifts, of type 23 (Customer Service Helper): [] means not a helper shift',
    params: ID,
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const s = await visibleShift(c, emOf(ctx), 'id');
      return itemsOfTypes(emOf(ctx), s.parentId ?? s.id, [CUSTOMER_SERVICE_HELPER]);
    },
  },
  {
    path: '/lookupLunchCombine/:id',
    summary: "The shift's meal breaks (type 5), for the combine screen's meal-break check",
    params: ID,
    forbidden: true,
    missing: true,
    handler: async (c, ctx) => {
      const s = await visibleShift(c, emOf(ctx), 'id');
      return itemsOfTypes(emOf(ctx), s.parentId ?? s.id, [MEAL_BREAK]);
    },
  },
];

/** Spec 1, 2 and 3 section 7: the reads the screens make to check a request before sending it. */
export const lookups: Feature = { name: 'lookups', reads };
