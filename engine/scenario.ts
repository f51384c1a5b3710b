import { z } from 'zod';
import { applyChanges } from './changes.ts';
import { collectionSpec } from './collections.ts';
import type { Decision } from './compiled-action.ts';
import { ShiftinatorError, isShiftinatorError } from './errors.ts';
import type { RuleSet } from './ruleset.ts';
import { denormalizeRecord, normalizeField, normalizeWorld, PreparedWorld, type NormalizedWorld, type WorldRecord } from './world.ts';

/** The auditors' scenario format (shared/scenario-format.md): a public contract. */
const ExpectSchema = z.looseObject({
  outcome: z.enum(['ok', 'error', 'confirm']),
  message: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  rule: z.string().optional(),
  world: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).optional(),
});

const ScenarioSchema = z.looseObject({
  name: z.string().min(1),
  now: z.string().min(1),
  actor: z.number().int(),
  action: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  world: z.record(z.string(), z.unknown()).optional(),
  expect: ExpectSchema,
});

export type Scenario = z.infer<typeof ScenarioSchema>;
export type Expectation = z.infer<typeof ExpectSchema>;

interface ActualAnswer {
  outcome: Decision['outcome'];
  message?: string;
  warnings: string[];
  rule?: string;
  world?: Record<string, WorldRecord[]>;
}

export interface ScenarioResult {
  name: string;
  passed: boolean;
  expected: Expectation;
  actual: ActualAnswer;
  /** What differs, one line each. */
  differences: string[];
  decision: Decision;
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') || '(top level)';
}

/** Validates a parsed scenario file; errors name the field. */
export function parseScenario(json: unknown, where = 'scenario'): Scenario {
  const parsed = ScenarioSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new ShiftinatorError('SCENARIO_INVALID', `${issuePath(issue)}: ${issue.message}`, where);
  }
  return parsed.data;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-6;
  return JSON.stringify(a) === JSON.stringify(b);
}

function matches(actual: WorldRecord, expected: WorldRecord): boolean {
  return Object.entries(expected).every(([k, v]) => sameValue(actual[k], v));
}

function normalizeExpected(collection: string, rec: WorldRecord, where: string): WorldRecord {
  const spec = collectionSpec(collection);
  const out: WorldRecord = {};
  for (const [field, value] of Object.entries(rec)) {
    if (field === 'deleted') continue;
    const f = spec?.fields[field];
    out[field] = f ? normalizeField({ ...f, required: false }, value, `${where}.${field}`) : value;
  }
  return out;
}

/** Compares a world after the action with expect.world; returns the differences. */
export function compareWorld(actual: NormalizedWorld, expected: NonNullable<Expectation['world']>, report: Record<string, WorldRecord[]>): string[] {
  const diffs: string[] = [];
  for (const [collection, records] of Object.entries(expected)) {
    const key = collectionSpec(collection)?.key ?? 'id';
    const list = actual[collection] ?? [];
    const shown: WorldRecord[] = [];
    records.forEach((exp, i) => {
      const where = `expect.world.${collection}[${i}]`;
      const want = normalizeExpected(collection, exp, where);
      if (key in exp) {
        const found = list.find((r) => sameValue(r[key], want[key]));
        if (exp.deleted === true) {
          if (found) {
            diffs.push(`${collection} ${key} ${String(exp[key])} should be deleted but exists`);
            shown.push(denormalizeRecord(collection, found));
          }
        } else if (!found) {
          diffs.push(`${collection} ${key} ${String(exp[key])} does not exist`);
        } else {
          shown.push(denormalizeRecord(collection, found));
          if (!matches(found, want)) {
            const wrong = Object.keys(want).filter((k) => !sameValue(found[k], want[k]));
            const actualText = denormalizeRecord(collection, found);
            diffs.push(`${collection} ${key} ${String(exp[key])}: ${wrong.map((k) => `${k} is ${JSON.stringify(actualText[k])}, expected ${JSON.stringify(exp[k])}`).join('; ')}`);
          }
        }
      } else if (!list.some((r) => matches(r, want))) {
        diffs.push(`${collection}: no record matches ${JSON.stringify(exp)}`);
        shown.push(...list.map((r) => denormalizeRecord(collection, r)));
      }
    });
    report[collection] = shown;
  }
  return diffs;
}

/** Runs one scenario through the rule set and compares the answer with its expectation. */
export async function runScenario(rules: RuleSet, scenario: Scenario, options: { trace?: boolean } = {}): Promise<ScenarioResult> {
  let normalized: NormalizedWorld;
  try {
    normalized = normalizeWorld(scenario.world ?? {});
  } catch (e) {
    if (isShiftinatorError(e)) throw new ShiftinatorError('SCENARIO_INVALID', e.message);
    throw e;
  }
  const world = new PreparedWorld(normalized);
  let decision: Decision;
  try {
    const action = rules.action(scenario.action);
    decision = await action.decide({
      world,
      now: scenario.now,
      actor: scenario.actor,
      input: scenario.input,
      trace: options.trace ?? false,
      effects: scenario.expect.world !== undefined,
    });
  } catch (e) {
    if (isShiftinatorError(e) && e.code !== 'EVALUATION_FAILED') {
      // The rule set's message does not say which field of the scenario is wrong.
      throw new ShiftinatorError('SCENARIO_INVALID', e.code === 'UNKNOWN_ACTION' ? `action: ${e.message}` : e.message);
    }
    throw e;
  }
  const expected = scenario.expect;
  const actual: ActualAnswer = { outcome: decision.outcome, warnings: decision.warnings };
  if (decision.message !== undefined) actual.message = decision.message;
  if (decision.rule !== undefined) actual.rule = decision.rule;
  const differences: string[] = [];
  if (actual.outcome !== expected.outcome) differences.push(`outcome is ${actual.outcome}, expected ${expected.outcome}`);
  if ((expected.message !== undefined || expected.outcome === 'ok') && actual.message !== expected.message) {
    differences.push(`message is ${JSON.stringify(actual.message ?? null)}, expected ${JSON.stringify(expected.message ?? null)}`);
  }
  if (expected.warnings !== undefined && JSON.stringify(actual.warnings) !== JSON.stringify(expected.warnings)) {
    differences.push(`warnings are ${JSON.stringify(actual.warnings)}, expected ${JSON.stringify(expected.warnings)}`);
  }
  if (expected.rule !== undefined && actual.rule !== expected.rule) {
    differences.push(`rule is ${JSON.stringify(actual.rule ?? null)}, expected ${JSON.stringify(expected.rule)}`);
  }
  if (expected.world !== undefined) {
    const after = decision.changes ? applyChanges(normalized, decision.changes) : normalized;
    const report: Record<string, WorldRecord[]> = {};
    try {
      differences.push(...compareWorld(after, expected.world, report));
    } catch (e) {
      if (isShiftinatorError(e)) throw new ShiftinatorError('SCENARIO_INVALID', e.message);
      throw e;
    }
    actual.world = report;
  }
  return { name: scenario.name, passed: differences.length === 0, expected, actual, differences, decision };
}
