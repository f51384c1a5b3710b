/**
 * The arguments and the arithmetic of `npm run bench:compare` (bench/compare.ts): which bench to
 * run how, and how the figures of its printed output are paired up between two trees. Kept apart
 * from the script so that tests can run them without a git worktree.
 */

export interface CompareArgs {
  ref: string;
  /** The bench's file, relative to the repository: `bench/<name>.bench.ts`. */
  benchFile: string;
  /** Passed to the bench after its file. */
  benchArgs: string[];
  rounds: number;
  /** Leave the ref's worktree in place afterwards (its path is printed). */
  keep: boolean;
}

export const USAGE =
  'usage: npm run bench:compare -- [--rounds N] [--keep] <git-ref> <bench> [bench args...]\n' +
  '  <bench>: a name (candidates, dry-run, server, ...: bench/<name>.bench.ts) or a path under bench/';

const DEFAULT_ROUNDS = 3;

/** Options come before the ref; everything after the bench's name is the bench's own. */
export function parseCompareArgs(argv: readonly string[], benchExists: (file: string) => boolean): CompareArgs {
  let rounds = DEFAULT_ROUNDS;
  let keep = false;
  let i = 0;
  for (; i < argv.length && argv[i]?.startsWith('--'); i++) {
    const arg = argv[i] as string;
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    if (name === '--keep' && inline === undefined) keep = true;
    else if (name === '--rounds') {
      const text = inline ?? argv[++i];
      const n = Number(text);
      if (text === undefined || !Number.isInteger(n) || n < 1) throw new Error(`--rounds takes a whole number of 1 or more, not ${text === undefined ? 'nothing' : JSON.stringify(text)}\n${USAGE}`);
      rounds = n;
    } else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  const ref = argv[i];
  const bench = argv[i + 1];
  if (ref === undefined || bench === undefined) throw new Error(`${ref === undefined ? 'a git ref' : 'a bench'} is missing\n${USAGE}`);
  const benchFile = benchPath(bench);
  if (!benchExists(benchFile)) throw new Error(`no bench ${benchFile} in this tree\n${USAGE}`);
  return { ref, benchFile, benchArgs: argv.slice(i + 2), rounds, keep };
}

function benchPath(bench: string): string {
  if (bench.includes('/')) return bench.replace(/^\.\//, '');
  return bench.endsWith('.ts') || bench.endsWith('.mjs') ? `bench/${bench}` : `bench/${bench}.bench.ts`;
}

/** 1,234.5 or 42 or 0.33: thousands separated by commas, as the benches print them. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

/** One printed line's figures: the line with each number replaced by `#`, and the numbers in order. */
interface LineFigures {
  /**
   * The skeleton, under its heading (the nearest line before it indented less), with the pair's
   * occurrence number: a line repeated under several headings (the server bench's "at 1,000/s"
   * under each scenario) pairs with the same heading's in the other runs, even when a run left
   * one heading's line out.
   */
  key: string;
  skeleton: string;
  values: number[];
}

function lineFigures(output: string): LineFigures[] {
  const seen = new Map<string, number>();
  const lines: LineFigures[] = [];
  const headings: { indent: number; skeleton: string }[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    // Columns padded to the number's width would otherwise make the same line two.
    const skeleton = line.replace(NUMBER, '#').trimEnd().replace(/(\S) {2,}/g, '$1  ');
    const indent = line.length - line.trimStart().length;
    while (headings.length > 0 && (headings.at(-1)?.indent ?? 0) >= indent) headings.pop();
    const heading = headings.at(-1)?.skeleton ?? '';
    headings.push({ indent, skeleton });
    const values = [...line.matchAll(NUMBER)].map((m) => Number(m[0].replaceAll(',', '')));
    if (values.length === 0) continue;
    const pair = `${heading}\u0000${skeleton}`;
    const n = (seen.get(pair) ?? 0) + 1;
    seen.set(pair, n);
    lines.push({ key: `${pair}\u0000${n}`, skeleton, values });
  }
  return lines;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ComparedFigure {
  /** Which number of the line, from 0. */
  index: number;
  base: Spread;
  head: Spread;
  /** head median / base median (NaN when the base's is 0). */
  ratio: number;
}

export interface ComparedLine {
  skeleton: string;
  figures: ComparedFigure[];
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

/**
 * Pairs every printed line that each run of both trees printed with as many numbers (its text
 * aside from the numbers being the same) and gives, for each number that is not the same in every
 * run, its median and range on each side. Lines printed by only some runs are counted, not shown.
 */
export function compareOutputs(base: readonly string[], head: readonly string[]): { lines: ComparedLine[]; unmatched: number } {
  const runs = [...base, ...head].map((output) => new Map(lineFigures(output).map((l) => [l.key, l])));
  const order = lineFigures(head[0] ?? '');
  const lines: ComparedLine[] = [];
  let unmatched = 0;
  for (const { key, skeleton, values } of order) {
    const found = runs.map((r) => r.get(key));
    if (found.some((l) => l === undefined || l.values.length !== values.length)) {
      unmatched++;
      continue;
    }
    const figures: ComparedFigure[] = [];
    for (let index = 0; index < values.length; index++) {
      const all = found.map((l) => (l as LineFigures).values[index] as number);
      if (all.every((v) => v === all[0])) continue;
      const b = spread(all.slice(0, base.length));
      const h = spread(all.slice(base.length));
      figures.push({ index, base: b, head: h, ratio: b.median === 0 ? Number.NaN : h.median / b.median });
    }
    if (figures.length > 0) lines.push({ skeleton, figures });
  }
  return { lines, unmatched };
}

function num(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** The line's text with its varying numbers lettered (a, b, ...), then one row per letter. */
export function formatComparison(lines: readonly ComparedLine[], baseName: string, headName: string): string {
  const out: string[] = [];
  const width = Math.max(baseName.length, headName.length);
  for (const { skeleton, figures } of lines) {
    const letters = new Map(figures.map((f, i) => [f.index, String.fromCharCode(97 + (i % 26))]));
    let n = 0;
    out.push(skeleton.replace(/#/g, () => (letters.has(n) ? `{${letters.get(n++)}}` : (n++, '#'))));
    for (const f of figures) {
      const side = (name: string, s: Spread): string => `${name.padEnd(width)} ${num(s.median).padStart(9)} (${num(s.min)}-${num(s.max)})`;
      const ratio = Number.isNaN(f.ratio) ? '-' : `${f.ratio.toFixed(2)}x`;
      out.push(`    ${letters.get(f.index)}: ${side(baseName, f.base)}   ${side(headName, f.head)}   ${headName}/${baseName} ${ratio}`);
    }
  }
  return out.join('\n');
}
