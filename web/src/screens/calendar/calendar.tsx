import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParameter, useTextParameter } from '../../engine.ts';
import { navigate, useSearch } from '../../router.tsx';
import { allowed, useAgent } from '../../session.tsx';
import { fromApi, hoursAndMinutes, todayEastern } from '../../time.ts';
import { ErrorText, Field, Loading, Page } from '../../ui/components.tsx';
import { askWhoCouldTake, DayPanel, useMayEditOpen, whoCouldTakeAsked } from './day-panel.tsx';
import {
  byDay,
  dayMarkers,
  filterCoverage,
  filterHours,
  filterOpenShifts,
  isPayDay,
  mainShifts,
  monthsOf,
  monthTitle,
  NO_SECOND_FILTER,
  probationText,
  SECOND_FILTER_LABELS,
  shiftMonth,
  VIEW_LABELS,
  viewDays,
  type Filters,
  type SecondFilter,
  type View,
} from './model.ts';
import { CalendarMonth, type DayCell } from './month-grid.tsx';
import type { UserDetails } from '../../api-types.ts';
import { read, useRead } from '../../queries.ts';

/**
 * The Calendar screen (spec 1 "Calendar screen"): greeting, probation banner, time balances, the
 * 7-week month view with each day's events, the two filters and the individual search, and the
 * chosen day's panel. What is chosen is the address (?date=&month=&view=&second=&agent=, the month
 * only when it is not the day's), each choice a step of the history: a reload, Back and Forward,
 * or coming back from a screen the day panel leads to, show the same month and day.
 */

interface Chosen {
  month: string;
  day: string | null;
  view: View;
  second: SecondFilter;
  individual: number | null;
}

const isView = (v: unknown): v is View => typeof v === 'string' && v in VIEW_LABELS;
const isSecond = (v: unknown): v is SecondFilter => typeof v === 'string' && v in SECOND_FILTER_LABELS;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function fromAddress(search: string): Chosen {
  const q = new URLSearchParams(search);
  // `day` is the address's older name for the date: links kept from before still open their day.
  const day = q.get('date') ?? q.get('day');
  const validDay = day && DATE.test(day) && fromApi(`${day} 12:00`).isValid ? day : null;
  const month = q.get('month');
  const agent = Number(q.get('agent'));
  return {
    month: month && MONTH.test(month) ? month : (validDay ?? todayEastern()).slice(0, 7),
    day: validDay,
    view: isView(q.get('view')) ? (q.get('view') as View) : 'mine',
    second: isSecond(q.get('second')) ? (q.get('second') as SecondFilter) : 'none',
    individual: Number.isInteger(agent) && agent > 0 ? agent : null,
  };
}

function toAddress(c: Chosen): string {
  const q = new URLSearchParams();
  if (c.day) q.set('date', c.day);
  if (c.month !== (c.day ?? todayEastern()).slice(0, 7)) q.set('month', c.month);
  if (c.view !== 'mine') q.set('view', c.view);
  if (c.second !== 'none') q.set('second', c.second);
  if (c.individual !== null) q.set('agent', String(c.individual));
  const search = q.toString();
  return search ? `/calendar?${search}` : '/calendar';
}

const byStart = <T extends { startTime: string }>(rows: T[]): T[] => [...rows].sort((a, b) => fromApi(a.startTime).toMillis() - fromApi(b.startTime).toMillis());

