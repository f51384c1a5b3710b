import { beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { bodyCases, client, decisionCount, expectBadInput, expectNotYours, ID_ERROR, json, loadWorld, loadWorldAt, NUMBER_ERROR, readWorld, TIME_TYPE_ERROR, useTestServer, type BadRequest, type BodyPatch } from './support.ts';

// Posting for coverage and for hours, editing and removing postings, and the postings' reads
// (server/routes/postings.ts) through HTTP: what the scenarios in fixtures/ cannot show. Malformed
// requests are 400s naming the field, other people's postings are 403s, reads answer exact bodies.

const server = useTestServer();
const { call, get } = client(server);

const NOW = '2025-10-14 09:00';

// 101 AB posts; 102 CD is someone else; 103 EF is a supervisor; 104 GH an assistant (80).
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 100, initials: 'EF' },
    { agentId: 104, agentType: 80, initials: 'GH', canCoverDOCS: true },
  ],
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 },
    { id: 3, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 4, agentId: 104, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 15 },
    { id: 5, agentId: 104, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 },
    { id: 6, agentId: 104, start: '2025-10-16 10:00', end: '2025-10-16 11:00', shiftType: 23, parentId: 5 },
    { id: 7, agentId: 104, start: '2025-10-17 08:00', end: '2025-10-17 16:00', shiftType: 0 },
  ],
  coveragePostings: [
    { id: 10, agentId: 101, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00', type: 0, openToTrade: 1, notes: 'Morning off', cots: 1 },
    { id: 11, agentId: 101, shiftId: 1, start: '2025-10-15 12:00', end: '2025-10-15 16:00', endedAt: '2025-10-13 10:00' },
    { id: 12, agentId: 102, shiftId: 3, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 2, notes: 'Wedding' },
    { id: 13, agentId: 102, shiftId: 3, start: '2025-10-15 08:00', end: '2025-10-15 12:00', endedAt: '2025-10-13 10:00' },
  ],
  pickupPostings: [
    { id: 60, agentId: 101, start: '2025-10-17 08:00', end: '2025-10-17 16:00', type: 0, notes: 'Any time' },
    { id: 61, agentId: 102, start: '2025-10-18 08:00', end: '2025-10-18 16:00', type: 1, notes: 'Mornings' },
    { id: 62, agentId: 102, start: '2025-10-19 08:00', end: '2025-10-19 16:00', endedAt: '2025-10-13 10:00' },
  ],
  offers: [
    { id: 40, postingId: 10, offeringAgentId: 102, coveringAgentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 12:00', expiration: '2025-10-15 07:00' },
    { id: 41, pickupPostingId: 60, offeringAgentId: 104, coveringAgentId: 101, shiftId: 7, start: '2025-10-17 08:00', end: '2025-10-17 12:00' },
  ],
};

beforeEach(() => loadWorldAt(server, NOW, WORLD));

async function record(collection: string, id: number): Promise<Record<string, unknown> | undefined> {
  return (await readWorld(server.db))[collection]?.find((r) => r.id === id);
}

// ---------------------------------------------------------------------------------------------
// Bad input

const GOOD = {
  postShift: { AgentID: 101, StartTime: '2025-10-16 08:00', EndTime: '2025-10-16 16:00', Notes: 'Dentist', OpenToCots: 0, OpenToTrade: 0, TimeScheduleItemID: 2, Type: 0 },
  editCoverage: {
    AgentID: 101,
    LookingForCoverageID: 10,
    StartTime: '2025-10-15 09:00',
    EndTime: '2025-10-15 12:00',
    Notes: 'Later start',
    OpenToCots: 0,
    OpenToTrade: 1,
    TimeScheduleItemID: 1,
    Type: 0,
  },
  postWantWork: { AgentID: 101, StartTime: '2025-10-18 08:00', EndTime: '2025-10-18 16:00', Notes: 'Saturday', Type: null },
  editHours: { AgentID: 101, TimeScheduleItemID: 60, StartTime: '2025-10-17 10:00', EndTime: '2025-10-17 18:00', Notes: 'From ten', Type: null },
};
type Posted = keyof typeof GOOD;

/** Cases every body of these calls shares, for the fields it has. */
function postCases(action: Posted): BadRequest[] {
  const good: Record<string, unknown> = GOOD[action];
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"AgentID": 101,', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['AgentID missing', { AgentID: undefined }, 'AgentID: is required'],
    ['AgentID as a string', { AgentID: '101' }, `AgentID: ${ID_ERROR}`],
    ['StartTime missing', { StartTime: undefined }, 'StartTime: is required'],
    ['StartTime as a number', { StartTime: 1760616000000 }, `StartTime: ${TIME_TYPE_ERROR}`],
    ['StartTime in the spring-forward gap', { StartTime: '2025-03-09 02:30' }, 'StartTime: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)'],
    ['EndTime null', { EndTime: null }, 'EndTime: is required'],
    ['EndTime in words', { EndTime: 'tonight' }, 'EndTime: "tonight" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    ['EndTime on February 30', { EndTime: '2025-02-30 08:00' }, 'EndTime: "2025-02-30 08:00" is not a valid date and time'],
    ['Notes as a number', { Notes: 5 }, 'Notes: must be text'],
    ['Notes past the longest text accepted', { Notes: 'n'.repeat(2001) }, 'Notes: must be at most 2000 characters'],
    ['confirmed as text', { confirmed: 'yes' }, 'confirmed: must be true or false'],
  ];
  if ('OpenToTrade' in good) {
    cases.push(
      ['OpenToTrade as a string', { OpenToTrade: '1' }, `OpenToTrade: ${NUMBER_ERROR}`],
      ['OpenToCots as a boolean', { OpenToCots: true }, `OpenToCots: ${NUMBER_ERROR}`],
      ['TimeScheduleItemID as a string', { TimeScheduleItemID: '2' }, `TimeScheduleItemID: ${ID_ERROR}`],
      ['TimeScheduleItemID zero', { TimeScheduleItemID: 0 }, `TimeScheduleItemID: ${ID_ERROR}`],
    );
  }
  cases.push(['Type as a string', { Type: 'Supervisor' }, `Type: ${NUMBER_ERROR}`]);
  if (action === 'postShift') cases.push(['TimeScheduleItemID missing', { TimeScheduleItemID: undefined }, 'TimeScheduleItemID: is required']);
  if (action === 'editCoverage') {
    cases.push(
      ['LookingForCoverageID missing', { LookingForCoverageID: undefined }, 'LookingForCoverageID: is required'],
      ['LookingForCoverageID fractional', { LookingForCoverageID: 10.5 }, `LookingForCoverageID: ${ID_ERROR}`],
    );
  }
  if (action === 'editHours') {
    cases.push(
      ['TimeScheduleItemID missing', { TimeScheduleItemID: undefined }, 'TimeScheduleItemID: is required'],
      ['TimeScheduleItemID past the largest integer', { TimeScheduleItemID: 2 ** 31 }, `TimeScheduleItemID: ${ID_ERROR}`],
    );
  }
  return bodyCases(action, good, cases);
}

function removeCases(): BadRequest[] {
  return (['removeShiftFromCoverage', 'removePosting'] as const).flatMap((action): BadRequest[] => [
    [`${action}: id not a number`, 'PUT', `/api/${action}/abc`, undefined, `id: ${ID_ERROR}`],
    [`${action}: id zero`, 'PUT', `/api/${action}/0`, undefined, `id: ${ID_ERROR}`],
    [`${action}: id in exponent form`, 'PUT', `/api/${action}/1e1`, undefined, `id: ${ID_ERROR}`],
    [`${action}: confirmed as text`, 'PUT', `/api/${action}/10`, json({ confirmed: 'yes' }), 'confirmed: must be true or false'],
  ]);
}

const BAD: BadRequest[] = [...postCases('postShift'), ...postCases('editCoverage'), ...postCases('postWantWork'), ...postCases('editHours'), ...removeCases()];

describe('malformed requests: 400 naming the field, nothing decided', () => {
  it.each(BAD)('%s', (...bad) => expectBadInput(server, bad, 101));

  it('well-formed requests reach the rules: each good body goes through', async () => {
    expect((await call('POST', '/api/postShift', 101, GOOD.postShift)).body).toMatchObject({ outcome: 'ok', message: 'Your request for coverage has been posted.' });
    expect((await call('POST', '/api/editCoverage', 101, GOOD.editCoverage)).body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Request for coverage has been edited.' });
    expect((await call('POST', '/api/postWantWork', 101, GOOD.postWantWork)).body).toEqual({ outcome: 'ok', message: 'SUCCESS: Your availability to pick up hours has been posted.', rule: null, warnings: [], created: { pickupPostings: [63] } });
    expect((await call('POST', '/api/editHours', 101, GOOD.editHours)).body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Request for hours has been edited.' });
    expect(await decisionCount(server)).toBe(4);
  });

  it('Type on a coverage post is not read: the rules compute the posting type', async () => {
    const res = await call('POST', '/api/postShift', 101, { ...GOOD.postShift, Type: 9 });
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual({ coveragePostings: [14] });
    expect(await record('coveragePostings', 14)).toMatchObject({ type: 0, agentId: 101, shiftId: 2, notes: 'Dentist' });
    expect((await call('POST', '/api/editCoverage', 101, { ...GOOD.editCoverage, Type: 1 })).status).toBe(200);
    expect(await record('coveragePostings', 10)).toMatchObject({ type: 0, notes: 'Later start' });
  });

  it('OpenToTrade, OpenToCots, Notes and Type may be left out: the rules answer (a trade preference is required)', async () => {
    const res = await call('POST', '/api/postShift', 101, { AgentID: 101, StartTime: '2025-10-16 08:00', EndTime: '2025-10-16 16:00', TimeScheduleItemID: 2 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ outcome: 'error', message: 'ERROR: Select whether you are open to trading shifts.', rule: 'postShift.tradeOption', warnings: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// Authorization

describe("other people's postings and acting for someone else: 403", () => {
  it.each([
    ['postShift', 'POST', '/api/postShift', { ...GOOD.postShift, AgentID: 102 }],
    ['editCoverage', 'POST', '/api/editCoverage', { ...GOOD.editCoverage, AgentID: 102 }],
    ['postWantWork', 'POST', '/api/postWantWork', { ...GOOD.postWantWork, AgentID: 103 }],
    ['editHours', 'POST', '/api/editHours', { ...GOOD.editHours, AgentID: 102 }],
  ] as const)('%s naming another AgentID: refused before anything is decided', async (_action, method, path, body) => {
    await expectNotYours(server, method, path, 101, body);
  });

  it.each([
    ['postShift: CD posts AB\'s shift', 'POST', '/api/postShift', 102, { ...GOOD.postShift, AgentID: 102 }, 'postShift.ownShift', 'ERROR: You can only post your own shifts for coverage.'],
    ['editCoverage: CD edits AB\'s posting', 'POST', '/api/editCoverage', 102, { ...GOOD.editCoverage, AgentID: 102 }, 'editCoverage.owner', "ERROR: You are not able to edit someone else's shift."],
    ['editCoverage: a supervisor edits AB\'s posting', 'POST', '/api/editCoverage', 103, { ...GOOD.editCoverage, AgentID: 103 }, 'editCoverage.owner', "ERROR: You are not able to edit someone else's shift."],
    ['editHours: CD edits AB\'s want-work posting', 'POST', '/api/editHours', 102, { ...GOOD.editHours, AgentID: 102 }, 'editHours.owner', "ERROR: You are not able to edit someone else's shift."],
    ['removeShiftFromCoverage: CD removes AB\'s posting, confirming', 'PUT', '/api/removeShiftFromCoverage/10?confirmed=true', 102, undefined, 'removeShiftFromCoverage.owner', 'ERROR: You can only remove your own postings.'],
    ['removeShiftFromCoverage: a supervisor removes AB\'s posting', 'PUT', '/api/removeShiftFromCoverage/10', 103, { confirmed: true }, 'removeShiftFromCoverage.owner', 'ERROR: You can only remove your own postings.'],
    ['removePosting: CD removes AB\'s want-work posting', 'PUT', '/api/removePosting/60', 102, { confirmed: true }, 'removePosting.owner', 'ERROR: You can only remove your own postings.'],
  ] as const)('%s: the rule\'s 403, nothing changes', async (_name, method, path, as, body, rule, message) => {
    const before = await readWorld(server.db);
    const res = await call(method, path, as, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ outcome: 'error', message, rule, warnings: [] });
    const after = await readWorld(server.db);
    for (const collection of ['coveragePostings', 'pickupPostings', 'offers']) expect(after[collection]).toEqual(before[collection]);
  });

  it('not signed in: 401 for the actions and the reads', async () => {
    expect((await call('POST', '/api/postShift', undefined, GOOD.postShift)).status).toBe(401);
    expect((await call('PUT', '/api/removePosting/60', undefined)).status).toBe(401);
    expect((await server.request('/api/lookupPosting/10')).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// Removing: the confirmation, then the posting ends and its offers close

describe('removing a posting', () => {
  it('removeShiftFromCoverage: a PUT without a body asks first; ?confirmed=true ends the posting and declines its pending offer', async () => {
    const asked = await call('PUT', '/api/removeShiftFromCoverage/10', 101);
    expect(asked).toEqual({
      status: 200,
      body: { outcome: 'confirm', message: 'Are you sure you no longer want coverage? You will be responsible for this shift.', rule: 'removeShiftFromCoverage.confirm', warnings: [] },
    });
    expect(await record('coveragePostings', 10)).toMatchObject({ endedAt: null });
    const done = await call('PUT', '/api/removeShiftFromCoverage/10?confirmed=true', 101);
    expect(done).toEqual({ status: 200, body: { outcome: 'ok', message: null, rule: null, warnings: [] } });
    expect(await record('coveragePostings', 10)).toMatchObject({ endedAt: parseInstant(NOW) });
    expect(await record('offers', 40)).toMatchObject({ status: 'declined' });
    // The posting is no longer on anyone's calendar: its owner still reads it, others may not.
    expect((await get('/api/lookupPosting/10', 101)).status).toBe(200);
    expect((await get('/api/lookupPosting/10', 102)).status).toBe(403);
    // Removing it again: the state changed since the screen loaded.
    expect(await call('PUT', '/api/removeShiftFromCoverage/10?confirmed=true', 101)).toEqual({
      status: 409,
      body: { outcome: 'error', message: 'ERROR: This shift is no longer seeking coverage.', rule: 'removeShiftFromCoverage.postingActive', warnings: [] },
    });
  });

  it('removePosting: the confirmation in a JSON body; the hours offered are declined', async () => {
    expect((await call('PUT', '/api/removePosting/60', 101, {})).body.message).toBe('Are you sure you want to remove this listing?');
    expect((await call('PUT', '/api/removePosting/60', 101, { confirmed: true })).body).toEqual({ outcome: 'ok', message: null, rule: null, warnings: [] });
    expect(await record('pickupPostings', 60)).toMatchObject({ endedAt: parseInstant(NOW) });
    expect(await record('offers', 41)).toMatchObject({ status: 'declined' });
    expect((await call('PUT', '/api/removePosting/99', 101, { confirmed: true })).status).toBe(409);
  });
});

// ---------------------------------------------------------------------------------------------
// Reads

const POSTING_10 = {
  lookingForCoverageID: 10,
  timeScheduleItemID: 1,
  agentID: 101,
  initials: 'AB',
  agentType: 20,
  startTime: '2025-10-15 08:00:00.0',
  endTime: '2025-10-15 12:00:00.0',
  type: 0,
  openToTrade: 1,
  notes: 'Morning off',
  payRate: 0,
  openToCots: 1,
};
const POSTING_12 = {
  lookingForCoverageID: 12,
  timeScheduleItemID: 3,
  agentID: 102,
  initials: 'CD',
  agentType: 20,
  startTime: '2025-10-15 08:00:00.0',
  endTime: '2025-10-15 16:00:00.0',
  type: 0,
  openToTrade: 2,
  notes: 'Wedding',
  payRate: 0,
  openToCots: 0,
};

describe('lookupPosting/{id}', () => {
  it('one posting for coverage, in the posting shape of the calendar lists', async () => {
    expect(await get('/api/lookupPosting/10', 101)).toEqual({ status: 200, body: POSTING_10 });
  });

  it('an active posting is on everyone\'s calendar: anyone may read it', async () => {
    expect(await get('/api/lookupPosting/12', 101)).toEqual({ status: 200, body: POSTING_12 });
  });

  it('an ended posting: its owner may read it, others get 403', async () => {
    expect(await get('/api/lookupPosting/11', 101)).toEqual({
      status: 200,
      body: { ...POSTING_10, lookingForCoverageID: 11, startTime: '2025-10-15 12:00:00.0', endTime: '2025-10-15 16:00:00.0', openToTrade: 0, notes: null, openToCots: 0 },
    });
    expect(await get('/api/lookupPosting/13', 101)).toEqual({ status: 403, body: { error: 'You can only see postings on the calendar and your own.' } });
    expect(await get('/api/lookupPosting/13', 103)).toEqual({ status: 403, body: { error: 'You can only see postings on the calendar and your own.' } });
  });

  it('a posting whose hours are over is no longer on the calendar', async () => {
    server.setNow(parseInstant('2025-10-15 13:00'));
    expect((await get('/api/lookupPosting/10', 102)).status).toBe(403);
    expect((await get('/api/lookupPosting/10', 101)).status).toBe(200);
  });

  it('no such posting: 404; a bad id: 400', async () => {
    expect(await get('/api/lookupPosting/99', 101)).toEqual({ status: 404, body: { error: 'There is no posting for coverage 99.' } });
    expect(await get('/api/lookupPosting/x', 101)).toEqual({ status: 400, body: { error: 'id: must be a whole number from 1 to 2147483647' } });
  });
});

describe('wantsHoursDetails/{id}', () => {
  it('one want-work posting with the spec\'s fields', async () => {
    expect(await get('/api/wantsHoursDetails/61', 101)).toEqual({
      status: 200,
      body: { lookingToPickUpID: 61, agentID: 102, initials: 'CD', startDatetime: '2025-10-18 08:00:00.0', endDatetime: '2025-10-18 16:00:00.0', notes: 'Mornings', type: 1 },
    });
  });

  it('an ended one: its owner only; none: 404', async () => {
    expect((await get('/api/wantsHoursDetails/62', 102)).status).toBe(200);
    expect(await get('/api/wantsHoursDetails/62', 101)).toEqual({ status: 403, body: { error: 'You can only see postings on the calendar and your own.' } });
    expect(await get('/api/wantsHoursDetails/98', 101)).toEqual({ status: 404, body: { error: 'There is no request to pick up hours 98.' } });
  });
});

describe('isShiftPosted, isHoursPosted, isShiftCustService: the poster\'s own checks', () => {
  it('isShiftPosted: the postings not ended that overlap the span; back to back is not posted; ended ones do not count', async () => {
    expect(await get('/api/isShiftPosted/101/2025-10-15/11:59/2025-10-15/16:00', 101)).toEqual({ status: 200, body: [POSTING_10] });
    // 12:00-16:00 follows posting 10 and posting 11 ended: nothing of it is posted.
    expect(await get('/api/isShiftPosted/101/2025-10-15/12:00/2025-10-15/16:00', 101)).toEqual({ status: 200, body: [] });
    expect(await get('/api/isShiftPosted/101/2025-10-16/08:00:00.0/2025-10-16/16:00:00.0', 101)).toEqual({ status: 200, body: [] });
  });

  it('isHoursPosted: the want-work postings not ended that overlap', async () => {
    const hours60 = { lookingToPickUpID: 60, agentID: 101, initials: 'AB', agentType: 20, startTime: '2025-10-17 08:00:00.0', endTime: '2025-10-17 16:00:00.0', type: 0, notes: 'Any time' };
    expect(await get('/api/isHoursPosted/101/2025-10-17/15:00/2025-10-17/20:00', 101)).toEqual({ status: 200, body: [hours60] });
    expect(await get('/api/isHoursPosted/101/2025-10-17/16:00/2025-10-17/20:00', 101)).toEqual({ status: 200, body: [] });
    expect(await get('/api/isHoursPosted/102/2025-10-19/08:00/2025-10-19/16:00', 102)).toEqual({ status: 200, body: [] });
  });

  it('isShiftCustService: the scheduleId of a customer-service shift (type 15, or holding a helper hour) overlapping the span', async () => {
    expect(await get('/api/isShiftCustService/104/2025-10-15/08:00/2025-10-15/16:00', 104)).toEqual({ status: 200, body: [{ scheduleId: 4 }] });
    expect(await get('/api/isShiftCustService/104/2025-10-16/12:00/2025-10-16/13:00', 104)).toEqual({ status: 200, body: [{ scheduleId: 5 }] });
    expect(await get('/api/isShiftCustService/104/2025-10-15/00:00/2025-10-17/00:00', 104)).toEqual({ status: 200, body: [{ scheduleId: 4 }, { scheduleId: 5 }] });
    expect(await get('/api/isShiftCustService/104/2025-10-17/08:00/2025-10-17/16:00', 104)).toEqual({ status: 200, body: [] });
    expect(await get('/api/isShiftCustService/101/2025-10-15/08:00/2025-10-15/16:00', 101)).toEqual({ status: 200, body: [] });
  });

  it.each(['isShiftPosted', 'isHoursPosted', 'isShiftCustService'])('%s for someone else: 403, supervisors included', async (name) => {
    const forbidden = { status: 403, body: { error: 'You can only see your own schedule, postings and offers.' } };
    expect(await get(`/api/${name}/102/2025-10-15/08:00/2025-10-15/16:00`, 101)).toEqual(forbidden);
    expect(await get(`/api/${name}/101/2025-10-15/08:00/2025-10-15/16:00`, 103)).toEqual(forbidden);
  });

  it.each([
    ['agentId not a number', '/api/isShiftPosted/me/2025-10-15/08:00/2025-10-15/16:00', 'agentId: must be a whole number from 1 to 2147483647'],
    ['startDate not a date', '/api/isShiftPosted/101/15-10-2025/08:00/2025-10-15/16:00', 'startDate: must be a date as "YYYY-MM-DD"'],
    ['endDate that does not exist', '/api/isHoursPosted/101/2025-02-28/08:00/2025-02-30/16:00', 'endDate: must be a date that exists, as "YYYY-MM-DD"'],
    ['startTime past 24', '/api/isShiftCustService/101/2025-10-15/25:00/2025-10-15/16:00', 'startTime: must be a time as "HH:mm" (00:00 to 23:59, hour 24 read as 0), optionally with seconds and an offset'],
    ['startTime in the spring-forward gap', '/api/isShiftPosted/101/2025-03-09/02:30/2025-03-09/16:00', 'startTime: 02:30 does not exist on 2025-03-09 in America/New_York (the clocks skip that hour)'],
    ['end before start', '/api/isShiftPosted/101/2025-10-15/16:00/2025-10-15/08:00', 'endTime: must be after the start (startDate startTime)'],
    ['hour 24 is hour 0 of the same date, before the start', '/api/isHoursPosted/101/2025-10-17/20:00/2025-10-17/24:00', 'endTime: must be after the start (startDate startTime)'],
  ])('%s: 400 naming the parameter', async (_name, path, error) => {
    expect(await get(path, 101)).toEqual({ status: 400, body: { error } });
  });

  it('hour 24 reads as hour 0 of the date given', async () => {
    expect(await get('/api/isShiftPosted/101/2025-10-15/24:00/2025-10-15/08:01', 101)).toEqual({ status: 200, body: [POSTING_10] });
  });
});

// ---------------------------------------------------------------------------------------------
// A whole round: post, read back, edit, remove

describe('a posting from start to end through the API', () => {
  it('a Spanish poster is asked, confirms, and the posting needs a Spanish CS; edited, it is asked again; removed, it is gone from the checks', async () => {
    await loadWorld(server.db, {
      agents: [
        { agentId: 101, agentType: 20, initials: 'AB', spanish: true },
        { agentId: 601, agentType: 20, initials: 'S1', spanish: true },
      ],
      shifts: [
        { id: 2, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 1 },
        { id: 3, agentId: 601, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 1 },
      ],
    });
    const asked = await call('POST', '/api/postShift', 101, GOOD.postShift);
    expect(asked).toEqual({ status: 200, body: { outcome: 'confirm', message: 'Another bilingual CS will be required to cover this shift.', rule: 'postShift.bilingual', warnings: [] } });
    expect((await get('/api/isShiftPosted/101/2025-10-16/08:00/2025-10-16/16:00', 101)).body).toEqual([]);

    const posted = await call('POST', '/api/postShift', 101, { ...GOOD.postShift, confirmed: true });
    expect(posted).toEqual({ status: 200, body: { outcome: 'ok', message: 'Your request for coverage has been posted.', rule: null, warnings: [], created: { coveragePostings: [1] } } });
    const expected = {
      lookingForCoverageID: 1,
      timeScheduleItemID: 2,
      agentID: 101,
      initials: 'AB',
      agentType: 20,
      startTime: '2025-10-16 08:00:00.0',
      endTime: '2025-10-16 16:00:00.0',
      type: 1,
      openToTrade: 0,
      notes: 'Dentist',
      payRate: 0,
      openToCots: 0,
    };
    expect(await get('/api/lookupPosting/1', 101)).toEqual({ status: 200, body: expected });
    expect((await get('/api/isShiftPosted/101/2025-10-16/08:00/2025-10-16/16:00', 101)).body).toEqual([expected]);
    // Posting the same hours again is refused.
    expect((await call('POST', '/api/postShift', 101, { ...GOOD.postShift, confirmed: true })).body.message).toBe('ERROR: Part of this shift is already posted.');

    const edit = { ...GOOD.editCoverage, LookingForCoverageID: 1, TimeScheduleItemID: 2, StartTime: '2025-10-16 12:00', EndTime: '2025-10-16 16:00' };
    expect((await call('POST', '/api/editCoverage', 101, edit)).body.outcome).toBe('confirm');
    expect((await call('POST', '/api/editCoverage', 101, { ...edit, confirmed: true })).body).toEqual({
      outcome: 'ok',
      message: 'SUCCESS: Request for coverage has been edited.',
      rule: null,
      warnings: [],
    });
    expect((await get('/api/lookupPosting/1', 101)).body).toEqual({ ...expected, startTime: '2025-10-16 12:00:00.0', openToTrade: 1, notes: 'Later start' });

    expect((await call('PUT', '/api/removeShiftFromCoverage/1?confirmed=true', 101)).body.outcome).toBe('ok');
    expect((await get('/api/isShiftPosted/101/2025-10-16/08:00/2025-10-16/16:00', 101)).body).toEqual([]);
    // Once removed, the hours may be posted again.
    expect((await call('POST', '/api/postShift', 101, { ...GOOD.postShift, confirmed: true })).body.created).toEqual({ coveragePostings: [2] });
  });

  it('want work past one\'s termination date: the warning comes back with the ok, and the hours are posted', async () => {
    await loadWorld(server.db, { agents: [{ agentId: 101, agentType: 20, initials: 'AB', terminationDate: '2025-10-17 17:00' }] });
    const res = await call('POST', '/api/postWantWork', 101, GOOD.postWantWork);
    expect(res).toEqual({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Your availability to pick up hours has been posted.', rule: null, warnings: ['Cannot pick up shifts after your termination date.'], created: { pickupPostings: [1] } } });
    expect(await get('/api/wantsHoursDetails/1', 101)).toEqual({
      status: 200,
      body: { lookingToPickUpID: 1, agentID: 101, initials: 'AB', startDatetime: '2025-10-18 08:00:00.0', endDatetime: '2025-10-18 16:00:00.0', notes: 'Saturday', type: 0 },
    });
  });
});

describe('two requests at once', () => {
  it('posting the same hours twice at the same moment: one posting, the other request is told it is already posted', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => call('POST', '/api/postShift', 101, GOOD.postShift)));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['error', 'error', 'ok']);
    for (const a of answers.filter((x) => x.body.outcome === 'error')) expect(a.body.message).toBe('ERROR: Part of this shift is already posted.');
    expect((await readWorld(server.db)).coveragePostings?.filter((p) => p.shiftId === 2)).toHaveLength(1);
  });

  it('the same want-work hours twice at once: one posting', async () => {
    const answers = await Promise.all([0, 1].map(() => call('POST', '/api/postWantWork', 101, GOOD.postWantWork)));
    expect(answers.map((a) => a.body.message).sort()).toEqual(['ERROR: You already posted that you want hours during this timeframe.', 'SUCCESS: Your availability to pick up hours has been posted.']);
    expect((await readWorld(server.db)).pickupPostings?.filter((p) => p.agentId === 101 && p.endedAt === null)).toHaveLength(2);
  });
});
