import { describe, expect, it } from 'vitest';
import { compareOutputs, formatComparison, parseCompareArgs } from '../bench/compare-figures.ts';

const exists = (file: string): boolean => ['bench/candidates.bench.ts', 'bench/dry-run.bench.ts', 'bench/load-client.ts'].includes(file);

describe('bench:compare arguments', () => {
  it('takes a ref and a bench by name, and hands the rest to the bench', () => {
    expect(parseCompareArgs(['main', 'candidates', '--x', 'y'], exists)).toEqual({
      ref: 'main',
      benchFile: 'bench/candidates.bench.ts',
      benchArgs: ['--x', 'y'],
      rounds: 3,
      keep: false,
    });
  });

  it('takes --rounds and --keep before the ref, and a bench by path', () => {
    expect(parseCompareArgs(['--rounds', '5', '--keep', 'HEAD~2', 'bench/load-client.ts'], exists)).toMatchObject({ ref: 'HEAD~2', benchFile: 'bench/load-client.ts', rounds: 5, keep: true });
    expect(parseCompareArgs(['--rounds=2', 'main', './bench/dry-run.bench.ts'], exists)).toMatchObject({ benchFile: 'bench/dry-run.bench.ts', rounds: 2 });
  });

  it('says what is wrong', () => {
    expect(() => parseCompareArgs([], exists)).toThrow(/^a git ref is missing\nusage:/);
    expect(() => parseCompareArgs(['main'], exists)).toThrow(/^a bench is missing\nusage:/);
    expect(() => parseCompareArgs(['main', 'nothing'], exists)).toThrow(/^no bench bench\/nothing\.bench\.ts in this tree\n/);
    expect(() => parseCompareArgs(['--rounds', '0', 'main', 'candidates'], exists)).toThrow(/^--rounds takes a whole number of 1 or more, not "0"\n/);
    expect(() => parseCompareArgs(['--rounds'], exists)).toThrow(/^--rounds takes a whole number of 1 or more, not nothing\n/);
    expect(() => parseCompareArgs(['--fast', 'main', 'candidates'], exists)).toThrow(/^unknown option --fast\n/);
  });
});

describe('bench:compare figures', () => {
  const run = (ms: number, rate: string, extra = ''): string => `World: 2,000 agents\n  coverage   12   ${ms} ms   ${rate}/s\n${extra}`;

  it('pairs lines by their text, whatever the padding, and gives the median, range and ratio of each figure that moves', () => {
    const { lines, unmatched } = compareOutputs([run(200, '1,000'), run(220, '900'), run(210, '950')], [run(100, '2,000'), run(90, '2,100'), run(110, '1,900')]);
    expect(unmatched).toBe(0);
    expect(lines).toEqual([
      {
        skeleton: '  coverage  #  # ms  #/s',
        figures: [
          { index: 1, base: { median: 210, min: 200, max: 220 }, head: { median: 100, min: 90, max: 110 }, ratio: 100 / 210 },
          { index: 2, base: { median: 950, min: 900, max: 1000 }, head: { median: 2000, min: 1900, max: 2100 }, ratio: 2000 / 950 },
        ],
      },
    ]);
    expect(formatComparison(lines, 'base', 'head').split('\n')).toEqual([
      '  coverage  #  {a} ms  {b}/s',
      '    a: base       210 (200-220)   head       100 (90.0-110)   head/base 0.48x',
      '    b: base       950 (900-1000)   head      2000 (1900-2100)   head/base 2.11x',
    ]);
  });

  it('leaves out a line some runs did not print, and counts it', () => {
    const { lines, unmatched } = compareOutputs([run(200, '1,000', 'only here: 5 s')], [run(100, '2,000')]);
    expect(unmatched).toBe(0);
    expect(lines).toHaveLength(1);
    expect(compareOutputs([run(200, '1,000')], [run(100, '2,000', 'only here: 5 s')]).unmatched).toBe(1);
  });

  it('pairs a line repeated under several headings with the same heading, even where a run left one out', () => {
    const scenario = (name: string, cpu: number | undefined): string => `  ${name}  1,000 req/s\n${cpu === undefined ? '    at 1,000/s: not run\n' : `    at 1,000/s: server ${cpu} ms\n`}`;
    const output = (a: number | undefined, b: number): string => scenario('accept', a) + scenario('claim', b);
    const { lines, unmatched } = compareOutputs([output(undefined, 0.4), output(0.5, 0.4)], [output(0.6, 0.3), output(0.6, 0.3)]);
    expect(unmatched).toBe(1);
    expect(lines).toEqual([
      {
        skeleton: '    at #/s: server # ms',
        figures: [{ index: 1, base: { median: 0.4, min: 0.4, max: 0.4 }, head: { median: 0.3, min: 0.3, max: 0.3 }, ratio: 0.3 / 0.4 }],
      },
    ]);
  });
});
