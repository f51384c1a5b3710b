import { createWriteStream, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatInstant, ShiftinatorError } from '../engine/index.ts';
import { countLogged, logFilterOf, logFilterWords, openLog, readLogRows, type LogFilter, type LoggedRow } from './decision-log.ts';
import { CHUNK_ROWS, decideInOrder, defaultJobs, DryRunPool } from './dry-run-pool.ts';
import { answerOf, invalidAnswer, loadSide, replayRow, replaySetsOf, sameAnswer, type Answer, type RowOutcome } from './dry-run-replay.ts';
import { DryRunReport, streamOutput, writeHtml, writeJson, writeText, type Output, type Source, type Where } from './dry-run-report.ts';
import { DEFAULT_RULES_DIR } from './load-rules.ts';
import { shownPath } from './paths.ts';
import { Progress } from './progress.ts';
import { scheduledRuleDirs } from './rules-scheduled.ts';
import type { VersionedRules } from './rule-version.ts';
import { DEFAULT_FIXTURES_DIR, findScenarioFiles, replayFile, type ReplayedFile } from './scenario-files.ts';

/**
 * `shiftinator dry-run --rules <candidate> [scenarios...]` and `--from-log`: every decision under
 * the current rules and under a candidate rule set, and what would change.
 */

export interface DryRunOptions {
  candidate?: string;
  current?: string;
  fromLog?: boolean;
  data?: string;
  since?: string;
  until?: string;
  action?: string[];
  json?: boolean;
  html?: string;
  failOnChange?: boolean;
  jobs?: number;
  /** Compare the set in force with the next scheduled one, both from the database (cli/rules-scheduled.ts). */
  scheduled?: boolean;
}

/**
 * Below this many logged decisions the default is one thread: starting the workers (each loads
 * the engine and both rule sets) costs about what they save (docs/performance.md).
 */
const MIN_ROWS_FOR_WORKERS = 5000;

function usage(message: string, where?: string): ShiftinatorError {
  return new ShiftinatorError('INPUT_INVALID', message, where);
}

/** A scenario's answer under one rule set; a file the rules cannot run gives its error as the answer. */
function scenarioAnswer(replayed: ReplayedFile): Answer {
  return replayed.result ? answerOf(replayed.result.decision) : invalidAnswer(replayed.error ?? 'not decided');
}

async function dryRunScenarios(report: DryRunReport, paths: string[], actions: ReadonlySet<string> | null): Promise<void> {
  const files = findScenarioFiles(paths);
  const progress = new Progress(files.length);
  for (const path of files) {
    const before = await replayFile(report.current.rules, path);
    progress.tick();
    if (actions && !(before.action !== undefined && actions.has(before.action))) continue;
    const after = await replayFile(report.candidate.rules, path);
    if (before.error !== undefined && after.error !== undefined) {
      report.invalidInput({ where: before.file, error: before.error });
      continue;
    }
    const action = before.action ?? after.action ?? '?';
    report.decided(action);
    report.compared({ where: before.file, action, actor: before.actor ?? null }, scenarioAnswer(before), scenarioAnswer(after));
  }
  progress.finish();
}

function loggedAnswer(row: LoggedRow): Answer {
  const answer: Answer = { outcome: row.outcome as Answer['outcome'], warnings: JSON.parse(row.warnings) as string[] };
  if (row.message !== null) answer.message = row.message;
  if (row.rule !== null) answer.rule = row.rule;
  return answer;
}

/** A logged decision's outcome into the report: invalid, not replayable, drifted, changed or not. */
function record(report: DryRunReport, row: LoggedRow, outcome: RowOutcome): void {
  const where: Where = { where: `#${row.id}`, decidedAt: formatInstant(row.decidedAt), action: row.action, actor: row.actor };
  report.decided(row.action);
  if (outcome.invalid !== undefined) {
    report.invalidInput({ where: where.where, error: outcome.invalid });
    return;
  }
  if (outcome.missing) report.unreplayable({ ...where, rules: outcome.missing.rules, missing: outcome.missing.needs, ...(outcome.current ? { current: outcome.current } : {}) });
  if (!outcome.current) return;
  const logged = loggedAnswer(row);
  if (!sameAnswer(logged, outcome.current)) report.drifted({ ...where, logged, current: outcome.current, loggedVersion: row.rulesHash });
  if (outcome.candidate) report.compared(where, outcome.current, outcome.candidate);
  else report.currentOnly(where, outcome.current);
}

/** Where the two rule sets were loaded from: the folders the workers load them from. */
interface RuleDirs {
  current: string;
  candidate: string;
}

/** How the log is decided: by how many threads, and how many rows there are. */
interface Deciders {
  jobs: number;
  total: number;
  dirs: RuleDirs;
}

/**
 * Every logged decision replayed and recorded in log order, as it is read: on this thread with one
 * job, else decided by a pool of `jobs` workers while this thread reads and records.
 */
async function replayLog(report: DryRunReport, rows: AsyncIterable<LoggedRow>, progress: Progress, { jobs, total, dirs }: Deciders): Promise<void> {
  if (jobs === 1) {
    const sets = replaySetsOf(report.current, report.candidate);
    for await (const row of rows) {
      record(report, row, await replayRow(sets, row));
      progress.tick();
    }
    return;
  }
  const pool = new DryRunPool(jobs, {
    current: { dir: dirs.current, version: report.current.version },
    candidate: { dir: dirs.candidate, version: report.candidate.version },
  });
  try {
    // Chunks small enough that a short log still reaches every worker.
    const chunkRows = Math.max(1, Math.min(CHUNK_ROWS, Math.floor(total / pool.capacity)));
    for await (const [row, outcome] of decideInOrder(pool, rows, chunkRows)) {
      record(report, row, outcome);
      progress.tick();
    }
  } finally {
    await pool.close();
  }
}

