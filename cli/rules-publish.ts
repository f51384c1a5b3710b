import { isShiftinatorError, loadRuleSet, parseInstant, ShiftinatorError } from '../engine/index.ts';
import type { Database } from '../server/db/database.ts';
import { lockDataDir } from '../server/main.ts';
import { cancelScheduled, inForceAt, isPublished, recordSwitch, ruleSwitches, storedRuleSets, type RuleSwitch } from '../server/rule-history.ts';
import { chooseDatabase, openHeldDatabase } from './db.ts';
import { shownPath } from './paths.ts';
import { loadVersionedRules, shortVersion, type VersionedRules } from './rule-version.ts';
import { easternText } from './rules-history.ts';
import { DEFAULT_FIXTURES_DIR, findScenarioFiles, replayFile, summarize } from './scenario-files.ts';

/** Exit codes: the set is refused (lint or fixtures), and unusable input (a bad option, folder or database). */
const EXIT_REFUSED = 1;
const EXIT_INVALID = 2;

export interface PublishOptions {
  reason: string;
  force?: string;
  at?: string;
  fixtures?: string;
  data?: string;
}

export interface RollbackOptions {
  reason?: string;
  data?: string;
}

function fail(message: string, code: number): void {
  console.error(`error: ${message}`);
  process.exitCode = code;
}

/** `--at`: "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset, in the future. */
function scheduledAt(text: string): Date {
  let at: Date;
  try {
    at = new Date(parseInstant(text.trim()) * 60_000);
  } catch {
    throw new ShiftinatorError('INPUT_INVALID', `"${text}" is not a date and time: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`, '--at');
  }
  if (at.getTime() <= Date.now()) throw new ShiftinatorError('INPUT_INVALID', `${text} is not in the future: publish without --at to make a set live now`, '--at');
  return at;
}

/**
 * Opens the database the servers share for a write. On PGlite the one server holds its folder
 * for as long as it runs, and nothing else may open it: publishing there is refused while it runs
 * (the server starts on the published set once it is started again).
 */
async function openShared(data: string | undefined): Promise<{ db: Database; description: string; pglite: boolean; close: () => Promise<void> } | null> {
  const choice = chooseDatabase(data);
  if (choice.dataIgnored) console.error('note: DATABASE_URL is set, so --data is ignored');
  let release = (): void => undefined;
  if (choice.dataDir) {
    try {
      release = lockDataDir(choice.dataDir, 'rules publish');
    } catch (e) {
      const busy = (e as { code?: string }).code === 'DATA_DIR_BUSY';
      fail(busy ? `${(e as Error).message}. On PGlite the server holds its database: publish on PostgreSQL (every server takes the set up at once), or copy the files into the folder the server watches (docs/rules.md)` : (e as Error).message, EXIT_INVALID);
      return null;
    }
  }
  const held = await openHeldDatabase(choice, release);
  return held && { ...held, pglite: !choice.url };
}

/** Replays the fixtures under the set; the failing files' lines, none when all pass. */
async function fixtureFailures(set: VersionedRules, fixtures: string): Promise<{ total: number; failures: string[] }> {
  const files = findScenarioFiles([fixtures]);
  const replayed = [];
  for (const file of files) replayed.push(await replayFile(set.rules, file));
  const summary = summarize(replayed);
  const failures = replayed.filter((f) => f.error !== undefined || !f.result?.passed).map((f) => f.error ?? `${f.file}: ${f.result?.differences[0] ?? 'differs'}`);
  return { total: summary.total, failures };
}

/** The published set in force now, if any. */
function publishedNow(switches: readonly RuleSwitch[]): RuleSwitch | null {
  return inForceAt(
    switches.filter((s) => isPublished(s.how)),
    new Date(),
  );
}

