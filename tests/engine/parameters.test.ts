import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRuleSources } from '../../cli/load-rules.ts';
import { ShiftinatorError } from '../../engine/errors.ts';
import { parametersJsonSchema } from '../../engine/parameters.ts';
import { loadRuleSet, type RuleSource } from '../../engine/ruleset.ts';
import { parseScenario, runScenario } from '../../engine/scenario.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RULES_DIR = join(ROOT, 'rules');
const sources = readRuleSources(RULES_DIR);

type ParametersJson = { parameters: Record<string, { value: unknown }> };

/** The project's rules with one value of parameters.json changed. */
function withParameter(name: string, value: unknown): RuleSource[] {
  return sources.map((s) => {
    if (s.kind !== 'parameters') return s;
    const json = JSON.parse(JSON.stringify(s.json)) as ParametersJson;
    const p = json.parameters[name];
    if (!p) throw new Error(`parameters.json has no ${name}`);
    p.value = value;
    return { ...s, json };
  });
}

function fixture(path: string): ReturnType<typeof parseScenario> {
  return parseScenario(JSON.parse(readFileSync(join(ROOT, 'fixtures', path), 'utf8')), path);
}

/** A rule file of one rule whose fact, condition and message name parameters. */
function tinyRules(params: Record<string, unknown>, file: Record<string, unknown>): RuleSource[] {
  return [
    { file: 'p/parameters.json', kind: 'parameters', json: { parameters: params } },
    { file: 'p/takeOffer.json', json: file },
  ];
}

const LIMIT = { value: 600, unit: 'minutes', description: 'The limit.', spec: 'spec 1 §9' };

function takeOffer(message: string, limit: unknown = { param: 'limit' }): Record<string, unknown> {
  return {
    action: 'takeOffer',
    input: { minutes: 'number' },
    facts: { excess: { kind: 'arithmetic', params: { add: [{ fact: 'input', path: 'minutes' }], subtract: [limit] } } },
    rules: [
      {
        id: 'takeOffer.long',
        when: { all: [{ fact: 'excess', operator: 'greaterThan', value: 0 }, { fact: 'input', path: 'minutes', operator: 'greaterThan', value: limit }] },
        outcome: 'error',
        message,
        values: { excess: { fact: 'excess', format: 'minutes' } },
      },
    ],
  };
}

describe('a value of rules/parameters.json, edited once', () => {
  it('under today\'s values the scenarios answer word for word', async () => {
    const rules = loadRuleSet(sources);
    const result = await runScenario(rules, fixture('acceptOffer/covering-over-600-after.json'));
    expect(result.differences).toEqual([]);
    expect(result.actual.message).toBe('ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut 360 min from this offer.');
  });

  it('maxWorkMinutes 600 → 540 changes the decision and every message that names it', async () => {
    const rules = loadRuleSet(withParameter('maxWorkMinutes', 540));
    const accept = await runScenario(rules, fixture('acceptOffer/covering-over-600-after.json'));
    // 960 minutes in the 18 hours: 420 over 540, not 360 over 600.
    expect(accept.actual.message).toBe('ERROR: Covering agent is unable to work more than 540 minutes (9 hours) in an 18 hour period. Please cut 420 min from this offer.');
    const claim = await runScenario(rules, fixture('claimOpenShift/error-600-after-clipped.json'));
    expect(claim.actual.message).toBe('You are unable to work more than 9 hours in an 18 hour period. Please cut 180 min from this offer.');
    // The limit of a training claim is a value of its own.
    const training = await runScenario(rules, fixture('claimOpenTrainingShift/max-after-with-meal-break.json'));
    expect(training.differences).toEqual([]);
  });

  it('every rule that uses it follows: no rule file keeps the old 600 of the work limit', () => {
    const rules = loadRuleSet(withParameter('maxWorkMinutes', 541));
    const subtracts = rules.files.flatMap((f) =>
      Object.values(f.facts)
        .filter((d) => d.kind === 'arithmetic')
        .flatMap((d) => (Array.isArray(d.params.subtract) ? (d.params.subtract as unknown[]) : [])),
    );
    expect(subtracts.filter((v) => v === 541)).toHaveLength(24);
    expect(subtracts.filter((v) => v === 600)).toEqual([]);
    const messages = rules.files.flatMap((f) => f.rules.map((r) => r.message)).filter((m) => m.includes('in an 18 hour period'));
    expect(messages.length).toBeGreaterThan(20);
    for (const m of messages) expect(m).toMatch(/more than (541 minutes \(9\.02 hours\)|9\.02 hours|12\.5 hours) in an 18 hour period/);
  });

  it('workWindowHours changes every window and the messages that name it', () => {
    const rules = loadRuleSet(withParameter('workWindowHours', 20));
    const windows = rules.files.flatMap((f) => Object.values(f.facts).filter((d) => d.kind === 'workedMinutes' && (d.params.window === 'after' || d.params.window === 'before')));
    expect(windows.length).toBeGreaterThan(20);
    for (const w of windows) expect(w.params.hours).toBe(20);
    const messages = rules.files.flatMap((f) => f.rules.map((r) => r.message)).filter((m) => m.includes('hour period'));
    for (const m of messages) expect(m).toContain('in an 20 hour period');
  });
});

