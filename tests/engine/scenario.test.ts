import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { parseScenario, runScenario } from '../../engine/scenario.ts';
import { sharedRuleSources } from './shared-rules.ts';

const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');
const rules = loadRuleSet([
  ...sharedRuleSources(),
  { file: 'rules/parameters.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'parameters.json'), 'utf8')) as unknown, kind: 'parameters' },
  { file: 'rules/acceptOffer.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'acceptOffer.json'), 'utf8')) as unknown },
]);

// Agent 102 posts 08:00-16:00 (meal break 12:00-12:30); 101 offers 10:00-14:00; 103's offer is declined.
function scenario(expect: Record<string, unknown>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'accept: a middle piece',
    now: '2025-10-14 09:00',
    actor: 102,
    action: 'acceptOffer',
    input: { offerId: 40 },
    world: {
      agents: [{ agentId: 101, agentType: 20 }, { agentId: 102, agentType: 20 }, { agentId: 103, agentType: 20 }],
      shifts: [
        { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
        { id: 2, agentId: 102, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
      ],
      coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
      offers: [
        { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 10:00', end: '2025-10-15 14:00' },
        { id: 41, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 10:00' },
      ],
    },
    expect,
    ...changes,
  };
}

const run = (json: unknown): ReturnType<typeof runScenario> => runScenario(rules, parseScenario(json, 'fixtures/x.json'));

async function failure(p: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await p();
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return { code: (e as ShiftinatorError).code, message: (e as ShiftinatorError).message };
  }
  throw new Error('did not fail');
}

describe('runScenario', () => {
  it('passes when the world after the action matches expect.world', async () => {
    const result = await run(
      scenario({
        outcome: 'ok',
        world: {
          shifts: [
            { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 10:00' },
            { id: 2, agentId: 101, parentId: 3 },
            { id: 3, agentId: 101, isCovering: true },
            { id: 4, agentId: 102, start: '2025-10-15 14:00' },
            { agentId: 101, start: '2025-10-15 10:00', end: '2025-10-15 14:00', isCovering: true },
            { agentId: 102, start: '2025-10-15 14:00', end: '2025-10-15 16:00', isCovering: false },
          ],
          offers: [{ id: 40, status: 'accepted' }, { id: 41, status: 'declined' }],
          coveragePostings: [{ id: 10, endedAt: '2025-10-14T13:00Z' }],
        },
      }),
    );
    expect(result.differences).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.name).toBe('accept: a middle piece');
    expect(result.actual.outcome).toBe('ok');
    // The report shows the records that were looked at, as scenario files write them.
    expect(result.actual.world?.offers).toEqual([
      expect.objectContaining({ id: 40, status: 'accepted', start: '2025-10-15 10:00', end: '2025-10-15 14:00' }),
      expect.objectContaining({ id: 41, status: 'declined' }),
    ]);
  });

  it('{ "id": 1, "deleted": true } says the record is gone', async () => {
    const whole = scenario(
      { outcome: 'ok', world: { shifts: [{ id: 1, deleted: true }, { id: 2, agentId: 101 }] } },
      { name: 'accept: the whole shift' },
    );
    const world = whole.world as { offers: Record<string, unknown>[] };
    world.offers[0] = { ...world.offers[0], start: '2025-10-15 08:00', end: '2025-10-15 16:00' };
    expect((await run(whole)).differences).toEqual([]);
    const kept = scenario({ outcome: 'ok', world: { shifts: [{ id: 1, deleted: true }] } });
    const result = await run(kept);
    expect(result.passed).toBe(false);
    expect(result.differences).toEqual(['shifts id 1 should be deleted but exists']);
  });

  it('says what differs, one line each, in scenario-file text', async () => {
    const result = await run(
      scenario({
        outcome: 'ok',
        world: {
          shifts: [
            { id: 1, end: '2025-10-15 11:00', isCovering: false },
            { id: 99, agentId: 101 },
            { id: 2, deleted: true },
            { agentId: 101, start: '2025-10-15 09:00' },
          ],
          offers: [{ id: 41, status: 'withdrawn' }],
        },
      }),
    );
    expect(result.passed).toBe(false);
    expect(result.differences).toEqual([
      'shifts id 1: end is "2025-10-15 10:00", expected "2025-10-15 11:00"',
      'shifts id 99 does not exist',
      'shifts id 2 should be deleted but exists',
      'shifts: no record matches {"agentId":101,"start":"2025-10-15 09:00"}',
      'offers id 41: status is "declined", expected "withdrawn"',
    ]);
  });

  it('compares outcome, message, rule and warnings', async () => {
    const wrong = await run(
      scenario({ outcome: 'error', message: 'ERROR: This offer no longer exists.', rule: 'acceptOffer.offerExists', warnings: ['careful'] }),
    );
    expect(wrong.differences).toEqual([
      'outcome is ok, expected error',
      'message is null, expected "ERROR: This offer no longer exists."',
      'warnings are [], expected ["careful"]',
      'rule is null, expected "acceptOffer.offerExists"',
    ]);
    const stopped = await run(scenario({ outcome: 'ok' }, { now: '2025-10-15 10:30' }));
    expect(stopped.differences).toEqual(['outcome is error, expected ok', 'message is "ERROR: Shift already started.", expected null']);
    expect(stopped.actual).toEqual({ outcome: 'error', message: 'ERROR: Shift already started.', rule: 'acceptOffer.shiftStarted', warnings: [] });
    const right = await run(
      scenario({ outcome: 'error', message: 'ERROR: Shift already started.', rule: 'acceptOffer.shiftStarted', warnings: [] }, { now: '2025-10-15 10:30' }),
    );
    expect(right.passed).toBe(true);
  });

  it('turns a bad world, action or input into SCENARIO_INVALID naming the field', async () => {
    const badWorld = scenario({ outcome: 'ok' });
    (badWorld.world as { shifts: Record<string, unknown>[] }).shifts[0] = { id: 1, agentId: 102, start: '2025-03-09 02:30', end: '2025-03-09 08:00' };
    expect(await failure(() => run(badWorld))).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'world.shifts[0].start: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    });
    expect(await failure(() => run(scenario({ outcome: 'ok' }, { action: 'acceptOfer' })))).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'action: unknown action "acceptOfer"; the rule set has: acceptOffer',
    });
    expect(await failure(() => run(scenario({ outcome: 'ok' }, { input: { offer: 40 } })))).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'input.offerId: is required',
    });
    expect(await failure(() => run(scenario({ outcome: 'ok' }, { actor: 999 })))).toEqual({
      code: 'SCENARIO_INVALID',
      message: "actor: agent 999 is not in the world's agents",
    });
    expect(await failure(() => run(scenario({ outcome: 'ok', world: { shifts: [{ id: 1, end: '2025-10-15 25:00' }] } })))).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'expect.world.shifts[0].end: "2025-10-15 25:00" is not a valid date and time',
    });
  });
});

