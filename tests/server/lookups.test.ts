import { beforeAll, describe, expect, it } from 'vitest';
import { codesOf, formatInstant, normalizeWorld, parseInstant, type Scenario } from '../../engine/index.ts';
import { SUPERVISOR_GROUP, TRIM_MINUTES } from '../../server/routes/lookups.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { actionScenarios, client, loadWorld, loadWorldAt, useTestServer } from './support.ts';

// Agents: 101 AB (the viewer in most tests), 102 CD (Spanish), 103 EF (supervisor, 100), 104 GH
// (Spanish, on a meal break at 10:00), 105 JK (Spanish supervisor, 101), 106 LM (account manager,
// 85, can cover DOCS), 107 NP (110: not a supervisor for head counts), 108 QR (Spanish, not on duty).
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD', spanish: true },
    { agentId: 103, agentType: 100, initials: 'EF' },
    { agentId: 104, agentType: 22, initials: 'GH', spanish: true },
    { agentId: 105, agentType: 101, initials: 'JK', spanish: true },
    { agentId: 106, agentType: 85, initials: 'LM', canCoverDOCS: true },
    { agentId: 107, agentType: 110, initials: 'NP' },
    { agentId: 108, agentType: 24, initials: 'QR', spanish: true },
  ],
  shifts: [
    // 101 on Wednesday 10/15: 8-16 with a meal break and a customer-service helper hour, then 18-22.
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 3, agentId: 101, start: '2025-10-15 14:00', end: '2025-10-15 15:00', shiftType: 23, parentId: 1 },
    { id: 4, agentId: 101, start: '2025-10-15 18:00', end: '2025-10-15 22:00', shiftType: 0, isCovering: true, payRate: 1 },
    // Across midnight into Friday 10/17.
    { id: 12, agentId: 101, start: '2025-10-16 23:00', end: '2025-10-17 03:00', shiftType: 0 },
    // The week of Sunday 10/19 to Saturday 10/25: QA 9-11 and 13-14 on Monday, a call shift 15-18,
    // and a Saturday night running into Sunday 10/26 (the next week).
    { id: 7, agentId: 101, start: '2025-10-20 09:00', end: '2025-10-20 11:00', shiftType: 61 },
    { id: 8, agentId: 101, start: '2025-10-20 13:00', end: '2025-10-20 14:00', shiftType: 61 },
    { id: 9, agentId: 101, start: '2025-10-20 15:00', end: '2025-10-20 18:00', shiftType: 0 },
    { id: 10, agentId: 101, start: '2025-10-25 22:00', end: '2025-10-26 02:00', shiftType: 0 },
    // Saturday 10/18: the week before.
    { id: 11, agentId: 101, start: '2025-10-18 20:00', end: '2025-10-18 23:00', shiftType: 0 },
    // The fall-back night: 22:00-06:00 is nine hours elapsed, less a 30-minute break.
    { id: 5, agentId: 101, start: '2025-11-01 22:00', end: '2025-11-02 06:00', shiftType: 0 },
    { id: 6, agentId: 101, start: '2025-11-02 03:00', end: '2025-11-02 03:30', shiftType: 5, parentId: 5 },
    // Others on 10/15, for head counts and trades.
    { id: 20, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 1 },
    { id: 21, agentId: 102, start: '2025-10-17 08:00', end: '2025-10-17 12:00', shiftType: 0 },
    { id: 30, agentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 9 },
    { id: 40, agentId: 104, start: '2025-10-15 09:00', end: '2025-10-15 17:00', shiftType: 1 },
    { id: 41, agentId: 104, start: '2025-10-15 10:00', end: '2025-10-15 10:30', shiftType: 5, parentId: 40 },
    { id: 50, agentId: 105, start: '2025-10-15 06:00', end: '2025-10-15 14:30', shiftType: 9 },
    { id: 70, agentId: 107, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 12 },
  ],
  days: [
    { date: '2025-12-24', holiday: true },
    { date: '2025-12-25', holiday: true },
    { date: '2026-01-01', holiday: true, schedulePosted: false },
  ],
  // CD posted shift 21; AB offers to cover it in a trade for shift 4, so CD may look AB's shift 4 up.
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 21, start: '2025-10-17 08:00', end: '2025-10-17 12:00', type: 0, openToTrade: 1 }],
  offers: [
    { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-17 08:00', end: '2025-10-17 12:00',
      swapShiftId: 4, swapStart: '2025-10-15 18:00', swapEnd: '2025-10-15 22:00', expiration: '2025-10-16 20:00' },
  ],
};

