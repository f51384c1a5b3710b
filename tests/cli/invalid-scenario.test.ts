import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coveringScenario, removeDir, runCli, summaryLine, tempDir, writeJson } from './test-support.ts';

let dir: string;

const cases: { file: string; content: () => unknown; says: string }[] = [
  { file: 'bad-json.json', content: () => '{ "name": "cut short", ', says: ': is not valid JSON' },
  {
    file: 'no-outcome.json',
    content: () => {
      const s = coveringScenario();
      delete s.expect.outcome;
      return s;
    },
    says: ': expect.outcome: Invalid option',
  },
  {
    file: 'unknown-action.json',
    content: () => ({ ...coveringScenario(), action: 'acceptOfferz' }),
    says: ': action: unknown action "acceptOfferz"',
  },
  {
    // 2:30 AM does not exist on 9 March 2025 in New York: clocks jump from 2:00 to 3:00.
    file: 'spring-forward-gap.json',
    content: () => ({ ...coveringScenario(), now: '2025-03-09 02:30' }),
    says: ': now: "2025-03-09 02:30" does not exist in America/New_York',
  },
  {
    file: 'gap-in-world.json',
    content: () => {
      const s = coveringScenario();
      (s.world.shifts as Record<string, unknown>[])[1] = { ...s.world.shifts?.[1], start: '2025-03-09 02:30' };
      return s;
    },
    says: ': world.shifts[1].start: "2025-03-09 02:30" does not exist',
  },
  {
    file: 'missing-input.json',
    content: () => ({ ...coveringScenario(), input: {} }),
    says: ': input.offerId: is required',
  },
];

beforeAll(() => {
  dir = tempDir();
  for (const c of cases) writeJson(join(dir, c.file), c.content());
});

afterAll(() => removeDir(dir));

describe('a file that is not a valid scenario', () => {
  for (const c of cases) {
    it(`${c.file}: check exits 2 naming the file and the field`, async () => {
      const path = join(dir, c.file);
      const run = await runCli(['check', path]);
      expect(run.code).toBe(2);
      expect(run.stderr.startsWith(`error: ${path}${c.says}`)).toBe(true);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stdout).toBe('');
    });
  }

  it('replay lists every invalid file with its reason, counts them as failed and exits 2', async () => {
    const run = await runCli(['replay', dir]);
    expect(run.code).toBe(2);
    expect(summaryLine(run.stdout)).toBe(`0 passed, ${cases.length} failed`);
    for (const c of cases) {
      expect(run.stdout).toMatch(new RegExp(`^INVALID +\\S*${c.file.replace('.', '\\.')}`, 'm'));
      expect(run.stdout).toContain(`${join(dir, c.file)}${c.says}`);
    }
  });
});
