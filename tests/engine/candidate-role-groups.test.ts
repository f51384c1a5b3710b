import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { decideForEach } from '../../engine/candidates.ts';

const rules = loadRulesDir();
const NOW = '2025-10-14 09:00';

describe('who could take it: role groups answered without a decision', () => {
  it("keeps the poster out of their role group's answer: their own posting stops them first", async () => {
    // Type 9 needs a supervisor: every call specialist is stopped by supervisorRequired, but the
    // poster, a call specialist too, by ownPosting, an earlier rule.
    const world = {
      agents: [101, 102, 103, 104].map((agentId) => ({ agentId, agentType: 20 })),
      shifts: [{ id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 9 }],
      coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 9, openToTrade: 0 }],
    };
    const input = { lookingForCoverageId: 10, coverageStartDatetime: '2025-10-15 08:00', coverageEndDatetime: '2025-10-15 16:00' };
    const answers = await decideForEach(rules, { action: 'postOfferCoverage', world, now: NOW, input, candidates: [101, 102, 103, 104] });
    for (const a of answers) {
      const alone = await rules.action('postOfferCoverage').decide({ world, now: NOW, actor: a.agentId, input });
      expect(a, `agent ${a.agentId}`).toEqual({ agentId: a.agentId, outcome: alone.outcome, rule: alone.rule ?? null, message: alone.message ?? null });
    }
    expect(answers.map((a) => a.rule)).toEqual(['postOfferCoverage.supervisorRequired', 'postOfferCoverage.ownPosting', 'postOfferCoverage.supervisorRequired', 'postOfferCoverage.supervisorRequired']);
  });
});
