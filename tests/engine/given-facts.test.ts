import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { sharedRuleSources } from './shared-rules.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const rules = loadRuleSet([
  ...['acceptOffer.json', 'parameters.json'].map((file) => ({
    file,
    json: JSON.parse(readFileSync(join(ROOT, 'rules', file), 'utf8')) as unknown,
    ...(file === 'parameters.json' ? { kind: 'parameters' as const } : {}),
  })),
  ...sharedRuleSources(),
]);
const scenario = parseScenario(JSON.parse(readFileSync(join(ROOT, 'fixtures', 'acceptOffer', 'covering-over-600-after.json'), 'utf8')), 'covering-over-600-after.json');

describe('facts given with a request (the world slice sends others people\'s sums this way)', () => {
  it('keepFacts returns the values the run computed', async () => {
    const d = await rules.action('acceptOffer').decide({ world: scenario.world, now: scenario.now, actor: scenario.actor, input: scenario.input, keepFacts: true });
    expect(d.rule).toBe('acceptOffer.coveringMaxAfter');
    expect(typeof d.facts?.coveringWorkedAfter).toBe('number');
    expect(d.trace).toBeUndefined();
  });

  it('a given value is used as given, not computed from the world', async () => {
    const whole = await rules.action('acceptOffer').decide({ world: scenario.world, now: scenario.now, actor: scenario.actor, input: scenario.input, keepFacts: true });
    // The covering agent's minutes in the window after: as if they worked nothing else then.
    const given = await rules.action('acceptOffer').decide({ world: scenario.world, now: scenario.now, actor: scenario.actor, input: scenario.input, facts: { coveringWorkedAfter: 0 }, keepFacts: true });
    expect(given.facts?.coveringWorkedAfter).toBe(0);
    expect(given.rule).not.toBe(whole.rule);
  });
});
