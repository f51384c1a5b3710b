import { describe, expect, it } from 'vitest';
import { normalizeWorld, parseInstant, PreparedWorld } from '../../engine/index.ts';
import { entityOf, recordToRow } from '../../server/db/world.entities.ts';
import { actionScenarios, client, decisionCount, loadWorldAt, readWorld, useTestServer } from './support.ts';

// Records longer than a day (server/world-loader.ts bounds its reads by the longest record the
// database holds, as the engine does with the world it is given): what the server answers and
// writes equals what the engine decides on the whole world.

const server = useTestServer();
const { get, post } = client(server);

const NOW = '2025-10-14 09:00';

const claim = (openShiftId: number, start: string, end: string): Record<string, unknown> => ({
  offeringAgentID: 201,
  coveringAgentID: 201,
  coverageStartDatetime: start,
  coverageEndDatetime: end,
  lookingForCoverageID: openShiftId,
  status: 0,
});

/** The engine's decision of the claim on the whole world. */
async function engineDecides(world: unknown, input: Record<string, unknown>): Promise<{ outcome: string; message: string | null; rule: string | null }> {
  const d = await server.rules.action('claimOpenShift').decide({ world: new PreparedWorld(normalizeWorld(world)), now: parseInstant(NOW), actor: 201, input });
  return { outcome: d.outcome, message: d.message ?? null, rule: d.rule ?? null };
}

async function shiftsOf(agentId: number): Promise<{ start: number; end: number }[]> {
  return ((await readWorld(server.db)).shifts ?? []).filter((s) => s.agentId === agentId).map((s) => ({ start: s.start as number, end: s.end as number }));
}

