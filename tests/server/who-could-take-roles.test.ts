import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompiledAction } from '../../engine/compiled-action.ts';
import { loadWorldAt, useTestServer } from './support.ts';

/**
 * Issue 32 item 3: colleagues whose role can never take a posting (supervisors, for a call
 * specialist's shift; a trainee, for anything) are not decided at all, and a supervisor reading
 * who could take it still sees each of them with the rule and message their own decision gives.
 */

const server = useTestServer();
const NOW = '2025-10-14 09:00';

const supervisors = [200, 201, 202, 203, 204];
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 105, agentType: 5, initials: 'IJ' },
    { agentId: 106, agentType: 5, initials: 'KL' },
    ...supervisors.map((agentId) => ({ agentId, agentType: 100, initials: `S${agentId}` })),
  ],
  shifts: [
    { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 103, start: '2025-10-15 12:00', end: '2025-10-15 20:00', shiftType: 0 },
  ],
  // Type 0: call specialists only, so every supervisor is stopped by their role.
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 0 }],
};
const INPUT = { lookingForCoverageId: 10, coverageStartDatetime: '2025-10-15 08:00', coverageEndDatetime: '2025-10-15 16:00' };

interface Row {
  agentId: number;
  could: boolean;
  outcome: string;
  rule: string | null;
  message: string | null;
}

describe('who could take it: colleagues whose role stops them', () => {
  beforeEach(() => loadWorldAt(server, NOW, WORLD));
  afterEach(() => vi.restoreAllMocks());

  it('are not decided, and are listed with the rule and message their own decision gives', async () => {
    const decided: number[] = [];
    const decide = CompiledAction.prototype.decide;
    vi.spyOn(CompiledAction.prototype, 'decide').mockImplementation(function (this: CompiledAction, request) {
      decided.push(request.actor);
      return decide.call(this, request);
    });
    const res = await server.request('/api/whoCouldTakeCoveragePosting/10', { as: 200 });
    expect(res.status).toBe(200);
    const people = ((await res.json()) as { people: Row[] }).people;
    vi.restoreAllMocks();

    // One supervisor and one trainee are decided, for their role group; the others are not.
    expect(decided.filter((id) => supervisors.includes(id))).toHaveLength(1);
    expect(decided.filter((id) => id === 105 || id === 106)).toHaveLength(1);
    expect(people.map((p) => p.agentId).sort()).toEqual([101, 103, 105, 106, ...supervisors]);
    for (const p of people) {
      const alone = await server.rules.action('postOfferCoverage').decide({ world: WORLD, now: NOW, actor: p.agentId, input: INPUT });
      expect({ outcome: p.outcome, rule: p.rule, message: p.message }, `agent ${p.agentId}`).toEqual({ outcome: alone.outcome, rule: alone.rule ?? null, message: alone.message ?? null });
    }
    for (const id of supervisors) {
      expect(people.find((p) => p.agentId === id)).toMatchObject({ could: false, outcome: 'error', rule: 'postOfferCoverage.callSpecialistsOnly', message: 'ERROR: Only Call Specialists can cover this shift.' });
    }
    expect(people.find((p) => p.agentId === 106)).toMatchObject({ could: false, rule: 'postOfferCoverage.minimumRank', message: 'ERROR: Must be at least an Advanced Trainee to offer coverage.' });
  });
});
