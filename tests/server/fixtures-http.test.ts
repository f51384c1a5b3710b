import { describe, expect, it } from 'vitest';
import { compareWorld, parseInstant, type Scenario } from '../../engine/index.ts';
import { actionScenarios, loadWorld, readWorld, useTestServer } from './support.ts';

// Accepting is an action route (server/routes/offers.ts): tests/server/action-routes-http.test.ts replays its scenarios.
const ACTIONS = ['claimOpenShift', 'claimOpenTrainingShift', 'combineShifts'];
const scenarios = actionScenarios(ACTIONS);

/** The HTTP call the web UI makes for a scenario's action, with the spec's payload names. */
function httpCall(s: Scenario): { method: string; path: string; body?: unknown } {
  const input = s.input as Record<string, unknown>;
  switch (s.action) {
    case 'combineShifts':
      return { method: 'POST', path: '/api/combineShifts', body: { Shift1: input.shift1Id, Shift2: input.shift2Id } };
    default:
      return {
        method: 'POST',
        path: `/api/${s.action}`,
        body: {
          offeringAgentID: s.actor,
          coveringAgentID: s.actor,
          coverageStartDatetime: input.start,
          coverageEndDatetime: input.end,
          lookingForCoverageID: input.openShiftId,
          status: 0,
        },
      };
  }
}

const server = useTestServer();

describe('every claim and combine scenario through the HTTP API gives the recorded answer', () => {
  it.each(scenarios)('%s', async (_file, s) => {
    await loadWorld(server.db, s.world);
    server.setNow(parseInstant(s.now));
    const call = httpCall(s);
    const res = await server.request(call.path, {
      method: call.method,
      as: s.actor,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    });
    const json = (await res.json()) as { outcome: string; message: string | null; rule: string | null };
    expect(json.outcome, JSON.stringify(json)).toBe(s.expect.outcome);
    if (s.expect.outcome === 'ok') {
      expect(res.status).toBe(200);
    } else {
      expect([409, 422]).toContain(res.status);
      if (s.expect.message !== undefined) expect(json.message).toBe(s.expect.message);
      if (s.expect.rule !== undefined) expect(json.rule).toBe(s.expect.rule);
    }
    if (s.expect.world) {
      expect(compareWorld(await readWorld(server.db), s.expect.world, {})).toEqual([]);
    }
  });
});
