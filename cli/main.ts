import { writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { isShiftinatorError, loadRuleSet, type RuleSet } from '../engine/index.ts';
import { answerText, factsText, traceText } from './explain.ts';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSource, ruleFilePaths } from './load-rules.ts';
import { coverageJson, coverageLines, coverageOf, coverageSummary, parseThreshold } from './coverage.ts';
import { collectActions, parseJobs, parsePort } from './options.ts';
import { Progress } from './progress.ts';
import { loadVersionedRules, rulesJson, rulesLine, type VersionedRules } from './rule-version.ts';
import { rulesListing } from '../engine/rules-listing.ts';
import { rulesDiffCommand } from './rules-diff.ts';
import { jsonReport, junitReport, REPORTERS, textReport, type ReporterName } from './reporters.ts';
import { DEFAULT_FIXTURES_DIR, exitCodeOf, findScenarioFiles, replayFile, summarize, type ReplayedFile } from './scenario-files.ts';
import { parseServeWorkers } from './serve-workers.ts';

/** Exit codes: scenarios differ (or lint fails), and unusable input (a bad file, folder or rule set). */
const EXIT_FAILED = 1;
const EXIT_INVALID = 2;

interface GlobalOptions {
  rules?: string;
}

function rulesOf(cmd: Command): RuleSet {
  return loadRulesDir(cmd.optsWithGlobals<GlobalOptions>().rules ?? DEFAULT_RULES_DIR);
}

/**
 * A command whose module is imported when the command runs: listing rules or replaying files
 * does not load the server, the ORM, the database drivers or worker threads.
 */
function lazy<A extends unknown[]>(load: () => Promise<(...args: A) => unknown>): (...args: A) => Promise<void> {
  return async (...args) => {
    await (await load())(...args);
  };
}

function out(text: string): void {
  process.stdout.write(text);
}

/** The rules folder (--rules or the project's) with its version, for the commands whose reports name it. */
function versionedRulesOf(cmd: Command): VersionedRules {
  return loadVersionedRules(cmd.optsWithGlobals<GlobalOptions>().rules ?? DEFAULT_RULES_DIR);
}

interface ReplayOptions {
  json?: boolean;
  reporter: ReporterName;
  output?: string;
  coverage?: boolean;
  threshold?: number;
}

async function replay(paths: string[], options: ReplayOptions, cmd: Command): Promise<void> {
  const reporter = options.json ? 'json' : options.reporter;
  const versioned = versionedRulesOf(cmd);
  const { rules } = versioned;
  const started = Date.now();
  const files = findScenarioFiles(paths.length > 0 ? paths : [DEFAULT_FIXTURES_DIR]);
  const progress = new Progress(files.length);
  const replayed: ReplayedFile[] = [];
  // One after another: each action's engine queues its runs anyway, and the order stays the files'.
  for (const file of files) {
    replayed.push(await replayFile(rules, file));
    progress.tick();
  }
  progress.finish();
  const summary = summarize(replayed);
  // --threshold alone asks for coverage too: a threshold on nothing measured would mean nothing.
  const coverage = options.coverage || options.threshold !== undefined ? coverageOf(rules, replayed, options.threshold ?? null) : null;
  const text = (): string => textReport(replayed, summary, { head: [rulesLine(versioned)], tail: coverage ? coverageLines(coverage) : [] });
  const report =
    reporter === 'json'
      ? jsonReport(replayed, summary, { rules: rulesJson(versioned), ...(coverage ? { coverage: coverageJson(coverage) } : {}) })
      : reporter === 'junit'
        ? junitReport(replayed, summary, (Date.now() - started) / 1000, { rules: versioned.dir, rulesVersion: versioned.version })
        : text();
  if (options.output) {
    writeFileSync(options.output, report);
    if (reporter !== 'text') out(text());
  } else {
    out(report);
    // A machine report owns stdout; the person still learns which files are broken.
    if (reporter !== 'text') for (const f of replayed) if (f.error !== undefined) console.error(`error: ${f.error}`);
  }
  process.exitCode = exitCodeOf(summary);
  if (coverage && !coverage.met) {
    if (reporter !== 'text' || options.output) console.error(`error: ${coverageSummary(coverage)}`);
    process.exitCode = Math.max(process.exitCode, EXIT_FAILED);
  }
}

