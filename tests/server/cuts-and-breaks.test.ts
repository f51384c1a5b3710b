import { beforeEach, describe, expect, it } from 'vitest';
import { parseInstant, PreparedWorld, normalizeWorld } from '../../engine/index.ts';
import { WISHLIST_PERMISSION } from '../../server/routes/cuts-and-breaks.ts';
import { client, expectBadInput, expectNotYours, ID_ERROR, json, loadWorld, loadWorldAt, patched, readWorld, TIME_TYPE_ERROR, useTestServer, withRecords, type BadRequest } from './support.ts';

// Spec 3's cuts and meal breaks over HTTP: what the scenarios in fixtures/requestCut, cutUser,
// denyCut, denyCutSelf, requestLunch, approveLunch, denyLunch and denyLunchSelf cannot show. Bad
// input (400 naming the field, nothing decided), who may call what (403), the wishlist reads'
// exact bodies, and whole flows: a request approved by a cut that shortens the shift and texts the
// agent, a denial after confirming, a break request approved.

const D = '2025-10-15';
const NOW = `${D} 06:00`;

// Agents: AB, CD, EF call specialists (20); AS an assistant supervisor (80); SV a supervisor of
// rank 101 (not among the wishlist ranks); SU a supervisor (100); AD an admin (450).
// Shifts on 10/15 (now is 06:00): 1 AB 8:00-16:00 (1st) with a 12:00 meal break (2) and a
// project hour (3); 4 CD 15:00-23:30 (2nd, and 3rd as it runs past 23:00); 5 EF 23:00-7:00 (3rd);
// 6 CD 10/16 5:00-13:00 (3rd); 7 AB yesterday (over); 8 EF 7:00-15:00 (1st, from exactly 7:00).
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 202, agentType: 80, initials: 'AS' },
    { agentId: 203, agentType: 101, initials: 'SV' },
    { agentId: 201, agentType: 100, initials: 'SU' },
    { agentId: 204, agentType: 450, initials: 'AD' },
  ],
  shifts: [
    { id: 1, agentId: 101, start: `${D} 08:00`, end: `${D} 16:00`, shiftType: 0 },
    { id: 2, agentId: 101, start: `${D} 12:00`, end: `${D} 12:30`, shiftType: 5, parentId: 1 },
    { id: 3, agentId: 101, start: `${D} 14:00`, end: `${D} 15:00`, shiftType: 11, parentId: 1 },
    { id: 4, agentId: 102, start: `${D} 15:00`, end: `${D} 23:30`, shiftType: 0 },
    { id: 5, agentId: 103, start: `${D} 23:00`, end: '2025-10-16 07:00', shiftType: 0 },
    { id: 6, agentId: 102, start: '2025-10-16 05:00', end: '2025-10-16 13:00', shiftType: 0 },
    { id: 7, agentId: 101, start: '2025-10-14 08:00', end: '2025-10-14 16:00', shiftType: 0 },
    { id: 8, agentId: 103, start: `${D} 07:00`, end: `${D} 15:00`, shiftType: 0 },
  ],
  cutRequests: [
    { id: 50, agentId: 101, shiftId: 1, requestedAt: '2025-10-14 20:00', requestedEnd: `${D} 14:00` },
    { id: 51, agentId: 102, shiftId: 4, requestedAt: '2025-10-14 19:00', requestedEnd: `${D} 21:00` },
    { id: 52, agentId: 103, shiftId: 5, requestedAt: '2025-10-14 21:00', requestedEnd: '2025-10-16 03:00' },
    { id: 53, agentId: 102, shiftId: 6, requestedAt: '2025-10-14 18:00', requestedEnd: '2025-10-16 10:00' },
    { id: 54, agentId: 101, shiftId: 7, requestedAt: '2025-10-13 20:00', requestedEnd: '2025-10-14 12:00' },
    { id: 55, agentId: 103, shiftId: 8, requestedAt: '2025-10-14 22:00', requestedEnd: `${D} 12:00`, status: 'denied' },
    { id: 56, agentId: 103, shiftId: 8, requestedAt: '2025-10-14 17:00', requestedEnd: `${D} 13:00` },
  ],
  lunchRequests: [
    { id: 60, agentId: 101, shiftId: 1, requestedAt: '2025-10-14 20:05', notes: 'Between 1p and 2p please' },
    { id: 61, agentId: 102, shiftId: 4, requestedAt: '2025-10-14 19:30', notes: 'Around 7p' },
    { id: 62, agentId: 101, shiftId: 1, requestedAt: '2025-10-14 19:00', notes: 'Noon', status: 'removed' },
  ],
};

const server = useTestServer();
const { call, get } = client(server);
beforeEach(() => loadWorldAt(server, NOW, WORLD));

