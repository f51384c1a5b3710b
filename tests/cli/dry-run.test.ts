import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { loadVersionedRules } from '../../cli/rule-version.ts';
import { DEFAULT_FIXTURES_DIR, findScenarioFiles, replayFile } from '../../cli/scenario-files.ts';
import { COVERING_MESSAGE, coveringScenario, removeDir, ROOT, runCli, tempDir, writeJson } from './test-support.ts';

/**
 * `shiftinator dry-run` over scenario files: the project's fixtures decided under rules/ and
 * under candidates made from a copy of it in a temp folder.
 */

interface Answer {
  outcome: string;
  message?: string;
  rule?: string;
  warnings: string[];
}
interface Change {
  where: string;
  action: string;
  actor: number | null;
  before: Answer;
  after: Answer;
}
interface Report {
  current: { dir: string; version: string };
  candidate: { dir: string; version: string };
  counts: Record<string, number>;
  perAction: { action: string; decisions: number; changed: number }[];
  perRule: { rule: string; action: string; current: number; candidate: number; changed: number }[];
  changes: Change[];
  invalid: { where: string; error: string }[];
}

let work: string;
/** rules/ with every 600-minute limit raised to 660. */
let limit660: string;
/** rules/ with acceptOffer's coveringMaxAfter and coveringScheduled checks swapped. */
let reordered: string;
/** An unchanged copy of rules/. */
let same: string;

/** A copy of rules/ with `edit` applied to one rule file's JSON. */
function candidate(name: string, edits: Record<string, (json: { rules: { id: string }[] } & Record<string, unknown>) => void> = {}): string {
  const dir = join(work, name);
  cpSync(join(ROOT, 'rules'), dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    edit(json);
    writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  }
  return dir;
}

/** The 600 of the "worked + offered - 600" excess fact becomes 660, for every action that uses it (the messages, which name parameters.json's value, keep saying 600). */
function raiseLimit(dir: string): void {
  let raised = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const next = text.replace(/"subtract": \[ \{ "param": "maxWorkMinutes" \} \]/g, () => {
      raised++;
      return '"subtract": [ 660 ]';
    });
    writeFileSync(join(dir, file), next);
  }
  // Written once, in the shared fact every action's excess uses (rules/shared.json): should that
  // stop, this test must say so, not pass empty.
  expect(raised).toBe(1);
}

async function dryRun(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const run = await runCli(['dry-run', '--json', ...args]);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, stderr: run.stderr };
}

const CUT = /Please cut (\d+) min from this (offer|swap)\./;

beforeAll(() => {
  work = tempDir();
  limit660 = candidate('limit-660');
  raiseLimit(limit660);
  reordered = candidate('reordered', {
    'acceptOffer.json': (json) => {
      const i = json.rules.findIndex((r) => r.id === 'acceptOffer.coveringMaxAfter');
      const j = json.rules.findIndex((r) => r.id === 'acceptOffer.coveringScheduled');
      [json.rules[i], json.rules[j]] = [json.rules[j] as { id: string }, json.rules[i] as { id: string }];
    },
  });
  same = candidate('same');
});

afterAll(() => removeDir(work));