/** The threads that decide: --jobs, else two where there are two cores and the log is long enough to repay a worker's start. */
function jobsFor(options: DryRunOptions, total: number): number {
  if (options.jobs !== undefined) return options.jobs;
  return total < MIN_ROWS_FOR_WORKERS ? 1 : defaultJobs();
}

/** The options that only make sense with --from-log, or only without it. */
function checkCombination(paths: string[], options: DryRunOptions): void {
  if (options.fromLog && paths.length) throw usage(`--from-log replays the decision log: drop the scenario paths (${paths.join(', ')}), or drop --from-log`);
  if (!options.fromLog) {
    for (const [name, value] of [['--data', options.scheduled ? undefined : options.data], ['--since', options.since], ['--until', options.until], ['--jobs', options.jobs]] as const) {
      if (value !== undefined) throw usage(`only applies with --from-log`, name);
    }
  }
}

function candidateDir(options: DryRunOptions, cmd: Command): string {
  const global = cmd.optsWithGlobals<{ rules?: string }>().rules;
  if (options.candidate !== undefined && global !== undefined && resolve(options.candidate) !== resolve(global)) {
    throw usage(`--rules ${global} and --candidate ${options.candidate} name two rule sets: give the candidate once`);
  }
  const dir = options.candidate ?? global;
  if (dir === undefined) throw usage('dry-run needs the candidate rule set: --rules <dir> (a copy of rules/ with the change)');
  return dir;
}

/** The report on stdout (a table or JSON), the page when asked for, and the exit code. */
async function finish(report: DryRunReport, options: DryRunOptions): Promise<void> {
  await (options.json ? writeJson : writeText)(report, streamOutput(process.stdout));
  if (options.html !== undefined) await writeFile(options.html, (out) => writeHtml(report, out));
  // JSON owns stdout; the person still learns what was not valid.
  if (options.json) for await (const i of report.invalid.items()) console.error(`error: ${i.where}: ${i.error}`);
  process.exitCode = report.exitCode(options.failOnChange === true);
}

async function runScenarios(paths: string[], options: DryRunOptions, current: VersionedRules, candidate: VersionedRules): Promise<void> {
  const scenarioPaths = paths.length ? paths : [DEFAULT_FIXTURES_DIR];
  const report = new DryRunReport({ kind: 'scenarios', paths: scenarioPaths.map((p) => shownPath(p)) }, current, candidate);
  try {
    await dryRunScenarios(report, scenarioPaths, options.action?.length ? new Set(options.action) : null);
    await finish(report, options);
  } finally {
    report.dispose();
  }
}

async function runLog(options: DryRunOptions, filter: LogFilter, current: VersionedRules, candidate: VersionedRules, dirs: RuleDirs): Promise<void> {
  const log = await openLog(options.data);
  if (!log) return;
  try {
    const total = await countLogged(log.db, filter);
    if (total === 0) {
      console.error(`error: no logged decisions${logFilterWords(options)} in ${log.description}: nothing to replay`);
      process.exitCode = 2;
      return;
    }
    const source: Source = { kind: 'log', database: log.description };
    if (options.since !== undefined) source.since = options.since;
    if (options.until !== undefined) source.until = options.until;
    if (options.action?.length) source.actions = options.action;
    const report = new DryRunReport(source, current, candidate);
    try {
      const progress = new Progress(total);
      await replayLog(report, readLogRows(log.db, filter), progress, { jobs: jobsFor(options, total), total, dirs });
      progress.finish();
      await finish(report, options);
    } finally {
      report.dispose();
    }
  } finally {
    await log.close();
  }
}

export async function dryRunCommand(paths: string[], options: DryRunOptions, cmd: Command): Promise<void> {
  if (!options.scheduled) return dryRun(paths, options, cmd, null);
  const scheduled = await scheduledRuleDirs(options.data);
  if (!scheduled) return;
  try {
    console.error(`dry-run: ${scheduled.note}`);
    await dryRun(paths, options, cmd, { candidate: scheduled.candidate, current: scheduled.current });
  } finally {
    scheduled.remove();
  }
}

async function dryRun(paths: string[], options: DryRunOptions, cmd: Command, given: RuleDirs | null): Promise<void> {
  checkCombination(paths, options);
  // Cheap checks first: a date that does not parse fails before any rule set is loaded.
  const filter = options.fromLog ? logFilterOf(options) : null;
  const dirs: RuleDirs = given ?? { candidate: resolve(candidateDir(options, cmd)), current: resolve(options.current ?? DEFAULT_RULES_DIR) };
  const candidate = loadSide('candidate', dirs.candidate);
  const current = loadSide('current', dirs.current);
  for (const action of options.action ?? []) {
    if (!current.rules.files.some((f) => f.action === action) && !candidate.rules.files.some((f) => f.action === action)) {
      throw usage(`no rule file of either rule set is for action "${action}"`, '--action');
    }
  }
  // Written to first: a page that cannot be written fails now, not after the whole run.
  if (options.html !== undefined) writeFileSync(options.html, '');
  if (filter) await runLog(options, filter, current, candidate, dirs);
  else await runScenarios(paths, options, current, candidate);
}

async function writeFile(path: string, write: (out: Output) => Promise<void>): Promise<void> {
  const stream = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  // Raced below; an error after the last race has nothing left to fail.
  failed.catch(() => undefined);
  await Promise.race([write(streamOutput(stream)), failed]);
  await Promise.race([new Promise<void>((done) => stream.end(done)), failed]);
}
