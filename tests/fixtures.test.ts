import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../cli/load-rules.ts';
import { parseScenario, runScenario, type Scenario } from '../engine/index.ts';

const ROOT = join(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'fixtures');

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return scenarioFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

const rules = loadRulesDir();
const files = scenarioFiles(FIXTURES);
const scenarios: { file: string; scenario: Scenario }[] = files.map((path) => {
  const file = relative(ROOT, path);
  return { file, scenario: parseScenario(JSON.parse(readFileSync(path, 'utf8')), file) };
});
/** Which rule decided each replayed scenario, for the coverage checks below. */
describe('every fixture replays to its recorded answer', () => {
  it.each(scenarios.map((s) => [s.file, s.scenario] as const))('%s', async (file, scenario) => {
    const result = await runScenario(rules, scenario);
    expect(result.differences, `${scenario.name}`).toEqual([]);
    expect(result.passed).toBe(true);
  });
});

describe('the fixtures cover the rules', () => {
  it('holds at least 120 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(120);
  });

  it('keeps each scenario in the folder of its action', () => {
    for (const { file, scenario } of scenarios) {
      expect(file.split('/')[1], file).toBe(scenario.action);
    }
  });

  it.each(rules.actionNames())('%s: every rule decides at least one scenario, and some go through', async (action) => {
    const mine = scenarios.filter((s) => s.scenario.action === action);
    expect(mine.some((s) => s.scenario.expect.outcome === 'ok'), 'a passing scenario').toBe(true);
    const fired = new Set<string | undefined>();
    for (const { scenario } of mine) fired.add((await runScenario(rules, scenario)).decision.rule);
    const ruleIds = rules.action(action).file.rules.filter((r) => r.outcome !== 'warning').map((r) => r.id);
    expect(ruleIds.filter((id) => !fired.has(id)), 'rules no scenario triggers').toEqual([]);
  });

  it('states the deciding rule on every error scenario', () => {
    const missing = scenarios.filter((s) => s.scenario.expect.outcome !== 'ok' && !s.scenario.expect.rule).map((s) => s.file);
    expect(missing).toEqual([]);
  });

  it('states the resulting world on a passing scenario of every action with effects', () => {
    for (const action of rules.actionNames()) {
      if (!rules.action(action).file.effects) continue;
      const withWorld = scenarios.filter((s) => s.scenario.action === action && s.scenario.expect.outcome === 'ok' && s.scenario.expect.world);
      expect(withWorld.length, action).toBeGreaterThan(0);
    }
  });
});