describe('shiftinator dry-run over scenarios', () => {
  it('a 660-minute limit changes exactly the decisions a 600-minute rule made: 60 minutes less to cut, or through', async () => {
    const { code, report } = await dryRun(['--rules', limit660]);
    expect(code).toBe(0);
    // What should change, from the current rules alone: every decision stopped by an over-600 check.
    const current = loadRulesDir();
    const files = findScenarioFiles([DEFAULT_FIXTURES_DIR]);
    const expected: { file: string; cut: number; before: Answer }[] = [];
    for (const file of files) {
      const replayed = await replayFile(current, file);
      const m = CUT.exec(replayed.result?.decision.message ?? '');
      if (m && replayed.result) expected.push({ file: replayed.file, cut: Number(m[1]), before: { outcome: 'error', message: replayed.result.decision.message as string, rule: replayed.result.decision.rule as string, warnings: [] } });
    }
    expect(expected.length).toBe(43);
    expect(report.counts).toEqual({ decisions: files.length, changed: expected.length, invalid: 0 });
    expect(report.changes.map((c) => c.where)).toEqual(expected.map((e) => e.file));
    report.changes.forEach((change, i) => {
      const { cut, before } = expected[i] as (typeof expected)[number];
      expect(change.before, change.where).toEqual(before);
      if (cut > 60) {
        expect(change.after, change.where).toEqual({ ...before, message: before.message?.replace(`cut ${cut} min`, `cut ${cut - 60} min`) });
      } else {
        // Within the 60 new minutes: that check no longer stops it.
        expect(change.after.rule, change.where).not.toBe(before.rule);
      }
    });
    // The spec's own example, and the ones that go through.
    const byFile = new Map(report.changes.map((c) => [c.where, c]));
    expect(byFile.get('fixtures/acceptOffer/covering-over-600-after.json')).toEqual({
      where: 'fixtures/acceptOffer/covering-over-600-after.json',
      action: 'acceptOffer',
      actor: 102,
      before: { outcome: 'error', rule: 'acceptOffer.coveringMaxAfter', message: COVERING_MESSAGE, warnings: [] },
      after: { outcome: 'error', rule: 'acceptOffer.coveringMaxAfter', message: COVERING_MESSAGE.replace('cut 360 min', 'cut 300 min'), warnings: [] },
    });
    const through = report.changes.filter((c) => c.after.outcome === 'ok').map((c) => [c.where, c.before.rule]);
    expect(through).toEqual([
      ['fixtures/acceptOffer/covering-601-fails-by-1.json', 'acceptOffer.coveringMaxAfter'],
      ['fixtures/acceptOfferHours/601-fails-by-1.json', 'acceptOfferHours.maxAfter'],
      ['fixtures/claimOpenShift/error-fall-back-day-600-before.json', 'claimOpenShift.maxBefore'],
      ['fixtures/claimOpenShift/error-one-minute-overlap-counts-in-600.json', 'claimOpenShift.maxBefore'],
      ['fixtures/postCounterOfferCoverage/error-covering-600-before.json', 'postCounterOfferCoverage.coveringMaxBefore'],
      ['fixtures/postOfferCoverage/error-600-before-by-1.json', 'postOfferCoverage.coverMaxBefore'],
    ]);
    // Counted per action and per rule: acceptOffer's over-600 check decided 8, of which 1 now goes through.
    expect(report.perAction.find((a) => a.action === 'acceptOffer')).toEqual({ action: 'acceptOffer', decisions: 59, changed: 12, drifted: 0, notReplayable: 0 });
    expect(report.perRule.find((r) => r.rule === 'acceptOffer.coveringMaxAfter')).toEqual({ rule: 'acceptOffer.coveringMaxAfter', action: 'acceptOffer', current: 8, candidate: 7, changed: 8 });
    expect(report.perRule.find((r) => r.rule === 'acceptOffer: allowed')).toMatchObject({ changed: 1 });
    expect(report.perRule.every((r) => r.changed > 0 || r.current === r.candidate)).toBe(true);
    expect(report.current).toEqual({ dir: 'rules', version: loadVersionedRules().version });
    expect(report.candidate).toEqual({ dir: limit660, version: loadVersionedRules(limit660).version });
  });

  it('prints a table: each change with its rule on both sides, the counts per action and rule, and a summary last', async () => {
    const run = await runCli(['dry-run', '--rules', limit660, 'fixtures/acceptOffer']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'dry-run of scenarios: fixtures/acceptOffer',
      `current rules: rules (version ${loadVersionedRules().version.slice(0, 12)})`,
      `candidate rules: ${limit660} (version ${loadVersionedRules(limit660).version.slice(0, 12)})`,
      '',
    ]);
    expect(lines).toContain('Changed decisions (12):');
    const at = lines.indexOf('CHANGED  fixtures/acceptOffer/covering-601-fails-by-1.json  acceptOffer  actor 102');
    expect(lines.slice(at + 1, at + 3)).toEqual([
      `  before: error (acceptOffer.coveringMaxAfter): ${COVERING_MESSAGE.replace('cut 360 min', 'cut 1 min')}`,
      '  after:  ok',
    ]);
    const perAction = lines.indexOf('Per action:');
    expect(lines.slice(perAction, perAction + 4)).toEqual(['Per action:', 'action       decisions  changed', '-----------  ---------  -------', 'acceptOffer         59       12']);
    expect(lines).toContain('acceptOffer.coveringMaxAfter          8          7        8');
    expect(lines).toContain('acceptOffer: allowed                 16         17        1');
    expect(lines).toContain('(20 other rules decided the same decisions under both: --json or --html lists every rule)');
    expect(lines.at(-1)).toBe('59 decisions, 12 changed');
  });

  it('a candidate that swaps two checks changes the messages of the decisions both would stop', async () => {
    const { code, report } = await dryRun(['--rules', reordered, 'fixtures']);
    expect(code).toBe(0);
    // coveringScheduled now comes first, and coveringMaxAfter after coveringMaxBefore.
    expect(report.changes.map((c) => [c.where, c.before.rule, c.before.message, c.after.rule, c.after.message])).toEqual([
      [
        'fixtures/acceptOffer/order-after-window-before-before-window.json',
        'acceptOffer.coveringMaxAfter',
        COVERING_MESSAGE.replace('cut 360 min', 'cut 300 min'),
        'acceptOffer.coveringMaxBefore',
        COVERING_MESSAGE,
      ],
      [
        'fixtures/acceptOffer/order-over-600-before-scheduled.json',
        'acceptOffer.coveringMaxAfter',
        COVERING_MESSAGE.replace('cut 360 min', 'cut 480 min'),
        'acceptOffer.coveringScheduled',
        'ERROR: Covering agent is already scheduled during these hours.',
      ],
    ]);
  });

  it('--fail-on-change exits 1 when a decision changes and 0 when none does', async () => {
    const changed = await runCli(['dry-run', '--rules', reordered, '--fail-on-change', 'fixtures/acceptOffer']);
    expect(changed.code).toBe(1);
    expect(changed.stdout.trimEnd().split('\n').at(-1)).toBe('59 decisions, 2 changed');
    const none = await runCli(['dry-run', '--candidate', same, '--fail-on-change', 'fixtures/acceptOffer']);
    expect(none.code).toBe(0);
    expect(none.stdout).not.toContain('CHANGED');
    expect(none.stdout.trimEnd().split('\n').at(-1)).toBe('59 decisions, 0 changed');
  });

  it('--action keeps the scenarios of the actions named', async () => {
    const { report } = await dryRun(['--rules', limit660, '--action', 'claimOpenShift,acceptOfferHours']);
    expect(report.perAction.map((a) => [a.action, a.decisions, a.changed])).toEqual([
      ['acceptOfferHours', 33, 5],
      ['claimOpenShift', 63, 6],
    ]);
  });

  it('--html writes a page with no outside resources: the counts, a bar per rule and side, the changes listed', async () => {
    const page = join(work, 'report.html');
    const run = await runCli(['dry-run', '--rules', reordered, '--html', page, 'fixtures/acceptOffer']);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('59 decisions, 2 changed');
    const html = readFileSync(page, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|src=|href=|url\(|@import/i);
    expect(html).toContain('<span><b>59</b> decisions</span><span><b>2</b> changed</span>');
    // coveringMaxAfter decided 8 under the current rules, 2 of them go to other checks; the widest bar is the 16 allowed accepts.
    const row = html.split('\n').find((l) => l.includes('<code>acceptOffer.coveringMaxAfter</code>')) ?? '';
    expect(row).toContain('<td class="n">8</td><td class="n">6</td><td class="n">2</td>');
    expect(row).toContain('<div class="bar cur" style="width:50.0%" title="8"></div><div class="bar cand" style="width:37.5%" title="6"></div>');
    expect(html).toContain('<td class="n">16</td><td class="n">16</td><td class="n">0</td><td><div class="bar cur" style="width:100.0%" title="16">');
    expect(html).toContain('<h2>Changed decisions (2)</h2>');
    expect(html).toContain('<td>fixtures/acceptOffer/order-over-600-before-scheduled.json</td><td>acceptOffer</td><td>102</td>');
    expect(html).toContain('<div>ERROR: Covering agent is already scheduled during these hours.</div>');
  });
});