describe('parseScenario', () => {
  it('keeps the fields of a valid scenario, and unknown ones', () => {
    const parsed = parseScenario(scenario({ outcome: 'ok' }, { tags: ['trade'] }));
    expect(parsed).toMatchObject({ name: 'accept: a middle piece', actor: 102, action: 'acceptOffer', tags: ['trade'] });
  });

  it('names the file and the field (SCENARIO_INVALID)', () => {
    const bad = (changes: Record<string, unknown>, expectChanges: Record<string, unknown> = { outcome: 'ok' }): { code: string; message: string } => {
      const json = Object.fromEntries(Object.entries(scenario(expectChanges, changes)).filter(([, v]) => v !== undefined));
      try {
        parseScenario(json, 'fixtures/x.json');
      } catch (e) {
        return { code: (e as ShiftinatorError).code, message: (e as Error).message };
      }
      throw new Error('parsed');
    };
    expect(bad({ name: undefined })).toEqual({ code: 'SCENARIO_INVALID', message: 'fixtures/x.json: name: Invalid input: expected string, received undefined' });
    expect(bad({ actor: '102' })).toEqual({ code: 'SCENARIO_INVALID', message: 'fixtures/x.json: actor: Invalid input: expected number, received string' });
    expect(bad({ now: '' })).toEqual({ code: 'SCENARIO_INVALID', message: 'fixtures/x.json: now: Too small: expected string to have >=1 characters' });
    expect(bad({}, { outcome: 'fail' })).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'fixtures/x.json: expect.outcome: Invalid option: expected one of "ok"|"error"|"confirm"',
    });
    expect(bad({}, { outcome: 'ok', world: { shifts: { id: 1 } } })).toEqual({
      code: 'SCENARIO_INVALID',
      message: 'fixtures/x.json: expect.world.shifts: Invalid input: expected array, received object',
    });
    expect(() => parseScenario([], 'fixtures/y.json')).toThrow('fixtures/y.json: (top level): Invalid input: expected object, received array');
  });
});
