import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { DEFAULT_FIXTURES_DIR, findScenarioFiles, replayFile } from '../../cli/scenario-files.ts';

/**
 * The rule library is expanded when the set loads, so every fixture must decide exactly as it did
 * when each action file wrote its checks out in full. The golden holds, per fixture, a hash of its
 * replay with trace (decision, message, rule id, trace, fact values, changes), recorded from the rule
 * files as they were before the library (RECORD_RULE_GOLDEN=1 records it again, after a deliberate change).
 */
const GOLDEN = join(import.meta.dirname, 'rule-library-golden.json');

async function replays(): Promise<{ file: string; line: string }[]> {
  const rules = loadRulesDir();
  const out: { file: string; line: string }[] = [];
  for (const path of findScenarioFiles([DEFAULT_FIXTURES_DIR])) {
    const result = await replayFile(rules, path, { trace: true });
    out.push({ file: result.file, line: JSON.stringify(result) });
  }
  return out;
}

const hash = (line: string): string => createHash('sha256').update(line).digest('hex');

describe('every fixture decides as before the rule library', () => {
  it('the same decision, message, rule, trace, fact values and changes, byte for byte', async () => {
    const now = await replays();
    if (process.env.RECORD_RULE_GOLDEN === '1') {
      writeFileSync(GOLDEN, `${JSON.stringify(Object.fromEntries(now.map((r) => [r.file, hash(r.line)])), null, 1)}\n`);
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(now.length).toBe(1217);
    expect(now.filter((r) => r.line.includes('"trace":[{')).length).toBeGreaterThanOrEqual(1_000);
    expect(now.map((r) => r.file).sort()).toEqual(Object.keys(golden).sort());
    // One assertion per fixture would print 1,217 lines; the first that differs is shown whole.
    const differs = now.find((r) => golden[r.file] !== hash(r.line));
    expect(differs ? { file: differs.file, now: differs.line } : null).toBeNull();
  }, 300_000);
});
