import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeText, deltas } from '../../engine/rules-diff.ts';
import { loadVersionedRules, shortVersion } from '../../cli/rule-version.ts';
import { removeDir, ROOT, runCli, tempDir } from './test-support.ts';

type Json = Record<string, unknown>;
interface RuleJson extends Json {
  id: string;
  when: { all: Json[] };
  message: string;
  outcome: string;
}

let dir: string;
const RULES = join(ROOT, 'rules');
const current = loadVersionedRules(RULES);

/** A copy of the project's rules/ with some files edited as JSON. */
function candidate(name: string, edits: Record<string, (file: Json) => void>): string {
  const out = join(dir, name);
  cpSync(RULES, out, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(out, file);
    const json = JSON.parse(readFileSync(path, 'utf8')) as Json;
    edit(json);
    writeFileSync(path, JSON.stringify(json, null, 2));
  }
  return out;
}

function rulesOf(file: Json): RuleJson[] {
  return file.rules as RuleJson[];
}

function rule(file: Json, id: string): RuleJson {
  const found = rulesOf(file).find((r) => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
}

// The work limit's refusal is one shared check (rules/shared.json) every action's limit rule uses.
const OLD_MESSAGE =
  '{arg:prefix}{arg:who} unable to work more than {arg:limit} in an {param:workWindowHours} hour period. Please cut {excess} min from this {arg:cut}.{arg:note}';
const NEW_MESSAGE =
  '{arg:prefix}{arg:who} cannot work more than {arg:limit} in an {param:workWindowHours} hour period. Please cut {excess} min from this {arg:cut}.{arg:note}';

/**
 * Every rule of the action files that uses the shared check `name`, directly or through a shared
 * check that is it with words of its own, by action then in order: read from the files, not the diff.
 */
function usersOf(name: string): string[] {
  const files = readdirSync(RULES)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => JSON.parse(readFileSync(join(RULES, f), 'utf8')) as Json);
  const shared = Object.assign({}, ...files.filter((f) => typeof f.library === 'string').map((f) => f.checks ?? {})) as Record<string, Json>;
  const isName = (check: unknown, seen: Set<unknown> = new Set()): boolean =>
    check === name || (typeof check === 'string' && !seen.has(check) && isName(shared[check]?.check, seen.add(check)));
  return files
    .filter((f) => typeof f.action === 'string')
    .sort((a, b) => (String(a.action) < String(b.action) ? -1 : 1))
    .flatMap((f) => rulesOf(f).filter((r) => isName(r.check)).map((r) => r.id));
}

let manager: string;
let structural: string;

beforeAll(() => {
  dir = tempDir();
  // What a manager does: the limit to 660, a message reworded, two checks swapped, a rank taken
  // out of a group (which the cut and break rules and the Wishlist screen both name).
  manager = candidate('manager', {
    'parameters.json': (f) => {
      ((f.parameters as Json).maxWorkMinutes as Json).value = 660;
    },
    'shared.json': (f) => {
      ((f.checks as Json).workLimit as Json).message = NEW_MESSAGE;
    },
    'acceptOffer.json': (f) => {
      const list = rulesOf(f);
      const i = list.findIndex((r) => r.id === 'acceptOffer.shiftStarted');
      [list[i], list[i + 1]] = [list[i + 1] as RuleJson, list[i] as RuleJson];
    },
    'roles.json': (f) => {
      const group = (f.groups as Json).wishlist as { who: Json[] };
      (group.who[0] as Json).agentTypes = [100, 102, 103, 240, 350];
    },
  });
  // Rules and actions added and removed, an outcome, an input field.
  structural = candidate('structural', {
    'acceptOffer.json': (f) => {
      f.rules = rulesOf(f).filter((r) => r.id !== 'acceptOffer.startBeforeEnd');
    },
    'removeOpenShift.json': (f) => {
      rule(f, 'removeOpenShift.confirm').outcome = 'error';
    },
    'removePosting.json': (f) => {
      (f.input as Json).reason = 'string?';
      const extra = {
        id: 'removePosting.ownerAgain',
        when: { all: [{ fact: 'posting', path: 'agentId', operator: 'notEqual', value: { fact: 'actorId' } }] },
        outcome: 'error',
        message: 'ERROR: Not yours.',
      };
      rulesOf(f).splice(2, 0, extra);
    },
  });
  rmSync(join(structural, 'denyLunchSelf.json'));
});

afterAll(() => removeDir(dir));

