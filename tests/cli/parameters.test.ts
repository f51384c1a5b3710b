import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVersionedRules, shortVersion } from '../../cli/rule-version.ts';
import { COVERING_FIXTURE, copyRules, removeDir, ROOT, runCli, summaryLine, tempDir } from './test-support.ts';

/** A manager's one edit of rules/parameters.json, seen by check, replay, rules lint and rules diff. */

let work: string;
let limit540: string;
let misspelt: string;

function editFile(path: string, edit: (text: string) => string): void {
  const text = readFileSync(path, 'utf8');
  const next = edit(text);
  if (next === text) throw new Error(`the edit changed nothing in ${path}`);
  writeFileSync(path, next);
}

beforeAll(() => {
  work = tempDir();
  limit540 = copyRules(work, 'limit-540', (dir) =>
    editFile(join(dir, 'parameters.json'), (t) => t.replace('"maxWorkMinutes": { "value": 600,', '"maxWorkMinutes": { "value": 540,')),
  );
  misspelt = copyRules(work, 'misspelt', (dir) =>
    editFile(join(dir, 'acceptOffer.json'), (t) => t.replace('{param:maxWorkMinutes|minutesAndHours}', '{param:maxWorkMinute|minutesAndHours}')),
  );
});

afterAll(() => removeDir(work));

describe('maxWorkMinutes 600 → 540 in a copy of rules/', () => {
  it('check answers with the new limit in the decision and in its message', async () => {
    const run = await runCli(['check', COVERING_FIXTURE, '--rules', limit540]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '  message: ERROR: Covering agent is unable to work more than 540 minutes (9 hours) in an 18 hour period. Please cut 420 min from this offer.\n',
    );
  });

  it('replay of the scenarios that use it fails them, and only them', async () => {
    const run = await runCli(['replay', 'fixtures/combineShifts', 'fixtures/requestLunch', '--rules', limit540]);
    expect(run.code).toBe(0);
    const claims = await runCli(['replay', 'fixtures/claimOpenShift/error-600-after-clipped.json', '--rules', limit540]);
    expect(summaryLine(claims.stdout)).toBe('0 passed, 1 failed');
    expect(claims.stdout).toContain('message is "You are unable to work more than 9 hours in an 18 hour period. Please cut 180 min from this offer."');
  });

  it('rules diff reports it in words', async () => {
    const run = await runCli(['rules', 'diff', 'rules', limit540]);
    expect(run.code).toBe(1);
    const to = loadVersionedRules(limit540);
    expect(run.stdout).toBe(
      [
        `from rules: rules (version ${shortVersion(loadVersionedRules(join(ROOT, 'rules')).version)})`,
        `  to rules: ${limit540} (version ${shortVersion(to.version)})`,
        '',
        'parameters: maxWorkMinutes 600 → 540',
        '',
        '1 change in 1 file.',
        '',
      ].join('\n'),
    );
  });
});

describe('rules lint', () => {
  it('refuses a parameter name parameters.json does not hold, naming the file and the rule, exit 1', async () => {
    const run = await runCli(['rules', 'lint', misspelt]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`error: ${join(misspelt, 'acceptOffer.json')}: rule acceptOffer.coveringMaxAfter (rules[`);
    expect(run.stderr).toContain('unknown parameter "maxWorkMinute" (known: ');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