const GAP = (text: string): string => `"${text}" does not exist in America/New_York (daylight-saving gap)`;

describe('bad input: a 400 naming the field, and no decision', () => {
  const requestCut = { AgentID: 101, EndTime: `${D} 14:00`, TimeScheduleItemID: 1 };
  const cutUser = { AgentID: 201, StartTime: `${D} 08:00`, EndTime: `${D} 14:00`, TimeScheduleItemID: 1 };
  const requestLunch = { AgentID: 101, TimeScheduleItemID: 1, Notes: 'Between 1p and 2p' };
  const approveLunch = { AgentID: 201, StartTime: `${D} 13:00`, TimeScheduleItemID: 1 };
  const cases: BadRequest[] = [
    ['requestCut: body not JSON', 'POST', '/api/requestCut', '{"AgentID": 101,', 'body: must be JSON'],
    ['requestCut: body a list', 'POST', '/api/requestCut', json([requestCut]), 'body: must be a JSON object'],
    ['requestCut: no EndTime', 'POST', '/api/requestCut', patched(requestCut, { EndTime: undefined }), 'EndTime: is required'],
    ['requestCut: EndTime null', 'POST', '/api/requestCut', patched(requestCut, { EndTime: null }), 'EndTime: is required'],
    ['requestCut: EndTime a number', 'POST', '/api/requestCut', patched(requestCut, { EndTime: 1400 }), `EndTime: ${TIME_TYPE_ERROR}`],
    ['requestCut: EndTime in the spring-forward gap', 'POST', '/api/requestCut', patched(requestCut, { EndTime: '2026-03-08 02:30' }), `EndTime: ${GAP('2026-03-08 02:30')}`],
    ['requestCut: no TimeScheduleItemID', 'POST', '/api/requestCut', patched(requestCut, { TimeScheduleItemID: undefined }), 'TimeScheduleItemID: is required'],
    ['requestCut: TimeScheduleItemID as text', 'POST', '/api/requestCut', patched(requestCut, { TimeScheduleItemID: '1' }), `TimeScheduleItemID: ${ID_ERROR}`],
    ['requestCut: TimeScheduleItemID 0', 'POST', '/api/requestCut', patched(requestCut, { TimeScheduleItemID: 0 }), `TimeScheduleItemID: ${ID_ERROR}`],
    ['requestCut: no AgentID', 'POST', '/api/requestCut', patched(requestCut, { AgentID: undefined }), 'AgentID: is required'],
    ['cutUser: StartTime a number', 'POST', '/api/cutUser', patched(cutUser, { StartTime: 800 }), `StartTime: ${TIME_TYPE_ERROR}`, 201],
    ['cutUser: EndTime not a time', 'POST', '/api/cutUser', patched(cutUser, { EndTime: 'two pm' }), 'EndTime: "two pm" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset', 201],
    ['cutUser: TimeScheduleItemID fractional', 'POST', '/api/cutUser', patched(cutUser, { TimeScheduleItemID: 1.5 }), `TimeScheduleItemID: ${ID_ERROR}`, 201],
    ['cutUser: AgentID as text', 'POST', '/api/cutUser', patched(cutUser, { AgentID: '201' }), `AgentID: ${ID_ERROR}`, 201],
    ['requestLunch: Notes a number', 'POST', '/api/requestLunch', patched(requestLunch, { Notes: 13 }), 'Notes: must be text'],
    ['requestLunch: Notes past 2000 characters', 'POST', '/api/requestLunch', patched(requestLunch, { Notes: 'x'.repeat(2001) }), 'Notes: must be at most 2000 characters'],
    ['requestLunch: no TimeScheduleItemID', 'POST', '/api/requestLunch', patched(requestLunch, { TimeScheduleItemID: undefined }), 'TimeScheduleItemID: is required'],
    ['approveLunch: no StartTime', 'POST', '/api/approveLunch', patched(approveLunch, { StartTime: undefined }), 'StartTime: is required', 201],
    ['approveLunch: StartTime in month 13', 'POST', '/api/approveLunch', patched(approveLunch, { StartTime: '2025-13-01 13:00' }), 'StartTime: "2025-13-01 13:00" is not a valid date and time', 201],
    ['approveLunch: TimeScheduleItemID past the largest integer', 'POST', '/api/approveLunch', patched(approveLunch, { TimeScheduleItemID: 2 ** 31 }), `TimeScheduleItemID: ${ID_ERROR}`, 201],
    ['denyCut: shiftId not a number', 'PUT', '/api/denyCut/abc/101', undefined, `shiftId: ${ID_ERROR}`, 201],
    ['denyCut: agentId 0', 'PUT', '/api/denyCut/1/0', undefined, `agentId: ${ID_ERROR}`, 201],
    ['denyCut: confirmed as text', 'PUT', '/api/denyCut/1/101', json({ confirmed: 'yes' }), 'confirmed: must be true or false', 201],
    ['denyCutSelf: agentID in exponent form', 'PUT', '/api/denyCutSelf/1/1e3', undefined, `agentID: ${ID_ERROR}`],
    ['denyCutSelf: shiftID negative', 'PUT', '/api/denyCutSelf/-1/101', undefined, `shiftID: ${ID_ERROR}`],
    ['denyLunch: shiftId hexadecimal', 'PUT', '/api/denyLunch/0x10/101', undefined, `shiftId: ${ID_ERROR}`, 201],
    ['denyLunchSelf: shiftID past the largest integer', 'PUT', '/api/denyLunchSelf/2147483648/101', undefined, `shiftID: ${ID_ERROR}`],
    ['denyLunchSelf: body a JSON string', 'PUT', '/api/denyLunchSelf/1/101', json('yes'), 'body: must be a JSON object'],
  ];

  it.each(cases)('%s', (...bad) => expectBadInput(server, bad, 101));

  const reads: [string, string][] = [
    ['/api/lookupCut/abc', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/lookupLunch/0', 'id: must be a whole number from 1 to 2147483647'],
    ['/api/getMyCutRequests/x1', 'agentID: must be a whole number from 1 to 2147483647'],
    ['/api/getMyLunchRequests/99999999999', 'agentID: must be a whole number from 1 to 2147483647'],
  ];
  it.each(reads)('GET %s', async (path, error) => {
    expect(await get(path, 201)).toEqual({ status: 400, body: { error } });
  });
});

describe('who may call what', () => {
  const notSupervision = [101, 202, 203];
  const supervision = [201, 204];

  it.each(notSupervision)('agent %i may not cut, approve a break or deny (403 with the rule\'s message)', async (as) => {
    const cut = await call('POST', '/api/cutUser', as, { AgentID: as, StartTime: null, EndTime: null, TimeScheduleItemID: 4 });
    expect(cut.status).toBe(403);
    expect(cut.body).toMatchObject({ outcome: 'error', rule: 'cutUser.supervisorsOnly', message: 'ERROR: Only supervision can cut a shift.' });
    const lunch = await call('POST', '/api/approveLunch', as, { AgentID: as, StartTime: `${D} 19:00`, TimeScheduleItemID: 4 });
    expect([lunch.status, lunch.body.message]).toEqual([403, 'ERROR: Only supervision can approve a meal break.']);
    const denyCut = await call('PUT', '/api/denyCut/4/102?confirmed=true', as);
    expect([denyCut.status, denyCut.body.message]).toEqual([403, 'ERROR: Only supervision can deny a cut request.']);
    const denyLunch = await call('PUT', '/api/denyLunch/4/102', as);
    expect([denyLunch.status, denyLunch.body.message]).toEqual([403, 'ERROR: Only supervision can deny a meal break request.']);
    const world = await readWorld(server.db);
    expect(world.shifts?.find((s) => s.id === 4)?.end).toBe(parseInstant(`${D} 23:30`));
    expect(world.cutRequests?.find((r) => r.id === 51)?.status).toBe('pending');
    expect(world.lunchRequests?.find((r) => r.id === 61)?.status).toBe('pending');
  });

  it.each(notSupervision)('agent %i gets 403 on every supervisor wishlist read', async (as) => {
    for (const path of SUPERVISOR_READS) {
      expect(await get(path, as), path).toEqual({ status: 403, body: { error: 'Only supervision can see the cut and break requests.' } });
    }
  });

  it.each(supervision)('agent %i reads the supervisor wishlist', async (as) => {
    for (const path of SUPERVISOR_READS) expect((await get(path, as)).status, path).toBe(200);
  });

  it('agent types above 80 cannot request a cut or a different break', async () => {
    for (const as of [201, 204]) {
      await loadWorld(server.db, withRecords(WORLD, { shifts: [{ id: 9, agentId: as, start: `${D} 08:00`, end: `${D} 16:00` }] }));
      const cut = await call('POST', '/api/requestCut', as, { AgentID: as, EndTime: `${D} 12:00`, TimeScheduleItemID: 9 });
      expect([cut.status, cut.body.rule, cut.body.message]).toEqual([403, 'requestCut.agentType', 'ERROR: You are unable to request a cut through Shiftinator.']);
      const lunch = await call('POST', '/api/requestLunch', as, { AgentID: as, TimeScheduleItemID: 9, Notes: 'Any time after 1p' });
      expect([lunch.status, lunch.body.message]).toEqual([403, 'ERROR: You are unable to request a different lunch break through Shiftinator.']);
    }
  });

  it('a body or path naming someone else is refused before the rules (403)', async () => {
    await expectNotYours(server, 'POST', '/api/requestCut', 102, { AgentID: 101, EndTime: `${D} 14:00`, TimeScheduleItemID: 1 });
    await expectNotYours(server, 'POST', '/api/requestLunch', 102, { AgentID: 101, TimeScheduleItemID: 1, Notes: 'Any time' });
    await expectNotYours(server, 'POST', '/api/cutUser', 201, { AgentID: 204, StartTime: null, EndTime: null, TimeScheduleItemID: 1 });
    await expectNotYours(server, 'POST', '/api/approveLunch', 201, { AgentID: 204, StartTime: `${D} 13:00`, TimeScheduleItemID: 1 });
    // A supervisor removes nobody's request through the owner's call either.
    await expectNotYours(server, 'PUT', '/api/denyCutSelf/1/101?confirmed=true', 201);
    await expectNotYours(server, 'PUT', '/api/denyLunchSelf/1/101?confirmed=true', 201);
  });

  it('an agent cannot ask for a cut or a break on someone else\'s shift (403 from the rules)', async () => {
    const cut = await call('POST', '/api/requestCut', 102, { AgentID: 102, EndTime: `${D} 14:00`, TimeScheduleItemID: 1 });
    expect([cut.status, cut.body.message]).toEqual([403, 'ERROR: You can only request a cut on your own shift.']);
    const lunch = await call('POST', '/api/requestLunch', 102, { AgentID: 102, TimeScheduleItemID: 1, Notes: 'Any time' });
    expect([lunch.status, lunch.body.message]).toEqual([403, 'ERROR: You can only request a different lunch on your own shift.']);
  });

  it('own lists are one\'s own, supervisors included; lookups are for the shift\'s owner and supervision', async () => {
    const notYours = { status: 403, body: { error: 'You can only see your own requests.' } };
    expect(await get('/api/getMyCutRequests/101', 102)).toEqual(notYours);
    expect(await get('/api/getMyLunchRequests/101', 201)).toEqual(notYours);
    const notYourShift = { status: 403, body: { error: "You can only see the requests on your own shifts (supervision: anyone's)." } };
    expect(await get('/api/lookupCut/1', 102)).toEqual(notYourShift);
    expect(await get('/api/lookupLunch/1', 202)).toEqual(notYourShift);
    expect((await get('/api/lookupCut/1', 101)).status).toBe(200);
    expect((await get('/api/lookupLunch/1', 204)).status).toBe(200);
    expect(await get('/api/lookupCut/9999', 201)).toEqual({ status: 404, body: { error: 'There is no shift 9999.' } });
  });

  it('the wishlist reads and the supervisor actions let the same ranks through (rules/roles.json and the rule files agree)', async () => {
    const codes = [10, 15, 20, 21, 30, 31, 32, 75, 80, 85, 100, 101, 102, 103, 105, 110, 240, 350, 450];
    const gates: [string, Record<string, unknown>][] = [
      ['cutUser', { timeScheduleItemId: 1, startTime: null, endTime: null }],
      ['approveLunch', { timeScheduleItemId: 1, startTime: `${D} 13:00` }],
      ['denyCut', { shiftId: 1, agentId: 101 }],
      ['denyLunch', { shiftId: 1, agentId: 101 }],
    ];
    for (const agentType of codes) {
      const sees = server.rules.permissionsFor(agentType, false)[WISHLIST_PERMISSION];
      const world = new PreparedWorld(normalizeWorld(withRecords(WORLD, { agents: [{ agentId: 900, agentType }] })));
      for (const [action, input] of gates) {
        const d = await server.rules.action(action).decide({ world, now: NOW, actor: 900, input });
        expect(d.rule !== `${action}.supervisorsOnly`, `${action} for agent type ${agentType}`).toBe(sees);
      }
    }
  });
});

const SUPERVISOR_READS = [
  '/api/getFirstShiftCuts',
  '/api/getSecondShiftCuts',
  '/api/getThirdShiftCuts',
  '/api/getCutMainShifts',
  '/api/getCutSubShifts',
  '/api/getFirstShiftLunches',
  '/api/getSecondShiftLunches',
  '/api/getThirdShiftLunches',
  '/api/getLunchMainShifts',
  '/api/getLunchSubShifts',
];

describe('the wishlist reads', () => {
  const cut = (shift: number, agent: number, initials: string, at: string, end: string): Record<string, unknown> => ({
    timeScheduleItemID: shift,
    agentID: agent,
    initials,
    timestampRequested: `${at}:00.0`,
    requestedEndTime: `${end}:00.0`,
  });
  const lunch = (shift: number, agent: number, initials: string, at: string, notes: string): Record<string, unknown> => ({
    timeScheduleItemID: shift,
    agentID: agent,
    initials,
    timestampRequested: `${at}:00.0`,
    notes,
  });
  const main = (id: number, start: string, end: string): Record<string, unknown> => ({ scheduleID: id, startDateTime: `${start}:00.0`, endDateTime: `${end}:00.0` });
  const sub = (id: number, shiftType: number, start: string, end: string): Record<string, unknown> => ({ scheduleID: id, shiftType, startDateTime: `${start}:00.0`, endDateTime: `${end}:00.0` });

  it('cuts: pending requests on shifts not over, per shift class, oldest first (a shift running past 23:00 is 2nd and 3rd)', async () => {
    expect((await get('/api/getFirstShiftCuts', 201)).body).toEqual([
      cut(8, 103, 'EF', '2025-10-14 17:00', `${D} 13:00`),
      cut(1, 101, 'AB', '2025-10-14 20:00', `${D} 14:00`),
    ]);
    expect((await get('/api/getSecondShiftCuts', 201)).body).toEqual([cut(4, 102, 'CD', '2025-10-14 19:00', `${D} 21:00`)]);
    expect((await get('/api/getThirdShiftCuts', 201)).body).toEqual([
      cut(6, 102, 'CD', '2025-10-14 18:00', '2025-10-16 10:00'),
      cut(4, 102, 'CD', '2025-10-14 19:00', `${D} 21:00`),
      cut(5, 103, 'EF', '2025-10-14 21:00', '2025-10-16 03:00'),
    ]);
    expect((await get('/api/getCutMainShifts', 201)).body).toEqual([
      main(8, `${D} 07:00`, `${D} 15:00`),
      main(1, `${D} 08:00`, `${D} 16:00`),
      main(4, `${D} 15:00`, `${D} 23:30`),
      main(5, `${D} 23:00`, '2025-10-16 07:00'),
      main(6, '2025-10-16 05:00', '2025-10-16 13:00'),
    ]);
    expect((await get('/api/getCutSubShifts', 201)).body).toEqual([sub(1, 5, `${D} 12:00`, `${D} 12:30`), sub(1, 11, `${D} 14:00`, `${D} 15:00`)]);
  });

  it('breaks: the same lists for break requests', async () => {
    const cd = lunch(4, 102, 'CD', '2025-10-14 19:30', 'Around 7p');
    expect((await get('/api/getFirstShiftLunches', 204)).body).toEqual([lunch(1, 101, 'AB', '2025-10-14 20:05', 'Between 1p and 2p please')]);
    expect((await get('/api/getSecondShiftLunches', 204)).body).toEqual([cd]);
    expect((await get('/api/getThirdShiftLunches', 204)).body).toEqual([cd]);
    expect((await get('/api/getLunchMainShifts', 204)).body).toEqual([main(1, `${D} 08:00`, `${D} 16:00`), main(4, `${D} 15:00`, `${D} 23:30`)]);
    expect((await get('/api/getLunchSubShifts', 204)).body).toEqual([sub(1, 5, `${D} 12:00`, `${D} 12:30`), sub(1, 11, `${D} 14:00`, `${D} 15:00`)]);
  });

  it('a shift that ends at the minute now leaves the queues', async () => {
    server.setNow(parseInstant(`${D} 15:00`));
    expect((await get('/api/getFirstShiftCuts', 201)).body).toEqual([cut(1, 101, 'AB', '2025-10-14 20:00', `${D} 14:00`)]);
  });

  it('the personal wishlist: one\'s own pending requests on shifts not over, with the shift and the current break', async () => {
    expect(await get('/api/getMyCutRequests/101', 101)).toEqual({
      status: 200,
      body: [{ ...cut(1, 101, 'AB', '2025-10-14 20:00', `${D} 14:00`), startDateTime: `${D} 08:00:00.0`, endDateTime: `${D} 16:00:00.0` }],
    });
    expect((await get('/api/getMyCutRequests/102', 102)).body).toEqual([
      { ...cut(6, 102, 'CD', '2025-10-14 18:00', '2025-10-16 10:00'), startDateTime: '2025-10-16 05:00:00.0', endDateTime: '2025-10-16 13:00:00.0' },
      { ...cut(4, 102, 'CD', '2025-10-14 19:00', `${D} 21:00`), startDateTime: `${D} 15:00:00.0`, endDateTime: `${D} 23:30:00.0` },
    ]);
    expect((await get('/api/getMyLunchRequests/101', 101)).body).toEqual([
      {
        ...lunch(1, 101, 'AB', '2025-10-14 20:05', 'Between 1p and 2p please'),
        startDateTime: `${D} 08:00:00.0`,
        endDateTime: `${D} 16:00:00.0`,
        breakStartDateTime: `${D} 12:00:00.0`,
        breakEndDateTime: `${D} 12:30:00.0`,
      },
    ]);
    expect((await get('/api/getMyLunchRequests/102', 102)).body).toEqual([
      { ...lunch(4, 102, 'CD', '2025-10-14 19:30', 'Around 7p'), startDateTime: `${D} 15:00:00.0`, endDateTime: `${D} 23:30:00.0`, breakStartDateTime: null, breakEndDateTime: null },
    ]);
    expect(await get('/api/getMyLunchRequests/103', 103)).toEqual({ status: 200, body: [] });
  });

  it('lookups: the pending requests on one shift, whether or not it is over', async () => {
    expect((await get('/api/lookupCut/1', 201)).body).toEqual([cut(1, 101, 'AB', '2025-10-14 20:00', `${D} 14:00`)]);
    expect((await get('/api/lookupCut/7', 101)).body).toEqual([cut(7, 101, 'AB', '2025-10-13 20:00', '2025-10-14 12:00')]);
    expect((await get('/api/lookupCut/8', 201)).body).toEqual([cut(8, 103, 'EF', '2025-10-14 17:00', `${D} 13:00`)]);
    expect((await get('/api/lookupLunch/4', 201)).body).toEqual([lunch(4, 102, 'CD', '2025-10-14 19:30', 'Around 7p')]);
    expect(await get('/api/lookupLunch/5', 103)).toEqual({ status: 200, body: [] });
  });
});

describe('flows', () => {
  it('a cut request approved by a part cut: the shift ends earlier, the project hour after the cut goes, the agent is texted', async () => {
    await loadWorld(server.db, { agents: WORLD.agents, shifts: WORLD.shifts.slice(0, 3) });
    const asked = await call('POST', '/api/requestCut', 101, { AgentID: 101, EndTime: `${D} 14:00:00.0`, TimeScheduleItemID: 1 });
    expect(asked).toEqual({ status: 200, body: { outcome: 'ok', message: 'Success! We have received your request.', rule: null, warnings: [], created: { cutRequests: [1] } } });
    expect((await get('/api/getFirstShiftCuts', 201)).body).toEqual([
      { timeScheduleItemID: 1, agentID: 101, initials: 'AB', timestampRequested: `${NOW}:00.0`, requestedEndTime: `${D} 14:00:00.0` },
    ]);

    server.setNow(parseInstant(`${D} 07:30`));
    const cut = await call('POST', '/api/cutUser', 201, { AgentID: 201, StartTime: `${D} 08:00:00.0`, EndTime: `${D} 14:00:00.0`, TimeScheduleItemID: 1 });
    expect(cut).toEqual({ status: 200, body: { outcome: 'ok', message: 'Success! They are cut.', rule: null, warnings: [], created: { textMessages: [1] } } });

    const world = await readWorld(server.db);
    expect(world.shifts?.map((s) => [s.id, s.start, s.end, s.parentId]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, parseInstant(`${D} 08:00`), parseInstant(`${D} 14:00`), null],
      [2, parseInstant(`${D} 12:00`), parseInstant(`${D} 12:30`), 1],
    ]);
    expect(world.cutRequests).toEqual([
      { id: 1, agentId: 101, shiftId: 1, requestedAt: parseInstant(NOW), requestedEnd: parseInstant(`${D} 14:00`), status: 'approved', decidedBy: 201, decidedAt: parseInstant(`${D} 07:30`) },
    ]);
    expect(world.textMessages).toEqual([
      { id: 1, toAgentId: 101, kind: 'cut', body: 'Shiftinator: Your shift on 10/15/2025 has been cut. You now work 8:00 AM to 2:00 PM.', createdAt: parseInstant(`${D} 07:30`), sentAt: null },
    ]);
    expect((await get('/api/getFirstShiftCuts', 201)).body).toEqual([]);
    expect((await get('/api/getMyCutRequests/101', 101)).body).toEqual([]);
    expect((await get('/api/userMonthShifts/101/2025-10', 101)).body).toMatchObject([{ id: 1, endDateTime: `${D} 14:00:00.0` }, { id: 2, title: 'Meal Break' }]);
  });

  it.each([
    ['to 14:00, before the leave early: it counts nothing, its personal time comes back, the cut applies it', `${D} 08:00`, `${D} 14:00`, [0, 0, 'applied'], 600, [`${D} 08:00`, `${D} 14:00`]],
    ['to 15:30, into it: it counts 15:00-15:30 and waits; log out ends the shift at 15:00', `${D} 08:00`, `${D} 15:30`, [30, 30, null], 570, [`${D} 08:00`, `${D} 15:00`]],
    ['whole: it counts nothing, its personal time comes back, the cut applies it', null, null, [0, 0, 'applied'], 600, null],
    ['to 10:00-16:00, none of its hours: it counts what it did; log out ends the shift at 15:00', `${D} 10:00`, `${D} 16:00`, [60, 60, null], 540, [`${D} 10:00`, `${D} 15:00`]],
  ] as const)('a cut %s', async (_name, start, end, notice, balance, afterLogOut) => {
    const at = parseInstant;
    await loadWorld(server.db, { ...WORLD, agents: WORLD.agents.map((a) => (a.agentId === 101 ? { ...a, personalTime: 600 } : a)) });
    const leave = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: `${D} 15:00:00.0`, VacationApplied: false, Reason: 0, Message: 'Doctor appointment' };
    expect(await call('POST', '/api/giveNotice', 101, leave)).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Schedule will be updated when you log out.' } });
    const state = async (): Promise<unknown[]> => {
      const w = await readWorld(server.db);
      const n = w.notices?.[0];
      const shift = w.shifts?.find((x) => x.id === 1);
      return [
        [n?.start, n?.end, n?.minutes, n?.personalMinutes, n?.appliedAt],
        w.agents?.find((a) => a.agentId === 101)?.personalTime,
        shift ? [shift.start, shift.end] : null,
      ];
    };
    expect(await state()).toEqual([[at(`${D} 15:00`), at(`${D} 16:00`), 60, 60, null], 540, [at(`${D} 08:00`), at(`${D} 16:00`)]]);

    server.setNow(at(`${D} 07:30`));
    const cut = await call('POST', '/api/cutUser', 201, { AgentID: 201, StartTime: start && `${start}:00.0`, EndTime: end && `${end}:00.0`, TimeScheduleItemID: 1 });
    expect([cut.status, cut.body.message]).toEqual([200, 'Success! They are cut.']);
    const [minutes, personal, applied] = notice;
    const kept = start === null || end === null ? null : [at(start), at(end)];
    // The notice keeps the hours the agent gave; what it counts and what paid it follow the cut.
    expect(await state()).toEqual([[at(`${D} 15:00`), at(`${D} 16:00`), minutes, personal, applied && at(`${D} 07:30`)], balance, kept]);

    server.setNow(at(`${D} 17:00`));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    expect(await state()).toEqual([
      [at(`${D} 15:00`), at(`${D} 16:00`), minutes, personal, at(applied ? `${D} 07:30` : `${D} 17:00`)],
      balance,
      afterLogOut && [at(afterLogOut[0]), at(afterLogOut[1])],
    ]);
  });

  it('a full cut deletes the shift; a second cut of it finds it gone (409)', async () => {
    const cut = await call('POST', '/api/cutUser', 204, { AgentID: 204, StartTime: null, EndTime: null, TimeScheduleItemID: 1 });
    expect([cut.status, cut.body.message]).toEqual([200, 'Success! They are cut.']);
    const again = await call('POST', '/api/cutUser', 201, { AgentID: 201, StartTime: null, EndTime: null, TimeScheduleItemID: 1 });
    expect([again.status, again.body.rule, again.body.message]).toEqual([409, 'cutUser.shiftExists', 'ERROR: This shift was deleted.']);
    const world = await readWorld(server.db);
    expect(world.shifts?.filter((s) => [1, 2, 3].includes(s.id as number))).toEqual([]);
    expect(world.lunchRequests?.find((r) => r.id === 60)).toMatchObject({ status: 'denied', decidedBy: 204 });
    expect(world.textMessages?.map((t) => t.body)).toEqual(['Shiftinator: Your shift on 10/15/2025 from 8:00 AM to 4:00 PM has been cut.']);
  });

  it('denying a cut asks first, then denies without a text; a second denial finds it no longer pending (409)', async () => {
    const ask = await call('PUT', '/api/denyCut/1/101', 201);
    expect(ask).toEqual({ status: 200, body: { outcome: 'confirm', message: 'Are you sure you want to deny this cut request?', rule: 'denyCut.confirm', warnings: [] } });
    expect((await readWorld(server.db)).cutRequests?.find((r) => r.id === 50)?.status).toBe('pending');
    const denied = await call('PUT', '/api/denyCut/1/101', 201, { confirmed: true });
    expect(denied).toEqual({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Cut denied.', rule: null, warnings: [] } });
    const again = await call('PUT', '/api/denyCut/1/101?confirmed=true', 201);
    expect([again.status, again.body.message]).toEqual([409, 'ERROR: This request is no longer pending.']);
    const world = await readWorld(server.db);
    expect(world.cutRequests?.find((r) => r.id === 50)).toMatchObject({ status: 'denied', decidedBy: 201, decidedAt: parseInstant(NOW) });
    expect(world.textMessages).toEqual([]);
    expect(world.shifts?.find((s) => s.id === 1)?.end).toBe(parseInstant(`${D} 16:00`));
  });

  it('the owner removes a request after confirming (the PUT\'s confirmation as a query)', async () => {
    const ask = await call('PUT', '/api/denyLunchSelf/1/101', 101);
    expect([ask.status, ask.body.outcome, ask.body.message]).toEqual([200, 'confirm', 'Are you sure you want to remove this request?']);
    const removed = await call('PUT', '/api/denyLunchSelf/1/101?confirmed=true', 101);
    expect([removed.status, removed.body.message]).toEqual([200, 'SUCCESS: Request removed.']);
    expect((await get('/api/getMyLunchRequests/101', 101)).body).toEqual([]);
    expect((await get('/api/getFirstShiftLunches', 201)).body).toEqual([]);
  });

  it('a break request approved: the meal break moves and the agent is texted the new break', async () => {
    await loadWorld(server.db, { agents: WORLD.agents, shifts: WORLD.shifts.slice(0, 3) });
    const asked = await call('POST', '/api/requestLunch', 101, { AgentID: 101, TimeScheduleItemID: 1, Notes: 'Between 1p and 2p please' });
    expect([asked.status, asked.body.message]).toEqual([200, 'Success! We have received your request.']);
    const approved = await call('POST', '/api/approveLunch', 201, { AgentID: 201, StartTime: `${D} 13:15`, TimeScheduleItemID: 1 });
    expect([approved.status, approved.body.message]).toEqual([200, 'Success! Their lunch is updated.']);
    const world = await readWorld(server.db);
    expect(world.shifts?.filter((s) => s.shiftType === 5).map((s) => [s.parentId, s.start, s.end])).toEqual([[1, parseInstant(`${D} 13:15`), parseInstant(`${D} 13:45`)]]);
    expect(world.lunchRequests).toMatchObject([{ id: 1, status: 'approved', decidedBy: 201, approvedStart: parseInstant(`${D} 13:15`) }]);
    expect(world.textMessages?.map((t) => [t.toAgentId, t.kind, t.body])).toEqual([[101, 'lunch', 'Shiftinator: Your meal break on 10/15/2025 now starts at 1:15 PM.']]);
    const again = await call('POST', '/api/approveLunch', 201, { AgentID: 201, StartTime: `${D} 13:30`, TimeScheduleItemID: 1 });
    expect([again.status, again.body.message]).toEqual([409, 'ERROR: This request is no longer pending.']);
  });

  it('a rule on what was typed answers 422 with the spec\'s message', async () => {
    const early = await call('POST', '/api/approveLunch', 201, { AgentID: 201, StartTime: `${D} 07:30`, TimeScheduleItemID: 1 });
    expect([early.status, early.body.message]).toEqual([422, 'ERROR: Lunch start must be after the shift begins.']);
    const short = await call('POST', '/api/requestLunch', 101, { AgentID: 101, TimeScheduleItemID: 1, Notes: '1p' });
    expect([short.status, short.body.message]).toEqual([422, 'ERROR: Please include some time options for Supervision.']);
  });
});

describe('races (on PostgreSQL the requests run at once and meet at row locks)', () => {
  it('two supervisors approve the same break request at once: one moves the break, the other is told it is no longer pending', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/approveLunch', 201, { AgentID: 201, StartTime: `${D} 13:00`, TimeScheduleItemID: 1 }),
      call('POST', '/api/approveLunch', 204, { AgentID: 204, StartTime: `${D} 14:30`, TimeScheduleItemID: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? { by: 201, start: `${D} 13:00` } : { by: 204, start: `${D} 14:30` };
    const world = await readWorld(server.db);
    expect(world.shifts?.filter((s) => s.parentId === 1 && s.shiftType === 5).map((s) => s.start)).toEqual([parseInstant(winner.start)]);
    expect(world.lunchRequests?.find((r) => r.id === 60)).toMatchObject({ status: 'approved', decidedBy: winner.by });
    expect(world.textMessages).toHaveLength(1);
  });

  it('an agent who submits a cut request twice at once keeps one pending request', async () => {
    await loadWorld(server.db, { agents: WORLD.agents, shifts: WORLD.shifts.slice(0, 3) });
    const answers = await Promise.all(
      [`${D} 14:00`, `${D} 13:00`].map((end) => call('POST', '/api/requestCut', 101, { AgentID: 101, EndTime: end, TimeScheduleItemID: 1 })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const world = await readWorld(server.db);
    expect(world.cutRequests?.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(world.cutRequests?.filter((r) => r.status === 'removed')).toHaveLength(1);
  });
});