async function check(path: string, options: { explain?: boolean }, cmd: Command): Promise<void> {
  const versioned = versionedRulesOf(cmd);
  const { rules } = versioned;
  const replayed = await replayFile(rules, path, { trace: options.explain === true });
  const { result } = replayed;
  if (replayed.error !== undefined || !result) {
    console.error(`error: ${replayed.error}`);
    process.exitCode = EXIT_INVALID;
    return;
  }
  const lines = [rulesLine(versioned), `${replayed.file}: ${result.name}`];
  if (options.explain && result.decision.trace) {
    const file = rules.files.find((f) => f.action === replayed.action);
    if (file) {
      lines.push(...traceText(file, result.decision.trace));
      if (result.decision.facts) lines.push(...factsText(file, result.decision.facts));
    }
  }
  lines.push('answer:', ...answerText(result).map((l) => `  ${l}`));
  lines.push(result.passed ? 'PASS' : 'FAIL', ...result.differences.map((d) => `  - ${d}`));
  out(lines.join('\n') + '\n');
  process.exitCode = result.passed ? 0 : EXIT_FAILED;
}

function listRules(cmd: Command): void {
  const lines: string[] = [];
  for (const file of rulesListing(rulesOf(cmd))) {
    lines.push(`${file.action} (${file.file})`);
    const width = Math.max(...file.checks.map((r) => r.id.length));
    file.checks.forEach((r, i) => {
      lines.push(`  ${String(i + 1).padStart(2)}. ${r.id.padEnd(width)}  ${r.outcome.padEnd(7)}  ${r.message}${r.shared ? `  (shared: ${r.shared})` : ''}`);
    });
  }
  out(lines.join('\n') + '\n');
}

/**
 * What makes a set unreadable as a whole rather than a rule wrong: a shared check or fact that
 * does not exist, an argument it does not take, uses that go round in a cycle, a file nested too
 * deep to walk. `rules lint` exits 2 for these, as for a folder it cannot read.
 */
const STRUCTURE_ERRORS: ReadonlySet<string> = new Set(['RULES_UNKNOWN_NAME', 'RULES_UNKNOWN_ARGUMENT', 'RULES_CYCLE', 'RULES_TOO_DEEP']);

function lintRules(dir: string | undefined, cmd: Command): void {
  // A folder that cannot be read is a usage error (exit 2); its files failing the lint exit 1.
  const paths = ruleFilePaths(dir ?? cmd.optsWithGlobals<GlobalOptions>().rules ?? DEFAULT_RULES_DIR);
  try {
    const rules = loadRuleSet(paths.map(readRuleSource));
    const count = rules.files.reduce((n, f) => n + f.rules.length, 0);
    out(`OK: ${rules.files.length} rule files, ${count} rules\n`);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    console.error(`error: ${e.message}`);
    process.exitCode = STRUCTURE_ERRORS.has(e.code) ? EXIT_INVALID : EXIT_FAILED;
  }
}

/** The replay and check commands: scenario files through the rules. */
function addScenarioCommands(program: Command): void {
  program
    .command('replay')
    .description('replay scenario files and folders (every *.json under a folder); with no paths, the project\'s fixtures/')
    .argument('[paths...]', 'scenario files or folders')
    .addOption(new Option('--json', 'print a machine-readable report (same as --reporter json)').conflicts('reporter'))
    .addOption(new Option('--reporter <name>', 'report format').choices(REPORTERS).default('text'))
    .option('--output <file>', 'write the report to this file; with --json or --reporter junit the text table still goes to stdout')
    .option('--coverage', 'also report which rules decided at least one scenario, which never did, and the files behind each')
    .option('--threshold <percent>', 'with coverage: exit 1 when under this share of the rules decided (implies --coverage)', parseThreshold)
    .action(replay);

  program
    .command('check')
    .description('run one scenario and show the answer; --explain shows every evaluated rule')
    .argument('<scenario>', 'a scenario file')
    .option('--explain', 'print the trace of every evaluated rule with the fact values it saw')
    .action(check);
}