describe('the personal-time block, edited', () => {
  it('personalBlockFrom 1219 → 1220 moves the block and its message', () => {
    const rules = loadRuleSet(withParameter('personalBlockFrom', 1220));
    const rule = rules.action('requestPersonal').file.rules.find((r) => r.id === 'requestPersonal.holidayBlock');
    expect(rule?.message).toBe('ERROR: Personal time cannot be requested from 12/20 to 1/3.');
    expect(JSON.stringify(rule?.when)).toContain('"operator":"greaterThanInclusive","value":1220');
  });
});

describe('the lists of choices and the inactivity limits, edited', () => {
  const message = (rules: ReturnType<typeof loadRuleSet>, action: string, id: string): string | undefined => rules.action(action).file.rules.find((r) => r.id === id)?.message;

  it('under today\'s values the messages read as the spec writes them', () => {
    const rules = loadRuleSet(sources);
    expect(message(rules, 'postOpenShift', 'postOpenShift.shiftCredits')).toBe('ERROR: Extra COTS must be a whole number from 0 to 10.');
    expect(message(rules, 'editCoverage', 'editCoverage.extraCots')).toBe('ERROR: Extra COTS must be from 0 to 10.');
    expect(message(rules, 'claimOpenTrainingShift', 'claimOpenTrainingShift.qaWholeHours')).toBe('ERROR: Duration must be 1, 2, or 3 whole hours.');
    expect([20, 85, 99, 100, 103, 450].map((t) => rules.inactivityMinutesFor(t))).toEqual([15, 15, 15, 45, 45, 45]);
  });

  it('extraCotsChoices 0-12, qaReviewClaimMinutes 1-4 hours and the inactivity minutes follow their one edit', () => {
    const cots = loadRuleSet(withParameter('extraCotsChoices', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect(message(cots, 'postOpenShift', 'postOpenShift.shiftCredits')).toBe('ERROR: Extra COTS must be a whole number from 0 to 12.');
    expect(message(cots, 'editCoverage', 'editCoverage.extraCots')).toBe('ERROR: Extra COTS must be from 0 to 12.');
    expect(JSON.stringify(cots.action('editCoverage').file.rules.find((r) => r.id === 'editCoverage.extraCots')?.when)).toContain('"operator":"greaterThan","value":12');
    const qa = loadRuleSet(withParameter('qaReviewClaimMinutes', [60, 120, 180, 240]));
    expect(message(qa, 'claimOpenTrainingShift', 'claimOpenTrainingShift.qaWholeHours')).toBe('ERROR: Duration must be 1, 2, 3, or 4 whole hours.');
    expect(loadRuleSet(withParameter('inactivityLongMinutes', 60)).inactivityMinutesFor(100)).toBe(60);
    expect(loadRuleSet(withParameter('inactivityMinutes', 20)).inactivityMinutesFor(20)).toBe(20);
  });
});

describe('naming parameters in a rule file', () => {
  it('puts values into facts, conditions and messages, in the format asked for', async () => {
    const rules = loadRuleSet(
      tinyRules(
        { limit: LIMIT, codes: { value: [1, 2], unit: 'list', description: 'Codes.', spec: 'spec 1 §9' }, from: { value: 1219, unit: 'monthDay', description: 'From.', spec: 'spec 3 §5' } },
        takeOffer('More than {param:limit|minutesAndHours}, or {param:limit|hours} hours, or {param:limit} minutes ({param:codes}) from {param:from|monthDay}: cut {excess}.'),
      ),
    );
    const decision = await rules.action('takeOffer').decide({ world: { agents: [{ agentId: 1, agentType: 20, initials: 'AA' }] }, now: 0, actor: 1, input: { minutes: 630 } });
    expect(decision.message).toBe('More than 600 minutes (10 hours), or 10 hours, or 600 minutes (1, 2) from 12/19: cut 30.');
    expect(rules.action('takeOffer').file.rules[0]?.when).toEqual({ all: [{ fact: 'excess', operator: 'greaterThan', value: 0 }, { fact: 'input', path: 'minutes', operator: 'greaterThan', value: 600 }] });
    expect(rules.numberParameter('limit')).toBe(600);
  });

  it('an unknown name fails naming the file, the rule and the names it knows', () => {
    const run = (): unknown => loadRuleSet(tinyRules({ limit: LIMIT }, takeOffer('More than {param:limt|hours} hours.')));
    expect(run).toThrow(ShiftinatorError);
    expect(run).toThrow('p/takeOffer.json: rule takeOffer.long (rules[0].message): unknown parameter "limt" (known: limit)');
    expect(() => loadRuleSet(tinyRules({ limit: LIMIT }, takeOffer('cut {excess}', { param: 'limitt' })))).toThrow(
      'p/takeOffer.json: facts.excess.params.subtract[0]: unknown parameter "limitt" (known: limit)',
    );
    expect(() => loadRuleSet([{ file: 'p/takeOffer.json', json: takeOffer('cut {excess}') }])).toThrow(
      'p/takeOffer.json: facts.excess.params.subtract[0]: unknown parameter "limit" (known: none: no parameters.json was loaded)',
    );
  });

  it('a format a value cannot take fails, naming it', () => {
    const codes = { value: [1, 2], unit: 'list', description: 'Codes.', spec: 'spec 1 §9' };
    expect(() => loadRuleSet(tinyRules({ limit: LIMIT, codes }, takeOffer('{param:codes|hours} cut {excess}')))).toThrow(
      'p/takeOffer.json: rule takeOffer.long (rules[0].message): {param:codes|hours}: a list value cannot be written as "hours"',
    );
    expect(() => loadRuleSet(tinyRules({ limit: LIMIT }, takeOffer('{param:limit|days} cut {excess}')))).toThrow('cannot be written as "days"');
  });

  it('a parameters file without a unit, description or spec is refused, naming the place', () => {
    expect(() => loadRuleSet(tinyRules({ limit: { value: 600, unit: 'minutes', description: 'The limit.' } }, takeOffer('cut {excess}')))).toThrow(
      'p/parameters.json: parameters.limit.spec:',
    );
  });
});

describe('rules/parameters.json', () => {
  it('rules/parameters.schema.json is the one the engine generates, and parameters.json names it', () => {
    const onDisk: unknown = JSON.parse(readFileSync(join(RULES_DIR, 'parameters.schema.json'), 'utf8'));
    expect(onDisk, 'rules/parameters.schema.json is out of date with engine/parameters.ts: run `npm run schema`').toEqual(parametersJsonSchema());
    const json = JSON.parse(readFileSync(join(RULES_DIR, 'parameters.json'), 'utf8')) as { $schema?: unknown };
    expect(json.$schema).toBe('./parameters.schema.json');
  });

  it('every value it holds is used by a rule file or a screen\'s read', () => {
    const texts = [
      ...sources.filter((s) => s.kind !== 'parameters').map((s) => JSON.stringify(s.json)),
      readFileSync(join(ROOT, 'server', 'routes', 'lookups.ts'), 'utf8'),
      // The screens' own reads of the rules the browser loads (engine.ts's hooks).
      ...['engine/ruleset.ts', 'engine/codes.ts', 'server/routes/history.ts', 'web/src/screens/history/history.tsx', 'web/src/engine.ts', 'web/src/screens/open-shifts/shared.tsx', 'web/src/screens/open-shifts/open-shift-form.tsx', 'web/src/screens/open-shifts/training-form.tsx', 'web/src/screens/calendar/calendar.tsx'].map((f) =>
        readFileSync(join(ROOT, f), 'utf8'),
      ),
    ].join('\n');
    const names = Object.keys((JSON.parse(readFileSync(join(RULES_DIR, 'parameters.json'), 'utf8')) as ParametersJson).parameters);
    // `<field>Choices` bounds a number input of that name (server/action-routes.ts choicesOf).
    const choices = new Set(sources.flatMap((s) => Object.keys((s.json as { input?: object }).input ?? {}).map((field) => `${field}Choices`)));
    const unused = names.filter((n) => !choices.has(n) && !texts.includes(`"param":"${n}"`) && !texts.includes(`{param:${n}`) && !texts.includes(`'${n}'`));
    expect(unused).toEqual([]);
  });
});