describe('shiftinator rules diff', () => {
  it('says "No differences." for the same rules, exit 0', async () => {
    const run = await runCli(['rules', 'diff', 'rules', RULES]);
    expect(run.code).toBe(0);
    const line = `rules: rules (version ${shortVersion(current.version)})`;
    expect(run.stdout).toBe(`from ${line}\n  to ${line}\n\nNo differences.\n`);
  });

  it('reports exactly a manager\'s edits, in words, exit 1', async () => {
    const run = await runCli(['rules', 'diff', 'rules', manager]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const to = loadVersionedRules(manager);
    expect(run.stdout).toBe(
      [
        `from rules: rules (version ${shortVersion(current.version)})`,
        `  to rules: ${manager} (version ${shortVersion(to.version)})`,
        '',
        'parameters: maxWorkMinutes 600 → 660',
        // Once, with every rule that now reads differently.
        `shared › check workLimit › message: changed (used by ${usersOf('workLimit').join(', ')})`,
        `    was: ${JSON.stringify(OLD_MESSAGE)}`,
        `    now: ${JSON.stringify(NEW_MESSAGE)}`,
        'acceptOffer › rule acceptOffer.shiftStarted › order: now runs after acceptOffer.startBeforeEnd (check 7 → 8)',
        'roles › group wishlist › who[0].agentTypes: [100, 102, 103, 240, 350, 450] → [100, 102, 103, 240, 350] (removed 450)',
        '',
        '4 changes in 4 files.',
        '',
      ].join('\n'),
    );
  });

  it('shows a reworded who-can-take notice', async () => {
    const reworded = candidate('notice', {
      'claimOpenShift.json': (f) => {
        (f.notice as Json).message = 'Shiftinator: an open shift {start} - {end} is yours to claim.';
      },
    });
    const run = await runCli(['rules', 'diff', 'rules', reworded]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(3, -3)).toEqual([
      'claimOpenShift › notice.message: changed',
      '    was: "Shiftinator: a new open shift {start} - {end}. You could claim it."',
      '    now: "Shiftinator: an open shift {start} - {end} is yours to claim."',
    ]);
  });

  it('--json gives each change with its kind, place, old and new value', async () => {
    const run = await runCli(['rules', 'diff', 'rules', manager, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { from: Json; to: Json; identical: boolean; changes: Json[] };
    expect(report.from).toEqual({ dir: 'rules', version: current.version });
    expect(report.to).toEqual({ dir: manager, version: loadVersionedRules(manager).version });
    expect(report.identical).toBe(false);
    expect(report.changes.map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'text')))).toEqual([
      { file: 'parameters', kind: 'parameters', subject: 'maxWorkMinutes', before: 600, after: 660 },
      { file: 'shared', kind: 'shared', subject: 'check workLimit', path: 'message', before: OLD_MESSAGE, after: NEW_MESSAGE, usedBy: usersOf('workLimit') },
      { file: 'acceptOffer', kind: 'rule moved', subject: 'rule acceptOffer.shiftStarted', path: 'order', before: 7, after: 8 },
      {
        file: 'roles',
        kind: 'roles',
        subject: 'group wishlist',
        path: 'who[0].agentTypes',
        before: [100, 102, 103, 240, 350, 450],
        after: [100, 102, 103, 240, 350],
      },
    ]);
  });

  it('reports rules and actions added and removed, outcomes and inputs', async () => {
    const run = await runCli(['rules', 'diff', 'rules', structural]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n').slice(3, -3);
    expect(lines).toEqual([
      'acceptOffer › rule acceptOffer.startBeforeEnd: removed (was check 8: shared check startBeforeEnd)',
      'denyLunchSelf: action removed (it had 2 rules)',
      'removeOpenShift › rule removeOpenShift.confirm › outcome: "confirm" → "error"',
      'removePosting › input reason: added: "string?"',
      'removePosting › rule removePosting.ownerAgain: added as check 3: error "ERROR: Not yours."',
    ]);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('5 changes in 4 files.');
    // The other way round, the same changes undone.
    const back = await runCli(['rules', 'diff', structural, 'rules']);
    expect(back.stdout).toContain('denyLunchSelf: action added with 2 rules\n');
    expect(back.stdout).toContain('acceptOffer › rule acceptOffer.startBeforeEnd: added as check 8: shared check startBeforeEnd\n');
    expect(back.stdout).toContain('removePosting › input reason: removed\n');
  });

  it('refuses a folder that is not a rule set, naming it (exit 2)', async () => {
    const missing = await runCli(['rules', 'diff', 'rules', join(dir, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(`error: ${join(dir, 'nowhere')}: is not a readable folder of rule files\n`);
    const broken = candidate('broken', { 'acceptOffer.json': (f) => (rule(f, 'acceptOffer.recipient').outcome = 'maybe') });
    const run = await runCli(['rules', 'diff', broken, 'rules']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^error: ${join(broken, 'acceptOffer.json')}: rule acceptOffer.recipient: rules\\[\\d+\\]\\.outcome: `));
    const one = await runCli(['rules', 'diff', 'rules']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain("error: missing required argument 'b'");
  });
});

describe('the words of a change', () => {
  it('reads lists of codes as what was added and removed', () => {
    expect(changeText([100, 102], [100, 103])).toBe('[100, 102] → [100, 103] (added 103; removed 102)');
    expect(changeText([1, 2], [2, 1])).toBe('[1, 2] → [2, 1] (same values, new order)');
    expect(changeText(undefined, { fact: 'offer', path: 'end' })).toBe('(none) → offer.end');
  });

  it('finds the leaves that differ, a one-element list read as its element', () => {
    expect(deltas({ a: { b: [600], c: 1 } }, { a: { b: [660], c: 1 } })).toEqual([{ path: 'a.b', before: 600, after: 660 }]);
    expect(deltas({ l: [{ x: 1 }, { x: 2 }] }, { l: [{ x: 1 }, { x: 3 }] })).toEqual([{ path: 'l[1].x', before: 2, after: 3 }]);
    expect(deltas({ k: 1 }, { k: 1 })).toEqual([]);
  });
});
