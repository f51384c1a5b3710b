import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { bodyCases, client, expectBadInput, expectNotYours, ID_ERROR, json, loadWorld, loadWorldAt, readWorld, TIME_TYPE_ERROR, useTestServer, withRecords, type BadRequest, type BodyPatch } from './support.ts';

// Personal time, notices of absence and attendance (server/routes/time-off.ts) beyond what their
// scenarios show through HTTP: malformed requests, who may do and see what, the success texts,
// and the exact bodies of the reads on one prepared world.

const server = useTestServer();
const api = client(server);
const { call, get } = api;

const NOW = '2025-10-14 09:00';

// Agents: 101 AB (20), 102 CD (20), 103 EF (supervisor, 100), 104 GH (240), 105 JK (supervisor,
// 102), 106 LM (trainer, 30), 107 NP (account manager, 85), 108 QR (customer service manager, 110).
const AGENTS = [
  { agentId: 101, agentType: 20, initials: 'AB', personalTime: 600, vacationTime: 300 },
  { agentId: 102, agentType: 20, initials: 'CD', personalTime: 600 },
  { agentId: 103, agentType: 100, initials: 'EF', personalTime: 600 },
  { agentId: 104, agentType: 240, initials: 'GH' },
  { agentId: 105, agentType: 102, initials: 'JK', personalTime: 600 },
  { agentId: 106, agentType: 30, initials: 'LM', personalTime: 600 },
  { agentId: 107, agentType: 85, initials: 'NP', personalTime: 600 },
  { agentId: 108, agentType: 110, initials: 'QR', personalTime: 600 },
];

/** A small world for the actions: 101's shift tomorrow with a meal break and a posting. */
const ACTION_WORLD = {
  agents: AGENTS,
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 3, agentId: 107, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 15 },
    { id: 4, agentId: 108, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 12 },
  ],
  coveragePostings: [{ id: 20, agentId: 101, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0 }],
};

function personalCases(): BadRequest[] {
  const good = { AgentID: 101, TimeScheduleItemID: 1, StartTime: '2025-10-15 09:00:00.0', EndTime: '2025-10-15 11:00:00.0' };
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"AgentID": 101,', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['AgentID missing', { AgentID: undefined }, 'AgentID: is required'],
    ['AgentID as a string', { AgentID: '101' }, `AgentID: ${ID_ERROR}`],
    ['TimeScheduleItemID missing', { TimeScheduleItemID: undefined }, 'TimeScheduleItemID: is required'],
    ['TimeScheduleItemID null', { TimeScheduleItemID: null }, 'TimeScheduleItemID: is required'],
    ['TimeScheduleItemID as a string', { TimeScheduleItemID: '1' }, `TimeScheduleItemID: ${ID_ERROR}`],
    ['TimeScheduleItemID zero', { TimeScheduleItemID: 0 }, `TimeScheduleItemID: ${ID_ERROR}`],
    ['TimeScheduleItemID fractional', { TimeScheduleItemID: 1.5 }, `TimeScheduleItemID: ${ID_ERROR}`],
    ['TimeScheduleItemID past the largest integer', { TimeScheduleItemID: 2 ** 31 }, `TimeScheduleItemID: ${ID_ERROR}`],
    ['StartTime missing', { StartTime: undefined }, 'StartTime: is required'],
    ['StartTime null', { StartTime: null }, 'StartTime: is required'],
    ['StartTime as a number', { StartTime: 1760533200000 }, `StartTime: ${TIME_TYPE_ERROR}`],
    ['StartTime in words', { StartTime: 'tomorrow at nine' }, 'StartTime: "tomorrow at nine" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    ['StartTime in month 13', { StartTime: '2025-13-15 09:00' }, 'StartTime: "2025-13-15 09:00" is not a valid date and time'],
    ['EndTime missing', { EndTime: undefined }, 'EndTime: is required'],
    ['EndTime in the spring-forward gap', { EndTime: '2026-03-08 02:30' }, 'EndTime: "2026-03-08 02:30" does not exist in America/New_York (daylight-saving gap)'],
    ['EndTime over-long', { EndTime: 'x'.repeat(1000) }, 'EndTime: must be at most 40 characters'],
  ];
  return bodyCases('requestPersonal', good, cases);
}

function noticeCases(): BadRequest[] {
  const good = {
    AgentID: 101,
    TimeScheduleItemID: 1,
    ViolationType: 0,
    StartTime: null,
    EndTime: null,
    VacationApplied: false,
    Reason: 0,
    Message: 'Fever since last night',
  };
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body a JSON string', json('call out'), 'body: must be a JSON object'],
    ['AgentID missing', { AgentID: undefined }, 'AgentID: is required'],
    ['TimeScheduleItemID missing', { TimeScheduleItemID: undefined }, 'TimeScheduleItemID: is required'],
    ['TimeScheduleItemID negative', { TimeScheduleItemID: -3 }, `TimeScheduleItemID: ${ID_ERROR}`],
    ['ViolationType as text', { ViolationType: '0' }, 'ViolationType: must be a number'],
    ['ViolationType as a boolean', { ViolationType: true }, 'ViolationType: must be a number'],
    ['Reason as text', { Reason: 'Illness/Injury' }, 'Reason: must be a number'],
    ['VacationApplied as text', { VacationApplied: 'True' }, 'VacationApplied: must be true or false'],
    ['VacationApplied as a number', { VacationApplied: 1 }, 'VacationApplied: must be true or false'],
    ['StartTime empty', { ViolationType: 1, StartTime: '' }, 'StartTime: "" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    ['EndTime as a number', { ViolationType: 2, EndTime: 14 }, `EndTime: ${TIME_TYPE_ERROR}`],
    ['Message as a number', { Message: 12345 }, 'Message: must be text'],
    ['Message over-long', { Message: 'x'.repeat(1001) }, 'Message: must be at most 1000 characters'],
  ];
  return bodyCases('giveNotice', good, cases);
}

describe('malformed action calls: 400 naming the field, nothing decided', () => {
  beforeEach(() => loadWorldAt(server, NOW, ACTION_WORLD));

  it.each([...personalCases(), ...noticeCases()])('%s', (...bad) => expectBadInput(server, bad, 101));
});