describe('shiftinator dry-run: bad input', () => {
  it('a candidate folder that is not a rule set: exit 2, saying which side and why', async () => {
    const empty = join(work, 'empty');
    writeJson(join(empty, 'notes.txt'), 'nothing');
    const run = await runCli(['dry-run', '--rules', empty]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: candidate rules: ${empty}: holds no rule files (*.json)\n`);
    const missing = await runCli(['dry-run', '--rules', join(work, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: candidate rules: ${join(work, 'nowhere')}: is not a readable folder of rule files\n`);
  });

  it('a candidate whose rule file does not load names the file', async () => {
    const broken = candidate('broken');
    writeFileSync(join(broken, 'acceptOffer.json'), '{ "action": ');
    const run = await runCli(['dry-run', '--rules', broken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^error: candidate rules: ${join(broken, 'acceptOffer.json').replace(/\./g, '\\.')}: is not valid JSON`));
  });

  it('no candidate, two candidates, options of --from-log without it, an unknown action: exit 2', async () => {
    const cases: [string[], string][] = [
      [[], 'error: dry-run needs the candidate rule set: --rules <dir> (a copy of rules/ with the change)\n'],
      [['--rules', limit660, '--candidate', same], `error: --rules ${limit660} and --candidate ${same} name two rule sets: give the candidate once\n`],
      [['--rules', limit660, '--since', '2025-10-14'], 'error: --since: only applies with --from-log\n'],
      [['--rules', limit660, '--data', work], 'error: --data: only applies with --from-log\n'],
      [['--rules', limit660, '--from-log', 'fixtures'], 'error: --from-log replays the decision log: drop the scenario paths (fixtures), or drop --from-log\n'],
      [['--rules', limit660, '--action', 'acceptOfer'], 'error: --action: no rule file of either rule set is for action "acceptOfer"\n'],
    ];
    for (const [args, stderr] of cases) {
      const run = await runCli(['dry-run', ...args]);
      expect([run.code, run.stderr], args.join(' ')).toEqual([2, stderr]);
    }
  });

  it('a scenario path that does not exist, and a file that is not a scenario: exit 2', async () => {
    const nowhere = await runCli(['dry-run', '--rules', same, join(work, 'no-such-folder')]);
    expect([nowhere.code, nowhere.stderr]).toEqual([2, `error: ${join(work, 'no-such-folder')}: no such file or folder\n`]);
    const folder = join(work, 'scenarios');
    writeJson(join(folder, 'a-covering.json'), coveringScenario());
    writeJson(join(folder, 'b-broken.json'), '{ "name": ');
    const run = await runCli(['dry-run', '--rules', limit660, folder]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`INVALID  ${join(folder, 'b-broken.json')}\n  ${join(folder, 'b-broken.json')}: is not valid JSON`);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 decision, 1 changed, 1 not valid scenario');
  });
});
