import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import type { z } from 'zod';
import { codesOf, FACT_KINDS, formatDate, parseDate, parseInstant, type PreparedWorld, type Roles, type Shift } from '../../engine/index.ts';
import { scheduledOverlapping } from '../../engine/facts.ts';
import { dayOf } from '../../engine/time.ts';
import type { ActionContext } from '../action-runner.ts';
import { dateTextOf, kyselyOf } from '../db/kysely.ts';
import { apiFlag, formatApiInstant } from '../reads/api-time.ts';
import { agentType, ownOrSupervisor, visibleShift, type ShiftRow } from '../reads/details.ts';
import { dateParam, idParam, param, READ_MESSAGES, type ReadContext } from '../reads/http.ts';
import { feature, readRoutes, type ReadHandler } from './feature.ts';
import { instantAt, onSlice, spanAt, SPAN_PARAMS, timeParam } from './shared.ts';
import { CalendarDay, CanCoverDocs, HeadCount, LookedUpShift, MinutesWorked, ShiftItem, TradeItem, TradeItemId } from '../reads/shapes.ts';
import { shiftItemColumns } from '../reads/columns.ts';

/**
 * The validation lookups of spec 1, 2 and 3 section 7: what the screens ask before they submit
 * (is this person free, how much have they worked around this time, who is on duty). Worked
 * minutes, overlaps and head counts are the engine's own facts, run over a world slice loaded the
 * way an action loads it (server/world-loader.ts), so a read never disagrees with a rule.
 * Shapes and choices: docs/decisions.md, "Validation lookups".
 */

// The period of the work limits and the head counts' step are the rule set's own parameters
// (rules/parameters.json workWindowHours, headCountStepMinutes), read per request. The numbers
// below are the ones the rule files give the same facts (rules/acceptOffer.json,
// claimOpenShift.json, claimOpenTrainingShift.json, combineShifts.json); tests/server/lookups.test.ts
// checks they still agree.
/** The already-scheduled check trims a minute from each end of the window (spec 1 section 5). */
export const TRIM_MINUTES = 1;
/** The group of rules/roles.json the supervisor head counts count, as the rule files name it. */
export const SUPERVISOR_GROUP = 'supervisors';

const LOOKUP_MESSAGES = {
  notYourSchedule: "You can only see your own schedule (supervisors and above: anyone's).",
};

/** One of the engine's fact kinds, its parameters filled in by its own schema (defaults included). */
function fact(name: string, params: Record<string, unknown>, world: PreparedWorld, now: number, roles: Roles | null = null): unknown {
  const kind = FACT_KINDS.get(name);
  if (!kind) throw new Error(`no fact kind ${name}`);
  return kind.compute(kind.params.parse(params) as Record<string, unknown>, { world, now, today: dayOf(now), actorId: 0, input: {}, roles });
}

const emOf = (ctx: ActionContext): EntityManager => ctx.db.em();

// ---- path parameters ----

/** An agent in the path: one's own, or anyone's for those who see others' data (as getUserDetails). */
async function readableAgent(c: ReadContext, ctx: ActionContext): Promise<number> {
  const agentId = param(c, 'agentId', idParam);
  await ownOrSupervisor(emOf(ctx), ctx.rules, c.get('agentId'), agentId === c.get('agentId'), LOOKUP_MESSAGES.notYourSchedule);
  return agentId;
}

/** As readableAgent, and 404 when there is no such agent: a count of nobody's minutes would read as 0. */
async function existingAgent(c: ReadContext, ctx: ActionContext): Promise<number> {
  const agentId = await readableAgent(c, ctx);
  if ((await agentType(emOf(ctx), agentId)) === null) throw new ApiError('NOT_FOUND', READ_MESSAGES.noAgent(agentId));
  return agentId;
}

// ---- shifts by id ----

/**
 * The shift the id parameter `name` names, seen as getShiftDetails sees it (the poster reads the
 * swap shift of a pending offer before accepting a trade); 404 when there is none.
 */
function shiftParam(c: ReadContext, ctx: ActionContext, name: string): Promise<ShiftRow> {
  return visibleShift(emOf(ctx), ctx.rules, c.get('agentId'), param(c, name, idParam));
}

