import { beforeEach, describe, expect, it } from 'vitest';
import { READ_MESSAGES } from '../../server/reads/http.ts';
import { TEAM_MESSAGES } from '../../server/routes/team.ts';
import { client, loadWorld, loadWorldAt, useTestServer } from './support.ts';

// The Team Calendar reads, GET /api/myPermissions and the release notes (server/routes/team.ts)
// through HTTP: bad paths are 400s naming the parameter; every rank but 100, 102 and 103 gets a 403
// on the team reads, as does anyone asking for someone else's team; the bodies are exact.

const server = useTestServer();
const { get } = client(server);

/** Spec 3 section 9 "Agent-type codes", one of each; agent N has agent type N. */
const CODES = [10, 15, 20, 21, 30, 31, 32, 75, 80, 85, 100, 101, 102, 103, 105, 110, 240, 350, 450];
const NOW = '2025-10-14 09:00';

/**
 * Agent 100 leads team 1 (AB, CD, EF, 103, and GH who has left); agent 102 leads team 2 (IJ);
 * agent 103 leads no team and is on team 1.
 */
const WORLD = {
  agents: [
    ...CODES.map((t) => ({ agentId: t, agentType: t, initials: `A${t}`, spanish: t === 20, ...(t === 103 ? { teamId: 1 } : {}) })),
    { agentId: 1001, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Bell', teamId: 1 },
    { agentId: 1002, agentType: 32, initials: 'CD', firstName: 'Cal', lastName: 'Diaz', teamId: 1, spanish: true },
    { agentId: 1003, agentType: 80, initials: 'EF', firstName: 'Eve', lastName: 'Ford', teamId: 1 },
    { agentId: 1004, agentType: 20, initials: 'GH', firstName: 'Gus', lastName: 'Hale', teamId: 1, terminationDate: '2025-10-01 00:00' },
    { agentId: 1005, agentType: 20, initials: 'IJ', firstName: 'Ida', lastName: 'Jones', teamId: 2 },
  ],
  teams: [
    { id: 1, name: 'Red', leaderId: 100 },
    { id: 2, name: 'Blue', leaderId: 102 },
  ],
  shifts: [
    { id: 10, agentId: 1001, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 11, agentId: 1001, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 10 },
    { id: 12, agentId: 1002, start: '2025-10-16 16:00', end: '2025-10-16 20:00', shiftType: 61, payRate: 1, cots: 2, isCovering: true },
    // Outside the window (before last month, after next month), someone else's team, the leader's own, a leaver's.
    { id: 13, agentId: 1001, start: '2025-08-31 08:00', end: '2025-08-31 16:00', shiftType: 0 },
    { id: 14, agentId: 1003, start: '2025-12-01 08:00', end: '2025-12-01 16:00', shiftType: 9 },
    { id: 15, agentId: 1005, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 16, agentId: 100, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 9 },
    { id: 17, agentId: 1004, start: '2025-09-20 08:00', end: '2025-09-20 16:00', shiftType: 0 },
    { id: 18, agentId: 1003, start: '2025-09-01 00:00', end: '2025-09-01 08:00', shiftType: 9 },
  ],
  coveragePostings: [
    { id: 30, agentId: 1001, shiftId: 10, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 1, notes: 'Dentist' },
    { id: 31, agentId: 1002, shiftId: 12, start: '2025-10-16 16:00', end: '2025-10-16 20:00', type: 61, endedAt: '2025-10-13 10:00' },
    { id: 32, agentId: 1005, shiftId: 15, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0 },
  ],
  pickupPostings: [
    { id: 40, agentId: 1003, start: '2025-10-17 08:00', end: '2025-10-17 12:00', type: 9, notes: 'Any supervisor hours' },
    { id: 41, agentId: 1005, start: '2025-10-17 08:00', end: '2025-10-17 12:00', type: 0 },
    { id: 42, agentId: 1001, start: '2025-10-13 08:00', end: '2025-10-13 12:00', type: 0 },
  ],
  releaseNotes: [
    { id: 1, version: 1, releasedAt: '2024-02-14 09:00', notes: 'First release.' },
    { id: 153, version: 153, releasedAt: '2025-09-15 23:30', notes: 'Open training shifts: 12.5 hours in an 18 hour span.' },
    { id: 152, version: 152, releasedAt: '2025-08-30 10:00', notes: null },
  ],
};

beforeEach(() => loadWorldAt(server, NOW, WORLD));

const TEAM_READS = ['getAllTeam', 'userTeamShifts', 'teamLookingForCov', 'teamLookingForHours'];

describe('bad input: 400 naming the parameter', () => {
  it.each(TEAM_READS.flatMap((r) => [
    [`/api/${r}/abc`, 'agentId: must be a whole number from 1 to 2147483647'],
    [`/api/${r}/0`, 'agentId: must be a whole number from 1 to 2147483647'],
    [`/api/${r}/99999999999`, 'agentId: must be a whole number from 1 to 2147483647'],
  ]))('GET %s', async (path, error) => {
    expect(await get(path, 100)).toEqual({ status: 400, body: { error } });
  });
});

describe('403 on the team reads for every rank but 100, 102 and 103, and for another person\'s team', () => {
  it.each(CODES.flatMap((t) => TEAM_READS.map((r) => [t, r] as const)))('agent type %i: %s', async (t, read) => {
    const res = await get(`/api/${read}/${t}`, t);
    if ([100, 102, 103].includes(t)) expect(res.status).toBe(200);
    else expect(res).toEqual({ status: 403, body: { error: TEAM_MESSAGES.teamCalendar } });
  });

  it.each(TEAM_READS)('%s of someone else, even another leader', async (read) => {
    expect(await get(`/api/${read}/102`, 100)).toEqual({ status: 403, body: { error: READ_MESSAGES.notYours } });
  });
});

describe('the Team Calendar reads', () => {
  it("getAllTeam: the current members of the team one leads, not oneself, by initials", async () => {
    expect(await get('/api/getAllTeam/100', 100)).toEqual({
      status: 200,
      body: [
        { agentId: 103, initials: 'A103', fullName: '', agentType: 103 },
        { agentId: 1001, initials: 'AB', fullName: 'Ann Bell', agentType: 20 },
        { agentId: 1002, initials: 'CD', fullName: 'Cal Diaz', agentType: 32 },
        { agentId: 1003, initials: 'EF', fullName: 'Eve Ford', agentType: 80 },
      ],
    });
    expect(await get('/api/getAllTeam/102', 102)).toEqual({ status: 200, body: [{ agentId: 1005, initials: 'IJ', fullName: 'Ida Jones', agentType: 20 }] });
  });

  it('getAllTeam: someone who leads no team sees the team they are on', async () => {
    expect((await get('/api/getAllTeam/103', 103)).body).toEqual([
      { agentId: 1001, initials: 'AB', fullName: 'Ann Bell', agentType: 20 },
      { agentId: 1002, initials: 'CD', fullName: 'Cal Diaz', agentType: 32 },
      { agentId: 1003, initials: 'EF', fullName: 'Eve Ford', agentType: 80 },
    ]);
  });

  it("userTeamShifts: the members' shifts and meal breaks from last month to the end of next month, in time order", async () => {
    expect(await get('/api/userTeamShifts/100', 100)).toEqual({
      status: 200,
      body: [
        { id: 18, scheduleId: 18, agentID: 1003, initials: 'EF', title: ' My Shift', startTime: '2025-09-01 00:00:00.0', endTime: '2025-09-01 08:00:00.0', type: 9, isCovering: false, payRate: 0, cots: 0 },
        { id: 10, scheduleId: 10, agentID: 1001, initials: 'AB', title: ' My Shift', startTime: '2025-10-15 08:00:00.0', endTime: '2025-10-15 16:00:00.0', type: 0, isCovering: false, payRate: 0, cots: 0 },
        { id: 11, scheduleId: 10, agentID: 1001, initials: 'AB', title: 'Meal Break', startTime: '2025-10-15 12:00:00.0', endTime: '2025-10-15 12:30:00.0', type: 5, isCovering: false, payRate: 0, cots: 0 },
        { id: 12, scheduleId: 12, agentID: 1002, initials: 'CD', title: ' My Shift', startTime: '2025-10-16 16:00:00.0', endTime: '2025-10-16 20:00:00.0', type: 61, isCovering: true, payRate: 1, cots: 2 },
      ],
    });
  });

  it("teamLookingForCov and teamLookingForHours: the members' active postings", async () => {
    expect(await get('/api/teamLookingForCov/100', 100)).toEqual({
      status: 200,
      body: [
        {
          lookingForCoverageID: 30,
          timeScheduleItemID: 10,
          agentID: 1001,
          initials: 'AB',
          agentType: 20,
          startTime: '2025-10-15 08:00:00.0',
          endTime: '2025-10-15 16:00:00.0',
          type: 0,
          openToTrade: 1,
          notes: 'Dentist',
          payRate: 0,
          openToCots: 0,
        },
      ],
    });
    expect(await get('/api/teamLookingForHours/100', 100)).toEqual({
      status: 200,
      body: [
        {
          lookingToPickUpID: 40,
          agentID: 1003,
          initials: 'EF',
          agentType: 80,
          startTime: '2025-10-17 08:00:00.0',
          endTime: '2025-10-17 12:00:00.0',
          type: 9,
          notes: 'Any supervisor hours',
        },
      ],
    });
    expect(await get('/api/teamLookingForHours/102', 102)).toEqual({
      status: 200,
      body: [expect.objectContaining({ lookingToPickUpID: 41, agentID: 1005, initials: 'IJ' })],
    });
  });
});

describe('GET /api/myPermissions', () => {
  it("answers the signed-in agent's own permissions from rules/roles.json, by type and Spanish flag", async () => {
    const spanishCs = await get('/api/myPermissions', 20);
    expect(spanishCs.status).toBe(200);
    expect(spanishCs.body).toEqual({ agentId: 20, agentType: 20, spanish: true, permissions: server.rules.permissionsFor(20, true) });
    expect(spanishCs.body).toMatchObject({
      permissions: { teamCalendar: false, calendarViews: ['mine', 'cs', 'span', 'searchIndividual'], claimOpenShift: [0, 1], chatCategories: ['callSpecialists', 'ideas'] },
    });
    expect((await get('/api/myPermissions', 1001)).body).toMatchObject({ spanish: false, permissions: { calendarViews: ['mine', 'cs', 'searchIndividual'] } });
    expect((await get('/api/myPermissions', 100)).body).toMatchObject({
      agentType: 100,
      permissions: { teamCalendar: true, supervisorWishlist: true, createOpenShiftTypes: ['open', 'openSpanish'], editOpenShift: [0, 1], offerLogs: ['mine', 'callSpecialists'] },
    });
  });

  it('404 for a session whose agent has no record', async () => {
    expect(await get('/api/myPermissions', 777)).toEqual({ status: 404, body: { error: READ_MESSAGES.noAgent(777) } });
  });
});

describe('GET /api/releaseNotes', () => {
  it('newest first, with the Eastern date of each release', async () => {
    expect(await get('/api/releaseNotes', 20)).toEqual({
      status: 200,
      body: [
        { id: 153, version: 153, date: '2025-09-15', releasedAt: '2025-09-15 23:30:00.0', notes: 'Open training shifts: 12.5 hours in an 18 hour span.' },
        { id: 152, version: 152, date: '2025-08-30', releasedAt: '2025-08-30 10:00:00.0', notes: null },
        { id: 1, version: 1, date: '2024-02-14', releasedAt: '2024-02-14 09:00:00.0', notes: 'First release.' },
      ],
    });
  });

  it('is [] when there are none', async () => {
    await loadWorld(server.db, { agents: WORLD.agents });
    expect(await get('/api/releaseNotes', 20)).toEqual({ status: 200, body: [] });
  });
});