const server = useTestServer();
const api = client(server, '/api');
const { get } = api;
/** A lookup that must answer 200, by AB (101) unless someone else asks. */
const ok = (path: string, as = 101): Promise<unknown> => api.ok(path, as);

beforeAll(() => loadWorldAt(server, '2025-10-14 09:00', WORLD));

const t = (wall: string): string => `${wall}:00.0`;
const minutes = (n: number): unknown => [{ minutesWorked: n }];

describe('worked minutes', () => {
  it('getMin18HourPeriodAfter: the 18 hours from the instant, less meal breaks', async () => {
    // 8:00-16:00 less the break (450) and 18:00-22:00 (240); 23:00 on 10/16 is past 2:00.
    expect(await ok('/getMin18HourPeriodAfter/101/2025-10-15/08:00')).toEqual(minutes(690));
    // Clipped: from 15:00, one hour of the first shift and the whole second.
    expect(await ok('/getMin18HourPeriodAfter/101/2025-10-15/15:00')).toEqual(minutes(300));
    expect(await ok('/getMin18HourPeriodAfter/101/2025-10-14/00:00')).toEqual(minutes(0));
    // Seconds and the spec's fraction are read.
    expect(await ok('/getMin18HourPeriodAfter/101/2025-10-15/15:00:00.0')).toEqual(minutes(300));
  });

  it('getMin18HourPeriodBefore: the 18 hours up to the instant', async () => {
    expect(await ok('/getMin18HourPeriodBefore/101/2025-10-16/02:00')).toEqual(minutes(690));
    // [10/16 9:00, 10/17 3:00): only 23:00-3:00.
    expect(await ok('/getMin18HourPeriodBefore/101/2025-10-17/03:00')).toEqual(minutes(240));
  });

  it('the fall-back night is an hour longer than its wall clock: 22:00-06:00 is 540 minutes less the break', async () => {
    expect(await ok('/getMin18HourPeriodAfter/101/2025-11-01/22:00')).toEqual(minutes(510));
    expect(await ok('/getMin18HourPeriodBefore/101/2025-11-02/06:00')).toEqual(minutes(510));
    // 01:30 is its first pass (EDT): 5h30 elapsed to 06:00, less the break. The second pass, named
    // by its offset as the API writes it, is an hour later.
    expect(await ok('/getMin18HourPeriodAfter/101/2025-11-02/01:30')).toEqual(minutes(300));
    expect(await ok('/getMin18HourPeriodAfter/101/2025-11-02/01:30-05:00')).toEqual(minutes(240));
    // The 18 hours before 15:00 on 11/02 begin at 22:00 on 11/01 (elapsed), so the whole night counts.
    expect(await ok('/getMin18HourPeriodBefore/101/2025-11-02/15:00')).toEqual(minutes(510));
    expect(await ok('/getMin18HourPeriodBefore/101/2025-11-02/16:00')).toEqual(minutes(450));
  });

  it('the trade variants leave out the hours the agent gives away', async () => {
    expect(await ok('/getMin18HourPeriodAfterTrade/101/2025-10-15/08:00/2025-10-15/18:00/2025-10-15/22:00')).toEqual(minutes(450));
    expect(await ok('/getMin18HourPeriodBeforeTrade/101/2025-10-16/02:00/2025-10-15/08:00/2025-10-15/10:00')).toEqual(minutes(570));
    // Hours given away outside the window change nothing.
    expect(await ok('/getMin18HourPeriodAfterTrade/101/2025-10-15/08:00/2025-10-20/09:00/2025-10-20/11:00')).toEqual(minutes(690));
  });

  it('getMinWorkedWeek: the Sunday-to-Saturday week holding the date, clipped to it, less meal breaks', async () => {
    // 10/19-10/25: 120 + 60 + 180 of Monday and 22:00-24:00 of Saturday night.
    for (const date of ['2025-10-19', '2025-10-22', '2025-10-25']) expect(await ok(`/getMinWorkedWeek/101/${date}`), date).toEqual(minutes(480));
    // 10/12-10/18: 450 + 240 on 10/15, 23:00-3:00 across 10/16-17, 20:00-23:00 on Saturday 10/18.
    expect(await ok('/getMinWorkedWeek/101/2025-10-18')).toEqual(minutes(450 + 240 + 240 + 180));
    // 11/02-11/08 starts at midnight on the fall-back day: 00:00-06:00 is seven hours elapsed, less the break.
    expect(await ok('/getMinWorkedWeek/101/2025-11-02')).toEqual(minutes(390));
    // 10/26-11/01: the end of the Saturday night shift 10 and the start of the fall-back night.
    expect(await ok('/getMinWorkedWeek/101/2025-11-01')).toEqual(minutes(120 + 120));
  });

  it('getQAInDay: minutes of QA Review (61) shifts on the Eastern date', async () => {
    expect(await ok('/getQAInDay/101/2025-10-20')).toEqual(minutes(180));
    expect(await ok('/getQAInDay/101/2025-10-15')).toEqual(minutes(0));
  });

  it("supervisors and above read anyone's; another agent's own are theirs", async () => {
    expect(await ok('/getMin18HourPeriodAfter/101/2025-10-15/08:00', 103)).toEqual(minutes(690));
    expect(await ok('/getMinWorkedWeek/101/2025-10-22', 105)).toEqual(minutes(480));
    expect(await ok('/getMin18HourPeriodAfter/102/2025-10-15/08:00', 102)).toEqual(minutes(480));
  });
});

