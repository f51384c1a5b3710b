import { describe, expect, it } from 'vitest';
import { parseInstant, type Scenario } from '../../engine/index.ts';
import { actionScenarios, loadWorld, useTestServer } from './support.ts';

/**
 * GET /api/offeredSlice/{action}: the slice an action reads as offered (engine/offered.ts), the
 * input fields left out still to be chosen. Decided on it as the browser does, it answers as the
 * engine does on the whole world; a rule marked forbidden is answered, not an HTTP error (issue 30):
 * a 200 with its message and rule.
 */

/** Each fixture with the input fields the calendar knows when it offers the action. */
const CASES: [string, string[]][] = [
  ['postShift/error-below-advanced-trainee.json', ['timeScheduleItemId']],
  ['postShift/error-whole-shift-already-posted.json', ['timeScheduleItemId']],
  ['postShift/error-part-already-posted.json', ['timeScheduleItemId']],
  ['postShift/error-probation-open-to-trades.json', ['timeScheduleItemId']],
  ['postOfferCoverage/error-supervisor-required.json', ['lookingForCoverageId']],
  ['postOfferCoverage/error-below-advanced-trainee.json', ['lookingForCoverageId']],
  ['postOfferGiveAway/error-below-advanced-trainee.json', ['lookingToPickUpId']],
  ['postWantWork/error-below-advanced-trainee.json', []],
  ['giveNotice/more-than-48-hours-ahead.json', ['timeScheduleItemId']],
];
const scenarios = new Map(actionScenarios([...new Set(CASES.map(([f]) => f.split('/')[0] as string))]));

const server = useTestServer();

describe('the slice of an action as offered', () => {
  it.each(CASES)('%s', async (file, known) => {
    const s = scenarios.get(file) as Scenario;
    const input = Object.fromEntries(known.map((k) => [k, s.input[k]]));
    const whole = await server.rules.action(s.action).decide({ world: s.world, now: s.now, actor: s.actor, input, asOffered: true });
    await loadWorld(server.db, s.world);
    server.setNow(parseInstant(s.now));
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    const res = await server.request(`/api/offeredSlice/${s.action}?${query}`, { as: s.actor });
    const body = (await res.json()) as { world: unknown; now: string; actor: number; input: Record<string, unknown>; facts?: Record<string, unknown>; refused?: string; rule?: string | null };
    expect(res.status).toBe(200);
    if (body.refused !== undefined) {
      expect({ outcome: 'error', message: body.refused, rule: body.rule }).toEqual({ outcome: whole.outcome, message: whole.message, rule: whole.rule });
      return;
    }
    const d = await server.rules.action(s.action).decide({ world: body.world, now: body.now, actor: body.actor, input: body.input, facts: body.facts, asOffered: true });
    expect({ outcome: d.outcome, rule: d.rule, message: d.message }).toEqual({ outcome: whole.outcome, rule: whole.rule, message: whole.message });
  });

  it('answers a rule marked forbidden with a 200 naming its message and rule', async () => {
    const s = scenarios.get('postOfferCoverage/error-below-advanced-trainee.json') as Scenario;
    await loadWorld(server.db, s.world);
    server.setNow(parseInstant(s.now));
    const res = await server.request(`/api/offeredSlice/postOfferCoverage?lookingForCoverageId=${String(s.input.lookingForCoverageId)}`, { as: s.actor });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refused: 'ERROR: Must be at least an Advanced Trainee to offer coverage.', rule: 'postOfferCoverage.minimumRank' });
  });
});
