import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';

// A success text with values: one offer or two ("SUCCESS: {offers} sent.").

const FILE = 'rules/makeOffers.json';

function ruleFile(success: string, successValues?: Record<string, unknown>): Record<string, unknown> {
  return {
    action: 'makeOffers',
    input: { second: 'id?' },
    facts: {
      offers: { kind: 'choose', params: { cases: [{ when: { all: [{ fact: 'input', path: 'second', operator: 'notEqual', value: null }] }, value: 'Offers' }], otherwise: 'Offer' } },
    },
    rules: [{ id: 'makeOffers.never', when: { all: [{ fact: 'input', path: 'second', operator: 'equal', value: 0 }] }, outcome: 'error', message: 'ERROR: no.' }],
    success,
    ...(successValues ? { successValues } : {}),
  };
}

const WORLD = { agents: [{ agentId: 1, agentType: 20 }] };

function loadError(json: unknown): ShiftinatorError {
  try {
    loadRuleSet([{ file: FILE, json }]);
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return e as ShiftinatorError;
  }
  throw new Error('the rule set loaded');
}

describe('success text with values', () => {
  const rules = loadRuleSet([{ file: FILE, json: ruleFile('SUCCESS: {offers} sent.', { offers: { fact: 'offers' } }) }]);

  it('is filled from the run\'s facts on ok', async () => {
    const one = await rules.action('makeOffers').decide({ world: WORLD, now: '2025-10-14 09:00', actor: 1, input: { second: null } });
    const two = await rules.action('makeOffers').decide({ world: WORLD, now: '2025-10-14 09:00', actor: 1, input: { second: 3 } });
    expect([one.outcome, one.success]).toEqual(['ok', 'SUCCESS: Offer sent.']);
    expect([two.outcome, two.success]).toEqual(['ok', 'SUCCESS: Offers sent.']);
  });

  it('is not given when an error decides', async () => {
    const d = await rules.action('makeOffers').decide({ world: WORLD, now: '2025-10-14 09:00', actor: 1, input: { second: 0 } });
    expect(d).toMatchObject({ outcome: 'error', message: 'ERROR: no.' });
    expect(d.success).toBeUndefined();
  });

  it('a plain success text stays the file\'s (no decision field)', async () => {
    const plain = loadRuleSet([{ file: FILE, json: ruleFile('SUCCESS: Offer sent.') }]);
    const d = await plain.action('makeOffers').decide({ world: WORLD, now: '2025-10-14 09:00', actor: 1, input: {} });
    expect(d.success).toBeUndefined();
  });

  it('the lint refuses a placeholder without a value, a value not used, and an unknown fact', () => {
    expect(loadError(ruleFile('SUCCESS: {offers} sent.')).message).toBe(`${FILE}: success: success uses {offers} but "successValues" does not define it`);
    expect(loadError(ruleFile('SUCCESS: sent.', { offers: { fact: 'offers' } })).message).toBe(`${FILE}: success: successValues.offers is not used in the success text`);
    expect(loadError(ruleFile('SUCCESS: {offers} sent.', { offers: { fact: 'offerz' } })).code).toBe('RULES_UNKNOWN_FACT');
  });
});