/** Items of the path's shift (its main shift and the sub-shifts) of the given types, in time order. */
async function itemsOfTypes(c: ReadContext, ctx: ActionContext, types: readonly number[]): Promise<ShiftItem[]> {
  const s = await shiftParam(c, ctx, 'id');
  const mainId = s.parentId ?? s.id;
  const rows = await kyselyOf(emOf(ctx))
    .selectFrom('shifts as s')
    .select((eb) => shiftItemColumns(eb, 's'))
    .where((eb) => eb.or([eb('s.id', '=', mainId), eb('s.parent_id', '=', mainId)]))
    .where('s.shift_type', 'in', types)
    .orderBy('s.start')
    .orderBy('s.parent_id', (o) => o.asc().nullsFirst())
    .orderBy('s.id')
    .execute();
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

type Minutes = [{ minutesWorked: number }];

async function workedMinutes(ctx: ActionContext, params: Record<string, unknown>): Promise<Minutes> {
  const minutes = await onSlice(emOf(ctx), 'a lookup', (world) => fact('workedMinutes', params, world, ctx.now()));
  return [{ minutesWorked: (minutes as number | null) ?? 0 }];
}

async function period(c: ReadContext, ctx: ActionContext, window: 'after' | 'before', trade: boolean): Promise<Minutes> {
  const agent = await existingAgent(c, ctx);
  const at = instantAt(c, 'date', 'time');
  const exclude = trade ? [spanAt(c, ['givenUpStartDate', 'givenUpStartTime'], ['givenUpEndDate', 'givenUpEndTime'])] : [];
  // The calls keep the spec's names (getMin18HourPeriodAfter); the window is the rules' own.
  return workedMinutes(ctx, { agent, window, at, hours: ctx.rules.numberParameter('workWindowHours'), exclude });
}

/** The path agent's worked minutes in a window around noon of the path's date (`window`: the rest of the fact's parameters). */
async function onDate(c: ReadContext, ctx: ActionContext, window: Record<string, unknown>): Promise<Minutes> {
  const agent = await existingAgent(c, ctx);
  const at = parseInstant(`${param(c, 'date', dateParam)} 12:00`);
  return workedMinutes(ctx, { agent, at, ...window });
}

async function headCount(c: ReadContext, ctx: ActionContext, filter: Record<string, unknown>): Promise<[{ count: number }]> {
  const at = instantAt(c, 'date', 'time');
  // A span of one step: the head count at that instant, as a rule's head count takes it there.
  const stepMinutes = ctx.rules.numberParameter('headCountStepMinutes');
  const count = await onSlice(emOf(ctx), 'a lookup', (world) => fact('minHeadCount', { start: at, end: at + 1, stepMinutes, ...filter }, world, ctx.now(), ctx.rules.roles));
  return [{ count: (count as number | null) ?? 0 }];
}

async function daysAround(ctx: ActionContext, date: string, offset: -1 | 1): Promise<{ date: string; holiday: 0 | 1 }[]> {
  const day = parseDate(date);
  const dates = [day, day + offset].sort((a, b) => a - b).map(formatDate);
  const rows = await kyselyOf(emOf(ctx))
    .selectFrom('days')
    .select((eb) => [dateTextOf(eb.ref('date')).as('date'), 'holiday'])
    .where('date', 'in', dates)
    .execute();
  const holiday = new Map(rows.map((r) => [r.date, r.holiday]));
  return dates.map((date) => ({ date, holiday: holiday.get(date) ? 1 : 0 }));
}

const ID = { id: idParam };
const AGENT = { agentId: idParam };
const AT = { date: dateParam, time: timeParam };
const GIVEN_UP = { givenUpStartDate: dateParam, givenUpStartTime: timeParam, givenUpEndDate: dateParam, givenUpEndTime: timeParam };
/** A read that answers 403 for what the caller may not see and 404 for what does not exist. */
const FORBIDDEN_OR_MISSING = { forbidden: true, missing: true } as const;

/** getMin18HourPeriodAfter, ...Before, and their Trade variants (the hours given away as four more parameters). */
function periodRead<const N extends string>(name: N, window: 'after' | 'before', trade: boolean) {
  const base = `getMin18HourPeriod${window === 'after' ? 'After' : 'Before'}`;
  return {
    path: `/api/${name}/{agentId}/{date}/{time}${trade ? '/{givenUpStartDate}/{givenUpStartTime}/{givenUpEndDate}/{givenUpEndTime}' : ''}` as `/api/${N}/${string}`,
    summary: trade
      ? `As ${base}, without the hours the agent gives away in the trade`
      : `Minutes the agent works in the hours of rules/parameters.json workWindowHours (18) ${window === 'after' ? 'from' : 'up to'} the instant, less meal breaks: [{ minutesWorked }]`,
    answer: MinutesWorked,
    params: { ...AGENT, ...AT, ...(trade ? GIVEN_UP : {}) },
    ...FORBIDDEN_OR_MISSING,
  };
}

/** One shift by the id parameter `name`, answered as `answer` (its handler: shiftReader). */
function shiftRead<const C extends string, const N extends string>(call: C, name: N, summary: string, answer: z.ZodType) {
  return { path: `/api/${call}/{${name}}` as const, summary, answer, params: { [name]: idParam } as Record<N, typeof idParam>, one: true, ...FORBIDDEN_OR_MISSING };
}
const shiftReader =
  (name: string, shape: (s: ShiftRow) => unknown): ReadHandler =>
  async (c, ctx) =>
    shape(await shiftParam(c, ctx, name));

const LOOKUP_READS = readRoutes('lookups', {
  lookupShift: shiftRead('lookupShift', 'id', 'One shift: { id, scheduleId, agentId, shiftType, coveringShift, startDateTime, endDateTime }', LookedUpShift),
  findOnePending: shiftRead('findOnePending', 'swapPendingShiftId', 'The shift offered in a trade, as it is now: { timeScheduleItemID, startTime, endTime }', TradeItem),
  getSwapTimeID: shiftRead('getSwapTimeID', 'swapPendingShiftId', 'The schedule item of the shift offered in a trade: { timeScheduleItemID }', TradeItemId),
  areTheyWorking: {
    path: '/api/areTheyWorking/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}',
    answer: ShiftItem,
    summary: "The agent's shifts overlapping the window less a minute at each end: [] means free",
    params: { ...AGENT, ...SPAN_PARAMS },
    ...FORBIDDEN_OR_MISSING,
  },
  getMin18HourPeriodAfter: periodRead('getMin18HourPeriodAfter', 'after', false),
  getMin18HourPeriodBefore: periodRead('getMin18HourPeriodBefore', 'before', false),
  getMin18HourPeriodAfterTrade: periodRead('getMin18HourPeriodAfterTrade', 'after', true),
  getMin18HourPeriodBeforeTrade: periodRead('getMin18HourPeriodBeforeTrade', 'before', true),
  getCanCoverDOCS: {
    path: '/api/getCanCoverDOCS/{agentId}',
    summary: "Whether the agent may cover customer service (DOCS) shifts: [{ canCoverDOCS: 'True' | 'False' }], [] for no such agent",
    answer: CanCoverDocs,
    params: AGENT,
    forbidden: true,
  },
  isSpanishOK: { path: '/api/isSpanishOK/{date}/{time}', summary: 'How many Spanish-OK agents are on duty (not on a meal break) at the instant: [{ count }]', answer: HeadCount, params: AT },
  isSupOK: {
    path: '/api/isSupOK/{date}/{time}',
    summary: 'How many supervisors (rules/roles.json, group supervisors) are on duty (not on a meal break) at the instant: [{ count }]',
    answer: HeadCount,
    params: AT,
  },
  getDayDetailsAndBefore: { path: '/api/getDayDetailsAndBefore/{date}', summary: 'The day before and the day: [{ date, holiday: 0 or 1 }, ...]', answer: CalendarDay, params: { date: dateParam } },
  getDayDetailsAndAfter: { path: '/api/getDayDetailsAndAfter/{date}', summary: 'The day and the day after: [{ date, holiday: 0 or 1 }, ...]', answer: CalendarDay, params: { date: dateParam } },
  getMinWorkedWeek: {
    path: '/api/getMinWorkedWeek/{agentId}/{date}',
    summary: 'Minutes the agent works in the Sunday-to-Saturday week holding the date, less meal breaks: [{ minutesWorked }]',
    answer: MinutesWorked,
    params: { ...AGENT, date: dateParam },
    ...FORBIDDEN_OR_MISSING,
  },
  getQAInDay: {
    path: '/api/getQAInDay/{agentId}/{date}',
    summary: 'Minutes of QA Review (61) shifts the agent works on the Eastern date: [{ minutesWorked }]',
    answer: MinutesWorked,
    params: { ...AGENT, date: dateParam },
    ...FORBIDDEN_OR_MISSING,
  },
  lookupCustService: {
    path: '/api/lookupCustService/{id}',
    answer: ShiftItem,
    summary: 'The shift, or its sub-shifts, of type 23 (Customer Service Helper): [] means not a helper shift',
    params: ID,
    ...FORBIDDEN_OR_MISSING,
  },
  lookupLunchCombine: {
    path: '/api/lookupLunchCombine/{id}',
    answer: ShiftItem,
    summary: "The shift's meal breaks (parameter mealBreakShiftType), for the combine screen's meal-break check",
    params: ID,
    ...FORBIDDEN_OR_MISSING,
  },
});

/** Spec 1, 2 and 3 section 7: the reads the screens make to check a request before sending it. */
export const lookups = feature({
  name: 'lookups',
  reads: LOOKUP_READS,
  handlers: {
    lookupShift: shiftReader('id', (s): z.infer<typeof LookedUpShift> => ({
      id: s.id,
      scheduleId: s.parentId ?? s.id,
      agentId: s.agentId,
      shiftType: s.shiftType,
      coveringShift: s.isCovering,
      startDateTime: formatApiInstant(s.start),
      endDateTime: formatApiInstant(s.end),
    })),
    findOnePending: shiftReader('swapPendingShiftId', (s): z.infer<typeof TradeItem> => ({ timeScheduleItemID: s.parentId ?? s.id, startTime: formatApiInstant(s.start), endTime: formatApiInstant(s.end) })),
    getSwapTimeID: shiftReader('swapPendingShiftId', (s): z.infer<typeof TradeItemId> => ({ timeScheduleItemID: s.parentId ?? s.id })),
    areTheyWorking: async (c, ctx) => {
      const agent = await existingAgent(c, ctx);
      const { start, end } = spanAt(c);
      const shifts = await onSlice(emOf(ctx), 'a lookup', (world) => {
        const p = FACT_KINDS.get('scheduledOverlaps')?.params.parse({ agent, start, end, trimMinutes: TRIM_MINUTES }) as Parameters<typeof scheduledOverlapping>[1];
        return scheduledOverlapping(world, p);
      });
      return shifts.map(shiftItem);
    },
    getMin18HourPeriodAfter: (c, ctx) => period(c, ctx, 'after', false),
    getMin18HourPeriodBefore: (c, ctx) => period(c, ctx, 'before', false),
    getMin18HourPeriodAfterTrade: (c, ctx) => period(c, ctx, 'after', true),
    getMin18HourPeriodBeforeTrade: (c, ctx) => period(c, ctx, 'before', true),
    getCanCoverDOCS: async (c, ctx) => {
      const agentId = await readableAgent(c, ctx);
      const rows = await kyselyOf(emOf(ctx)).selectFrom('agents').select('can_cover_docs').where('agent_id', '=', agentId).execute();
      return rows.map((r) => ({ canCoverDOCS: apiFlag(r.can_cover_docs) }));
    },
    isSpanishOK: (c, ctx) => headCount(c, ctx, { spanish: true }),
    isSupOK: (c, ctx) => headCount(c, ctx, { group: SUPERVISOR_GROUP }),
    getDayDetailsAndBefore: (_c, ctx, { date }) => daysAround(ctx, date, -1),
    getDayDetailsAndAfter: (_c, ctx, { date }) => daysAround(ctx, date, 1),
    getMinWorkedWeek: (c, ctx) => onDate(c, ctx, { window: 'week', weekStartsOn: codesOf(ctx.rules).weekStartsOn }),
    getQAInDay: (c, ctx) => onDate(c, ctx, { window: 'day', shiftTypes: codesOf(ctx.rules).qaReviewShiftTypes }),
    lookupCustService: (c, ctx) => itemsOfTypes(c, ctx, [codesOf(ctx.rules).customerServiceHelperShiftType]),
    lookupLunchCombine: (c, ctx) => itemsOfTypes(c, ctx, [codesOf(ctx.rules).mealBreakShiftType]),
  },
});