/** The reads the calendar shows: the person's, the three months the view spans, and the day's postings of everyone. */
function useCalendarReads(id: number, days: string[], spanish: boolean, searching: boolean) {
  const months = monthsOf(days);
  const monthRead = (i: number) => (months[i] ? read('userMonthShifts', id, months[i]) : null);
  const details = useRead(read('getUserDetails', id));
  const month0 = useRead(monthRead(0));
  const month1 = useRead(monthRead(1));
  const month2 = useRead(monthRead(2));
  const othersCoverage = useRead(read('otherDetailedUsersPendingShifts', id));
  const myCoverage = useRead(read('userPendingShifts', id));
  const othersHours = useRead(read('otherDetailedUsersLookingForShifts', id));
  const myHours = useRead(read('myRequestsToPickUp', id));
  const open = useRead(read('pendingOpenShifts'));
  const openTraining = useRead(read('pendingOpenTrainingShifts'));
  const calendarDays = useRead(read('getCalendarDays', days[0] ?? '', days[days.length - 1] ?? ''));
  const spanishAgents = useRead(spanish ? read('getAllSpanishAgents') : null);
  const agents = useRead(searching ? read('getAgents') : null);

  const loads = [details, month0, month1, month2, othersCoverage, myCoverage, othersHours, myHours, open, openTraining, calendarDays, spanishAgents, agents];
  const errors = [...new Set(loads.map((l) => l.error).filter((e): e is string => e !== null))];
  const loading = loads.some((l) => l.loading);
  return { details, month0, month1, month2, othersCoverage, myCoverage, othersHours, myHours, open, openTraining, calendarDays, spanishAgents, agents, errors, loading };
}

/** The greeting, the probation banner and the balances (spec 1 "Calendar screen"). */
function Greeting({ firstName, probation, details }: { firstName: string; probation: string | null; details: UserDetails | null }): ReactNode {
  return (
    <>
      <p className="calendar-greeting">Hello, {firstName}!</p>
      {probation && probation >= todayEastern() && (
        <p className="banner" role="status">
          {probationText(probation)}
        </p>
      )}
      {details && (
        <p className="calendar-balances">
          <span>
            <strong>Personal Time:</strong> {hoursAndMinutes(details.personalTime)}
          </span>{' '}
          <span>
            <strong>Vacation Time:</strong> {hoursAndMinutes(details.vacationTime)}
          </span>
        </p>
      )}
    </>
  );
}