describe('areTheyWorking', () => {
  const shift1 = { id: 1, scheduleId: 1, shiftType: 0, startDateTime: t('2025-10-15 08:00'), endDateTime: t('2025-10-15 16:00') };
  const shift4 = { id: 4, scheduleId: 4, shiftType: 0, startDateTime: t('2025-10-15 18:00'), endDateTime: t('2025-10-15 22:00') };

  it('lists the shifts overlapping the window less a minute at each end; [] means free', async () => {
    expect(await ok('/areTheyWorking/101/2025-10-15/07:00/2025-10-15/23:00')).toEqual([shift1, shift4]);
    // Back to back on both sides: free.
    expect(await ok('/areTheyWorking/101/2025-10-15/16:00/2025-10-15/18:00')).toEqual([]);
    // Two minutes into the shift's last minute is still not an overlap after the trim; three is.
    expect(await ok('/areTheyWorking/101/2025-10-15/15:59/2025-10-15/18:00')).toEqual([]);
    expect(await ok('/areTheyWorking/101/2025-10-15/15:58/2025-10-15/18:00')).toEqual([shift1]);
    expect(await ok('/areTheyWorking/101/2025-10-15/21:58/2025-10-15/23:00')).toEqual([shift4]);
    // Inside the meal break the shift is still scheduled.
    expect(await ok('/areTheyWorking/101/2025-10-15/12:05/2025-10-15/12:25')).toEqual([shift1]);
  });

  it('hour 24 is hour 0 of the same date', async () => {
    const shift12 = { id: 12, scheduleId: 12, shiftType: 0, startDateTime: t('2025-10-16 23:00'), endDateTime: t('2025-10-17 03:00') };
    expect(await ok('/areTheyWorking/101/2025-10-17/24:30/2025-10-17/02:00')).toEqual([shift12]);
    expect(await ok('/areTheyWorking/101/2025-10-17/00:30/2025-10-17/02:00')).toEqual([shift12]);
  });

  it('the fall-back hour: a wall-clock time is its first pass, an offset names the second', async () => {
    const shift5 = { id: 5, scheduleId: 5, shiftType: 0, startDateTime: t('2025-11-01 22:00'), endDateTime: t('2025-11-02 06:00') };
    expect(await ok('/areTheyWorking/101/2025-11-02/01:30/2025-11-02/01:45')).toEqual([shift5]);
    expect(await ok('/areTheyWorking/101/2025-11-02/01:00-05:00/2025-11-02/01:30-05:00')).toEqual([shift5]);
    expect(await ok('/areTheyWorking/101/2025-11-02/06:00/2025-11-02/08:00')).toEqual([]);
  });
});