/** The rules commands: list, lint, diff, and history, show, publish and rollback. */
function addRulesCommands(program: Command): void {
  const rules = program.command('rules').description('list, lint or compare rule folders, or list the rule sets the server has run');
  rules
    .command('list')
    .description('every action with its rules in order: id, outcome, message')
    .action((_options: unknown, cmd: Command) => listRules(cmd));
  rules
    .command('lint')
    .description('load and lint a rules folder (default: the project\'s rules/, or --rules)')
    .argument('[dir]', 'a rules folder')
    .action((dir: string | undefined, _options: unknown, cmd: Command) => lintRules(dir, cmd));
  rules
    .command('diff')
    .description('what changed from rules folder <a> to <b>, rule by rule: rules added, removed or reordered, conditions\' values, messages, outcomes, role lists, facts and inputs; exit 0 the same, 1 different')
    .argument('<a>', 'the rules folder before (say, rules)')
    .argument('<b>', 'the rules folder after (say, a candidate copy)')
    .option('--json', 'print the changes as JSON')
    .action(rulesDiffCommand);
  rules
    .command('history')
    .description('every switch of the live rule set, oldest first: when (Eastern), version, how (start, folder edit, publish, rollback, schedule), where (host and process) and the changes from the set before in the words of `rules diff`; then the set live now')
    .option('--at <when>', 'instead: the set in force at this instant, "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601, and how it got there')
    .option('--data <dir>', 'PGlite data folder (default: DATA_DIR or ./data); DATABASE_URL wins')
    .option('--json', 'print the history as JSON')
    .action(lazy(async () => (await import('./rules-history.ts')).rulesHistoryCommand));
  rules
    .command('show')
    .description('the files of a rule set the server has run, by its version (a logged decision\'s rulesVersion, or the 12 digits of any report): printed, or written out as a rules folder')
    .argument('<version>', 'the version, or at least its first 6 hex digits')
    .option('--out <dir>', 'write the files into this new or empty folder (`rules diff`, `replay --rules` and `dry-run` take it)')
    .option('--data <dir>', 'PGlite data folder (default: DATA_DIR or ./data); DATABASE_URL wins')
    .action(lazy(async () => (await import('./rules-history.ts')).rulesShowCommand));
  rules
    .command('publish')
    .description('lint a rules folder, replay the fixtures under it, store it in the database and make it live in every server process on every host (PostgreSQL) within a second; --at schedules it')
    .argument('<dir>', 'the rules folder to publish')
    .requiredOption('--reason <text>', 'why: kept with the switch in `rules history`')
    .option('--at <when>', 'go live at this instant instead, "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset')
    .option('--force <why>', 'publish even though some fixtures fail, saying why')
    .option('--fixtures <dir>', 'the scenarios to replay (default: the project\'s fixtures/)')
    .option('--data <dir>', 'PGlite data folder, with its server stopped (default: DATA_DIR or ./data); DATABASE_URL wins')
    .action(lazy(async () => (await import('./rules-publish.ts')).rulesPublishCommand));
  rules
    .command('rollback')
    .description('make an earlier rule set live again in every server process, the way publish does; given a scheduled set, cancel it')
    .argument('<version>', 'the version (`rules history`), or at least its first 6 hex digits')
    .option('--reason <text>', 'why: kept with the switch in `rules history`')
    .option('--data <dir>', 'PGlite data folder, with its server stopped (default: DATA_DIR or ./data); DATABASE_URL wins')
    .action(lazy(async () => (await import('./rules-publish.ts')).rulesRollbackCommand));
}

