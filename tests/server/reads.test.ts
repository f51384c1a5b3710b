import { beforeAll, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { formatApiInstant } from '../../server/reads/api-time.ts';
import { client, loadWorldAt, useTestServer } from './support.ts';

// Agents: 101 AB (the viewer in most tests), 102 CD (Spanish), 103 EF (supervisor), 104 GH
// (terminated), 105 JK (Spanish, on probation), 106 LM (nothing at all).
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Baker', personalTime: 600, vacationTime: 125 },
    { agentId: 102, agentType: 20, initials: 'CD', firstName: 'Carl', lastName: 'Diaz', spanish: true, canCoverDOCS: true },
    { agentId: 103, agentType: 100, initials: 'EF', firstName: 'Eve', lastName: 'Fox' },
    { agentId: 104, agentType: 20, initials: 'GH', firstName: 'Gus', lastName: 'Hill', terminationDate: '2025-10-01 00:00' },
    { agentId: 105, agentType: 32, initials: 'JK', firstName: 'Jo', lastName: 'King', spanish: true, probationUntil: '2025-12-31' },
    { agentId: 106, agentType: 20, initials: 'LM', firstName: 'Lee', lastName: null },
  ],
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 3, agentId: 101, start: '2025-10-15 14:00', end: '2025-10-15 15:00', shiftType: 23, parentId: 1 },
    { id: 4, agentId: 101, start: '2025-10-31 22:00', end: '2025-11-01 06:00', shiftType: 0, isCovering: true, payRate: 2, cots: 3 },
    // The second 1:30 of the fall-back night (EST).
    { id: 5, agentId: 101, start: '2025-11-02T01:30-05:00', end: '2025-11-02 06:00', shiftType: 0 },
    { id: 6, agentId: 101, start: '2025-09-30 23:59', end: '2025-10-01 04:00', shiftType: 0 },
    { id: 7, agentId: 101, start: '2025-10-20 08:00', end: '2025-10-20 12:00', shiftType: 0 },
    { id: 8, agentId: 101, start: '2025-10-23 07:00', end: '2025-10-23 11:00', shiftType: 0 },
    { id: 9, agentId: 101, start: '2025-10-23 16:00', end: '2025-10-23 20:00', shiftType: 0 },
    { id: 20, agentId: 102, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 1 },
    { id: 21, agentId: 102, start: '2025-10-18 16:00', end: '2025-10-18 20:00', shiftType: 0 },
    { id: 22, agentId: 102, start: '2025-10-13 08:00', end: '2025-10-13 12:00', shiftType: 0 },
    { id: 23, agentId: 102, start: '2025-10-22 16:00', end: '2025-10-22 20:00', shiftType: 0 },
    { id: 24, agentId: 102, start: '2025-10-18 08:00', end: '2025-10-18 12:00', shiftType: 0 },
    { id: 30, agentId: 103, start: '2025-10-17 09:00', end: '2025-10-17 17:00', shiftType: 20, payRate: 1 },
    { id: 50, agentId: 105, start: '2025-10-16 18:00', end: '2025-10-16 22:00', shiftType: 0 },
    { id: 51, agentId: 105, start: '2025-10-19 10:00', end: '2025-10-19 14:00', shiftType: 0 },
    { id: 52, agentId: 105, start: '2025-10-22 10:00', end: '2025-10-22 14:00', shiftType: 0 },
  ],
  days: [
    { date: '2025-12-25', holiday: true },
    { date: '2025-12-01', holiday: false, schedulePosted: false },
  ],
  coveragePostings: [
    { id: 10, agentId: 101, shiftId: 7, start: '2025-10-20 08:00', end: '2025-10-20 12:00', type: 0, openToTrade: 1, notes: 'Need the morning' },
    { id: 11, agentId: 101, shiftId: 1, start: '2025-10-15 14:00', end: '2025-10-15 16:00', endedAt: '2025-10-13 10:00' },
    { id: 20, agentId: 102, shiftId: 20, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 1, openToTrade: 1, notes: 'Dentist' },
    { id: 22, agentId: 102, shiftId: 24, start: '2025-10-18 08:00', end: '2025-10-18 12:00', type: 0, openToTrade: 2, cots: 1 },
    { id: 30, agentId: 103, shiftId: 30, start: '2025-10-17 13:00', end: '2025-10-17 17:00', type: 9, openToTrade: 0 },
    { id: 31, agentId: 103, shiftId: 30, start: '2025-10-17 09:00', end: '2025-10-17 13:00', type: 9, endedAt: '2025-10-12 09:00' },
    { id: 32, agentId: 102, shiftId: 22, start: '2025-10-13 08:00', end: '2025-10-13 12:00' },
    { id: 50, agentId: 105, shiftId: 50, start: '2025-10-16 18:00', end: '2025-10-16 22:00', type: 0, openToTrade: 0 },
  ],
  pickupPostings: [
    { id: 60, agentId: 101, start: '2025-10-22 08:00', end: '2025-10-22 20:00', type: 0, notes: 'Any time' },
    { id: 61, agentId: 103, start: '2025-10-23 07:00', end: '2025-10-23 15:00', type: 9, notes: 'Sup hours' },
    { id: 62, agentId: 105, start: '2025-10-23 16:00', end: '2025-10-23 20:00', type: 1 },
    { id: 63, agentId: 102, start: '2025-10-24 08:00', end: '2025-10-24 12:00', endedAt: '2025-10-13 08:00' },
  ],
  openShifts: [
    { id: 200, createdBy: 103, start: '2025-10-16 08:00', end: '2025-10-16 12:00', type: 0, payRate: 1, cots: 2 },
    { id: 201, createdBy: 103, start: '2025-10-18 08:00', end: '2025-10-18 16:00', type: 9, quantityRemaining: 2, assistantAfterDate: '2025-10-15 08:00' },
    { id: 202, createdBy: 103, start: '2025-10-19 08:00', end: '2025-10-19 12:00', endedAt: '2025-10-13 08:00' },
    { id: 203, createdBy: 103, start: '2025-10-19 08:00', end: '2025-10-19 12:00', quantityRemaining: 0 },
    { id: 204, createdBy: 103, start: '2025-10-13 08:00', end: '2025-10-13 12:00' },
    { id: 210, createdBy: 103, start: '2025-10-16 07:00', end: '2025-10-16 19:00', type: 61, quantityRemaining: 3 },
    { id: 211, createdBy: 103, start: '2025-10-21 17:00', end: '2025-10-21 21:30', type: 64, cots: 3, quantityRemaining: 0 },
  ],
  offers: [
    // On 101's posting 10.
    { id: 100, postingId: 10, offeringAgentId: 102, coveringAgentId: 102, start: '2025-10-20 08:00', end: '2025-10-20 12:00',
      swapShiftId: 21, swapStart: '2025-10-18 16:00', swapEnd: '2025-10-18 20:00', expiration: '2025-10-19 08:00', comment: 'Happy to trade' },
    { id: 101, postingId: 10, offeringAgentId: 105, coveringAgentId: 105, start: '2025-10-20 08:00', end: '2025-10-20 10:00', status: 'declined' },
    { id: 102, postingId: 10, offeringAgentId: 101, coveringAgentId: 105, start: '2025-10-20 08:00', end: '2025-10-20 12:00', rejectingOfferId: 101,
      expiration: '2025-10-18 08:00' },
    { id: 104, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-20 08:00', end: '2025-10-20 11:00', status: 'declined' },
    { id: 105, postingId: 10, offeringAgentId: 101, coveringAgentId: 103, start: '2025-10-20 08:00', end: '2025-10-20 12:00', rejectingOfferId: 104,
      status: 'declined' },
    { id: 106, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-20 09:00', end: '2025-10-20 12:00', rejectingOfferId: 105 },
    // Pending but past its expiration: in no list.
    { id: 107, postingId: 10, offeringAgentId: 102, coveringAgentId: 102, start: '2025-10-20 08:00', end: '2025-10-20 12:00', expiration: '2025-10-14 08:00' },
    // 101's offers on other people's postings.
    { id: 108, postingId: 20, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 12:00', expiration: '2025-10-15 20:00' },
    { id: 109, postingId: 31, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-17 09:00', end: '2025-10-17 13:00' },
    { id: 110, postingId: 30, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-17 13:00', end: '2025-10-17 17:00', status: 'withdrawn' },
    { id: 112, postingId: 30, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-17 13:00', end: '2025-10-17 15:00', status: 'declined' },
    { id: 111, postingId: 30, offeringAgentId: 103, coveringAgentId: 101, start: '2025-10-17 13:00', end: '2025-10-17 17:00', rejectingOfferId: 112,
      comment: 'All four hours?' },
    // Hours: on 101's pick-up posting 60.
    { id: 120, pickupPostingId: 60, offeringAgentId: 105, coveringAgentId: 101, shiftId: 52, start: '2025-10-22 10:00', end: '2025-10-22 14:00',
      expiration: '2025-10-21 10:00' },
    { id: 121, pickupPostingId: 60, offeringAgentId: 102, coveringAgentId: 101, shiftId: 23, start: '2025-10-22 16:00', end: '2025-10-22 20:00', status: 'declined' },
    { id: 122, pickupPostingId: 60, offeringAgentId: 101, coveringAgentId: 101, shiftId: 23, start: '2025-10-22 16:00', end: '2025-10-22 18:00', rejectingOfferId: 121 },
    // Hours 101 offers on other people's pick-up postings.
    { id: 123, pickupPostingId: 61, offeringAgentId: 101, coveringAgentId: 103, shiftId: 8, start: '2025-10-23 07:00', end: '2025-10-23 11:00' },
    { id: 125, pickupPostingId: 62, offeringAgentId: 101, coveringAgentId: 105, shiftId: 9, start: '2025-10-23 16:00', end: '2025-10-23 20:00', status: 'declined' },
    { id: 124, pickupPostingId: 62, offeringAgentId: 105, coveringAgentId: 105, shiftId: 9, start: '2025-10-23 16:00', end: '2025-10-23 18:00', rejectingOfferId: 125 },
    // A counteroffer on hours whose shift is gone: it goes to the maker of the offer it answers (102).
    { id: 126, pickupPostingId: 61, offeringAgentId: 102, coveringAgentId: 103, shiftId: 999, start: '2025-10-23 08:00', end: '2025-10-23 12:00', status: 'declined' },
    { id: 127, pickupPostingId: 61, offeringAgentId: 103, coveringAgentId: 103, shiftId: 999, start: '2025-10-23 08:00', end: '2025-10-23 10:00', rejectingOfferId: 126 },
  ],
};

const server = useTestServer();
const { get, ok } = client(server, '/api');

beforeAll(() => loadWorldAt(server, '2025-10-14 09:00', WORLD));

/** Eastern wall-clock text with whole minutes, as the API writes it. */
const t = (wall: string): string => `${wall}:00.0`;

const posting = (p: Record<string, unknown>): Record<string, unknown> => ({ notes: null, openToCots: 0, ...p });
const offer = (o: Record<string, unknown>): Record<string, unknown> => ({
  lookingForCoverageID: null,
  lookingToPickUpID: null,
  swapStartDatetime: null,
  swapEndDatetime: null,
  swapPendingShiftID: null,
  expirationDatetime: null,
  notes: null,
  ...o,
});

describe('the API time text', () => {
  it("is Eastern wall-clock 'YYYY-MM-DD HH:mm:ss.S'; the repeated fall-back hour's second pass carries its offset", () => {
    expect(formatApiInstant(Date.UTC(2025, 9, 15, 12, 0))).toBe('2025-10-15 08:00:00.0');
    expect(formatApiInstant(Date.UTC(2025, 0, 15, 13, 5, 7, 250))).toBe('2025-01-15 08:05:07.25');
    expect(formatApiInstant(Date.UTC(2025, 10, 2, 5, 30))).toBe('2025-11-02 01:30:00.0');
    expect(formatApiInstant(Date.UTC(2025, 10, 2, 6, 30))).toBe('2025-11-02T01:30:00.0-05:00');
    for (const ms of [Date.UTC(2025, 10, 2, 5, 30), Date.UTC(2025, 10, 2, 6, 30), Date.UTC(2025, 2, 9, 7, 0)]) {
      expect(parseInstant(formatApiInstant(ms)) * 60_000).toBe(ms);
    }
  });
});

describe('calendar loads', () => {
  it("userMonthShifts: the month's own shifts in time order, each meal break after its shift, and the shift's active posting", async () => {
    expect(await ok('/userMonthShifts/101/2025-10', 101)).toEqual([
      { id: 1, scheduleId: 1, title: ' My Shift', start: '2025-10-15 08:00:00.0', endDateTime: '2025-10-15 16:00:00.0',
        startTime: '2025-10-15 08:00:00.0', endTime: '2025-10-15 16:00:00.0', notes: null, isCovering: false, payRate: 0, cots: 0,
        agentID: 101, openToTrade: null, type: 0, lookingForCoverageID: null },
      { id: 2, scheduleId: 1, title: 'Meal Break', start: '2025-10-15 12:00:00.0', endDateTime: '2025-10-15 12:30:00.0',
        startTime: '2025-10-15 12:00:00.0', endTime: '2025-10-15 12:30:00.0', notes: null, isCovering: false, payRate: 0, cots: 0,
        agentID: 101, openToTrade: null, type: 5, lookingForCoverageID: null },
      { id: 7, scheduleId: 7, title: ' My Shift', start: '2025-10-20 08:00:00.0', endDateTime: '2025-10-20 12:00:00.0',
        startTime: '2025-10-20 08:00:00.0', endTime: '2025-10-20 12:00:00.0', notes: 'Need the morning', isCovering: false, payRate: 0, cots: 0,
        agentID: 101, openToTrade: 1, type: 0, lookingForCoverageID: 10 },
      { id: 8, scheduleId: 8, title: ' My Shift', start: '2025-10-23 07:00:00.0', endDateTime: '2025-10-23 11:00:00.0',
        startTime: '2025-10-23 07:00:00.0', endTime: '2025-10-23 11:00:00.0', notes: null, isCovering: false, payRate: 0, cots: 0,
        agentID: 101, openToTrade: null, type: 0, lookingForCoverageID: null },
      { id: 9, scheduleId: 9, title: ' My Shift', start: '2025-10-23 16:00:00.0', endDateTime: '2025-10-23 20:00:00.0',
        startTime: '2025-10-23 16:00:00.0', endTime: '2025-10-23 20:00:00.0', notes: null, isCovering: false, payRate: 0, cots: 0,
        agentID: 101, openToTrade: null, type: 0, lookingForCoverageID: null },
      { id: 4, scheduleId: 4, title: ' My Shift', start: '2025-10-31 22:00:00.0', endDateTime: '2025-11-01 06:00:00.0',
        startTime: '2025-10-31 22:00:00.0', endTime: '2025-11-01 06:00:00.0', notes: null, isCovering: true, payRate: 2, cots: 3,
        agentID: 101, openToTrade: null, type: 0, lookingForCoverageID: null },
    ]);
  });

  it('userMonthShifts: a month is its Eastern dates; a shift belongs to the month it starts in', async () => {
    const september = (await ok('/userMonthShifts/101/2025-09', 101)) as { id: number; start: string }[];
    expect(september.map((s) => [s.id, s.start])).toEqual([[6, '2025-09-30 23:59:00.0']]);
    const november = (await ok('/userMonthShifts/101/2025-11', 101)) as { id: number; start: string; endDateTime: string }[];
    expect(november.map((s) => [s.id, s.start, s.endDateTime])).toEqual([[5, '2025-11-02T01:30:00.0-05:00', '2025-11-02 06:00:00.0']]);
    expect(await ok('/userMonthShifts/101/2026-01', 101)).toEqual([]);
    expect(await ok('/userMonthShifts/106/2025-10', 106)).toEqual([]);
  });

  it("otherDetailedUsersPendingShifts: everyone else's active postings for coverage, by start", async () => {
    expect(await ok('/otherDetailedUsersPendingShifts/101', 101)).toEqual([
      posting({ lookingForCoverageID: 20, timeScheduleItemID: 20, agentID: 102, initials: 'CD', agentType: 20,
        startTime: t('2025-10-16 08:00'), endTime: t('2025-10-16 16:00'), type: 1, openToTrade: 1, notes: 'Dentist', payRate: 0 }),
      posting({ lookingForCoverageID: 50, timeScheduleItemID: 50, agentID: 105, initials: 'JK', agentType: 32,
        startTime: t('2025-10-16 18:00'), endTime: t('2025-10-16 22:00'), type: 0, openToTrade: 0, payRate: 0 }),
      posting({ lookingForCoverageID: 30, timeScheduleItemID: 30, agentID: 103, initials: 'EF', agentType: 100,
        startTime: t('2025-10-17 13:00'), endTime: t('2025-10-17 17:00'), type: 9, openToTrade: 0, payRate: 1 }),
      posting({ lookingForCoverageID: 22, timeScheduleItemID: 24, agentID: 102, initials: 'CD', agentType: 20,
        startTime: t('2025-10-18 08:00'), endTime: t('2025-10-18 12:00'), type: 0, openToTrade: 2, payRate: 0, openToCots: 1 }),
    ]);
    const forCD = (await ok('/otherDetailedUsersPendingShifts/102', 102)) as { lookingForCoverageID: number }[];
    expect(forCD.map((p) => p.lookingForCoverageID)).toEqual([50, 30, 10]);
  });

  it("otherDetailedUsersLookingForShifts: everyone else's active pick-up postings, by start", async () => {
    expect(await ok('/otherDetailedUsersLookingForShifts/101', 101)).toEqual([
      { lookingToPickUpID: 61, agentID: 103, initials: 'EF', agentType: 100, startTime: t('2025-10-23 07:00'), endTime: t('2025-10-23 15:00'),
        type: 9, notes: 'Sup hours' },
      { lookingToPickUpID: 62, agentID: 105, initials: 'JK', agentType: 32, startTime: t('2025-10-23 16:00'), endTime: t('2025-10-23 20:00'),
        type: 1, notes: null },
    ]);
  });

  it("userCalendarSeekingCov / userCalendarSeekingHours: everyone else's active postings counted per Eastern start date", async () => {
    expect(await ok('/userCalendarSeekingCov/101', 101)).toEqual([
      { date: '2025-10-16', count: 2 },
      { date: '2025-10-17', count: 1 },
      { date: '2025-10-18', count: 1 },
    ]);
    expect(await ok('/userCalendarSeekingCov/102', 102)).toEqual([
      { date: '2025-10-16', count: 1 },
      { date: '2025-10-17', count: 1 },
      { date: '2025-10-20', count: 1 },
    ]);
    expect(await ok('/userCalendarSeekingHours/101', 101)).toEqual([{ date: '2025-10-23', count: 2 }]);
    expect(await ok('/userCalendarSeekingHours/103', 103)).toEqual([
      { date: '2025-10-22', count: 1 },
      { date: '2025-10-23', count: 1 },
    ]);
  });

  it("getIsSpanish: the first element's spanish is 'True' or 'False'; no agent, no element", async () => {
    expect(await ok('/getIsSpanish/102', 102)).toEqual([{ spanish: 'True' }]);
    expect(await ok('/getIsSpanish/101', 101)).toEqual([{ spanish: 'False' }]);
    expect(await ok('/getIsSpanish/777', 777)).toEqual([]);
  });

  it('pendingOpenShifts / pendingOpenTrainingShifts: open shifts not ended, not over, with a slot left', async () => {
    expect(await ok('/pendingOpenShifts', 101)).toEqual([
      { lookingForCoverageID: 200, agentID: 103, startTime: t('2025-10-16 08:00'), endTime: t('2025-10-16 12:00'), type: 0,
        openToTrade: 1, payRate: 1, openToCots: 2, quantityRemaining: 1, assistantAfterDate: null },
      { lookingForCoverageID: 201, agentID: 103, startTime: t('2025-10-18 08:00'), endTime: t('2025-10-18 16:00'), type: 9,
        openToTrade: 0, payRate: 0, openToCots: 0, quantityRemaining: 2, assistantAfterDate: t('2025-10-15 08:00') },
    ]);
    expect(await ok('/pendingOpenTrainingShifts', 101)).toEqual([
      { lookingForCoverageID: 210, agentID: 103, startTime: t('2025-10-16 07:00'), endTime: t('2025-10-16 19:00'), type: 61,
        openToTrade: 0, payRate: 0, openToCots: 0, quantityRemaining: 3, assistantAfterDate: null },
    ]);
  });

  it('getAgents / getAllSpanishAgents: current staff by initials', async () => {
    expect(await ok('/getAgents', 106)).toEqual([
      { agentId: 101, initials: 'AB', fullName: 'Ann Baker' },
      { agentId: 102, initials: 'CD', fullName: 'Carl Diaz' },
      { agentId: 103, initials: 'EF', fullName: 'Eve Fox' },
      { agentId: 105, initials: 'JK', fullName: 'Jo King' },
      { agentId: 106, initials: 'LM', fullName: 'Lee' },
    ]);
    expect(await ok('/getAllSpanishAgents', 101)).toEqual([
      { agentId: 102, initials: 'CD' },
      { agentId: 105, initials: 'JK' },
    ]);
  });
});

describe('Pending Activity lists', () => {
  it("userPendingShifts / myRequestsToPickUp: one's own active postings", async () => {
    expect(await ok('/userPendingShifts/101', 101)).toEqual([
      posting({ lookingForCoverageID: 10, timeScheduleItemID: 7, agentID: 101, initials: 'AB', agentType: 20,
        startTime: t('2025-10-20 08:00'), endTime: t('2025-10-20 12:00'), type: 0, openToTrade: 1, notes: 'Need the morning', payRate: 0 }),
    ]);
    expect(await ok('/myRequestsToPickUp/101', 101)).toEqual([
      { lookingToPickUpID: 60, agentID: 101, initials: 'AB', agentType: 20, startTime: t('2025-10-22 08:00'), endTime: t('2025-10-22 20:00'),
        type: 0, notes: 'Any time' },
    ]);
    expect(await ok('/myRequestsToPickUp/102', 102)).toEqual([]);
  });

  it("the poster's lists: offers made on my postings, others' answers to my counteroffers, and my counteroffers", async () => {
    expect(await ok('/detailedAllOffersForMyShifts/101', 101)).toEqual([
      offer({ offerID: 100, lookingForCoverageID: 10, initials: 'CD', startDatetime: t('2025-10-20 08:00'), endDatetime: t('2025-10-20 12:00'),
        swapStartDatetime: t('2025-10-18 16:00'), swapEndDatetime: t('2025-10-18 20:00'), swapPendingShiftID: 21,
        expirationDatetime: t('2025-10-19 08:00'), coveringAgentID: 102, notes: 'Happy to trade' }),
    ]);
    expect(await ok('/detailedAllActiveCounterOffersForMyShifts/101', 101)).toEqual([
      offer({ offerID: 106, lookingForCoverageID: 10, initials: 'EF', startDatetime: t('2025-10-20 09:00'), endDatetime: t('2025-10-20 12:00'),
        coveringAgentID: 103 }),
    ]);
    expect(await ok('/detailedAllCounterOffersForMyShifts/101', 101)).toEqual([
      offer({ offerID: 102, lookingForCoverageID: 10, initials: 'JK', startDatetime: t('2025-10-20 08:00'), endDatetime: t('2025-10-20 12:00'),
        expirationDatetime: t('2025-10-18 08:00'), coveringAgentID: 105 }),
    ]);
    expect(await ok('/detailedAllCounterOffersForMyShifts/103', 103)).toEqual([
      offer({ offerID: 111, lookingForCoverageID: 30, initials: 'AB', startDatetime: t('2025-10-17 13:00'), endDatetime: t('2025-10-17 17:00'),
        coveringAgentID: 101, notes: 'All four hours?' }),
    ]);
  });

  it('the covering side: my offers on other postings, and the counteroffers posters made to me', async () => {
    expect(await ok('/detailedMyOffersForShifts/101', 101)).toEqual([
      offer({ offerID: 108, lookingForCoverageID: 20, initials: 'CD', startDatetime: t('2025-10-16 08:00'), endDatetime: t('2025-10-16 12:00'),
        expirationDatetime: t('2025-10-15 20:00'), coveringAgentID: 101 }),
    ]);
    expect(await ok('/detailedMyCounterOffersForShifts/101', 101)).toEqual([
      offer({ offerID: 111, lookingForCoverageID: 30, initials: 'EF', startDatetime: t('2025-10-17 13:00'), endDatetime: t('2025-10-17 17:00'),
        coveringAgentID: 101, notes: 'All four hours?' }),
    ]);
    // The same offers from their other side.
    const ids = async (path: string, as: number): Promise<number[]> => ((await ok(path, as)) as { offerID: number }[]).map((o) => o.offerID);
    expect(await ids('/detailedMyOffersForShifts/102', 102)).toEqual([100]);
    expect(await ids('/detailedMyOffersForShifts/103', 103)).toEqual([106]);
    expect(await ids('/detailedMyCounterOffersForShifts/105', 105)).toEqual([102]);
    expect(await ids('/detailedAllOffersForMyShifts/102', 102)).toEqual([108]);
  });

  it('hours: offers on my pick-up postings, my counteroffers there, my offers of hours, and counteroffers to them', async () => {
    expect(await ok('/detailedAllOffersForMyHours/101', 101)).toEqual([
      offer({ offerID: 120, lookingToPickUpID: 60, initials: 'JK', startDatetime: t('2025-10-22 10:00'), endDatetime: t('2025-10-22 14:00'),
        expirationDatetime: t('2025-10-21 10:00'), coveringAgentID: 101 }),
    ]);
    expect(await ok('/detailedCounterOffersToPickUp/101', 101)).toEqual([
      offer({ offerID: 122, lookingToPickUpID: 60, initials: 'CD', startDatetime: t('2025-10-22 16:00'), endDatetime: t('2025-10-22 18:00'),
        coveringAgentID: 101 }),
    ]);
    expect(await ok('/detailedOffersToPickUp/101', 101)).toEqual([
      offer({ offerID: 123, lookingToPickUpID: 61, initials: 'EF', startDatetime: t('2025-10-23 07:00'), endDatetime: t('2025-10-23 11:00'),
        coveringAgentID: 103 }),
    ]);
    expect(await ok('/detailedNewCounterOffersToGiveaway/101', 101)).toEqual([
      offer({ offerID: 124, lookingToPickUpID: 62, initials: 'JK', startDatetime: t('2025-10-23 16:00'), endDatetime: t('2025-10-23 18:00'),
        coveringAgentID: 105 }),
    ]);
    const ids = async (path: string, as: number): Promise<number[]> => ((await ok(path, as)) as { offerID: number }[]).map((o) => o.offerID);
    expect(await ids('/detailedNewCounterOffersToGiveaway/102', 102)).toEqual([122, 127]);
    expect(await ids('/detailedOffersToPickUp/105', 105)).toEqual([120]);
    expect(await ids('/detailedAllOffersForMyHours/103', 103)).toEqual([123]);
    expect(await ids('/detailedCounterOffersToPickUp/103', 103)).toEqual([127]);
    expect(await ids('/detailedCounterOffersToPickUp/105', 105)).toEqual([124]);
  });

  it('an agent with nothing pending gets empty lists', async () => {
    for (const name of [
      'userPendingShifts', 'detailedAllOffersForMyShifts', 'detailedAllCounterOffersForMyShifts', 'detailedMyOffersForShifts',
      'detailedMyCounterOffersForShifts', 'myRequestsToPickUp', 'detailedOffersToPickUp', 'detailedAllOffersForMyHours',
      'detailedCounterOffersToPickUp', 'detailedAllActiveCounterOffersForMyShifts', 'detailedNewCounterOffersToGiveaway',
    ]) {
      expect(await ok(`/${name}/106`, 106), name).toEqual([]);
    }
  });
});

describe('offer details before accepting', () => {
  it("detailedOfferInfo: the offer as the first element, the maker's initials and id; its people only", async () => {
    const info = offer({ offerID: 100, lookingForCoverageID: 10, initials: 'CD', startDatetime: t('2025-10-20 08:00'), endDatetime: t('2025-10-20 12:00'),
      swapStartDatetime: t('2025-10-18 16:00'), swapEndDatetime: t('2025-10-18 20:00'), swapPendingShiftID: 21,
      expirationDatetime: t('2025-10-19 08:00'), coveringAgentID: 102, notes: 'Happy to trade', offeringAgentID: 102 });
    expect(await ok('/detailedOfferInfo/100', 101)).toEqual([info]);
    expect(await ok('/detailedOfferInfo/100', 102)).toEqual([info]);
    // The giver of hours whose shift is gone still sees the counteroffer made to them.
    expect(((await ok('/detailedOfferInfo/127', 102)) as { offerID: number }[]).map((o) => o.offerID)).toEqual([127]);
    expect(await get('/detailedOfferInfo/100', 105)).toEqual({ status: 403, body: { error: 'You can only see offers you made or that were made to you.' } });
    expect(await ok('/detailedOfferInfo/9999', 101)).toEqual([]);
  });

  it('findShiftWantsCoverage: any posting for coverage', async () => {
    expect(await ok('/findShiftWantsCoverage/20', 101)).toEqual(
      posting({ lookingForCoverageID: 20, timeScheduleItemID: 20, agentID: 102, initials: 'CD', agentType: 20,
        startTime: t('2025-10-16 08:00'), endTime: t('2025-10-16 16:00'), type: 1, openToTrade: 1, notes: 'Dentist', payRate: 0 }),
    );
    expect(await get('/findShiftWantsCoverage/9999', 101)).toEqual({ status: 404, body: { error: 'There is no posting for coverage 9999.' } });
  });

  it("getShiftDetails: one's own shifts, posted shifts and shifts named by one's pending offers; supervisors see all", async () => {
    expect(await ok('/getShiftDetails/21', 101)).toEqual({
      id: 21, scheduleId: 21, agentId: 102, startDateTime: t('2025-10-18 16:00'), endDateTime: t('2025-10-18 20:00'),
      shiftType: 0, isCovering: false, payRate: 0, cots: 0,
    });
    expect(((await ok('/getShiftDetails/2', 101)) as { scheduleId: number }).scheduleId).toBe(1);
    for (const [shift, as] of [[20, 106], [23, 101], [52, 101], [9, 105], [51, 103]] as const) {
      expect((await get(`/getShiftDetails/${shift}`, as)).status, `shift ${shift} as ${as}`).toBe(200);
    }
    // The swap shift of an offer on my posting, to me; no one else.
    expect((await get('/getShiftDetails/21', 106)).status).toBe(403);
    expect(await get('/getShiftDetails/51', 101)).toEqual({
      status: 403,
      body: { error: 'You can only see your own shifts and the shifts in postings and offers you can see.' },
    });
    expect(await get('/getShiftDetails/9999', 101)).toEqual({ status: 404, body: { error: 'There is no shift 9999.' } });
  });

  it("getUserDetails: one's own; anyone's for supervisors and above", async () => {
    expect(await ok('/getUserDetails/105', 105)).toEqual({
      agentId: 105, agentType: 32, initials: 'JK', firstName: 'Jo', lastName: 'King', probationUntil: '2025-12-31',
      terminationPendingDateTime: null, personalTime: 0, vacationTime: 0, fmlaIntermittentUntil: null, fmlaContinuousUntil: null,
      spanish: 'True', canCoverDOCS: 'False',
    });
    const ab = (await ok('/getUserDetails/101', 103)) as Record<string, unknown>;
    expect([ab.agentType, ab.personalTime, ab.vacationTime, ab.probationUntil]).toEqual([20, 600, 125, null]);
    expect(((await ok('/getUserDetails/104', 103)) as Record<string, unknown>).terminationPendingDateTime).toBe(t('2025-10-01 00:00'));
    expect(await get('/getUserDetails/102', 101)).toEqual({ status: 403, body: { error: 'You can only see your own details.' } });
    expect(await get('/getUserDetails/9999', 103)).toEqual({ status: 404, body: { error: 'There is no agent 9999.' } });
  });

  it('getDayDetails: [{ holiday }] for a posted day, an ordinary day when not listed, empty while unposted', async () => {
    expect(await ok('/getDayDetails/2025-12-25', 101)).toEqual([{ holiday: 1 }]);
    expect(await ok('/getDayDetails/2025-10-15', 101)).toEqual([{ holiday: 0 }]);
    expect(await ok('/getDayDetails/2025-12-01', 101)).toEqual([]);
  });

  it('getCalendarDays: the posted dates of a range, each with its holiday flag, across the fall-back night', async () => {
    expect(await ok('/getCalendarDays/2025-10-31/2025-11-03', 101)).toEqual(
      ['2025-10-31', '2025-11-01', '2025-11-02', '2025-11-03'].map((date) => ({ date, holiday: 0 })),
    );
    expect(await ok('/getCalendarDays/2025-11-30/2025-12-02', 101)).toEqual([
      { date: '2025-11-30', holiday: 0 },
      { date: '2025-12-02', holiday: 0 },
    ]);
    const days = (await ok('/getCalendarDays/2025-11-23/2026-01-10', 101)) as { date: string; holiday: number }[];
    expect(days).toHaveLength(48);
    expect(days.filter((d) => d.holiday === 1)).toEqual([{ date: '2025-12-25', holiday: 1 }]);
  });
});

describe('refusals', () => {
  it("a path naming someone else's agent id answers 403", async () => {
    const message = { error: 'You can only see your own schedule, postings and offers.' };
    for (const path of [
      '/userMonthShifts/102/2025-10', '/otherDetailedUsersPendingShifts/102', '/otherDetailedUsersLookingForShifts/102', '/getIsSpanish/102',
      '/userCalendarSeekingCov/102', '/userCalendarSeekingHours/102', '/userPendingShifts/102', '/detailedAllOffersForMyShifts/102',
      '/detailedAllCounterOffersForMyShifts/102', '/detailedMyOffersForShifts/102', '/detailedMyCounterOffersForShifts/102',
      '/myRequestsToPickUp/102', '/detailedOffersToPickUp/102', '/detailedAllOffersForMyHours/102', '/detailedCounterOffersToPickUp/102',
      '/detailedAllActiveCounterOffersForMyShifts/102', '/detailedNewCounterOffersToGiveaway/102',
    ]) {
      expect(await get(path, 101), path).toEqual({ status: 403, body: message });
    }
    // Even a supervisor: these screens show one's own data.
    expect((await get('/userMonthShifts/101/2025-10', 103)).status).toBe(403);
  });

  it('bad parameters answer 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/userMonthShifts/abc/2025-10', 'agentId: must be a whole number from 1 to 2147483647'],
      ['/userMonthShifts/0/2025-10', 'agentId: must be a whole number from 1 to 2147483647'],
      ['/userMonthShifts/99999999999/2025-10', 'agentId: must be a whole number from 1 to 2147483647'],
      ['/userMonthShifts/101/2025-13', 'month: must be a month as "YYYY-MM" (01 to 12)'],
      ['/userMonthShifts/101/2025-1', 'month: must be a month as "YYYY-MM" (01 to 12)'],
      ['/detailedMyOffersForShifts/-3', 'agentId: must be a whole number from 1 to 2147483647'],
      ['/detailedOfferInfo/1.5', 'offerId: must be a whole number from 1 to 2147483647'],
      ['/findShiftWantsCoverage/x', 'lookingForCoverageId: must be a whole number from 1 to 2147483647'],
      ['/getShiftDetails/3000000000', 'timeScheduleItemId: must be a whole number from 1 to 2147483647'],
      ['/getUserDetails/me', 'agentId: must be a whole number from 1 to 2147483647'],
      ['/getDayDetails/2025-02-30', 'date: must be a date that exists, as "YYYY-MM-DD"'],
      ['/getDayDetails/2025-2-3', 'date: must be a date as "YYYY-MM-DD"'],
      ['/getCalendarDays/2025-12-02/2025-12-01', 'to: must be on or after from'],
      ['/getCalendarDays/2025-10-01/2025-12-02', 'to: must be less than 62 days after from'],
      ['/getCalendarDays/2025-13-01/2025-12-01', 'from: must be a date that exists, as "YYYY-MM-DD"'],
    ];
    for (const [path, error] of cases) {
      expect(await get(path, 101), path).toEqual({ status: 400, body: { error } });
    }
  });

  it('without a session every read answers 401', async () => {
    expect((await get('/getAgents', undefined)).status).toBe(401);
    expect((await get('/userMonthShifts/101/2025-10', undefined)).status).toBe(401);
  });
});