describe('head counts', () => {
  it('isSpanishOK: Spanish-OK agents on duty at the instant, not on a meal break; counts only', async () => {
    // 10:00: CD and JK; GH is on a break, QR not scheduled.
    expect(await ok('/isSpanishOK/2025-10-15/10:00')).toEqual([{ count: 2 }]);
    expect(await ok('/isSpanishOK/2025-10-15/10:30')).toEqual([{ count: 3 }]);
    // A shift's end is not on duty: JK leaves at 14:30.
    expect(await ok('/isSpanishOK/2025-10-15/14:30')).toEqual([{ count: 2 }]);
    expect(await ok('/isSpanishOK/2025-10-15/03:00')).toEqual([{ count: 0 }]);
  });

  it('isSupOK: supervisors (agent types 100 to 103) on duty at the instant', async () => {
    expect(await ok('/isSupOK/2025-10-15/10:00')).toEqual([{ count: 2 }]);
    expect(await ok('/isSupOK/2025-10-15/07:00')).toEqual([{ count: 1 }]);
    expect(await ok('/isSupOK/2025-10-15/15:00')).toEqual([{ count: 1 }]);
    expect(await ok('/isSupOK/2025-10-15/16:00')).toEqual([{ count: 0 }]);
  });
});

describe('days', () => {
  it('getDayDetailsAndBefore / getDayDetailsAndAfter: two days in date order, each { date, holiday }', async () => {
    expect(await ok('/getDayDetailsAndBefore/2025-12-25')).toEqual([{ date: '2025-12-24', holiday: 1 }, { date: '2025-12-25', holiday: 1 }]);
    expect(await ok('/getDayDetailsAndAfter/2025-12-25')).toEqual([{ date: '2025-12-25', holiday: 1 }, { date: '2025-12-26', holiday: 0 }]);
    expect(await ok('/getDayDetailsAndBefore/2025-12-24')).toEqual([{ date: '2025-12-23', holiday: 0 }, { date: '2025-12-24', holiday: 1 }]);
    // Across a year, and a holiday whose schedule is not posted yet is still a holiday.
    expect(await ok('/getDayDetailsAndAfter/2025-12-31')).toEqual([{ date: '2025-12-31', holiday: 0 }, { date: '2026-01-01', holiday: 1 }]);
    expect(await ok('/getDayDetailsAndBefore/2025-03-01')).toEqual([{ date: '2025-02-28', holiday: 0 }, { date: '2025-03-01', holiday: 0 }]);
  });
});