describe('who may act', () => {
  beforeEach(() => loadWorldAt(server, NOW, ACTION_WORLD));

  it.each([
    ['requestPersonal', { AgentID: 102, TimeScheduleItemID: 1, StartTime: '2025-10-15 09:00', EndTime: '2025-10-15 11:00' }],
    ['giveNotice', { AgentID: 102, TimeScheduleItemID: 1, ViolationType: 0, VacationApplied: false, Reason: 0, Message: 'Fever since last night' }],
  ])('%s for someone else (AgentID not the signed-in agent): 403, nothing decided', async (action, body) => {
    await expectNotYours(server, 'POST', `/api/${action}`, 101, body);
  });

  it.each([
    [107, 3, 'an Account Manager (85)'],
    [108, 4, 'a customer service manager (110)'],
  ])('agent %i on shift %i (%s): 403 from the rank rules, the shift unchanged', async (agent, shift) => {
    const personal = await call('POST', '/api/requestPersonal', agent, { AgentID: agent, TimeScheduleItemID: shift, StartTime: '2025-10-15 09:00', EndTime: '2025-10-15 11:00' });
    expect(personal).toEqual({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: You are unable to request personal time through Shiftinator.', rule: 'requestPersonal.rank', warnings: [] },
    });
    const notice = await call('POST', '/api/giveNotice', agent, { AgentID: agent, TimeScheduleItemID: shift, ViolationType: 0, VacationApplied: false, Reason: 0, Message: 'Flat tyre' });
    expect(notice).toEqual({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: You are unable to report an absence through Shiftinator.', rule: 'giveNotice.rank', warnings: [] },
    });
    const world = await readWorld(server.db);
    expect(world.shifts?.find((s) => s.id === shift)).toMatchObject({ start: parseInstant('2025-10-15 08:00'), end: parseInstant('2025-10-15 16:00') });
    expect(world.personalRequests).toEqual([]);
    expect(world.notices).toEqual([]);
  });

  it("someone else's shift: 403 from the ownership rules", async () => {
    const res = await call('POST', '/api/giveNotice', 102, { AgentID: 102, TimeScheduleItemID: 1, ViolationType: 0, VacationApplied: false, Reason: 0, Message: 'Not mine' });
    expect(res).toEqual({ status: 403, body: { outcome: 'error', message: 'ERROR: You can only give notice for your own shifts.', rule: 'giveNotice.ownShift', warnings: [] } });
  });
});

