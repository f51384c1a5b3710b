import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERING_FIXTURE, ROOT, removeDir, runCli, summaryLine, tempDir, writeJson } from './test-support.ts';

interface RuleFileJson {
  action: string;
  facts: Record<string, unknown>;
  rules: { id: string; check?: string; with?: Record<string, unknown>; when: { all?: Record<string, unknown>[] }; outcome: string; message: string }[];
}

interface SharedFileJson {
  checks: Record<string, { when: { all?: Record<string, unknown>[] } }>;
}

let dir: string;
const acceptOfferText = readFileSync(join(ROOT, 'rules', 'acceptOffer.json'), 'utf8');
const parametersText = readFileSync(join(ROOT, 'rules', 'parameters.json'), 'utf8');

/** The shared rule files (checks and facts actions use by name), by file name. */
const sharedTexts = new Map(
  readdirSync(join(ROOT, 'rules'))
    .filter((n) => n.startsWith('shared') && n.endsWith('.json'))
    .map((n) => [n, readFileSync(join(ROOT, 'rules', n), 'utf8')]),
);

function acceptOfferRules(): RuleFileJson {
  return JSON.parse(acceptOfferText) as RuleFileJson;
}

/** A copy of rules/shared-offers.json, where acceptOffer's offer checks are written once. */
function sharedOffers(): SharedFileJson {
  return JSON.parse(sharedTexts.get('shared-offers.json') ?? '{}') as SharedFileJson;
}

/**
 * A rules folder holding only acceptOffer.json, parameters.json and the shared rule files (as
 * given), so other rule files being written elsewhere do not matter.
 */
function rulesFolder(name: string, file: RuleFileJson | string, parameters: string = parametersText, offers?: SharedFileJson): string {
  const folder = join(dir, name);
  writeJson(join(folder, 'acceptOffer.json'), file);
  writeJson(join(folder, 'parameters.json'), parameters);
  for (const [n, text] of sharedTexts) writeJson(join(folder, n), n === 'shared-offers.json' && offers ? offers : text);
  return folder;
}