describe('agents and shifts', () => {
  it("getCanCoverDOCS: [{ canCoverDOCS: 'True' | 'False' }]; [] for no such agent", async () => {
    expect(await ok('/getCanCoverDOCS/101')).toEqual([{ canCoverDOCS: 'False' }]);
    expect(await ok('/getCanCoverDOCS/106', 106)).toEqual([{ canCoverDOCS: 'True' }]);
    expect(await ok('/getCanCoverDOCS/106', 103)).toEqual([{ canCoverDOCS: 'True' }]);
    expect(await ok('/getCanCoverDOCS/9999', 103)).toEqual([]);
  });

  it('lookupShift: the shift with its type, covering flag and times; a sub-shift names its main shift', async () => {
    expect(await ok('/lookupShift/4')).toEqual({
      id: 4, scheduleId: 4, agentId: 101, shiftType: 0, coveringShift: true, startDateTime: t('2025-10-15 18:00'), endDateTime: t('2025-10-15 22:00'),
    });
    expect(await ok('/lookupShift/3')).toEqual({
      id: 3, scheduleId: 1, agentId: 101, shiftType: 23, coveringShift: false, startDateTime: t('2025-10-15 14:00'), endDateTime: t('2025-10-15 15:00'),
    });
    // A posted shift is on everyone's calendar; supervisors see any.
    expect(await ok('/lookupShift/21', 104)).toMatchObject({ id: 21, agentId: 102 });
    expect(await ok('/lookupShift/40', 103)).toMatchObject({ id: 40, agentId: 104 });
  });

  it('findOnePending / getSwapTimeID: the shift offered in a trade, read by the poster before accepting', async () => {
    expect(await ok('/findOnePending/4', 102)).toEqual({ timeScheduleItemID: 4, startTime: t('2025-10-15 18:00'), endTime: t('2025-10-15 22:00') });
    expect(await ok('/getSwapTimeID/4', 102)).toEqual({ timeScheduleItemID: 4 });
    expect(await ok('/findOnePending/4', 101)).toEqual({ timeScheduleItemID: 4, startTime: t('2025-10-15 18:00'), endTime: t('2025-10-15 22:00') });
  });

  it('lookupCustService: the type-23 parts of a shift, [] for none; lookupLunchCombine: its meal breaks', async () => {
    const helper = { id: 3, scheduleId: 1, shiftType: 23, startDateTime: t('2025-10-15 14:00'), endDateTime: t('2025-10-15 15:00') };
    expect(await ok('/lookupCustService/1')).toEqual([helper]);
    expect(await ok('/lookupCustService/2')).toEqual([helper]);
    expect(await ok('/lookupCustService/4')).toEqual([]);
    expect(await ok('/lookupCustService/70', 107)).toEqual([]);
    expect(await ok('/lookupLunchCombine/1')).toEqual([{ id: 2, scheduleId: 1, shiftType: 5, startDateTime: t('2025-10-15 12:00'), endDateTime: t('2025-10-15 12:30') }]);
    expect(await ok('/lookupLunchCombine/5')).toEqual([{ id: 6, scheduleId: 5, shiftType: 5, startDateTime: t('2025-11-02 03:00'), endDateTime: t('2025-11-02 03:30') }]);
    expect(await ok('/lookupLunchCombine/4')).toEqual([]);
  });
});

