import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No rule knowledge left in code: the codes, limits and group names below are named once, in
 * rules/parameters.json or rules/roles.json, and server/, web/src/ and engine/ read them by name
 * (engine/codes.ts, the flag permissions, useParameterTexts). A search of the code for each finds
 * nothing; a hit is a value written twice, to be read from the rule set instead.
 */

const ROOT = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// web/src/api-schema.d.ts is generated from /api/openapi.json, which quotes the rules' own words.
const CODE = ['server', 'web/src', 'engine'].flatMap((d) => files(join(ROOT, d))).filter((f) => relative(ROOT, f) !== 'web/src/api-schema.d.ts');

/** What must not be written in code, with the folders it is searched in. */
const WRITTEN_ONCE: [what: string, pattern: RegExp, where: string[]][] = [
  ['the training shift types', /\b61\s*,\s*64\s*,\s*65\b|61\/64\/65/, ['server', 'web/src', 'engine']],
  ['the Co-QA, Training Class and Ongoing Training types', /\[\s*(62|63|64\s*,\s*65)\s*\]/, ['server', 'web/src', 'engine']],
  ['a meal-break code or length', /\bMEAL_BREAK(_TYPE|_MINUTES)?\s*=\s*\d/, ['server', 'web/src', 'engine']],
  ['a training types constant', /\bTRAINING_TYPES\b|\bFULL_COVERAGE_ONLY\b/, ['server', 'web/src', 'engine']],
  ['the FMLA reason constant', /\bFMLA_REASON\b/, ['server', 'web/src', 'engine']],
  ['leave early written as 2', /violationType:\s*2\b/, ['server', 'web/src', 'engine']],
  ['a group name a permission should give', /'(supervisorsAndUp|assistantSupervisors)'/, ['server', 'web/src', 'engine']],
  ['the demo restating the work limits', /\b(MAX_WORK|WINDOW|BREAK_AFTER_MINUTES)\b/, ['server/demo']],
  ['a message length', /\b199 characters\b|under 200 characters|at most 75 characters|At least 5 characters|3 to 199 characters/, ['server', 'web/src']],
  ['the attendance window', /\b90 days\b/, ['server/routes', 'web/src']],
  ['the QA limits', /40 hours a week|3 hours a day/, ['web/src']],
  ['the personal time deductions and blackout', /30 minutes for 8 hours|12\/19|\b1\/3\b/, ['web/src']],
  ['the history window and stats start', /\bHISTORY_DAYS\b|\bSTATS_SINCE\b|2\/14\/24|2024-02-14|last 14 days|goes back 14 days/, ['server/routes', 'server/reads', 'web/src']],
  ['the ranks that see supervisors\' attendance', /\b240 and above\b/, ['server', 'web/src']],
];

describe('rule knowledge is named once, in rules/, and code reads it', () => {
  it.each(WRITTEN_ONCE)('%s', (_what, pattern, where) => {
    const hits = CODE.filter((f) => where.some((w) => relative(ROOT, f).startsWith(w + '/')))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [`${relative(ROOT, f)}:${i + 1}`, line] as const)
          .filter(([, line]) => pattern.test(line)),
      )
      .map(([at, line]) => `${at}: ${line.trim()}`);
    expect(hits).toEqual([]);
  });

  it('the search reads the code: the names it reads by are there', () => {
    const all = CODE.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const name of ['codesOf', 'trainingShiftTypes', 'mealBreakShiftType', 'SEES_OTHERS', 'useParameterTexts', 'historyDays']) expect(all).toContain(name);
  });
});
