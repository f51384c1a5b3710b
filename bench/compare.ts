import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareOutputs, formatComparison, parseCompareArgs, USAGE } from './compare-figures.ts';

/**
 * `npm run bench:compare -- <git-ref> <bench> [args]`: one bench run against a git ref and this
 * tree (uncommitted changes included) in turns, so that both meet the same load. The ref is
 * checked out in a temporary git worktree that borrows this tree's node_modules (a symlink),
 * which is only the ref's own when package-lock.json is the same in both: checked first.
 * Rounds alternate the order (ref first, then this tree first, ...). Prints the one-minute load
 * average before each run and, for every figure the bench printed, its median and range on
 * each side and the ratio.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

interface Run {
  output: string;
  seconds: number;
  load: number;
}

function runBench(cwd: string, file: string, args: string[]): Promise<Run> {
  const load = loadavg()[0] ?? 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    child.stderr.on('data', (b: Buffer) => errors.push(b));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString('utf8');
      if (code === 0) resolve({ output: `${output}\nwhole run: ${seconds.toFixed(1)} s\n`, seconds, load });
      else reject(new Error(`${file} in ${cwd} ended with ${signal ?? `exit code ${code}`}:\n${Buffer.concat(errors).toString('utf8').slice(-2000)}`));
    });
  });
}

/** The ref's tree in a temporary worktree, with this tree's node_modules; refused when the lock files differ. */
function checkOut(sha: string, ref: string, benchFile: string): string {
  const lock = readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
  if (git(['show', `${sha}:package-lock.json`]) !== lock.trim()) {
    throw new Error(`package-lock.json differs between ${ref} and this tree: the ref would run on this tree's node_modules, not its own. Compare against a ref with the same lock file (or install the ref's in a clone of its own).`);
  }
  try {
    git(['cat-file', '-e', `${sha}:${benchFile}`]);
  } catch {
    throw new Error(`${ref} has no ${benchFile}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'shiftinator-compare-'));
  git(['worktree', 'add', '--detach', '--quiet', dir, sha]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function removeWorktree(dir: string): void {
  try {
    git(['worktree', 'remove', '--force', dir]);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
  }
}

function resolveRef(ref: string): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`${ref} is not a commit of this repository`);
  }
}

async function main(): Promise<void> {
  const args = parseCompareArgs(process.argv.slice(2), (file) => existsSync(join(ROOT, file)));
  const sha = resolveRef(args.ref);
  const head = `this tree (${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain', '--untracked-files=no']) ? ' + uncommitted changes' : ''})`;
  const base = `${args.ref} (${sha.slice(0, 7)})`;
  const dir = checkOut(sha, args.ref, args.benchFile);
  console.log(`package-lock.json is the same in ${args.ref} and this tree: ${dir} uses this tree's node_modules`);
  const cleanUp = (): void => {
    if (args.keep) console.log(`kept ${dir} (remove with: git worktree remove --force ${dir})`);
    else removeWorktree(dir);
  };
  const onSignal = (): void => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const logs = mkdtempSync(join(tmpdir(), 'shiftinator-compare-logs-'));
  const runs: Record<'base' | 'head', Run[]> = { base: [], head: [] };
  try {
    for (let round = 1; round <= args.rounds; round++) {
      const order = round % 2 === 1 ? (['base', 'head'] as const) : (['head', 'base'] as const);
      for (const side of order) {
        const run = await runBench(side === 'base' ? dir : ROOT, args.benchFile, args.benchArgs);
        writeFileSync(join(logs, `${side}-${round}.log`), run.output);
        runs[side].push(run);
        console.log(`round ${round}/${args.rounds}  ${(side === 'base' ? base : 'this tree').padEnd(base.length)}  load ${run.load.toFixed(2)} before  ${run.seconds.toFixed(1)} s`);
      }
    }
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    cleanUp();
  }
  const loads = [...runs.base, ...runs.head].map((r) => r.load);
  console.log(`\n${args.benchFile} ${args.benchArgs.join(' ')}: base = ${base}, head = ${head}; ${args.rounds} runs each, alternating`);
  console.log(`load average (1 min) before the runs: ${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}; each run's output in ${logs}`);
  const { lines, unmatched } = compareOutputs(
    runs.base.map((r) => r.output),
    runs.head.map((r) => r.output),
  );
  console.log(`figures that differ between runs: median (min-max)${unmatched > 0 ? `; ${unmatched} printed lines not in every run are left out` : ''}\n`);
  console.log(formatComparison(lines, 'base', 'head'));
}

if (import.meta.main) {
  try {
    await main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    if (!(e instanceof Error) || !e.message.includes('usage:')) console.error(`\n${USAGE}`);
    process.exitCode = 1;
  }
}