describe('refusals', () => {
  const SCHEDULE = "You can only see your own schedule (supervisors and above: anyone's).";
  const SHIFT = 'You can only see your own shifts and the shifts in postings and offers you can see.';

  it.each([
    ['/getMin18HourPeriodAfter/102/2025-10-15/08:00', 101, SCHEDULE],
    ['/getMin18HourPeriodBefore/102/2025-10-15/08:00', 101, SCHEDULE],
    ['/getMin18HourPeriodAfterTrade/102/2025-10-15/08:00/2025-10-15/08:00/2025-10-15/09:00', 101, SCHEDULE],
    ['/getMin18HourPeriodBeforeTrade/102/2025-10-15/08:00/2025-10-15/08:00/2025-10-15/09:00', 101, SCHEDULE],
    ['/areTheyWorking/102/2025-10-15/08:00/2025-10-15/09:00', 101, SCHEDULE],
    ['/getMinWorkedWeek/101/2025-10-15', 102, SCHEDULE],
    ['/getQAInDay/101/2025-10-15', 102, SCHEDULE],
    ['/getCanCoverDOCS/106', 101, SCHEDULE],
    // An account manager (85) is below the supervisors.
    ['/getMin18HourPeriodAfter/101/2025-10-15/08:00', 106, SCHEDULE],
    // Someone else's shift that is neither posted nor in an offer of one's own.
    ['/lookupShift/1', 102, SHIFT],
    ['/lookupShift/20', 101, SHIFT],
    ['/findOnePending/4', 104, SHIFT],
    ['/getSwapTimeID/4', 104, SHIFT],
    ['/lookupCustService/1', 104, SHIFT],
    ['/lookupLunchCombine/1', 106, SHIFT],
  ])('%s as %i: 403', async (path, as, error) => {
    expect(await get(path, as)).toEqual({ status: 403, body: { error } });
  });

  it.each([
    ['/lookupShift/9999', 'There is no shift 9999.'],
    ['/findOnePending/9999', 'There is no shift 9999.'],
    ['/getSwapTimeID/9999', 'There is no shift 9999.'],
    ['/lookupCustService/9999', 'There is no shift 9999.'],
    ['/lookupLunchCombine/9999', 'There is no shift 9999.'],
    ['/getMin18HourPeriodAfter/9999/2025-10-15/08:00', 'There is no agent 9999.'],
    ['/areTheyWorking/9999/2025-10-15/08:00/2025-10-15/09:00', 'There is no agent 9999.'],
    ['/getMinWorkedWeek/9999/2025-10-15', 'There is no agent 9999.'],
    ['/getQAInDay/9999/2025-10-15', 'There is no agent 9999.'],
  ])('%s: 404 naming it', async (path, error) => {
    expect(await get(path, 103)).toEqual({ status: 404, body: { error } });
  });

  const TIME = 'must be a time as "HH:mm" (00:00 to 23:59, hour 24 read as 0), optionally with seconds and an offset';
  const DATE = 'must be a date that exists, as "YYYY-MM-DD"';
  it.each([
    ['/lookupShift/abc', 'id: must be a whole number from 1 to 2147483647'],
    ['/lookupShift/0', 'id: must be a whole number from 1 to 2147483647'],
    ['/findOnePending/1.5', 'swapPendingShiftId: must be a whole number from 1 to 2147483647'],
    ['/getSwapTimeID/99999999999', 'swapPendingShiftId: must be a whole number from 1 to 2147483647'],
    ['/lookupCustService/-1', 'id: must be a whole number from 1 to 2147483647'],
    ['/lookupLunchCombine/2147483648', 'id: must be a whole number from 1 to 2147483647'],
    ['/getCanCoverDOCS/AB', 'agentId: must be a whole number from 1 to 2147483647'],
    ['/getMin18HourPeriodAfter/x/2025-10-15/08:00', 'agentId: must be a whole number from 1 to 2147483647'],
    ['/getMin18HourPeriodAfter/101/2025-02-29/08:00', `date: ${DATE}`],
    ['/getMin18HourPeriodAfter/101/10-15-2025/08:00', 'date: must be a date as "YYYY-MM-DD"'],
    ['/getMin18HourPeriodAfter/101/2025-10-15/8:00', `time: ${TIME}`],
    ['/getMin18HourPeriodAfter/101/2025-10-15/25:00', `time: ${TIME}`],
    ['/getMin18HourPeriodAfter/101/2025-10-15/08:60', `time: ${TIME}`],
    ['/getMin18HourPeriodAfter/101/2025-10-15/08:00am', `time: ${TIME}`],
    // The spring-forward gap: 2:00-2:59 on 2026-03-08 never happens.
    ['/getMin18HourPeriodAfter/101/2026-03-08/02:30', 'time: 02:30 does not exist on 2026-03-08 in America/New_York (the clocks skip that hour)'],
    ['/getMin18HourPeriodBefore/101/2026-03-08/02:00', 'time: 02:00 does not exist on 2026-03-08 in America/New_York (the clocks skip that hour)'],
    ['/areTheyWorking/101/2026-03-08/01:00/2026-03-08/02:15', 'endTime: 02:15 does not exist on 2026-03-08 in America/New_York (the clocks skip that hour)'],
    ['/areTheyWorking/101/2025-13-01/08:00/2025-10-15/09:00', `startDate: ${DATE}`],
    ['/areTheyWorking/101/2025-10-15/08:00/2025-10-32/09:00', `endDate: ${DATE}`],
    ['/areTheyWorking/101/2025-10-15/xx/2025-10-15/09:00', `startTime: ${TIME}`],
    ['/areTheyWorking/101/2025-10-15/10:00/2025-10-15/09:00', 'endTime: must be after the start (startDate startTime)'],
    ['/areTheyWorking/101/2025-10-15/10:00/2025-10-15/10:00', 'endTime: must be after the start (startDate startTime)'],
    ['/getMin18HourPeriodAfterTrade/101/2025-10-15/08:00/2025-10-15/22:00/2025-10-15/18:00', 'givenUpEndTime: must be after the start (givenUpStartDate givenUpStartTime)'],
    ['/getMin18HourPeriodAfterTrade/101/2025-10-15/08:00/2025-10-15/18:00/2025-1-15/22:00', 'givenUpEndDate: must be a date as "YYYY-MM-DD"'],
    ['/getMin18HourPeriodBeforeTrade/101/2025-10-15/08:00/2025-10-15/1800/2025-10-15/22:00', `givenUpStartTime: ${TIME}`],
    ['/isSpanishOK/2025-10-15/noon', `time: ${TIME}`],
    ['/isSpanishOK/2026-03-08/02:59', 'time: 02:59 does not exist on 2026-03-08 in America/New_York (the clocks skip that hour)'],
    ['/isSupOK/2025-02-30/10:00', `date: ${DATE}`],
    ['/getDayDetailsAndBefore/20251225', 'date: must be a date as "YYYY-MM-DD"'],
    ['/getDayDetailsAndAfter/2025-04-31', `date: ${DATE}`],
    ['/getMinWorkedWeek/101/2025-10-15T00:00', 'date: must be a date as "YYYY-MM-DD"'],
    ['/getQAInDay/0/2025-10-15', 'agentId: must be a whole number from 1 to 2147483647'],
  ])('%s: 400 %s', async (path, error) => {
    expect(await get(path, 101)).toEqual({ status: 400, body: { error } });
  });

  it('without a session every lookup answers 401', async () => {
    for (const path of ['/lookupShift/1', '/isSpanishOK/2025-10-15/10:00', '/getMin18HourPeriodAfter/101/2025-10-15/08:00']) {
      expect((await get(path, undefined)).status, path).toBe(401);
    }
  });
});

