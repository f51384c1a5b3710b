import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, ROOT, runCli, tempDir } from './test-support.ts';

type Json = Record<string, unknown>;
const RULES = join(ROOT, 'rules');
let dir: string;

/** A copy of rules/ with `edit` applied to some files' JSON. */
function copy(name: string, edits: Record<string, (json: Json) => void>): string {
  const out = join(dir, name);
  cpSync(RULES, out, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const json = JSON.parse(readFileSync(join(out, file), 'utf8')) as Json;
    edit(json);
    writeFileSync(join(out, file), JSON.stringify(json, null, 2));
  }
  return out;
}

const checks = (json: Json): Record<string, Json> => json.checks as Record<string, Json>;
const rulesOf = (json: Json): Json[] => json.rules as Json[];

/** Whether the shared check `check` is `name`, or another shared check that is (the words of its own added). */
function isCheck(check: unknown, name: string, shared: Record<string, Json>): boolean {
  const seen = new Set<string>();
  for (let c = check; typeof c === 'string' && !seen.has(c); c = shared[c]?.check) {
    if (c === name) return true;
    seen.add(c);
  }
  return false;
}

/** The action files of rules/ and the ids of their rules that use the shared check `name`, read from the files. */
function usersOf(name: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const files = readdirSync(RULES)
    .filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(RULES, f), 'utf8')) as Json);
  const shared = Object.assign({}, ...files.filter((j) => typeof j.library === 'string').map((j) => j.checks ?? {})) as Record<string, Json>;
  for (const json of files) {
    if (typeof json.action !== 'string') continue;
    const ids = rulesOf(json).filter((r) => isCheck(r.check, name, shared)).map((r) => String(r.id));
    if (ids.length) out.set(json.action, ids);
  }
  return out;
}

interface DryRunJson {
  perAction: { action: string; decisions: number; changed: number }[];
  changes: { action: string; before: { message?: string; rule?: string }; after: { message?: string; rule?: string } }[];
}

beforeAll(() => {
  dir = tempDir();
});

afterAll(() => removeDir(dir));

describe('one shared check changed once', () => {
  it('every action that uses it answers with the change, and rules diff names them all', async () => {
    // A manager rewords the work-limit refusal in the one place it is written.
    const reworded = copy('reworded', {
      'shared.json': (f) => {
        const limit = checks(f).workLimit as Json;
        limit.message = String(limit.message).replace('unable to work more than', 'cannot work more than');
      },
    });
    const users = usersOf('workLimit');
    // The 600-minute refusal of every action that has one: seven actions.
    expect([...users.keys()]).toEqual([
      'acceptOffer',
      'acceptOfferHours',
      'claimOpenShift',
      'postCounterOfferCoverage',
      'postCounterOfferHours',
      'postOfferCoverage',
      'postOfferGiveAway',
    ]);

    const run = await runCli(['dry-run', '--rules', reworded, '--json']);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as DryRunJson;
    // Counted per action: each that uses the check has decisions that now read differently ...
    const changed = report.perAction.filter((a) => a.changed > 0).map((a) => a.action);
    expect(changed).toEqual([...users.keys()]);
    // ... and only those of its rules that use it, each answering with the new words, nothing else.
    const ids = new Set([...users.values()].flat());
    expect(report.changes.length).toBeGreaterThanOrEqual(users.size);
    for (const c of report.changes) {
      expect(ids.has(String(c.before.rule))).toBe(true);
      expect(c.after.rule).toBe(c.before.rule);
      expect(c.before.message).toContain('unable to work more than');
      expect(c.after.message).toBe(c.before.message?.replace('unable to work more than', 'cannot work more than'));
    }

    const diff = await runCli(['rules', 'diff', 'rules', reworded]);
    expect(diff.code).toBe(1);
    const lines = diff.stdout.split('\n');
    // Reported once, naming every rule that uses it (so every action).
    expect(lines.filter((l) => l.includes('workLimit'))).toEqual([`shared › check workLimit › message: changed (used by ${[...ids].join(', ')})`]);
    expect(diff.stdout.trimEnd().split('\n').at(-1)).toBe('1 change in 1 file.');
  }, 300_000);
});

describe('rules lint refuses a slip in the use of shared checks, naming file and name (exit 2)', () => {
  it.each([
    [
      'an unknown check',
      'acceptOffer.json',
      (f: Json) => ((rulesOf(f).find((r) => r.id === 'acceptOffer.shiftStarted') as Json).check = 'shiftStartd'),
      'acceptOffer.json: rule acceptOffer.shiftStarted (rules[6]): unknown shared check "shiftStartd" (did you mean shiftStarted?)',
    ],
    [
      'an argument the check does not take',
      'acceptOffer.json',
      (f: Json) => (((rulesOf(f).find((r) => r.id === 'acceptOffer.coveringMaxAfter') as Json).with as Json).whom = 'You are'),
      'acceptOffer.json: rule acceptOffer.coveringMaxAfter (rules[9]): shared check "workLimit" takes no argument "whom" (it takes: excess, who, cut, note, prefix, limit, onlyIf)',
    ],
    [
      'a cycle',
      'shared.json',
      (f: Json) => {
        checks(f).workLimit = { check: 'workLimitAgain' };
        checks(f).workLimitAgain = { check: 'workLimit' };
      },
      'shared.json: checks.workLimit: shared checks use each other in a cycle: workLimit -> workLimitAgain -> workLimit',
    ],
  ])('%s', async (name, file, edit, says) => {
    const folder = copy(name.replace(/ /g, '-'), { [file]: edit });
    const run = await runCli(['rules', 'lint', folder]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`error: ${join(folder, says)}`);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('a condition nested 3,000 deep: the file and the rule, no stack trace', async () => {
    const folder = copy('deep', {
      'removePosting.json': (f) => {
        let when: unknown = { fact: 'posting', operator: 'equal', value: null };
        for (let i = 0; i < 3000; i++) when = { not: when };
        rulesOf(f).push({ id: 'removePosting.deep', when: { all: [when] }, outcome: 'error', message: 'ERROR: Deep.' });
      },
    });
    const says = `${join(folder, 'removePosting.json')}: rule removePosting.deep: rules[3].when.all... is nested more than 64 levels deep; write the condition flatter (any / all take lists)`;
    const run = await runCli(['rules', 'lint', folder]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${says}\n`);
    // The server refuses the same folder the same way, before it opens anything.
    const serve = await runCli(['serve', '--rules', folder, '--port', '0']);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toBe(`error: ${says}\n`);
  });
});

describe('a wrong value in parameters.json', () => {
  it('is reported against parameters.json and the value\'s name, not a rule that writes it', async () => {
    const folder = copy('bad-parameter', {
      'parameters.json': (f) => (((f.parameters as Json).maxWorkMinutes as Json).value = '600'),
    });
    const run = await runCli(['rules', 'lint', folder]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: ${join(folder, 'parameters.json')}: parameters.maxWorkMinutes: a minutes value must be a whole number of minutes (0 or more), got "600"\n`,
    );
  });
});
