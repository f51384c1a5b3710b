import { beforeAll, describe, expect, it } from 'vitest';
import { loadRuleSet, type RuleSource } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { client, loadWorldAt, useTestServer } from './support.ts';

/**
 * The worked-minutes lookups count in the rules' own window (rules/parameters.json
 * workWindowHours), so a manager's edit reaches the screens' reads as it reaches the rules.
 */

/** The project's rules with the work window at `hours` instead of 18. */
function rulesWithWindow(hours: number): ReturnType<typeof loadRuleSet> {
  const sources = readRuleSources(DEFAULT_RULES_DIR).map((s) => {
    if (s.kind !== 'parameters') return s;
    const json = JSON.parse(JSON.stringify(s.json)) as { parameters: Record<string, { value: unknown }> };
    (json.parameters.workWindowHours as { value: unknown }).value = hours;
    return { ...s, json };
  });
  return loadRuleSet(sources);
}

// AB works 8:00-16:00 with a 30-minute meal break (450 minutes) and 18:00-22:00 (240).
const WORLD = {
  agents: [{ agentId: 101, agentType: 20, initials: 'AB' }],
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 4, agentId: 101, start: '2025-10-15 18:00', end: '2025-10-15 22:00', shiftType: 0 },
  ],
};

const server = useTestServer(rulesWithWindow(9));
const api = client(server, '/api');

beforeAll(() => loadWorldAt(server, '2025-10-14 09:00', WORLD));

describe('worked-minutes lookups with workWindowHours edited to 9', () => {
  it('getMin18HourPeriodAfter counts the 9 hours from the instant, not 18', async () => {
    // 8:00-17:00 holds the first shift only; with 18 hours it would be 690.
    expect(await api.ok('/getMin18HourPeriodAfter/101/2025-10-15/08:00', 101)).toEqual([{ minutesWorked: 450 }]);
  });

  it('getMin18HourPeriodBefore counts the 9 hours up to the instant, not 18', async () => {
    // 13:00-22:00: 13:00-16:00 (180) and 18:00-22:00 (240); with 18 hours it would be 690.
    expect(await api.ok('/getMin18HourPeriodBefore/101/2025-10-15/22:00', 101)).toEqual([{ minutesWorked: 420 }]);
  });
});

describe('GET /api/rules with workWindowHours edited to 9', () => {
  it("gives the browser's engine parameters.json, so it decides with the server's values and messages", async () => {
    const res = await server.request('/api/rules', { as: 101 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sources: RuleSource[] };
    expect(body.sources.filter((src) => src.kind === 'parameters').map((src) => src.file)).toEqual(['rules/parameters.json']);
    const browser = loadRuleSet(body.sources);
    expect(browser.numberParameter('workWindowHours')).toBe(9);
    const rule = browser.action('acceptOffer').file.rules.find((r) => r.id === 'acceptOffer.coveringMaxAfter');
    expect(rule?.message).toBe('ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 9 hour period. Please cut {excess} min from this offer.');
  });
});