/** A date and a time path segment for an instant, as a client would send them (the second fall-back pass with its offset). */
function dateTime(minutes: number): string {
  const text = formatInstant(minutes);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::00)?(.*)$/.exec(text);
  if (!m) throw new Error(`cannot split ${text}`);
  return `${m[1]}/${m[2]}${m[3] ?? ''}`;
}

describe('a lookup never disagrees with the rule it stands for', () => {
  it("uses the rule files' own windows, trim, week start, QA type and supervisor range", () => {
    const rules = loadRulesDir();
    const facts = (action: string): Record<string, { kind: string; params: Record<string, unknown> }> =>
      rules.action(action).file.facts as Record<string, { kind: string; params: Record<string, unknown> }>;
    const all = ['acceptOffer', 'acceptOfferHours', 'claimOpenShift', 'claimOpenTrainingShift'].flatMap((a) => Object.values(facts(a)));
    const windows = all.filter((f) => f.kind === 'workedMinutes' && (f.params.window === 'after' || f.params.window === 'before'));
    expect(windows.length).toBeGreaterThan(4);
    for (const f of windows) expect(f.params.hours).toBe(rules.numberParameter('workWindowHours'));
    for (const f of all.filter((x) => x.kind === 'scheduledOverlaps')) expect(f.params.trimMinutes).toBe(TRIM_MINUTES);
    const training = facts('claimOpenTrainingShift');
    expect(training.workedWeek?.params.weekStartsOn).toBe(codesOf(rules).weekStartsOn);
    expect(training.qaMinutesDay?.params.shiftTypes).toEqual(codesOf(rules).qaReviewShiftTypes);
    const supervisorCounts = all.filter((f) => f.kind === 'minHeadCount' && f.params.group);
    expect(supervisorCounts.length).toBeGreaterThan(0);
    for (const f of supervisorCounts) expect(f.params.group).toBe(SUPERVISOR_GROUP);
  });

  // The 600-minute scenarios of acceptOffer: the read's minutes plus the offered minutes, less 600,
  // is the excess the rule's message names.
  const scenarios = actionScenarios(['acceptOffer']).filter(([, s]) =>
    ['acceptOffer.coveringMaxAfter', 'acceptOffer.coveringMaxBefore', 'acceptOffer.tradeSwapMaxAfter', 'acceptOffer.tradeSwapMaxBefore'].includes(s.expect.rule ?? ''),
  );

  it('covers the 600-minute scenarios, including the fall-back night and trades', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(6);
    expect(scenarios.some(([name]) => name.includes('fall-back'))).toBe(true);
    expect(scenarios.some(([, s]) => s.expect.rule?.startsWith('acceptOffer.tradeSwap'))).toBe(true);
  });

  it.each(scenarios)('%s', async (_name, scenario: Scenario) => {
    await loadWorld(server.db, scenario.world);
    const world = normalizeWorld(scenario.world);
    const offer = world.offers?.find((o) => o.id === scenario.input.offerId) as Record<string, number | null>;
    const posting = world.coveragePostings?.find((p) => p.id === offer.postingId) as Record<string, number>;
    const rule = scenario.expect.rule as string;
    const swap = rule.startsWith('acceptOffer.tradeSwap');
    const agent = (swap ? posting.agentId : offer.coveringAgentId) as number;
    const [start, end] = (swap ? [offer.swapStart, offer.swapEnd] : [offer.start, offer.end]) as [number, number];
    const given = swap ? [offer.start, offer.end] : [offer.swapStart, offer.swapEnd];
    const after = rule.endsWith('After');
    const base = `/getMin18HourPeriod${after ? 'After' : 'Before'}${given[0] !== null ? 'Trade' : ''}/${agent}/${dateTime(after ? start : end)}`;
    const path = given[0] !== null ? `${base}/${dateTime(given[0] as number)}/${dateTime(given[1] as number)}` : base;
    const [{ minutesWorked }] = (await ok(path, agent)) as [{ minutesWorked: number }];
    expect(scenario.expect.message).toContain(`Please cut ${Math.ceil(minutesWorked + end - start - 600)} min from this`);
  });

  it.each(actionScenarios(['acceptOffer', 'claimOpenTrainingShift', 'claimOpenShift']).filter(([, s]) =>
    ['acceptOffer.coveringScheduled', 'claimOpenTrainingShift.scheduled', 'claimOpenShift.alreadyScheduled'].includes(s.expect.rule ?? ''),
  ))('%s: areTheyWorking lists a shift', async (_name, scenario: Scenario) => {
    await loadWorld(server.db, scenario.world);
    const offer = normalizeWorld(scenario.world).offers?.find((o) => o.id === scenario.input.offerId);
    const [agent, start, end] = offer
      ? [offer.coveringAgentId as number, offer.start as number, offer.end as number]
      : [scenario.actor, parseInstant(scenario.input.start as string), parseInstant(scenario.input.end as string)];
    const listed = (await ok(`/areTheyWorking/${agent}/${dateTime(start)}/${dateTime(end)}`, agent)) as unknown[];
    expect(listed.length).toBeGreaterThan(0);
  });
});