beforeAll(() => {
  dir = tempDir();
  rulesFolder('good', acceptOfferText);

  // A manager raises the limit: the covering agent's 960 minutes are now only 60 over.
  rulesFolder('limit-900', acceptOfferText, parametersText.replace(/"maxWorkMinutes": \{ "value": 600,/, '"maxWorkMinutes": { "value": 900,'));

  // The work limit is a shared check: the action names the fact it reads.
  const unknownFact = acceptOfferRules();
  const limit = unknownFact.rules.find((r) => r.id === 'acceptOffer.coveringMaxAfter');
  if (!limit?.with) throw new Error('acceptOffer.coveringMaxAfter is no use of a shared check');
  limit.with.excess = 'coveringExcesAfter';
  rulesFolder('unknown-fact', unknownFact);

  // "Shift already started" is a shared check: a slip there is reported at the action that uses it.
  const unknownOperator = sharedOffers();
  const started = unknownOperator.checks.shiftStarted?.when.all;
  if (!started?.[0]) throw new Error('shiftStarted has no first condition');
  started[0].operator = 'before';
  rulesFolder('unknown-operator', acceptOfferText, parametersText, unknownOperator);

  // A rank check naming a group roles.json does not have (a misspelt "supervisors").
  const unknownGroup = sharedOffers();
  const startedAll = unknownGroup.checks.shiftStarted?.when.all;
  if (!startedAll) throw new Error('shiftStarted has no "all"');
  startedAll[0] = { fact: 'actor', operator: 'inGroup', value: 'supervisers' };
  writeJson(join(rulesFolder('unknown-group', acceptOfferText, parametersText, unknownGroup), 'roles.json'), readFileSync(join(ROOT, 'rules', 'roles.json'), 'utf8'));

  const duplicate = acceptOfferRules();
  (duplicate.rules[1] as { id: string }).id = 'acceptOffer.offerExists';
  rulesFolder('duplicate-id', duplicate);
});

afterAll(() => removeDir(dir));

describe('shiftinator rules', () => {
  it('list prints every action with its rules in order: id, outcome, message template', async () => {
    const run = await runCli(['rules', 'list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^acceptOffer \(rules\/acceptOffer\.json\)$/m);
    // A check written once in a shared rule file reads in full, marked with the shared check's name.
    expect(run.stdout).toMatch(/^ +1\. acceptOffer\.offerExists +error +ERROR: This offer no longer exists\. {2}\(shared: offerExists\)$/m);
    expect(run.stdout).toMatch(
      /^ +\d+\. acceptOffer\.coveringMaxAfter +error +ERROR: Covering agent is unable to work more than 600 minutes \(10 hours\) in an 18 hour period\. Please cut \{excess\} min from this offer\. {2}\(shared: workLimit\)$/m,
    );
    // A check the action writes itself has no mark.
    expect(run.stdout).toMatch(/^ +\d+\. acceptOffer\.recipient +error +ERROR: [^\n(]*\.$/m);
    const ids = acceptOfferRules().rules.map((r) => r.id);
    const positions = ids.map((id) => run.stdout.indexOf(`${id} `));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('lint reports the number of rule files and rules of the project rules/', async () => {
    const files = readdirSync(join(ROOT, 'rules')).filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json') && n !== 'roles.json' && n !== 'parameters.json');
    const actions = files.map((f) => JSON.parse(readFileSync(join(ROOT, 'rules', f), 'utf8')) as Partial<RuleFileJson>).filter((j) => j.action !== undefined);
    const count = actions.reduce((n, f) => n + (f.rules?.length ?? 0), 0);
    const run = await runCli(['rules', 'lint']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`OK: ${actions.length} rule files, ${count} rules\n`);
  });

  it('lint accepts a good folder given as argument', async () => {
    const run = await runCli(['rules', 'lint', join(dir, 'good')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`OK: 1 rule files, ${acceptOfferRules().rules.length} rules\n`);
  });

  it.each([
    ['unknown-fact', 'rule acceptOffer.coveringMaxAfter', 'unknown fact "coveringExcesAfter"'],
    ['unknown-operator', 'rule acceptOffer.shiftStarted', 'unknown operator "before"'],
    ['unknown-group', 'rule acceptOffer.shiftStarted', 'group "supervisers" is not in'],
    ['duplicate-id', '', 'rule id "acceptOffer.offerExists" is used twice'],
  ])('lint fails on %s naming the file and the rule, exit 1', async (name, rule, says) => {
    const run = await runCli(['rules', 'lint', join(dir, name)]);
    expect(run.code).toBe(1);
    expect(run.stderr.startsWith(`error: ${join(dir, name, 'acceptOffer.json')}: `)).toBe(true);
    expect(run.stderr).toContain(rule);
    expect(run.stderr).toContain(says);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe('');
  });

  it('lint of a folder that cannot be read exits 2', async () => {
    const run = await runCli(['rules', 'lint', join(dir, 'nowhere')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${join(dir, 'nowhere')}: is not a readable folder of rule files\n`);
  });
});

describe('--rules <dir>', () => {
  it('replays the same scenario against a copied rule set whose limit was raised', async () => {
    const before = await runCli(['--rules', join(dir, 'good'), 'replay', COVERING_FIXTURE]);
    expect(before.code).toBe(0);
    expect(summaryLine(before.stdout)).toBe('1 passed, 0 failed');

    const after = await runCli(['replay', COVERING_FIXTURE, '--rules', join(dir, 'limit-900')]);
    expect(after.code).toBe(1);
    expect(summaryLine(after.stdout)).toBe('0 passed, 1 failed');
    expect(after.stdout).toContain('Please cut 60 min from this offer.');
  });

  it('applies to check and rules list too', async () => {
    const check = await runCli(['check', COVERING_FIXTURE, '--rules', join(dir, 'limit-900')]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('Please cut 60 min from this offer.');
    const list = await runCli(['--rules', join(dir, 'good'), 'rules', 'list']);
    expect(list.stdout).toMatch(new RegExp(`^acceptOffer \\(${join(dir, 'good', 'acceptOffer.json')}\\)$`, 'm'));
    expect(list.stdout).not.toContain('combineShifts');
  });

  it('an invalid or unreadable rule set stops every command with exit 2 and no stack trace', async () => {
    const broken = await runCli(['replay', COVERING_FIXTURE, '--rules', join(dir, 'unknown-operator')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^error: .*acceptOffer\.json: rule acceptOffer\.shiftStarted .*unknown operator "before"/);
    expect(broken.stderr).not.toMatch(/^\s+at /m);
    const missing = await runCli(['check', COVERING_FIXTURE, '--rules', join(dir, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: ${join(dir, 'nowhere')}: is not a readable folder of rule files\n`);
  });
});