describe('a shift longer than a day', () => {
  it('a 38-hour shift ending 4 hours before the claim counts toward the 600 minutes before it: the claim is refused and nothing is written', async () => {
    const world = {
      agents: [
        { agentId: 100, agentType: 102, initials: 'MG', spanish: false },
        { agentId: 201, agentType: 30, initials: 'CS', spanish: false },
      ],
      openShifts: [{ id: 50, createdBy: 100, start: '2025-10-16 10:00', end: '2025-10-16 12:00', type: 0, payRate: 0, cots: 0, quantityRemaining: 1, assistantAfterDate: null, endedAt: null }],
      // 26 hours before the 18-hour window (from 2025-10-15 18:00) it starts; 12 of its hours lie in it.
      shifts: [{ id: 1, agentId: 201, start: '2025-10-14 16:00', end: '2025-10-16 06:00', shiftType: 0 }],
    };
    await loadWorldAt(server, NOW, world);
    const before = await decisionCount(server);
    const message = 'You are unable to work more than 10 hours in an 18 hour period. Please cut 240 min from this offer.';
    expect(await engineDecides(world, { openShiftId: 50, start: '2025-10-16 10:00', end: '2025-10-16 12:00' })).toEqual({ outcome: 'error', message, rule: 'claimOpenShift.maxBefore' });

    const res = await post('/api/claimOpenShift', 201, claim(50, '2025-10-16 10:00', '2025-10-16 12:00'));
    expect(res).toEqual({ status: 422, body: { outcome: 'error', message, rule: 'claimOpenShift.maxBefore', warnings: [] } });
    expect(await shiftsOf(201)).toEqual([{ start: parseInstant('2025-10-14 16:00'), end: parseInstant('2025-10-16 06:00') }]);
    expect((await readWorld(server.db)).openShifts?.[0]?.quantityRemaining).toBe(1);
    expect(await decisionCount(server)).toBe(before + 1);
  });

  it('a Spanish speaker on a 36-hour shift counts among the 4 on duty: the claim goes through and is written', async () => {
    const world = {
      agents: [
        { agentId: 110, agentType: 100, initials: 'SC', spanish: true },
        { agentId: 201, agentType: 30, initials: 'CS', spanish: false },
        { agentId: 601, agentType: 20, initials: 'S1', spanish: true },
        { agentId: 602, agentType: 20, initials: 'S2', spanish: true },
        { agentId: 603, agentType: 20, initials: 'S3', spanish: true },
        { agentId: 604, agentType: 20, initials: 'S4', spanish: true },
      ],
      openShifts: [{ id: 50, createdBy: 110, start: '2025-10-15 08:00', end: '2025-10-15 12:00', type: 0, payRate: 0, cots: 0, quantityRemaining: 1, assistantAfterDate: null, endedAt: null }],
      shifts: [
        { id: 1, agentId: 601, start: '2025-10-15 07:00', end: '2025-10-15 15:00', shiftType: 0 },
        { id: 2, agentId: 602, start: '2025-10-15 07:00', end: '2025-10-15 15:00', shiftType: 0 },
        { id: 3, agentId: 603, start: '2025-10-15 07:00', end: '2025-10-15 15:00', shiftType: 0 },
        // Started 26 hours before the claimed hours.
        { id: 4, agentId: 604, start: '2025-10-14 06:00', end: '2025-10-15 18:00', shiftType: 0 },
      ],
    };
    await loadWorldAt(server, NOW, world);
    expect(await engineDecides(world, { openShiftId: 50, start: '2025-10-15 08:00', end: '2025-10-15 12:00' })).toEqual({ outcome: 'ok', message: null, rule: null });

    const res = await post('/api/claimOpenShift', 201, claim(50, '2025-10-15 08:00', '2025-10-15 12:00'));
    expect(res).toEqual({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Open shift claimed.', rule: null, warnings: [], created: { shifts: [5], textMessages: [1] } } });
    expect(await shiftsOf(201)).toEqual([{ start: parseInstant('2025-10-15 08:00'), end: parseInstant('2025-10-15 12:00') }]);
    expect((await readWorld(server.db)).openShifts?.[0]?.quantityRemaining).toBe(0);
  });
});

describe('a long shift written while the server runs', () => {
  it('is read by the next decision: the longest duration is not kept between statements', async () => {
    const world = {
      agents: [
        { agentId: 100, agentType: 102, initials: 'MG', spanish: false },
        { agentId: 201, agentType: 30, initials: 'CS', spanish: false },
      ],
      openShifts: [{ id: 50, createdBy: 100, start: '2025-10-16 10:00', end: '2025-10-16 12:00', type: 0, quantityRemaining: 1 }],
      shifts: [{ id: 1, agentId: 201, start: '2025-10-20 08:00', end: '2025-10-20 16:00', shiftType: 0 }],
    };
    await loadWorldAt(server, NOW, world);
    const slice = async (): Promise<unknown[]> => {
      const res = await server.request('/api/worldSlice/claimOpenShift?openShiftId=50&start=2025-10-16%2010:00&end=2025-10-16%2012:00', { as: 201 });
      expect(res.status).toBe(200);
      return ((await res.json()) as { world: { shifts?: { id: number }[] } }).world.shifts?.map((s) => s.id) ?? [];
    };
    // Decided a few times first: the prefetch has learnt the claim's windows and prepared them.
    for (let i = 0; i < 3; i++) expect(await slice()).toEqual([]);

    // Another request commits a 38-hour shift.
    await server.db.exclusive(() => server.db.em().insert(entityOf('shifts'), recordToRow('shifts', { agentId: 201, start: parseInstant('2025-10-14 16:00'), end: parseInstant('2025-10-16 06:00'), shiftType: 0 }) as never));

    expect(await slice()).toEqual([2]);
    const res = await post('/api/claimOpenShift', 201, claim(50, '2025-10-16 10:00', '2025-10-16 12:00'));
    expect(res.body.rule).toBe('claimOpenShift.maxBefore');
    expect(res.status).toBe(422);
  });
});

describe('personal time longer than a day', () => {
  it('a supervisor off for 29 hours, from 25 hours before the requested hours, counts as off: the request is refused and nothing is written', async () => {
    const [, scenario] = actionScenarios(['requestPersonal']).find(([file]) => file === 'requestPersonal/higher-rank-one-off.json') ?? [];
    if (!scenario) throw new Error('fixtures/requestPersonal/higher-rank-one-off.json is missing');
    // The fixture's supervisor off from 09:50 to 12:00, here off since 07:00 the day before.
    const world = structuredClone(scenario.world) as { personalRequests: Record<string, unknown>[] };
    const long = world.personalRequests.find((r) => r.id === 10) as Record<string, unknown>;
    long.start = '2025-10-14 07:00';
    const message = 'Sorry, request denied. Too many people are on Personal/Vacation during this timeframe.';
    const d = await server.rules.action('requestPersonal').decide({ world: new PreparedWorld(normalizeWorld(world)), now: parseInstant(scenario.now), actor: scenario.actor, input: scenario.input });
    expect([d.outcome, d.message, d.rule]).toEqual(['error', message, 'requestPersonal.capacity']);

    await loadWorldAt(server, scenario.now, world);
    const res = await post('/api/requestPersonal', 106, { AgentID: 106, TimeScheduleItemID: 7, StartTime: '2025-10-15 08:00', EndTime: '2025-10-15 10:00' });
    expect(res).toEqual({ status: 422, body: { outcome: 'error', message, rule: 'requestPersonal.capacity', warnings: [] } });
    expect(((await readWorld(server.db)).personalRequests ?? []).map((r) => r.id)).toEqual([1, 2, 10]);
  });
});

describe('reads over a span', () => {
  it('isShiftCustService finds a 30-hour customer-service shift that started 25 hours before the span', async () => {
    await loadWorldAt(server, NOW, {
      agents: [{ agentId: 201, agentType: 30, initials: 'CS' }],
      shifts: [{ id: 7, agentId: 201, start: '2025-10-14 06:00', end: '2025-10-15 12:00', shiftType: 15 }],
    });
    expect(await get('/api/isShiftCustService/201/2025-10-15/07:00/2025-10-15/09:00', 201)).toEqual({ status: 200, body: [{ scheduleId: 7 }] });
    expect(await get('/api/isShiftCustService/201/2025-10-15/12:00/2025-10-15/13:00', 201)).toEqual({ status: 200, body: [] });
  });
});
