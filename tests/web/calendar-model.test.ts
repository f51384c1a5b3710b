import { DateTime, Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import {
  dayMarkers,
  filterCoverage,
  filterHours,
  filterOpenShifts,
  hasShiftToOffer,
  inCutWindow,
  inShiftWindow,
  isPayDay,
  mainShifts,
  monthsOf,
  openShiftsText,
  probationText,
  reservationLabel,
  scheduledMinutes,
  viewDays,
  type Filters,
} from '../../web/src/screens/calendar/model.ts';
import type { CoveragePosting, MonthShift, OpenShift, PickupPosting } from '../../web/src/api-types.ts';
import type { Roles } from '../../engine/index.ts';

// The calendar's facts (spec 1 "Calendar screen", sections 6 and 9) for a person in Eastern time.
let zone: typeof Settings.defaultZone;
beforeAll(() => {
  zone = Settings.defaultZone;
  Settings.defaultZone = 'America/New_York';
});
afterAll(() => {
  Settings.defaultZone = zone;
});

describe('the 7-week view', () => {
  it('starts on the Sunday of the week holding the first of the month and lasts 49 days', () => {
    const days = viewDays('2025-11');
    expect(days).toHaveLength(49);
    expect([days[0], days[6], days[48]]).toEqual(['2025-10-26', '2025-11-01', '2025-12-13']);
    expect(viewDays('2026-02')[0]).toBe('2026-02-01');
    expect(monthsOf(viewDays('2025-03'))).toEqual(['2025-02', '2025-03', '2025-04']);
  });

  it("marks the spec's 26 pay days every 14 days from 2025-05-09 (rules/parameters.json), and payroll goes on after them", () => {
    const rules = loadRulesDir();
    const payDays = { first: rules.parameter('payDayFirst') as string, everyDays: rules.numberParameter('payPeriodDays') };
    const start = DateTime.fromISO('2025-01-01');
    const marked = Array.from({ length: 800 }, (_, i) => start.plus({ days: i }).toISODate() ?? '').filter((d) => isPayDay(d, payDays));
    expect(marked.filter((d) => d <= '2026-04-24')).toHaveLength(26);
    expect([marked[0], marked[1], marked[25], marked[26], marked[27]]).toEqual(['2025-05-09', '2025-05-23', '2026-04-24', '2026-05-08', '2026-05-22']);
    // Across daylight-saving changes and years: still every 14 days.
    expect(isPayDay('2026-11-20', payDays)).toBe(true);
    expect(isPayDay('2027-12-31', payDays)).toBe(true);
    expect(isPayDay('2026-11-27', payDays)).toBe(false);
    // Until the rule files have loaded, no day is marked.
    expect(isPayDay('2025-05-09', null)).toBe(false);
  });

  it("marks holidays with the spec's words, Christmas Eve's part day, and the daylight-saving end from the time zone", () => {
    const long = (date: string, holiday: boolean): string[] => dayMarkers(date, holiday).map((m) => m.long);
    expect(long('2025-12-25', true)).toEqual(['Holiday - Triple Pay']);
    expect(long('2025-12-24', true)).toEqual(['7p ET-12a ET, Triple Pay']);
    expect(long('2025-11-02', false)).toEqual(['Daylight Savings End', '2a ET, Minus Hour']);
    expect(long('2026-11-01', false)).toEqual(['Daylight Savings End', '2a ET, Minus Hour']);
    expect(long('2025-03-09', false)).toEqual([]);
    expect(long('2025-11-03', false)).toEqual([]);
  });

  it('writes the probation banner and the open-shift counts as the spec does', () => {
    expect(probationText('2025-12-05')).toBe('On probation until December 5 11:59 PM');
    expect(openShiftsText(1)).toBe('** 1 Open Shift **');
    expect(openShiftsText(3)).toBe('** 3 Open Shifts **');
  });
});

const shift = (id: number, start: string, end: string, extra: Partial<MonthShift> = {}): MonthShift => ({
  id,
  scheduleId: id,
  title: ' My Shift',
  start: `${start}:00.0`,
  endDateTime: `${end}:00.0`,
  startTime: `${start}:00.0`,
  endTime: `${end}:00.0`,
  notes: null,
  agentID: 100,
  openToTrade: null,
  isCovering: false,
  payRate: 0,
  cots: 0,
  type: 0,
  lookingForCoverageID: null,
  ...extra,
});

describe("the day's own shifts", () => {
  it('counts the hours scheduled less the meal breaks, once per shift when two months list it', () => {
    const rows = [
      shift(1, '2025-11-02 06:00', '2025-11-02 14:30'),
      shift(2, '2025-11-02 10:00', '2025-11-02 10:30', { scheduleId: 1, title: 'Meal Break', type: 5 }),
      shift(3, '2025-11-02 18:00', '2025-11-02 20:15'),
      shift(1, '2025-11-02 06:00', '2025-11-02 14:30'),
    ];
    const mains = mainShifts(rows);
    expect(mains.map((s) => [s.id, s.breaks.map((b) => b.id)])).toEqual([
      [1, [2]],
      [3, []],
    ]);
    expect(scheduledMinutes(mains)).toBe(8 * 60 + 135);
  });

  it('counts the real length of a shift across the fall-back night', () => {
    expect(scheduledMinutes(mainShifts([shift(1, '2025-11-02 00:00', '2025-11-02 04:00')]))).toBe(5 * 60);
  });

  it('allows Request Cut from the cut window (24 hours) before the start until the end', () => {
    const s = { startTime: '2025-10-16 08:00:00.0', endTime: '2025-10-16 16:00:00.0' };
    const at = (t: string): DateTime => DateTime.fromSQL(t, { zone: 'America/New_York' });
    expect(inCutWindow(s, at('2025-10-15 07:59'), 1440)).toBe(false);
    expect(inCutWindow(s, at('2025-10-15 08:00'), 1440)).toBe(true);
    expect(inCutWindow(s, at('2025-10-16 12:00'), 1440)).toBe(true);
    expect(inCutWindow(s, at('2025-10-16 16:00'), 1440)).toBe(false);
    // A window edited to 12 hours.
    expect(inCutWindow(s, at('2025-10-15 20:00'), 720)).toBe(true);
    expect(inCutWindow(s, at('2025-10-15 19:59'), 720)).toBe(false);
  });

  it('has a shift to offer someone seeking hours only with a shift on their start or end day', () => {
    const mine = mainShifts([shift(1, '2025-11-05 08:00', '2025-11-05 12:00')]);
    expect(hasShiftToOffer(mine, { startTime: '2025-11-05 00:00:00.0', endTime: '2025-11-05 23:59:00.0' })).toBe(true);
    expect(hasShiftToOffer(mine, { startTime: '2025-11-04 20:00:00.0', endTime: '2025-11-05 02:00:00.0' })).toBe(true);
    expect(hasShiftToOffer(mine, { startTime: '2025-11-06 08:00:00.0', endTime: '2025-11-06 12:00:00.0' })).toBe(false);
  });
});

describe('the filters', () => {
  const posting = (id: number, start: string, end: string, type: number, openToTrade: number, agentID = 200): CoveragePosting => ({
    lookingForCoverageID: id,
    timeScheduleItemID: id,
    agentID,
    initials: 'XY',
    agentType: 20,
    startTime: `${start}:00.0`,
    endTime: `${end}:00.0`,
    type,
    openToTrade,
    notes: null,
    payRate: 0,
    openToCots: 0,
  });
  const postings = [
    posting(1, '2025-11-05 07:00', '2025-11-05 15:00', 0, 0),
    posting(2, '2025-11-05 14:59', '2025-11-05 20:00', 0, 1),
    posting(3, '2025-11-05 15:00', '2025-11-05 22:59', 1, 2),
    posting(4, '2025-11-05 16:00', '2025-11-05 23:00', 9, 0, 300),
    posting(5, '2025-11-05 22:00', '2025-11-06 02:00', 0, 1),
    posting(6, '2025-11-05 06:59', '2025-11-05 12:00', 61, 0),
  ];
  const base: Filters = { view: 'cs', second: 'none', individual: null, openShiftTypes: [0, 1], trainingViewTypes: [61] };
  const ids = (f: Partial<Filters>): number[] => filterCoverage({ ...base, ...f }, postings).map((p) => p.lookingForCoverageID);

  it("lists each view's posting types; Mine lists every posting, Search For Individual one person's", () => {
    expect(ids({ view: 'mine', second: 'first' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids({ view: 'cs' })).toEqual([1, 2, 5]);
    expect(ids({ view: 'span' })).toEqual([3]);
    expect(ids({ view: 'supv' })).toEqual([4]);
    expect(ids({ view: 'train' })).toEqual([6]);
    expect(ids({ view: 'searchIndividual', individual: 300 })).toEqual([4]);
    expect(ids({ view: 'searchIndividual', individual: null })).toEqual([]);
  });

  it('takes 1st, 2nd and 3rd shift from the Eastern start hour, the 3rd also from a late end or a night', () => {
    expect(inShiftWindow('first', '2025-11-05 07:00:00.0', '2025-11-05 15:00:00.0')).toBe(true);
    expect(inShiftWindow('first', '2025-11-05 15:00:00.0', '2025-11-05 20:00:00.0')).toBe(false);
    expect(inShiftWindow('second', '2025-11-05 22:59:00.0', '2025-11-05 23:30:00.0')).toBe(true);
    expect(inShiftWindow('third', '2025-11-05 06:59:00.0', '2025-11-05 12:00:00.0')).toBe(true);
    expect(inShiftWindow('third', '2025-11-05 16:00:00.0', '2025-11-05 23:00:00.0')).toBe(true);
    expect(inShiftWindow('third', '2025-11-05 15:00:00.0', '2025-11-05 22:59:00.0')).toBe(false);
    expect(inShiftWindow('third', '2025-11-05 22:00:00.0', '2025-11-06 02:00:00.0')).toBe(true);
    expect(ids({ view: 'mine', second: 'none' }).length).toBe(6);
    expect(ids({ view: 'cs', second: 'first' })).toEqual([1, 2]);
    expect(ids({ view: 'cs', second: 'second' })).toEqual([5]);
    expect(ids({ view: 'cs', second: 'third' })).toEqual([5]);
  });

  it('keeps postings open to a trade for Only Trades, and all but trades-only ones for Only Coverage', () => {
    expect(ids({ view: 'cs', second: 'trades' })).toEqual([2, 5]);
    expect(ids({ view: 'span', second: 'cov' })).toEqual([]);
    expect(ids({ view: 'cs', second: 'cov' })).toEqual([1, 2, 5]);
    const hours: PickupPosting[] = [{ lookingToPickUpID: 1, agentID: 2, initials: 'AB', agentType: 20, startTime: '2025-11-05 08:00:00.0', endTime: '2025-11-05 12:00:00.0', type: 0, notes: null }];
    expect(filterHours({ ...base, second: 'trades' }, hours)).toEqual([]);
    expect(filterHours({ ...base, second: 'cov' }, hours)).toEqual(hours);
  });

  it("shows the open shifts of the viewer's visible types, the Training view's own types, and none for an individual", () => {
    const open = (id: number, type: number): OpenShift => ({
      lookingForCoverageID: id,
      agentID: null,
      openToTrade: 0,
      startTime: '2025-11-05 08:00:00.0',
      endTime: '2025-11-05 12:00:00.0',
      type,
      payRate: 0,
      openToCots: 0,
      quantityRemaining: 1,
      assistantAfterDate: null,
    });
    const all = [open(1, 0), open(2, 1), open(3, 9), open(4, 15), open(5, 61), open(6, 64)];
    const shown = (f: Partial<Filters>): number[] => filterOpenShifts({ ...base, ...f }, all).map((o) => o.lookingForCoverageID);
    expect(shown({ view: 'mine' })).toEqual([1, 2]);
    expect(shown({ view: 'mine', openShiftTypes: [0, 1, 9, 15, 61, 64, 65] })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shown({ view: 'cs', openShiftTypes: [0, 1, 9, 15, 61, 64, 65] })).toEqual([1]);
    expect(shown({ view: 'supv', openShiftTypes: [0, 1] })).toEqual([]);
    expect(shown({ view: 'train', trainingViewTypes: [61, 64, 65] })).toEqual([5, 6]);
    expect(shown({ view: 'searchIndividual', individual: 200 })).toEqual([]);
  });
});

describe("an Open Supervisor shift's label for assistants", () => {
  const open = (assistantAfterDate: string | null): OpenShift => ({
    lookingForCoverageID: 1,
    agentID: null,
    openToTrade: 0,
    startTime: '2025-11-05 17:00:00.0',
    endTime: '2025-11-05 23:00:00.0',
    type: 9,
    payRate: 0,
    openToCots: 0,
    quantityRemaining: 1,
    assistantAfterDate,
  });
  const now = DateTime.fromSQL('2025-11-04 12:00', { zone: 'America/New_York' });
  const show = (t: string): string => `at ${t}`;
  const roles = loadRulesDir().roles as Roles;
  const as = (agentType: number) => ({ agentType, spanish: false });

  it("reads 'Sups ONLY, No Assistants' when reserved to the end, else when assistants may claim", () => {
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(80), roles, now, show)).toBe('Sups ONLY, No Assistants');
    expect(reservationLabel(open('2025-11-04 17:00:00.0'), as(75), roles, now, show)).toBe('Assistants Claim After at 2025-11-04 17:00:00.0');
  });

  it('is the type name for everyone else, once the reservation has passed, and until the rules load', () => {
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(100), roles, now, show)).toBeNull();
    expect(reservationLabel(open('2025-11-04 11:00:00.0'), as(80), roles, now, show)).toBeNull();
    expect(reservationLabel(open(null), as(80), roles, now, show)).toBeNull();
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(80), null, now, show)).toBeNull();
  });

  it("follows rules/roles.json's assistantSupervisors, the group rules/claimOpenShift.json makes wait", () => {
    const edited: Roles = { ...roles, groups: { ...roles.groups, assistantSupervisors: { description: 'edited', who: [{ agentTypes: [80, 100] }] } } };
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(100), edited, now, show)).toBe('Sups ONLY, No Assistants');
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(75), edited, now, show)).toBeNull();
    expect(reservationLabel(open('2025-11-05 23:00:00.0'), as(80), edited, now, show)).toBe('Sups ONLY, No Assistants');
  });
});
