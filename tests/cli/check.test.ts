import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERING_FIXTURE, COVERING_MESSAGE, coveringScenario, removeDir, runCli, tempDir, writeJson } from './test-support.ts';

let dir: string;

beforeAll(() => {
  dir = tempDir();
  writeJson(join(dir, 'pass.json'), coveringScenario());
  writeJson(join(dir, 'fail.json'), { ...coveringScenario(), expect: { outcome: 'ok' } });
});

afterAll(() => removeDir(dir));

describe('shiftinator check', () => {
  it('prints the answer and PASS, exit 0', async () => {
    const run = await runCli(['check', join(dir, 'pass.json')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  outcome: error\n');
    expect(run.stdout).toContain(`  message: ${COVERING_MESSAGE}\n`);
    expect(run.stdout).toContain('  rule: acceptOffer.coveringMaxAfter\n');
    expect(run.stdout).toMatch(/^PASS$/m);
    expect(run.stdout).not.toContain('trace:');
  });

  it('prints FAIL with the differences, exit 1', async () => {
    const run = await runCli(['check', join(dir, 'fail.json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL$/m);
    expect(run.stdout).toContain('  - outcome is error, expected ok');
    expect(run.stdout).toContain(`  - message is ${JSON.stringify(COVERING_MESSAGE)}, expected null`);
  });

  it('--explain lists every evaluated rule in order with the fact values it saw', async () => {
    const run = await runCli(['check', '--explain', COVERING_FIXTURE]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const ruleLines = lines.filter((l) => /^ +\d+\. acceptOffer\./.test(l)).map((l) => l.trim());
    // The rules before the 600-minute check pass, that check fires and stops the action.
    expect(ruleLines).toEqual([
      '1. acceptOffer.offerExists (error): not fired',
      '2. acceptOffer.coveragePosting (error): not fired',
      '3. acceptOffer.pending (error): not fired',
      '4. acceptOffer.expired (error): not fired',
      '5. acceptOffer.postingActive (error): not fired',
      '6. acceptOffer.recipient (error): not fired',
      '7. acceptOffer.shiftStarted (error): not fired',
      '8. acceptOffer.startBeforeEnd (error): not fired',
      '9. acceptOffer.withinPosting (error): not fired',
      '10. acceptOffer.coveringMaxAfter (error): FIRED',
    ]);
    expect(run.stdout).toContain('offer.status notEqual "pending": saw "pending" -> false');
    // 480 offered + 480 already worked from 16:30 = 960 minutes, 360 over 600.
    expect(run.stdout).toContain('coveringExcessAfter greaterThan 0: saw 360 -> true');
    // The terms of that sum are listed with the facts the run computed.
    expect(run.stdout).toContain('  offerMinutes (elapsedMinutes) = 480\n  coveringWorkedAfter (workedMinutes) = 480\n  coveringExcessAfter (arithmetic) = 360\n');
    // Instants are shown as Eastern wall clock next to their epoch minutes.
    expect(run.stdout).toMatch(/offer\.start lessThan now: saw \d+ \(2025-10-15 08:00\) vs \d+ \(2025-10-14 09:00\) -> false/);
    expect(run.stdout).toMatch(/offer\.expiration lessThanInclusive now: saw \d+ \(2025-10-15 07:00\) vs \d+ \(2025-10-14 09:00\) -> false/);
    expect(run.stdout).toContain('actorId notEqual posting.agentId: saw 102 vs 102 -> false');
    expect(run.stdout).toMatch(/\(\d+ later rules? not evaluated: the first error decides\)/);
    expect(run.stdout).not.toContain('acceptOffer.coveringMaxBefore');
  });
});