/** `shiftinator rules publish <dir>`: lint, replay the fixtures, store and make live (or schedule) in every server. */
export async function rulesPublishCommand(dir: string, options: PublishOptions): Promise<void> {
  if (!options.reason.trim()) return fail('--reason must say why the set is published', EXIT_INVALID);
  if (options.force !== undefined && !options.force.trim()) return fail('--force must say why the fixtures may fail', EXIT_INVALID);
  const at = options.at === undefined ? undefined : scheduledAt(options.at);
  let set: VersionedRules;
  try {
    set = loadVersionedRules(dir);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    return fail(`refused: ${e.message}`, EXIT_REFUSED);
  }
  const { total, failures } = await fixtureFailures(set, options.fixtures ?? DEFAULT_FIXTURES_DIR);
  const fixtures = shownPath(options.fixtures ?? DEFAULT_FIXTURES_DIR);
  if (failures.length && options.force === undefined) {
    console.error([`error: refused: ${failures.length} of ${total} scenarios in ${fixtures} fail under ${set.dir} (version ${shortVersion(set.version)}):`, ...failures.slice(0, 10).map((f) => `  ${f}`), ...(failures.length > 10 ? [`  ... and ${failures.length - 10} more`] : []), 'Update them with the change, or publish anyway with --force "<why>".'].join('\n'));
    process.exitCode = EXIT_REFUSED;
    return;
  }
  const reason = failures.length ? `${options.reason.trim()} (forced with ${failures.length} of ${total} scenarios failing: ${options.force?.trim()})` : options.reason.trim();
  const opened = await openShared(options.data);
  if (!opened) return;
  try {
    const switches = await ruleSwitches(opened.db);
    if (!at && publishedNow(switches)?.hash === set.version && !switches.some((s) => s.how === 'schedule' && !s.cancelledAt && s.liveAt > new Date())) {
      process.stdout.write(`Version ${shortVersion(set.version)} is already the published set in force: nothing to do.\n`);
      return;
    }
    await recordSwitch(opened.db, { hash: set.version, files: set.sources, how: at ? 'schedule' : 'publish', reason, ...(at ? { at } : {}) });
    const who = opened.pglite ? 'the server takes it up when it starts' : 'every server on this database takes it up within a second';
    const what = `version ${shortVersion(set.version)} (${set.rules.files.length} rule files from ${set.dir}; ${total - failures.length} of ${total} scenarios pass)`;
    const then = opened.pglite ? 'the server takes it up then if it is running, or when it starts' : 'every server on this database takes it up at that instant';
    process.stdout.write(at ? `Scheduled ${what} to go live at ${easternText(at)} (Eastern): ${then}.\n` : `Published ${what}: ${who}.\n`);
  } finally {
    await opened.close();
  }
}

/** `shiftinator rules rollback <version>`: an earlier set live again everywhere, or a scheduled set cancelled. */
export async function rulesRollbackCommand(version: string, options: RollbackOptions): Promise<void> {
  if (!/^[0-9a-f]{6,64}$/i.test(version)) return fail(`"${version}" is not a rule set version: give at least its first 6 hex digits`, EXIT_INVALID);
  const opened = await openShared(options.data);
  if (!opened) return;
  try {
    const sets = await storedRuleSets(opened.db, version);
    const set = sets[0];
    if (!set || sets.length > 1) return fail(set ? `${sets.length} stored rule sets start with ${version}: give more digits` : `no stored rule set has version ${version} (\`rules history\` lists them)`, EXIT_INVALID);
    const now = new Date();
    const scheduled = (await ruleSwitches(opened.db)).filter((s) => s.how === 'schedule' && !s.cancelledAt && s.liveAt > now && s.hash === set.hash);
    if (scheduled.length) {
      for (const s of scheduled) await cancelScheduled(opened.db, s.id, options.reason ?? null);
      process.stdout.write(scheduled.map((s) => `Cancelled version ${shortVersion(s.hash)}, scheduled for ${easternText(s.liveAt)} (Eastern): it will not go live.\n`).join(''));
      return;
    }
    // A stored set the engine no longer loads is refused here, not in every server.
    try {
      loadRuleSet(set.files);
    } catch (e) {
      if (!isShiftinatorError(e)) throw e;
      return fail(`refused: version ${shortVersion(set.hash)} no longer loads: ${e.message}`, EXIT_REFUSED);
    }
    await recordSwitch(opened.db, { hash: set.hash, files: set.files, how: 'rollback', reason: options.reason ?? null });
    process.stdout.write(`Rolled back to version ${shortVersion(set.hash)}: ${opened.pglite ? 'the server takes it up when it starts' : 'every server on this database takes it up within a second'}.\n`);
  } finally {
    await opened.close();
  }
}