/** The view's filters: the view itself, its second filter, and the person searched for. */
function CalendarFilters(props: {
  views: View[];
  view: View;
  second: SecondFilter;
  individual: number | null;
  agents: { agentId: number; initials: string | null; fullName: string }[] | null;
  choose: (patch: Partial<Chosen>) => void;
}): ReactNode {
  const { views, view, second, choose } = props;
  return (
      <div className="calendar-filters">
        <Field label="Shift Filter">
          {(fid) => (
            <select id={fid} value={view} onChange={(e) => choose({ view: e.target.value as View })}>
              {views.map((v) => (
                <option key={v} value={v}>
                  {VIEW_LABELS[v]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!NO_SECOND_FILTER.includes(view) && (
          <Field label="Second Filter">
            {(fid) => (
              <select id={fid} value={second} onChange={(e) => choose({ second: e.target.value as SecondFilter })}>
                {(Object.keys(SECOND_FILTER_LABELS) as SecondFilter[]).map((s) => (
                  <option key={s} value={s}>
                    {SECOND_FILTER_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {view === 'searchIndividual' && (
          <Field label="Select C/S">
            {(fid) => (
              <select id={fid} value={props.individual ?? ''} onChange={(e) => choose({ individual: e.target.value ? Number(e.target.value) : null })}>
                <option value="">Choose a person</option>
                {(props.agents ?? []).map((a) => (
                  <option key={a.agentId} value={a.agentId}>
                    {a.initials ?? ''} {a.fullName}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
  );
}

export function CalendarScreen(): ReactNode {
  const me = useAgent();
  const id = me.agentId;
  const client = useQueryClient();
  const mayEditOpen = useMayEditOpen();
  const chosen = fromAddress(useSearch());
  // The screen stays where it is; the address (and so the history) takes the choice.
  const choose = (patch: Partial<Chosen>): void => navigate(toAddress({ ...chosen, ...patch }), { scroll: false });

  const granted = allowed(me.permissions, 'calendarViews');
  const views = (Object.keys(VIEW_LABELS) as View[]).filter((v) => granted.includes(v));
  const view: View = views.includes(chosen.view) ? chosen.view : 'mine';
  const second: SecondFilter = NO_SECOND_FILTER.includes(view) ? 'none' : chosen.second;

  const days = viewDays(chosen.month);
  const payDayFirst = useTextParameter('payDayFirst');
  const payPeriodDays = useParameter('payPeriodDays');
  const payDays = payDayFirst !== null && payPeriodDays !== null ? { first: payDayFirst, everyDays: payPeriodDays } : null;
  const { details, month0, month1, month2, othersCoverage, myCoverage, othersHours, myHours, open, openTraining, calendarDays, spanishAgents, agents, errors, loading } = useCalendarReads(id, days, me.spanish, view === 'searchIndividual');

  const filters: Filters = {
    view,
    second,
    individual: chosen.individual,
    openShiftTypes: allowed(me.permissions, 'openShiftTypes').map(Number),
    trainingViewTypes: allowed(me.permissions, 'trainingViewTypes').map(Number),
  };
  const myShifts = mainShifts([...(month0.data ?? []), ...(month1.data ?? []), ...(month2.data ?? [])]);
  const coverage = byStart(filterCoverage(filters, [...(othersCoverage.data ?? []), ...(myCoverage.data ?? [])]));
  const hours = byStart(filterHours(filters, [...(othersHours.data ?? []), ...(myHours.data ?? [])]));
  const opens = byStart(filterOpenShifts(filters, [...(open.data ?? []), ...(openTraining.data ?? [])]));

  const shiftsByDay = byDay(myShifts);
  const coverageByDay = byDay(coverage);
  const hoursByDay = byDay(hours);
  const opensByDay = byDay(opens);
  const holidays = new Set((calendarDays.data ?? []).filter((d) => d.holiday === 1).map((d) => d.date));
  const cells: DayCell[] = days.map((date) => ({
    date,
    myShifts: view === 'mine' ? (shiftsByDay.get(date) ?? []) : [],
    coverage: coverageByDay.get(date)?.length ?? 0,
    hours: hoursByDay.get(date)?.length ?? 0,
    open: opensByDay.get(date)?.length ?? 0,
    payDay: isPayDay(date, payDays),
    markers: dayMarkers(date, holidays.has(date)),
  }));

  const probation = details.data?.probationUntil ?? me.probationUntil;
  return (
    <Page title="Calendar">
      <Greeting firstName={me.firstName} probation={probation} details={details.data} />

      <CalendarFilters views={views} view={view} second={second} individual={chosen.individual} agents={agents.data} choose={choose} />

      {errors.map((e) => (
        <ErrorText key={e} message={e} />
      ))}
      {loading && <Loading what="Loading the calendar" />}

      <CalendarMonth
        title={monthTitle(chosen.month)}
        cells={cells}
        month={chosen.month}
        selected={chosen.day}
        onSelect={(day) => {
          askWhoCouldTake(client, whoCouldTakeAsked({ coverage: coverageByDay.get(day) ?? [], hours: hoursByDay.get(day) ?? [], opens: opensByDay.get(day) ?? [] }, id, mayEditOpen));
          choose({ day });
        }}
        onMonth={(by) => {
          const month = shiftMonth(chosen.month, by);
          // The panel's day stays open only while the view (and its loaded shifts) holds it.
          choose({ month, day: chosen.day && viewDays(month).includes(chosen.day) ? chosen.day : null });
        }}
      />

      {chosen.day && (
        <DayPanel
          date={chosen.day}
          loading={loading}
          myShifts={shiftsByDay.get(chosen.day) ?? []}
          allMyShifts={myShifts}
          coverage={coverageByDay.get(chosen.day) ?? []}
          hours={hoursByDay.get(chosen.day) ?? []}
          opens={opensByDay.get(chosen.day) ?? []}
          bilingual={new Set(me.spanish ? (spanishAgents.data ?? []).map((a) => a.agentId) : [])}
        />
      )}
    </Page>
  );
}