/** The serve and dry-run commands: the server, and a candidate rule set against the current one. */
function addServerCommands(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP server: the API (and the web UI once built) on PGlite in --data, or on PostgreSQL when DATABASE_URL is set')
    .option('--port <n>', 'port to listen on, 0 for any free one (default: PORT or 3000)', parsePort)
    .option('--host <address>', 'address to listen on (default: HOST or 127.0.0.1; 0.0.0.0 for every interface)')
    .option('--data <dir>', 'PGlite data folder, created on first start (default: DATA_DIR or ./data)')
    .option('--workers <n>', 'server processes sharing the port, PostgreSQL only (default: 1)', parseServeWorkers)
    .addOption(new Option('--rule-source <source>', 'which rules decide: the --rules folder, watched (folder), the sets `rules publish` stores (published), or published once one has been (auto; the default)').choices(['folder', 'published', 'auto']))
    .option('--trust-proxy', 'behind a reverse proxy: the client is X-Forwarded-For\'s last address, and X-Forwarded-Proto: https makes the session cookie Secure (default: TRUST_PROXY, else off)')
    .action(lazy(async () => (await import('./serve.ts')).serveCommand));

  program
    .command('dry-run')
    .description(
      'decide every scenario (or, with --from-log, every logged decision) under the current rules and under a candidate rule set (--rules <dir>), and report each decision that changes',
    )
    .argument('[paths...]', 'scenario files or folders (default: the project\'s fixtures/)')
    .option('--candidate <dir>', 'the candidate rules folder (the same as --rules <dir>)')
    .option('--current <dir>', 'the rules to compare with (default: the project\'s rules/)')
    .option('--from-log', 'replay the server\'s decision log (DATABASE_URL, or the PGlite folder of --data) instead of scenario files')
    .option('--scheduled', 'compare the set in force with the next scheduled one (`rules publish --at`), both read from the server\'s database, instead of --current and --rules')
    .option('--data <dir>', 'with --from-log: PGlite data folder (default: DATA_DIR or ./data); DATABASE_URL wins')
    .option('--since <when>', 'with --from-log: decided at or after this: YYYY-MM-DD (from its start), "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601')
    .option('--until <when>', 'with --from-log: decided before this: a date means up to its end')
    .option('--action <names>', 'only these actions (repeat it, or separate with commas)', collectActions)
    .option('--json', 'print the report as JSON')
    .option('--html <file>', 'also write the report as a self-contained web page')
    .option('--fail-on-change', 'exit 1 when a decision changes or cannot be replayed (for CI)')
    .option('--jobs <n>', 'with --from-log: threads deciding the logged decisions: 1 is the main thread alone, N > 1 starts N worker threads while the main one reads the log (default: 2 where there are 2 cores or more, 1 for under 5,000 decisions)', parseJobs)
    .action(lazy(async () => (await import('./dry-run.ts')).dryRunCommand));
}

/** The log and db commands: the server's database. */
function addDatabaseCommands(program: Command): void {
  const log = program.command('log').description('the server\'s decision log');
  log
    .command('export')
    .description('write logged decisions as scenario files (<dir>/<action>/<date>-<id>.json) that replay gives the logged answers')
    .argument('<dir>', 'folder to write into (made when missing; files of the same name are overwritten)')
    .option('--since <when>', 'decided at or after this: YYYY-MM-DD (from its start), "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601')
    .option('--until <when>', 'decided before this: a date means up to its end')
    .option('--action <names>', 'only these actions (repeat it, or separate with commas)', collectActions)
    .option('--data <dir>', 'PGlite data folder (default: DATA_DIR or ./data); DATABASE_URL wins')
    .option('--json', 'print what was written as JSON')
    .action(lazy(async () => (await import('./log-export.ts')).logExportCommand));

  const db = program.command('db').description('manage the database');
  db.command('seed')
    .description('empty the database and load the demo: agents of every type with accounts, two months of shifts, postings, offers, open shifts')
    .option('--data <dir>', 'PGlite data folder (default: DATA_DIR or ./data); DATABASE_URL wins')
    .option('--json', 'print the summary and the demo logins as JSON')
    .option('--now <time>', 'build the demo around this moment instead of now: "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset')
    .action(lazy(async () => (await import('./db.ts')).seedCommand));
}

export function buildProgram(): Command {
  const program = new Command('shiftinator')
    .description('Replay scenario files through the Shiftinator rules, explain a decision, check rule files, run the server and load the demo.')
    .option('--rules <dir>', 'use this rules folder instead of the project\'s rules/')
    .showHelpAfterError()
    // Usage errors throw, so that main() gives them the exit code of unusable input.
    .exitOverride();

  addScenarioCommands(program);
  addRulesCommands(program);
  addServerCommands(program);
  addDatabaseCommands(program);
  return program;
}

/** Runs the CLI; sets process.exitCode rather than exiting, so that piped output is not cut short. */
export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`| head`) is not an error of ours.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  try {
    await buildProgram().parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has printed its message already (help ends with code 0).
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_INVALID;
    } else if (isShiftinatorError(e) || (e instanceof Error && 'syscall' in e)) {
      // Ours, or the system's (say, --output into a missing folder): the message says it all.
      console.error(`error: ${e.message}`);
      process.exitCode = EXIT_INVALID;
    } else {
      throw e;
    }
  }
}
