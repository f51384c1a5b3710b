import { DateTime } from 'luxon';
import { hasFlag, WAITS_FOR_RESERVATION, type Roles } from '../../../../engine/roles.ts';
import type { CoveragePosting, MonthShift, OpenShift, PickupPosting } from '../../api-types.ts';
import { BUSINESS_ZONE, fromApi } from '../../time.ts';
import { monthGridDays } from '../../ui/month-days.ts';

/**
 * The Calendar screen's facts, apart from React: the spec's constants (spec 1 "Calendar screen"
 * and sections 3, 6, 9), the days of the 7-week view, the filters, and what each day cell shows.
 * Days are the person's own (the zone they see times in); the spec's shift windows are the call
 * centre's, in Eastern time.
 */

// ---- Spec constants ----------------------------------------------------------------------------

export type View = 'mine' | 'cs' | 'span' | 'train' | 'supv' | 'custserv' | 'searchIndividual';
export type SecondFilter = 'none' | 'first' | 'second' | 'third' | 'trades' | 'cov';

/** The 'Shift Filter' choices, in the spec's order; which appear is rules/roles.json's calendarViews. */
export const VIEW_LABELS: Record<View, string> = {
  mine: 'Mine',
  cs: 'Call Specialist Available',
  span: 'Spanish Required Available',
  train: 'Training Available',
  supv: 'Supervisor Available',
  custserv: 'Cust. Service Available',
  searchIndividual: 'Search For Individual',
};

export const SECOND_FILTER_LABELS: Record<SecondFilter, string> = {
  none: 'All Shifts',
  first: '1st Shift',
  second: '2nd Shift',
  third: '3rd Shift',
  trades: 'Only Trades',
  cov: 'Only Coverage',
};

/** The views with no Second Filter (spec 1 "Calendar screen"). */
export const NO_SECOND_FILTER: readonly View[] = ['mine', 'searchIndividual'];

/**
 * The posting and open-shift types each "Available" view lists (spec 1 section 3's codes: 0 call
 * specialist, 1 Spanish required, 9 supervisor, 15 customer service). The Training view's types
 * are rules/roles.json's trainingViewTypes.
 */
const VIEW_TYPES: Partial<Record<View, readonly number[]>> = { cs: [0], span: [1], supv: [9], custserv: [15] };


/** The calendar's word for a pay day (spec 1 sections 2 and 9). */
export const PAY_DAY_LABEL = 'Pay Day';

/** The payroll calendar: rules/parameters.json payDayFirst and payPeriodDays. */
export interface PayDays {
  first: string;
  everyDays: number;
}

/**
 * Spec 1 "Calendar screen": the holiday markers' words, and the short forms narrow screens show
 * (empty: nothing there).
 */
const HOLIDAY_MARKERS = {
  holiday: { long: 'Holiday - Triple Pay', short: 'Hol.' },
  /** Holidays whose premium covers part of the day only, by month-day. */
  partDay: { '12-24': { long: '7p ET-12a ET, Triple Pay', short: 'Hol.' } } as Record<string, Marker>,
  daylightSavingEnd: [
    { long: 'Daylight Savings End', short: 'DST' },
    { long: '2a ET, Minus Hour', short: '' },
  ],
} as const;

export interface Marker {
  long: string;
  short: string;
}

/** Spec 1 section 9: shift filters by start hour, Eastern (minutes of the day). */
const SHIFT_WINDOWS = { firstFrom: 7 * 60, secondFrom: 15 * 60, thirdFrom: 23 * 60 } as const;

const CALENDAR_WEEKS = 7;

/** 'On probation until {month day} 11:59 PM' */
export function probationText(date: string): string {
  return `On probation until ${DateTime.fromISO(date).toLocaleString({ month: 'long', day: 'numeric' }, { locale: 'en-US' })} 11:59 PM`;
}

// ---- Days ----------------------------------------------------------------------------------------

/** A calendar date as yyyy-MM-dd (UTC arithmetic: dates, not instants). */
const dateOf = (text: string): DateTime => DateTime.fromISO(text, { zone: 'utc' });

/** The person's day an API instant falls on. */
function dayOfInstant(text: string): string {
  return fromApi(text).toISODate() ?? '';
}

/** The view's 49 days: the weeks (Sunday first) from the one holding the month's first day. */
export function viewDays(month: string): string[] {
  return monthGridDays(month, CALENDAR_WEEKS);
}

