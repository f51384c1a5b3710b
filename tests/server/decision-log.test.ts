import { describe, expect, it } from 'vitest';
import { needKey, normalizeWorld, parseInstant, SliceWorld, type Need } from '../../engine/index.ts';
import { loadWorld, useTestServer } from './support.ts';

/** A world where one claim goes through and one accept is stopped by a rule. */
const WORLD = {
  agents: [
    { agentId: 1, agentType: 20, initials: 'AA', spanish: false },
    { agentId: 2, agentType: 20, initials: 'BB', spanish: false },
    { agentId: 3, agentType: 20, initials: 'CC', spanish: true },
    { agentId: 4, agentType: 20, initials: 'DD', spanish: true },
    { agentId: 9, agentType: 102, initials: 'MG', spanish: false },
  ],
  shifts: [
    { id: 1, agentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 2, agentId: 1, start: '2025-10-15 16:30', end: '2025-10-16 00:30' },
    { id: 3, agentId: 3, start: '2025-10-16 08:00', end: '2025-10-16 16:00' },
    { id: 4, agentId: 4, start: '2025-10-16 08:00', end: '2025-10-16 16:00' },
  ],
  coveragePostings: [{ id: 10, agentId: 2, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
  offers: [{ id: 40, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' }],
  openShifts: [{ id: 50, createdBy: 9, start: '2025-10-16 09:00', end: '2025-10-16 13:00', type: 0, quantityRemaining: 2 }],
};

interface LogRow {
  decided_at: Date | string;
  actor: number;
  action: string;
  input: Record<string, unknown> | string;
  world: Record<string, unknown> | string;
  outcome: string;
  message: string | null;
  rule: string | null;
  rules_hash: string;
  applied: boolean;
  needs: Need[] | string | null;
}

const server = useTestServer();

describe('the decision log', () => {
  it('holds every decision, allowed or not, and each re-decides to the same answer under the same rules', async () => {
    await loadWorld(server.db, WORLD);
    server.setNow(parseInstant('2025-10-14 09:00'));
    const refused = await server.request('/api/acceptOffer/40', { method: 'PUT', as: 2 });
    expect(refused.status).toBe(422);
    const claim = {
      offeringAgentID: 1, coveringAgentID: 1, lookingForCoverageID: 50, status: 0,
      coverageStartDatetime: '2025-10-16 09:00', coverageEndDatetime: '2025-10-16 13:00',
    };
    const claimed = await server.request('/api/claimOpenShift', { method: 'POST', as: 1, body: JSON.stringify(claim) });
    expect(claimed.status).toBe(200);

    const rows = (await server.db.em().getConnection().execute('select * from decision_log order by id')) as unknown as LogRow[];
    expect(rows.map((r: LogRow) => [r.actor, r.action, r.outcome, r.rule, r.applied])).toEqual([
      [2, 'acceptOffer', 'error', 'acceptOffer.coveringMaxAfter', false],
      [1, 'claimOpenShift', 'ok', null, true],
    ]);
    for (const row of rows) {
      const input = typeof row.input === 'string' ? JSON.parse(row.input) : row.input;
      const world = typeof row.world === 'string' ? JSON.parse(row.world) : row.world;
      const at = new Date(row.decided_at).getTime() / 60_000;
      const again = await server.rules.action(row.action).decide({ world, now: at, actor: row.actor, input });
      expect([again.outcome, again.message ?? null, again.rule ?? null]).toEqual([row.outcome, row.message, row.rule]);
      expect(row.rules_hash).toBe('test');
      // The queries logged with the slice are all the rules ask of it: a dry-run can tell what it holds.
      const needs = (typeof row.needs === 'string' ? JSON.parse(row.needs) : row.needs) as Need[];
      const slice = new SliceWorld(normalizeWorld(world), new Set(needs.map(needKey)));
      const onSlice = await server.rules.action(row.action).decide({ world: slice, now: at, actor: row.actor, input });
      expect(slice.missing).toEqual([]);
      expect([onSlice.outcome, onSlice.message ?? null]).toEqual([row.outcome, row.message]);
      expect(needs).toContainEqual({ kind: 'record', collection: 'agents', key: row.actor });
    }
    // The refused accept was decided on the covering agent's evening shift: it is in the slice. The
    // posted shift is not: the rule that stopped the accept comes before any rule that reads it
    // (a round on a partial world may have loaded it; the log keeps what the decision read).
    const first = rows[0] as LogRow;
    const slice = (typeof first.world === 'string' ? JSON.parse(first.world) : first.world) as { shifts: { id: number }[] };
    expect(slice.shifts.map((s) => s.id).sort()).toEqual([2]);
  });
});
