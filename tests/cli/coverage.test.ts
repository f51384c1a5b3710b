import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVersionedRules } from '../../cli/rule-version.ts';
import { COVERING_FIXTURE, COVERING_MESSAGE, coveringScenario, removeDir, runCli, summaryLine, tempDir, writeJson } from './test-support.ts';

const { rules } = loadVersionedRules();
/** The rules that can decide (error and confirm), counted independently of the code under test. */
const deciding = rules.files.flatMap((f) => f.rules.filter((r) => r.outcome !== 'warning').map((r) => r.id));
const acceptOfferRules = rules.files.find((f) => f.action === 'acceptOffer')?.rules.map((r) => r.id) ?? [];

let dir: string;

beforeAll(() => {
  dir = tempDir();
  writeJson(join(dir, 'covering.json'), coveringScenario());
  // Expects the wrong message: it fails, yet the rule that decided it still counts as reached.
  writeJson(join(dir, 'wrong-message.json'), { ...coveringScenario(), expect: { outcome: 'error', message: COVERING_MESSAGE.replace('360', '300') } });
  const ok = coveringScenario();
  ok.world.shifts = (ok.world.shifts ?? []).filter((s) => s.id !== 2);
  writeJson(join(dir, 'ok.json'), { ...ok, expect: { outcome: 'ok' } });
});

afterAll(() => removeDir(dir));

function coverageLine(stdout: string): string | undefined {
  return stdout.split('\n').find((l) => l.startsWith('Coverage: '));
}

describe('shiftinator replay --coverage', () => {
  it('on the fixtures: every deciding rule with the scenario files that reached it, the pass/fail line still last', async () => {
    const run = await runCli(['replay', 'fixtures', '--coverage']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    const decided = lines.filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/\s+/)[0]);
    // Every rule of the rule set is listed once, in the decided or the never-decided part.
    expect([...decided].sort()).toEqual([...deciding].sort());
    expect(run.stdout).toMatch(new RegExp(`^ {2}acceptOffer\\.coveringMaxAfter +.*${COVERING_FIXTURE.replace(/[./]/g, '\\$&')}`, 'm'));
    expect(coverageLine(run.stdout)).toMatch(new RegExp(`^Coverage: \\d+ of ${deciding.length} rules decided at least once \\(\\d+(\\.\\d)?%\\)$`));
    expect(run.stdout).toContain('Not counted: 2 warning rules, which never decide (editHours.terminationDate, postWantWork.terminationDate)');
  });

  it('counts the deciding rule of every decision, passing or not, and the scenarios that went through', async () => {
    const run = await runCli(['replay', dir, '--coverage']);
    expect(run.code).toBe(1);
    expect(summaryLine(run.stdout)).toBe('2 passed, 1 failed');
    const covering = join(dir, 'covering.json');
    expect(run.stdout).toContain(`Decided at least once (1):\n  acceptOffer.coveringMaxAfter`);
    expect(run.stdout).toMatch(new RegExp(`^ {2}acceptOffer\\.coveringMaxAfter +${covering}, ${join(dir, 'wrong-message.json')}$`, 'm'));
    expect(run.stdout).toContain(`Never decided (${deciding.length - 1}):\n`);
    expect(run.stdout).toMatch(/^ {2}acceptOffer\.offerExists +error$/m);
    expect(run.stdout).toMatch(/; 1 scenario went through with no rule deciding\.$/m);
    expect(coverageLine(run.stdout)).toBe(`Coverage: 1 of ${deciding.length} rules decided at least once (${((1 / deciding.length) * 100).toFixed(1)}%)`);
  });

  it('--threshold fails the run (exit 1) when too few rules decided, and passes it otherwise', async () => {
    const under = await runCli(['replay', 'fixtures/acceptOffer', '--threshold', '50']);
    expect(under.code).toBe(1);
    expect(summaryLine(under.stdout)).toMatch(/^\d+ passed, 0 failed$/);
    expect(coverageLine(under.stdout)).toMatch(/; threshold 50%: NOT MET$/);
    expect(under.stdout).toMatch(/^ {2}claimOpenShift\.probation +error$/m);
    const over = await runCli(['replay', 'fixtures/acceptOffer', '--coverage', '--threshold', '1%']);
    expect(over.code).toBe(0);
    expect(coverageLine(over.stdout)).toMatch(/; threshold 1%: met$/);
  });

  it('--json adds the coverage to the report; an unmet threshold is also told on stderr', async () => {
    const run = await runCli(['replay', 'fixtures/acceptOffer', '--json', '--threshold', '50']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { coverage: { total: number; decided: number; met: boolean; threshold: number; rules: { rule: string; files: string[]; decided: boolean }[]; neverDecided: string[] } };
    const c = report.coverage;
    expect(c).toMatchObject({ total: deciding.length, threshold: 50, met: false });
    expect(c.rules.map((r) => r.rule)).toEqual(deciding);
    const decided = c.rules.filter((r) => r.decided).map((r) => r.rule);
    // Only acceptOffer's scenarios were replayed: only its rules decided.
    expect(decided.every((id) => acceptOfferRules.includes(id))).toBe(true);
    expect(c.decided).toBe(decided.length);
    expect(c.rules.find((r) => r.rule === 'acceptOffer.coveringMaxAfter')?.files).toContain(COVERING_FIXTURE);
    expect(c.neverDecided).toContain('claimOpenShift.probation');
    expect(run.stderr).toMatch(new RegExp(`^error: Coverage: ${decided.length} of ${deciding.length} rules decided at least once \\(.*\\); threshold 50%: NOT MET\\n$`));
  });

  it.each(['120', 'most', '-5'])('refuses --threshold %s (exit 2)', async (value) => {
    const run = await runCli(['replay', 'fixtures/acceptOffer', '--threshold', value]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`error: option '--threshold <percent>' argument '${value}' is invalid. must be a percentage from 0 to 100 (say, 80 or 80%)`);
  });
});