/** The months (yyyy-MM) the view's days touch, for userMonthShifts. */
export function monthsOf(days: string[]): string[] {
  return [...new Set(days.map((d) => d.slice(0, 7)))];
}

export function shiftMonth(month: string, by: number): string {
  return dateOf(`${month}-01`).plus({ months: by }).toFormat('yyyy-MM');
}

export function monthTitle(month: string): string {
  return dateOf(`${month}-01`).toLocaleString({ month: 'long', year: 'numeric' }, { locale: 'en-US' });
}

/**
 * Pay days from the first one on, one every period, with no end: the spec lists the 26 of its
 * year (to 2026-04-24), and payroll goes on after it (docs/decisions.md, "Calendar").
 */
export function isPayDay(date: string, payDays: PayDays | null): boolean {
  if (!payDays) return false;
  const days = Math.round(dateOf(date).diff(dateOf(payDays.first), 'days').days);
  return days >= 0 && days % payDays.everyDays === 0;
}

/** The Eastern day on which the clocks go back (its end is an hour behind its start). */
function isDaylightSavingEnd(date: string): boolean {
  const start = DateTime.fromISO(date, { zone: BUSINESS_ZONE });
  return start.endOf('day').offset < start.offset;
}

/** The purple markers of a day: a holiday's (from the server's days) and the daylight-saving end. */
export function dayMarkers(date: string, holiday: boolean): Marker[] {
  const markers: Marker[] = [];
  if (holiday) markers.push(HOLIDAY_MARKERS.partDay[date.slice(5)] ?? HOLIDAY_MARKERS.holiday);
  if (isDaylightSavingEnd(date)) markers.push(...HOLIDAY_MARKERS.daylightSavingEnd);
  return markers;
}

// ---- Filters -------------------------------------------------------------------------------------

export interface Filters {
  view: View;
  second: SecondFilter;
  /** Search For Individual: the agent chosen in 'Select C/S'. */
  individual: number | null;
  /** rules/roles.json for the viewer. */
  openShiftTypes: readonly number[];
  trainingViewTypes: readonly number[];
}

/** Minutes of the Eastern day of an API instant ("YYYY-MM-DD HH:mm..." or ISO with its offset). */
function easternMinutes(text: string): number {
  return Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16));
}

/** Spec 1 section 9's 1st, 2nd and 3rd shift, by the Eastern start (and end for the 3rd). */
export function inShiftWindow(which: 'first' | 'second' | 'third', start: string, end: string): boolean {
  const from = easternMinutes(start);
  if (which === 'first') return from >= SHIFT_WINDOWS.firstFrom && from < SHIFT_WINDOWS.secondFrom;
  if (which === 'second') return from >= SHIFT_WINDOWS.secondFrom && from < SHIFT_WINDOWS.thirdFrom;
  const spansMidnight = end.slice(0, 10) !== start.slice(0, 10);
  return from < SHIFT_WINDOWS.firstFrom || easternMinutes(end) >= SHIFT_WINDOWS.thirdFrom || spansMidnight;
}

type Kind = 'coverage' | 'hours' | 'open';

/**
 * The Second Filter on one record: the shift windows on its times; Only Trades keeps postings for
 * coverage open to a trade (openToTrade 1 or 2), Only Coverage everything but trades-only postings.
 */
function passesSecond(second: SecondFilter, kind: Kind, start: string, end: string, openToTrade: number | null): boolean {
  switch (second) {
    case 'none':
      return true;
    case 'first':
    case 'second':
    case 'third':
      return inShiftWindow(second, start, end);
    case 'trades':
      return kind === 'coverage' && openToTrade !== 0;
    case 'cov':
      return kind !== 'coverage' || openToTrade !== 2;
  }
}

/** The types a view lists for postings (null: any type). */
function viewTypes(f: Filters): readonly number[] | null {
  if (f.view === 'train') return f.trainingViewTypes;
  return VIEW_TYPES[f.view] ?? null;
}

function keep(f: Filters, kind: Kind, r: { agentID?: number | null; type: number; startTime: string; endTime: string }, openToTrade: number | null): boolean {
  if (f.view === 'searchIndividual') return f.individual !== null && r.agentID === f.individual;
  const types = viewTypes(f);
  if (types && !types.includes(r.type)) return false;
  return f.view === 'mine' || passesSecond(f.second, kind, r.startTime, r.endTime, openToTrade);
}

