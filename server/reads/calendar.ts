import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { sql as kysql, type ExpressionBuilder } from 'kysely';
import { kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import type { Database } from '../db/database.ts';
import { parseDate, type Codes } from '../../engine/index.ts';
import { apiFlag, formatApiInstant } from './api-time.ts';
import type { ShiftRow } from './details.ts';
import { activeCoveragePosting, activePickupPosting, activePosting, selectCoveragePostings, selectOpenShifts, selectPickupPostings } from './records.ts';
import { epochMs, query, sql } from './sql.ts';
import type { CalendarDay, DayCount, Person as AgentName, ScheduledShift } from './shapes.ts';
import type { CoveragePosting, OpenShift, PickupPosting } from './shapes.ts';

/** The calendar's loads (spec 1 section 7, "Calendar loads"). */

interface ScheduledShiftRow extends ShiftRow {
  postingId: number | null;
  openToTrade: number | null;
  notes: string | null;
}

/**
 * The agent's shifts starting in the month (Eastern), each followed in time order by its meal
 * breaks; read by agent and start, then the breaks by their shift. The calendar is the screen
 * every person opens first and again after each action, so its statement is prepared once per
 * pooled connection with its plan kept (Database.query with a name) rather than sent through the
 * ORM with its values quoted in, which PostgreSQL parsed and planned anew on every load
 * (docs/performance.md, "The calendar's stall"). It stays hand-written SQL for that reason:
 * measured on the bench world (877,739 shift records), planning took 0.79-1.08 ms per load
 * unprepared against 0.03 ms prepared, for an execution of 0.29-0.39 ms; MikroORM's Kysely and
 * query builder send unnamed statements, planned on every load like the ORM's.
 */
export async function userMonthShifts(db: Pick<Database, 'query'>, codes: Codes, agentId: number, month: { from: string; to: string }, now: string): Promise<ScheduledShift[]> {
  const statement = sql`with mains as (
          select * from shifts
          where agent_id = ${agentId} and parent_id is null and start >= ${month.from}::timestamptz and start < ${month.to}::timestamptz
        ), items as (
          select * from mains
          union all
          select b.* from shifts b join mains m on b.parent_id = m.id where b.shift_type = ${codes.mealBreakShiftType}
        )
        select i.id, i.parent_id as "parentId", i.agent_id as "agentId", ${epochMs('i.start', 'start')}, ${epochMs('i."end"', 'end')},
          i.shift_type as "shiftType", i.pay_rate as "payRate", i.cots, i.is_covering as "isCovering",
          cp.id as "postingId", cp.open_to_trade as "openToTrade", cp.notes
        from items i
        left join lateral (
          select c.id, c.open_to_trade, c.notes from coverage_postings c
          where i.parent_id is null and c.shift_id = i.id and ${activePosting('c', now)}
          order by c.start, c.id
          limit 1
        ) cp on true
        order by i.start, i.parent_id nulls first, i.id`;
  const rows = (await db.query({ ...statement, name: 'user_month_shifts' })) as unknown as ScheduledShiftRow[];
  return rows.map((r) => {
    const start = formatApiInstant(r.start);
    const end = formatApiInstant(r.end);
    return {
      id: r.id,
      scheduleId: r.parentId ?? r.id,
      title: r.parentId === null ? ' My Shift' : 'Meal Break',
      start,
      endDateTime: end,
      startTime: start,
      endTime: end,
      notes: r.notes,
      isCovering: r.isCovering,
      payRate: r.payRate,
      cots: r.cots,
      agentID: r.agentId,
      openToTrade: r.openToTrade,
      type: r.shiftType,
      lookingForCoverageID: r.postingId,
    };
  });
}

/** Everyone else's active postings for coverage. */
export function otherCoveragePostings(em: EntityManager, agentId: number, now: string): Promise<CoveragePosting[]> {
  const at = new Date(now);
  return selectCoveragePostings(em, (eb) => eb.and([activeCoveragePosting(eb, at), eb('p.agent_id', '<>', agentId)]));
}

/** Everyone else's active postings to pick up hours. */
export function otherPickupPostings(em: EntityManager, agentId: number, now: string): Promise<PickupPosting[]> {
  const at = new Date(now);
  return selectPickupPostings(em, (eb) => eb.and([activePickupPosting(eb, at), eb('h.agent_id', '<>', agentId)]));
}


/** The calendar's "N Seeking Coverage" / "N Seeking Hours": everyone else's active postings per Eastern start date. */
export function seekingCounts(em: EntityManager, table: 'coverage_postings' | 'pickup_postings', agentId: number, now: string): Promise<DayCount[]> {
  const date = (eb: ExpressionBuilder<ServerDatabase, typeof table>) => kysql<string>`to_char(${eb.ref('start')} at time zone 'America/New_York', 'YYYY-MM-DD')`;
  return kyselyOf(em)
    .selectFrom(table)
    .select((eb) => [date(eb).as('date'), kysql<number>`count(*)::int`.as('count')])
    .where('ended_at', 'is', null)
    .where('end', '>', new Date(now))
    .where('agent_id', '<>', agentId)
    .groupBy(kysql`1`)
    .orderBy(kysql`1`)
    .execute();
}

/** Open shifts anyone may still claim: not ended, a slot left, not over; of the training types or of the others. */
export function pendingOpenShifts(em: EntityManager, codes: Codes, training: boolean, now: string): Promise<OpenShift[]> {
  const at = new Date(now);
  return selectOpenShifts(em, (eb) =>
    eb.and([eb('o.ended_at', 'is', null), eb('o.quantity_remaining', '>', 0), eb('o.end', '>', at), eb('o.type', training ? 'in' : 'not in', [...codes.trainingShiftTypes])]),
  );
}

export async function isSpanish(em: EntityManager, agentId: number): Promise<{ spanish: 'True' | 'False' }[]> {
  const rows = await kyselyOf(em).selectFrom('agents').select('spanish').where('agent_id', '=', agentId).execute();
  return rows.map((r) => ({ spanish: apiFlag(r.spanish) }));
}

/** Current staff, in initials order (byte order, as the screens list them). */
function currentStaff(em: EntityManager, now: string) {
  const at = new Date(now);
  return kyselyOf(em)
    .selectFrom('agents')
    .where((eb) => eb.or([eb('termination_date', 'is', null), eb('termination_date', '>', at)]))
    .orderBy('initials', (o) => o.collate('C'))
    .orderBy('agent_id');
}

/** Current staff (not past a termination), for "Select C/S": initials and full name. */
export async function agents(em: EntityManager, now: string): Promise<AgentName[]> {
  const rows = await currentStaff(em, now).select(['agent_id as agentId', 'initials', 'first_name as firstName', 'last_name as lastName']).execute();
  return rows.map((r) => ({ agentId: r.agentId, initials: r.initials, fullName: [r.firstName, r.lastName].filter(Boolean).join(' ') }));
}

/** Current Spanish-speaking staff: the calendar marks their postings ', bilingual'. */
export function spanishAgents(em: EntityManager, now: string): Promise<{ agentId: number; initials: string | null }[]> {
  return currentStaff(em, now).select(['agent_id as agentId', 'initials']).where('spanish', '=', true).execute();
}

/** The longest range calendarDays answers: the calendar's seven weeks, with room to spare. */
const CALENDAR_DAYS_MAX = 62;

/**
 * getDayDetails for every date of the calendar's view in one call: the dates from `from` to `to`
 * whose schedule is posted, each `{ date, holiday }` (a date not listed in `days` is an ordinary
 * posted day), so the month grid marks its holidays without a call per day.
 */
export async function calendarDays(em: EntityManager, from: string, to: string): Promise<CalendarDay[]> {
  const span = parseDate(to) - parseDate(from);
  if (span < 0) throw new ApiError('BAD_INPUT', 'to: must be on or after from');
  if (span >= CALENDAR_DAYS_MAX) throw new ApiError('BAD_INPUT', `to: must be less than ${CALENDAR_DAYS_MAX} days after from`);
  // SQL text: the days come from generate_series with a named column (`g(day)`), which Kysely
  // can only write as `sql` fragments; a typed query of fragments is no clearer than the text.
  const rows = await query<{ date: string; holiday: boolean }>(
    em,
    sql`select to_char(g.day, 'YYYY-MM-DD') as date, coalesce(d.holiday, false) as holiday
        from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') as g(day)
        left join days d on d.date = g.day::date
        where coalesce(d.schedule_posted, true)
        order by g.day`,
  );
  return rows.map((r) => ({ date: r.date, holiday: r.holiday ? 1 : 0 }));
}
