import { beforeAll, describe, expect, it } from 'vitest';
import { loadRuleSet, parseInstant } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { client, loadWorldAt, useTestServer } from './support.ts';

/**
 * getNudgedDate's next nudge is the rules' own cooldown (rules/parameters.json
 * nudgeCooldownMinutes), so the screen offers the nudge exactly when nudgeOffer allows it.
 */

/** The project's rules with the nudge cooldown at `minutes` instead of 1440. */
function rulesWithCooldown(minutes: number): ReturnType<typeof loadRuleSet> {
  const sources = readRuleSources(DEFAULT_RULES_DIR).map((s) => {
    if (s.kind !== 'parameters') return s;
    const json = JSON.parse(JSON.stringify(s.json)) as { parameters: Record<string, { value: unknown }> };
    (json.parameters.nudgeCooldownMinutes as { value: unknown }).value = minutes;
    return { ...s, json };
  });
  return loadRuleSet(sources);
}

const NOW = '2025-10-14 09:00';

// AB (101) offered to cover CD's (102) shift; the offer is pending until the 15th.
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
  ],
  shifts: [{ id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 }],
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 0 }],
  offers: [{ id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' }],
};

const server = useTestServer(rulesWithCooldown(90));
const { call, get } = client(server);

beforeAll(() => loadWorldAt(server, NOW, WORLD));

describe('the nudge cooldown edited to 90 minutes', () => {
  it('getNudgedDate names the next nudge 90 minutes on, and nudgeOffer allows it then, not before', async () => {
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(200);
    expect(await get('/api/getNudgedDate/40', 101)).toEqual({
      status: 200,
      body: [{ offerID: 40, nudgedDate: '2025-10-14 09:00:00.0', nextNudgeDate: '2025-10-14 10:30:00.0', status: 'pending' }],
    });
    server.setNow(parseInstant('2025-10-14 10:29'));
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(422);
    server.setNow(parseInstant('2025-10-14 10:30'));
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(200);
  });
});