export function filterCoverage(f: Filters, rows: CoveragePosting[]): CoveragePosting[] {
  return rows.filter((r) => keep(f, 'coverage', r, r.openToTrade));
}

export function filterHours(f: Filters, rows: PickupPosting[]): PickupPosting[] {
  return rows.filter((r) => keep(f, 'hours', r, null));
}

/**
 * Open shifts the viewer may see (rules/roles.json openShiftTypes: spec 1 section 6's visibility
 * and every type they may claim, edit or remove) in the view: none of an individual's.
 */
export function filterOpenShifts(f: Filters, rows: OpenShift[]): OpenShift[] {
  if (f.view === 'searchIndividual') return [];
  const visible = f.view === 'train' ? f.trainingViewTypes : f.openShiftTypes;
  return rows.filter((r) => visible.includes(r.type) && keep(f, 'open', r, null));
}

// ---- What a day shows ----------------------------------------------------------------------------

/** Rows by the day they start on. */
export function byDay<T extends { startTime: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const day = dayOfInstant(r.startTime);
    map.set(day, [...(map.get(day) ?? []), r]);
  }
  return map;
}

/** A shift and its meal breaks (userMonthShifts lists each break after its shift). */
export interface ShiftWithBreaks extends MonthShift {
  breaks: MonthShift[];
}

/**
 * Main shifts (not their meal breaks) with their breaks, once each even when months overlap: a
 * row under a shift is one of its meal breaks, since userMonthShifts lists no other sub-shift.
 */
export function mainShifts(rows: MonthShift[]): ShiftWithBreaks[] {
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  return unique
    .filter((r) => r.scheduleId === r.id)
    .map((s) => ({ ...s, breaks: unique.filter((b) => b.scheduleId === s.id && b.id !== s.id) }));
}

const minutesBetween = (start: string, end: string): number => fromApi(end).diff(fromApi(start), 'minutes').minutes;

/** The minutes scheduled: the shifts' lengths less their (unpaid) meal breaks. */
export function scheduledMinutes(shifts: ShiftWithBreaks[]): number {
  let total = 0;
  for (const s of shifts) {
    total += minutesBetween(s.startTime, s.endTime);
    for (const b of s.breaks) total -= minutesBetween(b.startTime, b.endTime);
  }
  return Math.max(0, Math.round(total));
}

/** '** 1 Open Shift **' / '** N Open Shifts **' */
export function openShiftsText(n: number): string {
  return `** ${n} Open Shift${n === 1 ? '' : 's'} **`;
}

/** Whether the viewer has a shift to offer someone seeking hours: one touching the start or end day of their request (spec 2, Offer Shift). */
export function hasShiftToOffer(mine: ShiftWithBreaks[], request: { startTime: string; endTime: string }): boolean {
  const days = new Set([dayOfInstant(request.startTime), dayOfInstant(request.endTime)]);
  return mine.some((s) => days.has(dayOfInstant(s.startTime)) || days.has(dayOfInstant(s.endTime)));
}

/**
 * The Type label of an open shift (spec 1 "Calendar screen"): an assistant (roles.json's WAITS_FOR_RESERVATION)
 * sees an Open Supervisor shift's reservation while it lasts: reserved to its end, 'Sups ONLY, No
 * Assistants'; else 'Assistants Claim After {date time}'. Null: the type's own name, and until
 * the rule set (`roles`) has loaded.
 */
export function reservationLabel(
  open: Pick<OpenShift, 'assistantAfterDate' | 'endTime'>,
  viewer: { agentType: number; spanish: boolean },
  roles: Roles | null,
  now: DateTime,
  showDateTime: (t: string) => string,
): string | null {
  if (!open.assistantAfterDate || !roles || !hasFlag(roles, WAITS_FOR_RESERVATION, viewer)) return null;
  const after = fromApi(open.assistantAfterDate);
  if (after <= now) return null;
  return after >= fromApi(open.endTime) ? 'Sups ONLY, No Assistants' : `Assistants Claim After ${showDateTime(open.assistantAfterDate)}`;
}

/**
 * Request Cut: the shift starts within the rules' cut window (rules/parameters.json
 * cutRequestWindowMinutes, 24 hours) or is under way, and has not ended (spec 1 sections 6 and 9).
 */
export function inCutWindow(shift: { startTime: string; endTime: string }, now: DateTime, windowMinutes: number): boolean {
  return fromApi(shift.startTime).diff(now, 'minutes').minutes <= windowMinutes && fromApi(shift.endTime) > now;
}
