import { describe, expect, it } from 'vitest';
import { compareWorld, parseInstant, type NormalizedWorld, type WorldRecord } from '../../engine/index.ts';
import { actionScenarios, client, loadWorldAt, readWorld, useTestServer } from './support.ts';

// A leave early takes effect when its agent logs out (spec 3 section 4): POST /api/logout
// (rules/logout.json) and the screen's POST /api/loggingOutLog apply the agent's leave-early
// notices not yet applied, once. Attendance reads the same worked time before and after.

const server = useTestServer();
const api = client(server);

const at = parseInstant;

/** AB (101) works 10/15 8:00-16:00 with a meal break at 12:00; CD (102) works the same hours. */
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB', personalTime: 600 },
    { agentId: 102, agentType: 20, initials: 'CD', personalTime: 600 },
  ],
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 3, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
  ],
};

const LEAVE_AT_14 = { AgentID: 101, TimeScheduleItemID: 1, ViolationType: 2, StartTime: null, EndTime: '2025-10-15 14:00', VacationApplied: false, Reason: 0, Message: 'Fever since last night' };

const rows = (w: NormalizedWorld, collection: string): WorldRecord[] => [...(w[collection] ?? [])].sort((a, b) => (a.id as number) - (b.id as number));
const shiftTimes = (w: NormalizedWorld): unknown[] => rows(w, 'shifts').map((s) => [s.id, s.start, s.end, s.parentId]);

async function minWorkedInOctober(): Promise<number> {
  const months = (await api.ok('/api/userPaidTime/101', 101)) as { month: string; minWorked: number }[];
  return months.find((m) => m.month === '2025-10')?.minWorked ?? -1;
}

describe('a leave early takes effect at log out', () => {
  it('leave early, then log out: the shift ends at the new time, once; a second log out changes nothing', async () => {
    await loadWorldAt(server, '2025-10-15 10:00', WORLD);
    const notice = await api.post('/api/giveNotice', 101, LEAVE_AT_14);
    expect(notice).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'Success! Schedule will be updated when you log out.' } });
    let world = await readWorld(server.db);
    expect(shiftTimes(world)[0]).toEqual([1, at('2025-10-15 08:00'), at('2025-10-15 16:00'), null]);
    expect(rows(world, 'notices').map((n) => [n.start, n.end, n.appliedAt])).toEqual([[at('2025-10-15 14:00'), at('2025-10-15 16:00'), null]]);

    // Past the shift, before the log out: the two hours missed are not worked (8:00-16:00 less the break and 14:00-16:00).
    server.setNow(at('2025-10-15 17:00'));
    expect(await minWorkedInOctober()).toBe(330);

    const out = await server.request('/api/logout', { method: 'POST', as: 101 });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    world = await readWorld(server.db);
    expect(shiftTimes(world)).toEqual([
      [1, at('2025-10-15 08:00'), at('2025-10-15 14:00'), null],
      [2, at('2025-10-15 12:00'), at('2025-10-15 12:30'), 1],
      [3, at('2025-10-15 08:00'), at('2025-10-15 16:00'), null],
    ]);
    expect(rows(world, 'notices').map((n) => n.appliedAt)).toEqual([at('2025-10-15 17:00')]);
    // The same worked time, now read from the shorter shift: the notice's hours are not taken off twice.
    expect(await minWorkedInOctober()).toBe(330);

    server.setNow(at('2025-10-15 18:00'));
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    const again = await readWorld(server.db);
    expect(shiftTimes(again)).toEqual(shiftTimes(world));
    expect(rows(again, 'notices')).toEqual(rows(world, 'notices'));
    expect(await minWorkedInOctober()).toBe(330);
  });

  it('the screen logs the sign-out (loggingOutLog), then POST /api/logout: applied once, one sign-out recorded', async () => {
    await loadWorldAt(server, '2025-10-15 10:00', WORLD);
    expect((await api.post('/api/giveNotice', 101, LEAVE_AT_14)).status).toBe(200);
    server.setNow(at('2025-10-15 14:00'));
    expect(await api.post('/api/loggingOutLog', 101, { AgentID: 101 })).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    const afterLog = await readWorld(server.db);
    expect(shiftTimes(afterLog)[0]).toEqual([1, at('2025-10-15 08:00'), at('2025-10-15 14:00'), null]);
    expect((await server.request('/api/logout', { method: 'POST', as: 101 })).status).toBe(200);
    const afterLogout = await readWorld(server.db);
    expect(shiftTimes(afterLogout)).toEqual(shiftTimes(afterLog));
    expect(rows(afterLogout, 'notices')).toEqual(rows(afterLog, 'notices'));
    expect(rows(afterLogout, 'sessionLog').map((l) => [l.agentId, l.event, l.at])).toEqual([[101, 'signOut', at('2025-10-15 14:00')]]);
  });

  it("CD's log out leaves AB's leave early waiting", async () => {
    await loadWorldAt(server, '2025-10-15 10:00', WORLD);
    expect((await api.post('/api/giveNotice', 101, LEAVE_AT_14)).status).toBe(200);
    expect((await server.request('/api/logout', { method: 'POST', as: 102 })).status).toBe(200);
    const world = await readWorld(server.db);
    expect(shiftTimes(world)[0]).toEqual([1, at('2025-10-15 08:00'), at('2025-10-15 16:00'), null]);
    expect(rows(world, 'notices').map((n) => n.appliedAt)).toEqual([null]);
  });

  it('hours of an applied notice worked again later (picked up as a covering shift) count as worked', async () => {
    await loadWorldAt(server, '2025-10-15 17:00', {
      ...WORLD,
      shifts: [
        { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 14:00', shiftType: 0 },
        { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
        { id: 4, agentId: 101, start: '2025-10-15 14:00', end: '2025-10-15 16:00', shiftType: 0, isCovering: true },
      ],
      notices: [
        {
          id: 1, agentId: 101, shiftId: 1, violationType: 2, start: '2025-10-15 14:00', end: '2025-10-15 16:00', reason: 0,
          message: 'Fever since last night', createdAt: '2025-10-15 10:00', minutes: 120, personalMinutes: 120, appliedAt: '2025-10-15 14:00',
        },
      ],
    });
    // 330 on the shorter shift and 120 picked up.
    expect(await minWorkedInOctober()).toBe(450);
  });
});

describe('every logout scenario through POST /api/logout gives the recorded world', () => {
  it.each(actionScenarios(['logout']))('%s', async (_file, s) => {
    await loadWorldAt(server, String(s.now), s.world);
    const res = await server.request('/api/logout', { method: 'POST', as: s.actor });
    expect(res.status).toBe(200);
    if (s.expect.world) expect(compareWorld(await readWorld(server.db), s.expect.world, {})).toEqual([]);
  });
});