describe('success texts and what the actions write', () => {
  beforeEach(() => loadWorldAt(server, NOW, ACTION_WORLD));

  it("requestPersonal: 'Success! Personal time was approved.'; the record, the balance and the shift change together", async () => {
    const res = await call('POST', '/api/requestPersonal', 101, { AgentID: 101, TimeScheduleItemID: 1, StartTime: '2025-10-15 09:00:00.0', EndTime: '2025-10-15 11:00:00.0' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ok', message: 'Success! Personal time was approved.', rule: null, warnings: [] });
    const created = (res.body as unknown as { created: Record<string, number[]> }).created;
    expect(created.personalRequests).toHaveLength(1);
    const world = await readWorld(server.db);
    expect(world.personalRequests).toEqual([
      {
        id: created.personalRequests?.[0],
        agentId: 101,
        shiftId: 1,
        start: parseInstant('2025-10-15 09:00'),
        end: parseInstant('2025-10-15 11:00'),
        minutes: 120,
        requestedAt: parseInstant(NOW),
        status: 'approved',
        shiftClass: 1,
        chargeAtStart: true,
      },
    ]);
    // Booked, not yet taken: the balance keeps the 120 minutes until 9:00 tomorrow.
    expect(world.agents?.find((a) => a.agentId === 101)?.personalTime).toBe(600);
    const mine = (world.shifts ?? []).filter((s) => s.agentId === 101).map((s) => [s.start, s.end, s.parentId === null ? 'shift' : 'break']);
    expect(mine.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [parseInstant('2025-10-15 08:00'), parseInstant('2025-10-15 09:00'), 'shift'],
      [parseInstant('2025-10-15 11:00'), parseInstant('2025-10-15 16:00'), 'shift'],
      [parseInstant('2025-10-15 12:00'), parseInstant('2025-10-15 12:30'), 'break'],
    ]);
    // The usage and future-personal reads count the new record as the rules will.
    expect((await get('/api/userFuturePersonal/101', 101)).body).toEqual([{ minPersonal: 120 }]);
    expect((await get(`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 10:00:00.0')}/${encodeURIComponent('2025-10-15 12:00:00.0')}/20/1`, 102)).body).toEqual([
      { count: 1 },
    ]);
  });

  it.each([
    [0, {}, 'Success! Schedule is updated.', null],
    [1, { StartTime: '2025-10-15 10:00:00.0' }, 'Success! Schedule is updated.', [parseInstant('2025-10-15 10:00'), parseInstant('2025-10-15 16:00')]],
    [2, { EndTime: '2025-10-15 14:00:00.0' }, 'Success! Schedule will be updated when you log out.', [parseInstant('2025-10-15 08:00'), parseInstant('2025-10-15 16:00')]],
  ])('giveNotice type %i: its own success text; the shift afterwards', async (type, times, text, shift) => {
    const res = await call('POST', '/api/giveNotice', 101, {
      AgentID: 101, TimeScheduleItemID: 1, ViolationType: type, StartTime: null, EndTime: null, VacationApplied: false, Reason: 2, Message: 'Family matter', ...times,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ok', message: text, rule: null, warnings: [] });
    const world = await readWorld(server.db);
    const main = world.shifts?.find((s) => s.id === 1);
    expect(main ? [main.start, main.end] : null).toEqual(shift);
    expect(world.coveragePostings?.[0]?.endedAt).toBe(type === 2 ? null : parseInstant(NOW));
    expect(world.notices).toHaveLength(1);
  });

  it("the world slice of requestPersonal sends how many others are off, not their personal time", async () => {
    await loadWorld(server.db, {
      ...ACTION_WORLD,
      personalRequests: [
        { id: 7, agentId: 102, shiftId: 99, start: '2025-10-15 08:00', end: '2025-10-15 10:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
        { id: 8, agentId: 101, shiftId: null, start: '2025-10-20 08:00', end: '2025-10-20 10:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
      ],
    });
    const q = new URLSearchParams({ timeScheduleItemId: '1', startTime: '2025-10-15 09:00', endTime: '2025-10-15 11:00' });
    const res = await get(`/api/worldSlice/requestPersonal?${q.toString()}`, 101);
    expect(res.status).toBe(200);
    const slice = res.body as unknown as { world: { personalRequests?: Record<string, unknown>[]; agents: Record<string, unknown>[] }; facts?: Record<string, unknown> };
    // Only the reader's own personal time; the other person's is counted, as the rule counts it.
    expect((slice.world.personalRequests ?? []).map((r) => r.id)).toEqual([8]);
    expect(slice.facts?.offSameClass).toBe(1);
    expect(slice.world.agents.map((a) => a.agentId)).toEqual([101]);
  });
});

// ---- the reads, on one prepared world ----

const notice = (n: Record<string, unknown>): Record<string, unknown> => ({ agentId: 101, shiftId: null, vacationApplied: false, message: 'Absent', ...n });

/** 101's last 13 months; now is 2025-10-14 09:00, so attendance goes back to 2025-07-16 09:00. */
const READ_WORLD = {
  agents: AGENTS,
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-01 08:00', end: '2025-10-01 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-01 12:00', end: '2025-10-01 12:30', shiftType: 5, parentId: 1 },
    // Left at 10:00: the leave-early notice below, not yet applied to the schedule.
    { id: 3, agentId: 101, start: '2025-10-02 08:00', end: '2025-10-02 12:00', shiftType: 0 },
    { id: 4, agentId: 101, start: '2025-10-03 08:00', end: '2025-10-03 12:00', shiftType: 3 },
    // Under way: two hours worked by now.
    { id: 5, agentId: 101, start: '2025-10-14 07:00', end: '2025-10-14 11:00', shiftType: 0 },
    { id: 6, agentId: 101, start: '2025-10-20 08:00', end: '2025-10-20 16:00', shiftType: 0 },
    // Starts in September: counts there, whole.
    { id: 7, agentId: 101, start: '2025-09-30 23:00', end: '2025-10-01 03:00', shiftType: 0 },
    { id: 8, agentId: 101, start: '2025-09-15 08:00', end: '2025-09-15 11:00', shiftType: 61 },
    { id: 9, agentId: 101, start: '2025-08-05 09:00', end: '2025-08-05 11:00', shiftType: 62 },
    { id: 10, agentId: 101, start: '2025-08-06 17:00', end: '2025-08-06 21:30', shiftType: 64 },
    { id: 11, agentId: 101, start: '2025-07-07 10:00', end: '2025-07-07 12:00', shiftType: 63 },
    { id: 12, agentId: 101, start: '2024-10-01 08:00', end: '2024-10-01 10:00', shiftType: 0 },
    // A 14th month back: not shown.
    { id: 13, agentId: 101, start: '2024-09-30 08:00', end: '2024-09-30 10:00', shiftType: 0 },
    { id: 14, agentId: 102, start: '2025-10-01 08:00', end: '2025-10-01 16:00', shiftType: 0 },
    // A call out the schedule still holds (not applied, as the demo's are): not worked.
    { id: 15, agentId: 101, start: '2025-09-22 08:00', end: '2025-09-22 12:00', shiftType: 0 },
  ],
  personalRequests: [
    { id: 1, agentId: 101, shiftId: null, start: '2025-10-06 08:00', end: '2025-10-06 12:00', minutes: 240, requestedAt: '2025-10-01 09:00', shiftClass: 1 },
    { id: 2, agentId: 101, shiftId: 6, start: '2025-10-21 08:00', end: '2025-10-21 10:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
    { id: 3, agentId: 101, shiftId: null, start: '2025-11-03 08:00', end: '2025-11-03 16:00', minutes: 450, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
    { id: 4, agentId: 101, shiftId: null, start: '2025-10-22 08:00', end: '2025-10-22 09:00', minutes: 60, requestedAt: '2025-10-10 09:00', shiftClass: 1, status: 'removed' },
    // Who is off on 2025-10-15.
    { id: 10, agentId: 102, shiftId: null, start: '2025-10-15 09:00', end: '2025-10-15 11:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
    { id: 11, agentId: 106, shiftId: null, start: '2025-10-15 10:00', end: '2025-10-15 12:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
    { id: 12, agentId: 103, shiftId: null, start: '2025-10-15 09:00', end: '2025-10-15 10:00', minutes: 60, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
    { id: 13, agentId: 105, shiftId: null, start: '2025-10-15 14:00', end: '2025-10-15 16:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 2 },
    { id: 14, agentId: 102, shiftId: null, start: '2025-10-15 16:00', end: '2025-10-15 18:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 2 },
  ],
  notices: [
    notice({ id: 1, shiftId: 3, violationType: 2, start: '2025-10-02 10:00', end: '2025-10-02 12:00', reason: 0, createdAt: '2025-10-02 07:00', minutes: 120, personalMinutes: 120, vacationMinutes: 0 }),
    notice({ id: 2, violationType: 0, start: '2025-09-10 08:00', end: '2025-09-10 16:00', reason: 1, vacationApplied: true, createdAt: '2025-09-09 20:00', minutes: 450, personalMinutes: 200, vacationMinutes: 150 }),
    notice({ id: 3, violationType: 0, start: '2025-08-20 08:00', end: '2025-08-20 12:00', reason: 8, createdAt: '2025-08-20 06:00', minutes: 240, personalMinutes: 0, vacationMinutes: 0 }),
    notice({ id: 4, violationType: 0, start: '2025-07-01 08:00', end: '2025-07-01 16:00', reason: 0, createdAt: '2025-07-01 06:00', minutes: 450, personalMinutes: 450, vacationMinutes: 0 }),
    notice({ id: 5, violationType: 1, start: '2025-10-15 08:00', end: '2025-10-15 09:00', reason: 6, createdAt: '2025-10-14 08:00', minutes: 60, personalMinutes: 60, vacationMinutes: 0, message: 'Power out at home' }),
    notice({ id: 6, violationType: 1, start: '2025-07-20 08:00', end: '2025-07-20 09:40', reason: 5, vacationApplied: true, createdAt: '2025-07-20 07:00', minutes: 100, personalMinutes: 0, vacationMinutes: 100 }),
    notice({ id: 8, shiftId: 15, violationType: 0, start: '2025-09-22 08:00', end: '2025-09-22 12:00', reason: 10, createdAt: '2025-09-22 06:30', minutes: 240, personalMinutes: 240, vacationMinutes: 0 }),
    notice({ id: 7, agentId: 102, violationType: 0, start: '2025-10-01 08:00', end: '2025-10-01 16:00', reason: 0, createdAt: '2025-10-01 06:00', minutes: 450, personalMinutes: 450 }),
  ],
};

const zeroPaid = (month: string): Record<string, unknown> => ({ month, minWorked: 0, minVacation: 0, minPersonal: 0, minUnpaid: 0, minPaid: 0, minFMLA: 0 });
const zeroTraining = (month: string): Record<string, unknown> => ({ month, minQA: 0, minCo: 0, minAdv: 0, minTrain: 0 });
const QUIET = ['2025-06', '2025-05', '2025-04', '2025-03', '2025-02', '2025-01', '2024-12', '2024-11'];

describe('a call out of a shift whose leave early waits for log out', () => {
  beforeEach(() => loadWorldAt(server, NOW, ACTION_WORLD));

  const leaveAt14 = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: '2025-10-15 14:00:00.0', VacationApplied: false, Reason: 0, Message: 'Doctor appointment' };
  const noticeRows = async (): Promise<unknown[]> =>
    [...((await readWorld(server.db)).notices ?? [])]
      .sort((a, b) => (a.id as number) - (b.id as number))
      .map((n) => [n.violationType, n.start, n.end, n.minutes, n.personalMinutes, n.vacationMinutes, n.appliedAt]);
  const balances = async (): Promise<unknown> => {
    const ab = (await readWorld(server.db)).agents?.find((a) => a.agentId === 101);
    return [ab?.personalTime, ab?.vacationTime];
  };

  it.each([
    [
      "callOut, 'Yes please'",
      '/api/callOut',
      { AgentID: 101, TimeScheduleItemID: 1, PersonalTime: 0, Message: 'Sick with the flu, sorry' },
      'SUCCESS: Log entry created.',
      { minutes: 330, personal: 330, vacation: 0 },
      [150, 300],
    ],
    [
      'giveNotice call out, vacation applied',
      '/api/giveNotice',
      { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 0, StartTime: null, EndTime: null, VacationApplied: true, Reason: 0, Message: 'Fever since last night' },
      'Success! Schedule is updated.',
      { minutes: 330, personal: 30, vacation: 300 },
      [450, 0],
    ],
  ])('%s: the call out counts what the leave early does not, the two count one call out, log out changes nothing', async (_name, path, body, text, paid, after) => {
    const at = parseInstant;
    expect(await call('POST', '/api/giveNotice', 101, leaveAt14)).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Schedule will be updated when you log out.' } });
    expect(await balances()).toEqual([480, 300]);

    // An arrival at the leave early's new end would leave nothing of the shift.
    const late = await call('POST', '/api/giveNotice', 101, { ...leaveAt14, ViolationType: 1, StartTime: '2025-10-15 14:00:00.0', EndTime: null });
    expect(late).toMatchObject({
      status: 422,
      body: { outcome: 'error', rule: 'giveNotice.arriveLateAfterLeaveEarly', message: 'ERROR: You gave notice of leaving this shift at 2:00 PM: arrive before then, or call out instead.' },
    });
    expect(await noticeRows()).toHaveLength(1);

    expect(await call('POST', path, 101, body)).toMatchObject({ status: 200, body: { outcome: 'ok', message: text } });
    const leaveEarly = [2, at('2025-10-15 14:00'), at('2025-10-15 16:00'), 120, 120, 0, at(NOW)];
    const callOut = [0, at('2025-10-15 08:00'), at('2025-10-15 16:00'), paid.minutes, paid.personal, paid.vacation, at(NOW)];
    expect(await noticeRows()).toEqual([leaveEarly, callOut]);
    // 120 + 330 = 450: what one call out of the shift (480 less its 30-minute break) takes.
    expect(await balances()).toEqual(after);
    let world = await readWorld(server.db);
    expect((world.shifts ?? []).filter((s) => s.agentId === 101)).toEqual([]);
    expect(world.coveragePostings?.[0]?.endedAt).toBe(at(NOW));

    server.setNow(at('2025-10-15 17:00'));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    world = await readWorld(server.db);
    expect((world.shifts ?? []).map((s) => s.id).sort()).toEqual([3, 4]);
    expect(await noticeRows()).toEqual([leaveEarly, callOut]);
    expect(await balances()).toEqual(after);
    const october = ((await api.ok('/api/userPaidTime/101', 101)) as { month: string }[]).find((m) => m.month === '2025-10');
    expect(october).toEqual({ month: '2025-10', minWorked: 0, minPersonal: 120 + paid.personal, minVacation: paid.vacation, minUnpaid: 0, minPaid: 450, minFMLA: 0 });
  });
});

describe('an account manager (85) calls out with the violation type and reason (issue 20)', () => {
  // NP (107, 85) may not give notice (giveNotice.rank): the Call Out screen is theirs, and sends
  // spec 3's fields. Shift 3 is 8:00-16:00 with no meal break: 480 paid minutes.
  const WORLD = { ...ACTION_WORLD, agents: AGENTS.map((a) => (a.agentId === 107 ? { ...a, vacationTime: 120 } : a)) };
  beforeEach(() => loadWorldAt(server, NOW, WORLD));
  const good = { AgentID: 107, TimeScheduleItemID: 3, PersonalTime: 0, Message: 'Sick child at home', ViolationType: 0, Reason: 5, VacationApplied: true };
  const state = async (): Promise<unknown> => {
    const w = await readWorld(server.db);
    const np = w.agents?.find((a) => a.agentId === 107);
    return { balances: [np?.personalTime, np?.vacationTime], shift3: (w.shifts ?? []).some((s) => s.id === 3), notices: w.notices?.length };
  };

  it.each(
    bodyCases('callOut', good, [
      ['ViolationType as text', { ViolationType: '0' }, 'ViolationType: must be a number'],
      ['Reason as text', { Reason: 'Childcare Issue' }, 'Reason: must be a number'],
      ['VacationApplied as text', { VacationApplied: 'yes' }, 'VacationApplied: must be true or false'],
    ]),
  )('%s: 400 naming the field, nothing decided', (...bad) => expectBadInput(server, bad, 107));

  it.each([
    ['no reason', { Reason: null }, 'callOut.reason', 'ERROR: Please choose a reason.'],
    ['reason 11', { Reason: 11 }, 'callOut.reason', 'ERROR: Please choose a reason.'],
    ['FMLA not on file', { Reason: 8 }, 'callOut.fmla', 'ERROR: FMLA does not cover this shift.'],
    ['vacation offered, no choice', { VacationApplied: null }, 'callOut.vacationChoice', 'ERROR: Please choose whether to apply vacation.'],
    ['an arrive late', { ViolationType: 1 }, 'callOut.violationType', 'ERROR: The Call Out screen reports call outs only.'],
  ])('%s: 422 with the rule\'s message, nothing written', async (_name, patch, rule, message) => {
    const before = await state();
    expect(await call('POST', '/api/callOut', 107, { ...good, ...patch })).toEqual({ status: 422, body: { outcome: 'error', message, rule, warnings: [] } });
    expect(await state()).toEqual(before);
  });

  it('records the chosen type, reason and vacation: vacation pays 120 of the 480 minutes, personal time the other 360; Attendance lists it so', async () => {
    expect(await call('POST', '/api/callOut', 107, good)).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Log entry created.', rule: null } });
    expect(await state()).toEqual({ balances: [240, 0], shift3: false, notices: 1 });
    expect(await api.ok('/api/getAttendance/107', 107)).toEqual([
      {
        noticeID: expect.any(Number) as number,
        timeScheduleItemID: 3,
        violationType: 0,
        reason: 5,
        startTime: '2025-10-15 08:00:00.0',
        endTime: '2025-10-15 16:00:00.0',
        vacationApplied: true,
        message: 'Sick child at home',
        timestampGiven: '2025-10-14 09:00:00.0',
        minutes: 480,
        minPersonal: 360,
        minVacation: 120,
      },
    ]);
  });

  it("spec 1's call without the give-notice fields still records reason 10, Other, and no vacation", async () => {
    const res = await call('POST', '/api/callOut', 107, { AgentID: 107, TimeScheduleItemID: 3, PersonalTime: 1, Message: 'Sick child at home' });
    expect(res).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Log entry created.' } });
    expect(await api.ok('/api/getAttendance/107', 107)).toMatchObject([{ violationType: 0, reason: 10, vacationApplied: false, minPersonal: 0, minVacation: 0 }]);
    expect(await state()).toEqual({ balances: [600, 120], shift3: false, notices: 1 });
  });
});

describe('future personal time (spec 3: "nor available minutes less future personal time")', () => {
  // AB has 500 minutes, then books 100 of them for Friday; Wednesday's whole shift needs 450.
  const WORLD = {
    agents: [{ agentId: 101, agentType: 20, initials: 'AB', personalTime: 500 }, ...AGENTS.slice(1)],
    shifts: [
      { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
      { id: 2, agentId: 101, start: '2025-10-17 08:00', end: '2025-10-17 16:00', shiftType: 0 },
    ],
  };
  beforeEach(() => loadWorldAt(server, NOW, WORLD));
  const personal = (shift: number, date: string, start: string, end: string): Promise<{ status: number; body: unknown }> =>
    call('POST', '/api/requestPersonal', 101, { AgentID: 101, TimeScheduleItemID: shift, StartTime: `${date} ${start}:00.0`, EndTime: `${date} ${end}:00.0` });
  const balance = async (): Promise<unknown> => (await readWorld(server.db)).agents?.find((a) => a.agentId === 101)?.personalTime;

  it('500 minutes with 100 booked for a later day: 450 is refused (422) with both numbers, 400 passes, and the balance drops only as each time starts', async () => {
    expect(await personal(2, '2025-10-17', '08:00', '09:40')).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await balance()).toBe(500);
    expect((await get('/api/userFuturePersonal/101', 101)).body).toEqual([{ minPersonal: 100 }]);

    expect(await personal(1, '2025-10-15', '08:00', '16:00')).toMatchObject({
      status: 422,
      body: {
        outcome: 'error',
        rule: 'requestPersonal.availableLessFuture',
        message: 'ERROR: Not enough personal time. This request needs 450 minutes and you have 400 left after the 100 minutes of personal time you have already requested.',
      },
    });
    // More than the balance itself is the first check's.
    expect(await personal(1, '2025-10-15', '08:00', '17:00')).toMatchObject({ status: 422 });
    expect(await balance()).toBe(500);

    // 8:00-15:05 is 425 minutes less a 25-minute deduction: 400, all that is left after Friday's 100.
    expect(await personal(1, '2025-10-15', '08:00', '15:05')).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Personal time was approved.' } });
    expect(await balance()).toBe(500);
    expect((await get('/api/getUserDetails/101', 101)).body).toMatchObject({ personalTime: 500 });

    // Wednesday 8:00 has passed: its 400 minutes are taken, Friday's 100 are still ahead.
    server.setNow(parseInstant('2025-10-15 08:00'));
    expect((await get('/api/userFuturePersonal/101', 101)).body).toEqual([{ minPersonal: 100 }]);
    expect(await balance()).toBe(100);
    expect(await personal(2, '2025-10-17', '10:00', '10:01')).toMatchObject({
      status: 422,
      body: { message: 'ERROR: Not enough personal time. This request needs 1 minutes and you have 0 left after the 100 minutes of personal time you have already requested.' },
    });

    server.setNow(parseInstant('2025-10-17 12:00'));
    expect((await get('/api/userFuturePersonal/101', 101)).body).toEqual([{ minPersonal: 0 }]);
    expect(await balance()).toBe(0);
    // Taken once: later calls take nothing more.
    expect((await get('/api/userFuturePersonal/101', 101)).body).toEqual([{ minPersonal: 0 }]);
    expect(await balance()).toBe(0);
  });
});

describe('personal time from a shift whose leave early waits for log out', () => {
  beforeEach(() => loadWorldAt(server, NOW, ACTION_WORLD));

  it('hours from the leave early on are refused (422); earlier ones split the shift, the leave early goes with its piece, and log out takes that piece', async () => {
    const at = parseInstant;
    const leaveAt15 = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: '2025-10-15 15:00:00.0', VacationApplied: false, Reason: 0, Message: 'Doctor appointment' };
    expect(await call('POST', '/api/giveNotice', 101, leaveAt15)).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    const personal = (start: string, end: string): Promise<{ status: number; body: unknown }> =>
      call('POST', '/api/requestPersonal', 101, { AgentID: 101, TimeScheduleItemID: 1, StartTime: `2025-10-15 ${start}:00.0`, EndTime: `2025-10-15 ${end}:00.0` });
    const state = async (): Promise<unknown> => {
      const w = await readWorld(server.db);
      return {
        personalTime: w.agents?.find((a) => a.agentId === 101)?.personalTime,
        shifts: (w.shifts ?? []).filter((s) => s.agentId === 101).map((s) => [s.start, s.end, s.parentId === null ? null : 'sub']).sort((a, b) => Number(a[0]) - Number(b[0])),
        notice: (w.notices ?? []).map((n) => [(w.shifts ?? []).find((s) => s.id === n.shiftId)?.start ?? null, n.start, n.minutes, n.personalMinutes, n.appliedAt]),
        personalRequests: (w.personalRequests ?? []).map((r) => [r.start, r.end, r.minutes]),
      };
    };
    const waiting = await state();
    expect(waiting).toEqual({
      personalTime: 540,
      shifts: [[at('2025-10-15 08:00'), at('2025-10-15 16:00'), null], [at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub']],
      notice: [[at('2025-10-15 08:00'), at('2025-10-15 15:00'), 60, 60, null]],
      personalRequests: [],
    });

    for (const [start, end] of [['14:00', '16:00'], ['15:00', '16:00'], ['15:30', '16:00']]) {
      expect(await personal(start as string, end as string)).toMatchObject({
        status: 422,
        body: { outcome: 'error', rule: 'requestPersonal.afterLeaveEarly', message: 'ERROR: You gave notice of leaving this shift at 3:00 PM: request personal time before then.' },
      });
    }
    expect(await state()).toEqual(waiting);

    expect(await personal('13:00', '15:00')).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Personal time was approved.' } });
    expect(await state()).toEqual({
      // Booked for 13:00: still in the balance until then.
      personalTime: 540,
      shifts: [
        [at('2025-10-15 08:00'), at('2025-10-15 13:00'), null],
        [at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub'],
        [at('2025-10-15 15:00'), at('2025-10-15 16:00'), null],
      ],
      // The leave early now names the 15:00-16:00 piece.
      notice: [[at('2025-10-15 15:00'), at('2025-10-15 15:00'), 60, 60, null]],
      personalRequests: [[at('2025-10-15 13:00'), at('2025-10-15 15:00'), 120]],
    });

    server.setNow(at('2025-10-15 17:00'));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    expect(await state()).toEqual({
      // 13:00 has passed: the 120 minutes came out of the balance.
      personalTime: 420,
      shifts: [[at('2025-10-15 08:00'), at('2025-10-15 13:00'), null], [at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub']],
      notice: [[null, at('2025-10-15 15:00'), 60, 60, at('2025-10-15 17:00')]],
      personalRequests: [[at('2025-10-15 13:00'), at('2025-10-15 15:00'), 120]],
    });
    // Worked 8:00-13:00 less the break (270), personal time 120 + the leave early's 60: 15:00-16:00 is paid once.
    const october = ((await api.ok('/api/userPaidTime/101', 101)) as { month: string }[]).find((m) => m.month === '2025-10');
    expect(october).toEqual({ month: '2025-10', minWorked: 270, minPersonal: 180, minVacation: 0, minUnpaid: 0, minPaid: 450, minFMLA: 0 });
  });
});

describe('an offer accepted from a shift whose leave early waits for log out', () => {
  // CD (102) offers to cover 10:00-14:00 of AB's 8:00-16:00 (posting 20), meal break included.
  const offer = { id: 40, postingId: 20, offeringAgentId: 102, coveringAgentId: 102, start: '2025-10-15 10:00', end: '2025-10-15 14:00', expiration: '2025-10-15 07:00' };
  beforeEach(() => loadWorldAt(server, NOW, withRecords(ACTION_WORLD, { offers: [offer] })));
  const at = parseInstant;
  const state = async (): Promise<unknown> => {
    const w = await readWorld(server.db);
    const shifts = (w.shifts ?? []).filter((s) => s.shiftType === 0 || s.shiftType === 5);
    return {
      shifts: shifts.map((s) => [s.agentId, s.start, s.end, s.parentId === null ? null : 'sub']).sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0])),
      notice: (w.notices ?? []).map((n) => [shifts.find((s) => s.id === n.shiftId)?.start ?? null, n.start, n.end, n.minutes, n.personalMinutes, n.appliedAt]),
      personalTime: w.agents?.find((a) => a.agentId === 101)?.personalTime,
    };
  };
  const october = async (agentId: number): Promise<unknown> =>
    ((await api.ok(`/api/userPaidTime/${agentId}`, agentId)) as { month: string }[]).find((m) => m.month === '2025-10');

  it('the leave early goes with the later piece, log out takes its hours from it, and every hour of the shift is paid once', async () => {
    const leaveAt15 = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: '2025-10-15 15:00:00.0', VacationApplied: false, Reason: 0, Message: 'Doctor appointment' };
    expect(await call('POST', '/api/giveNotice', 101, leaveAt15)).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Schedule will be updated when you log out.' } });

    expect(await call('PUT', '/api/acceptOffer/40', 101)).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await state()).toEqual({
      shifts: [
        [101, at('2025-10-15 08:00'), at('2025-10-15 10:00'), null],
        [102, at('2025-10-15 10:00'), at('2025-10-15 14:00'), null],
        [102, at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub'],
        [101, at('2025-10-15 14:00'), at('2025-10-15 16:00'), null],
      ],
      // The leave early now names AB's 14:00-16:00 piece, which holds 15:00; it paid 60 minutes.
      notice: [[at('2025-10-15 14:00'), at('2025-10-15 15:00'), at('2025-10-15 16:00'), 60, 60, null]],
      personalTime: 540,
    });

    server.setNow(at('2025-10-15 17:00'));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    expect(await state()).toEqual({
      shifts: [
        [101, at('2025-10-15 08:00'), at('2025-10-15 10:00'), null],
        [102, at('2025-10-15 10:00'), at('2025-10-15 14:00'), null],
        [102, at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub'],
        [101, at('2025-10-15 14:00'), at('2025-10-15 15:00'), null],
      ],
      notice: [[at('2025-10-15 14:00'), at('2025-10-15 15:00'), at('2025-10-15 16:00'), 60, 60, at('2025-10-15 17:00')]],
      personalTime: 540,
    });
    // AB: 8:00-10:00 and 14:00-15:00 worked (180) and 15:00-16:00 paid by the leave early (60); CD:
    // 10:00-14:00 less the break (210). 180 + 60 + 210 = 450, the shift less its break: paid once.
    expect(await october(101)).toEqual({ month: '2025-10', minWorked: 180, minPersonal: 60, minVacation: 0, minUnpaid: 0, minPaid: 240, minFMLA: 0 });
    expect(await october(102)).toEqual({ month: '2025-10', minWorked: 210, minPersonal: 0, minVacation: 0, minUnpaid: 0, minPaid: 210, minFMLA: 0 });
  });

  it('hours given away after the leave early split the shift: log out takes its hours from both pieces, none from CD, and pays each hour of AB once', async () => {
    // CD covers 13:00-14:00 instead (offer 41); the leave early is for 12:00: AB then holds
    // 8:00-13:00 (the notice's piece, with the 12:00 break) and 14:00-16:00, both in part in its hours.
    const hour = { ...offer, id: 41, start: '2025-10-15 13:00', end: '2025-10-15 14:00' };
    await loadWorldAt(server, NOW, withRecords(ACTION_WORLD, { offers: [hour] }));
    const leaveAt12 = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: '2025-10-15 12:00:00.0', VacationApplied: false, Reason: 0, Message: 'Doctor appointment' };
    expect(await call('POST', '/api/giveNotice', 101, leaveAt12)).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Schedule will be updated when you log out.' } });
    expect(await call('PUT', '/api/acceptOffer/41', 101)).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await state()).toEqual({
      shifts: [
        [101, at('2025-10-15 08:00'), at('2025-10-15 13:00'), null],
        [101, at('2025-10-15 12:00'), at('2025-10-15 12:30'), 'sub'],
        [102, at('2025-10-15 13:00'), at('2025-10-15 14:00'), null],
        [101, at('2025-10-15 14:00'), at('2025-10-15 16:00'), null],
      ],
      // The notice stays with 8:00-13:00, which holds 12:00; it paid 240 minutes from personal time.
      notice: [[at('2025-10-15 08:00'), at('2025-10-15 12:00'), at('2025-10-15 16:00'), 240, 240, null]],
      personalTime: 360,
    });

    server.setNow(at('2025-10-15 17:00'));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    expect(await state()).toEqual({
      // 8:00-13:00 ends at 12:00 (its break, in the hours missed, goes); 14:00-16:00 lay wholly in
      // them and goes; CD's hour stays CD's.
      shifts: [
        [101, at('2025-10-15 08:00'), at('2025-10-15 12:00'), null],
        [102, at('2025-10-15 13:00'), at('2025-10-15 14:00'), null],
      ],
      notice: [[at('2025-10-15 08:00'), at('2025-10-15 12:00'), at('2025-10-15 16:00'), 240, 240, at('2025-10-15 17:00')]],
      personalTime: 360,
    });
    // AB: 8:00-12:00 worked (240), 12:00-16:00 paid by the leave early (240), no hour both; before
    // this change 14:00-16:00 also stayed worked (minWorked 360). CD: the hour worked (60). The notice
    // keeps what it paid for the hour CD took (an accept rewrites no notice: docs/decisions.md).
    expect(await october(101)).toEqual({ month: '2025-10', minWorked: 240, minPersonal: 240, minVacation: 0, minUnpaid: 0, minPaid: 480, minFMLA: 0 });
    expect(await october(102)).toEqual({ month: '2025-10', minWorked: 60, minPersonal: 0, minVacation: 0, minUnpaid: 0, minPaid: 60, minFMLA: 0 });
    // A second log out finds nothing waiting and changes nothing.
    expect((await call('POST', '/api/loggingOutLog', 101, { AgentID: 101 })).status).toBe(200);
    expect(await october(101)).toEqual({ month: '2025-10', minWorked: 240, minPersonal: 240, minVacation: 0, minUnpaid: 0, minPaid: 480, minFMLA: 0 });
  });
});

describe('attendance reads', () => {
  beforeAll(() => loadWorldAt(server, NOW, READ_WORLD));

  const ok = (path: string, as = 101): Promise<unknown> => api.ok(path, as);

  it('userPaidTime: 13 months, newest first; worked time to now less meal breaks and the hours of notices; absences split by what paid them', async () => {
    expect(await ok('/api/userPaidTime/101')).toEqual([
      // 450 + (240 - 120 left early) + 120 so far today; 240 personal time + 120 of the leave early.
      { month: '2025-10', minWorked: 690, minVacation: 0, minPersonal: 360, minUnpaid: 0, minPaid: 1050, minFMLA: 0 },
      // 240 from the shift starting 9/30 + 180 QA (not the 9/22 shift called out); the call outs:
      // 200 + 240 personal, 150 vacation, 100 unpaid.
      { month: '2025-09', minWorked: 420, minVacation: 150, minPersonal: 440, minUnpaid: 100, minPaid: 1010, minFMLA: 0 },
      { month: '2025-08', minWorked: 390, minVacation: 0, minPersonal: 0, minUnpaid: 0, minPaid: 390, minFMLA: 240 },
      { month: '2025-07', minWorked: 120, minVacation: 100, minPersonal: 450, minUnpaid: 0, minPaid: 670, minFMLA: 0 },
      ...QUIET.map(zeroPaid),
      { month: '2024-10', minWorked: 120, minVacation: 0, minPersonal: 0, minUnpaid: 0, minPaid: 120, minFMLA: 0 },
    ]);
  });

  it('userTrainingTime: QA (61), co-QA (62), classes and watch weeks (64, 65), ongoing training (63) per month', async () => {
    expect(await ok('/api/userTrainingTime/101')).toEqual([
      zeroTraining('2025-10'),
      { month: '2025-09', minQA: 180, minCo: 0, minAdv: 0, minTrain: 0 },
      { month: '2025-08', minQA: 0, minCo: 120, minAdv: 270, minTrain: 0 },
      { month: '2025-07', minQA: 0, minCo: 0, minAdv: 0, minTrain: 120 },
      ...QUIET.map(zeroTraining),
      zeroTraining('2024-10'),
    ]);
  });

  it('getAttendance: notices from 90 days back on (upcoming ones too), FMLA not shown, by start', async () => {
    expect(await ok('/api/getAttendance/101')).toEqual([
      { noticeID: 6, timeScheduleItemID: null, violationType: 1, reason: 5, startTime: '2025-07-20 08:00:00.0', endTime: '2025-07-20 09:40:00.0', vacationApplied: true,
        message: 'Absent', timestampGiven: '2025-07-20 07:00:00.0', minutes: 100, minPersonal: 0, minVacation: 100 },
      { noticeID: 2, timeScheduleItemID: null, violationType: 0, reason: 1, startTime: '2025-09-10 08:00:00.0', endTime: '2025-09-10 16:00:00.0', vacationApplied: true,
        message: 'Absent', timestampGiven: '2025-09-09 20:00:00.0', minutes: 450, minPersonal: 200, minVacation: 150 },
      { noticeID: 8, timeScheduleItemID: 15, violationType: 0, reason: 10, startTime: '2025-09-22 08:00:00.0', endTime: '2025-09-22 12:00:00.0', vacationApplied: false,
        message: 'Absent', timestampGiven: '2025-09-22 06:30:00.0', minutes: 240, minPersonal: 240, minVacation: 0 },
      { noticeID: 1, timeScheduleItemID: 3, violationType: 2, reason: 0, startTime: '2025-10-02 10:00:00.0', endTime: '2025-10-02 12:00:00.0', vacationApplied: false,
        message: 'Absent', timestampGiven: '2025-10-02 07:00:00.0', minutes: 120, minPersonal: 120, minVacation: 0 },
      { noticeID: 5, timeScheduleItemID: null, violationType: 1, reason: 6, startTime: '2025-10-15 08:00:00.0', endTime: '2025-10-15 09:00:00.0', vacationApplied: false,
        message: 'Power out at home', timestampGiven: '2025-10-14 08:00:00.0', minutes: 60, minPersonal: 60, minVacation: 0 },
    ]);
    expect(await ok('/api/getAttendance/106', 106)).toEqual([]);
  });

  it('userPastVacationAttendance: vacation applied to the notices still on the record (150 + 100, not the July 1 one)', async () => {
    expect(await ok('/api/userPastVacationAttendance/101')).toEqual([{ minVacation: 250 }]);
    expect(await ok('/api/userPastVacationAttendance/102', 102)).toEqual([{ minVacation: 0 }]);
  });

  it('userFuturePersonal: approved personal time starting after now (not the removed request, not the past one)', async () => {
    expect(await ok('/api/userFuturePersonal/101')).toEqual([{ minPersonal: 570 }]);
    expect(await ok('/api/userFuturePersonal/104', 104)).toEqual([{ minPersonal: 0 }]);
  });

  it('getPersonalVacaUsage: below 85 the same class, 85 and above together; the caller not counted; back-to-back not overlapping', async () => {
    const usage = (start: string, end: string, rank: number, shiftClass: number, as: number): Promise<unknown> =>
      ok(`/api/getPersonalVacaUsage/${encodeURIComponent(start)}/${encodeURIComponent(end)}/${rank}/${shiftClass}`, as);
    expect(await usage('2025-10-15 08:00:00.0', '2025-10-15 16:00:00.0', 20, 1, 101)).toEqual([{ count: 2 }]);
    expect(await usage('2025-10-15 08:00:00.0', '2025-10-15 16:00:00.0', 20, 1, 102)).toEqual([{ count: 1 }]);
    expect(await usage('2025-10-15 08:00:00.0', '2025-10-15 16:00:00.0', 20, 2, 101)).toEqual([{ count: 0 }]);
    expect(await usage('2025-10-15 08:00:00.0', '2025-10-15 16:01:00.0', 20, 2, 101)).toEqual([{ count: 1 }]);
    expect(await usage('2025-10-15 11:00:00.0', '2025-10-15 14:00:00.0', 30, 1, 101)).toEqual([{ count: 1 }]);
    expect(await usage('2025-10-15 12:00:00.0', '2025-10-15 14:00:00.0', 20, 1, 101)).toEqual([{ count: 0 }]);
    expect(await usage('2025-10-15 08:00:00.0', '2025-10-15 16:00:00.0', 100, 3, 101)).toEqual([{ count: 2 }]);
    expect(await usage('2025-10-15T10:00:00-04:00', '2025-10-15 16:00', 85, 1, 101)).toEqual([{ count: 1 }]);
  });

  describe('who sees whose attendance (spec 3 section 6)', () => {
    const PATHS = ['/api/userPaidTime', '/api/getAttendance', '/api/userPastVacationAttendance', '/api/userTrainingTime', '/api/userFuturePersonal'];

    it.each(PATHS)("%s: an agent (20) or a trainer (30) sees only their own: 403 for another's, even a missing one", async (path) => {
      for (const [as, other] of [[101, 102], [106, 101], [101, 103], [101, 9999]] as const) {
        expect(await get(`${path}/${other}`, as)).toEqual({ status: 403, body: { error: 'You can only see your own attendance.' } });
      }
    });

    it.each(PATHS)("%s: a supervisor (100, 102) sees agents' but not supervisors'", async (path) => {
      expect((await get(`${path}/101`, 103)).status).toBe(200);
      expect((await get(`${path}/107`, 105)).status).toBe(200);
      for (const [as, other] of [[103, 105], [105, 103], [103, 104]] as const) {
        expect(await get(`${path}/${other}`, as)).toEqual({ status: 403, body: { error: "Only agent types 240 and above see supervisors' attendance." } });
      }
      expect(await get(`${path}/9999`, 103)).toEqual({ status: 404, body: { error: 'There is no agent 9999.' } });
    });

    it.each(PATHS)('%s: 240 and above see everyone', async (path) => {
      for (const other of [101, 103, 105, 104]) expect((await get(`${path}/${other}`, 104)).status).toBe(200);
    });

    it("getAttendanceAgents: whom the selector offers: a supervisor agents below 100, 240 everyone, the caller left out; 403 for those who see their own only", async () => {
      const person = (agentId: number, initials: string, agentType: number): Record<string, unknown> => ({ agentId, initials, fullName: '', agentType });
      expect(await ok('/api/getAttendanceAgents', 103)).toEqual([person(101, 'AB', 20), person(102, 'CD', 20), person(106, 'LM', 30), person(107, 'NP', 85)]);
      expect(await ok('/api/getAttendanceAgents', 104)).toEqual([
        person(101, 'AB', 20), person(102, 'CD', 20), person(103, 'EF', 100), person(105, 'JK', 102), person(106, 'LM', 30), person(107, 'NP', 85), person(108, 'QR', 110),
      ]);
      for (const as of [101, 106, 107]) expect(await get('/api/getAttendanceAgents', as)).toEqual({ status: 403, body: { error: 'You can only see your own attendance.' } });
    });

    it('the same answer whoever may ask', async () => {
      expect(await ok('/api/userPaidTime/101', 104)).toEqual(await ok('/api/userPaidTime/101', 101));
      expect(await ok('/api/userFuturePersonal/101', 103)).toEqual([{ minPersonal: 570 }]);
    });
  });

  it.each([
    ['/api/userPaidTime/abc', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/getAttendance/0', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/userTrainingTime/1e3', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/userPastVacationAttendance/2147483648', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/userFuturePersonal/-1', 'agentId: must be a whole number from 1 to 2147483647'],
    [`/api/getPersonalVacaUsage/tomorrow/${encodeURIComponent('2025-10-15 16:00')}/20/1`, 'startDate: "tomorrow" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    [`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 08:00')}/${encodeURIComponent('2025-10-32 16:00')}/20/1`, 'endDate: "2025-10-32 16:00" is not a valid date and time'],
    [`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 08:00')}/${encodeURIComponent('2025-10-15 08:00')}/20/1`, 'endDate: must be after startDate'],
    [`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 08:00')}/${encodeURIComponent('2025-10-15 16:00')}/twenty/1`, 'rank: must be an agent type, a whole number from 0 to 9999'],
    [`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 08:00')}/${encodeURIComponent('2025-10-15 16:00')}/20/4`, 'shiftClass: must be 1, 2 or 3 (1st, 2nd or 3rd shift)'],
    [`/api/getPersonalVacaUsage/${encodeURIComponent('2025-10-15 08:00')}/${encodeURIComponent('2025-10-15 16:00')}/20/first`, 'shiftClass: must be 1, 2 or 3 (1st, 2nd or 3rd shift)'],
  ])('GET %s: 400 naming the parameter', async (path, error) => {
    expect(await get(path, 101)).toEqual({ status: 400, body: { error } });
  });
});
