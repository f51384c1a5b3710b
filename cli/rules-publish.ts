import { z } from 'zod';
import { isShiftinatorError, loadRuleSet, parseInstant, ShiftinatorError, type RuleSource } from '../engine/index.ts';
import type { Database } from '../server/db/database.ts';
import type { LiveRuleSet } from '../server/live-rules.ts';
import { lockDataDir, type RunningServer } from '../server/main.ts';
import { cancelScheduled, inForceAt, isPublished, recordSwitch, ruleSwitches, storedRuleSets, type RuleSwitch } from '../server/rule-history.ts';
import { chooseDatabase, openHeldDatabase } from './db.ts';
import { askRunningServer } from './rules-control.ts';
import { shownPath } from './paths.ts';
import { loadVersionedRules, ruleSetVersion, shortVersion, type VersionedRules } from './rule-version.ts';
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

/** What a publish or a rollback says: printed by the CLI, whether it stored the set itself or the running server did. */
export interface RulesAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * Which servers take a stored set up, for the answer's words: every server on a shared
 * PostgreSQL; on PGlite the server when it starts, or the running one that stored it (the
 * control channel, cli/rules-control.ts), which has it live by the time it answers.
 */
export type Reach = { kind: 'every' } | { kind: 'at-start' } | { kind: 'running'; pid: number };

/** A set that passed the CLI's checks, ready to store. */
export interface CheckedSet {
  /** The folder, as the user gave it. */
  dir: string;
  files: RuleSource[];
  /** The full sha256 (ruleSetVersion). */
  hash: string;
  /** Its rule files, as loadRuleSet counts them. */
  ruleFiles: number;
  total: number;
  failing: number;
  /** The reason kept with the switch (a forced publish says so in it). */
  reason: string;
  at?: Date;
}

const AnswerSchema = z.object({ stdout: z.string(), stderr: z.string(), exitCode: z.number().int() });

const answer = (stdout: string): RulesAnswer => ({ stdout, stderr: '', exitCode: 0 });
const refusal = (message: string, exitCode: number): RulesAnswer => ({ stdout: '', stderr: `error: ${message}\n`, exitCode });

function print(a: RulesAnswer): void {
  process.stdout.write(a.stdout);
  process.stderr.write(a.stderr);
  if (a.exitCode) process.exitCode = a.exitCode;
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

/** Where a publish or rollback goes: a database this command opens, or the running PGlite server that holds its folder. */
type Target = { db: Database; reach: Reach; close: () => Promise<void> } | { dataDir: string; busy: string };

/**
 * Opens the database the servers share for a write. A PGlite folder is held by its one server
 * for as long as it runs: then the request goes to that server (cli/rules-control.ts), which
 * stores the set and makes it live itself.
 */
async function openTarget(data: string | undefined): Promise<Target | RulesAnswer> {
  const choice = chooseDatabase(data);
  if (choice.dataIgnored) console.error('note: DATABASE_URL is set, so --data is ignored');
  let release = (): void => undefined;
  if (choice.dataDir) {
    try {
      release = lockDataDir(choice.dataDir, 'rules publish');
    } catch (e) {
      if ((e as { code?: string }).code === 'DATA_DIR_BUSY') return { dataDir: choice.dataDir, busy: (e as Error).message };
      return refusal((e as Error).message, EXIT_INVALID);
    }
  }
  const held = await openHeldDatabase(choice, release);
  // openHeldDatabase has said why.
  if (!held) return { stdout: '', stderr: '', exitCode: EXIT_INVALID };
  return { db: held.db, reach: choice.url ? { kind: 'every' } : { kind: 'at-start' }, close: held.close };
}

/** A request the running server's control channel answers; the folder's lock refusal when no server there takes them. */
async function viaServer(target: { dataDir: string; busy: string }, request: Record<string, unknown>): Promise<RulesAnswer> {
  try {
    const answered = await askRunningServer(target.dataDir, request);
    if (answered === null) return refusal(target.busy, EXIT_INVALID);
    const parsed = AnswerSchema.safeParse(answered);
    return parsed.success ? parsed.data : refusal(`the server holding ${shownPath(target.dataDir)} answered something this command does not understand`, EXIT_INVALID);
  } catch (e) {
    return refusal((e as Error).message, EXIT_INVALID);
  }
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

const nowWords = (reach: Reach): string =>
  reach.kind === 'every' ? 'every server on this database takes it up within a second' : reach.kind === 'at-start' ? 'the server takes it up when it starts' : `the running server (pid ${reach.pid}) decides with it now`;

const atWords = (reach: Reach): string =>
  reach.kind === 'every' ? 'every server on this database takes it up at that instant' : reach.kind === 'at-start' ? 'the server takes it up then if it is running, or when it starts' : `the running server (pid ${reach.pid}) takes it up at that instant`;

/** Stores a checked set as published (or scheduled) and says so: the one way a publish is stored, by the CLI or by the running server. */
export async function storePublished(db: Database, set: CheckedSet, reach: Reach): Promise<RulesAnswer & { stored: boolean }> {
  const switches = await ruleSwitches(db);
  if (!set.at && publishedNow(switches)?.hash === set.hash && !switches.some((s) => s.how === 'schedule' && !s.cancelledAt && s.liveAt > new Date())) {
    return { ...answer(`Version ${shortVersion(set.hash)} is already the published set in force: nothing to do.\n`), stored: false };
  }
  await recordSwitch(db, { hash: set.hash, files: set.files, how: set.at ? 'schedule' : 'publish', reason: set.reason, ...(set.at ? { at: set.at } : {}) });
  const what = `version ${shortVersion(set.hash)} (${set.ruleFiles} rule files from ${set.dir}; ${set.total - set.failing} of ${set.total} scenarios pass)`;
  return { ...answer(set.at ? `Scheduled ${what} to go live at ${easternText(set.at)} (Eastern): ${atWords(reach)}.\n` : `Published ${what}: ${nowWords(reach)}.\n`), stored: true };
}

/** Makes a stored set live again, or cancels it if it is scheduled: the one way, by the CLI or by the running server. */
export async function storeRollback(db: Database, version: string, reason: string | null, reach: Reach): Promise<RulesAnswer & { stored: boolean }> {
  const sets = await storedRuleSets(db, version);
  const set = sets[0];
  if (!set || sets.length > 1) return { ...refusal(set ? `${sets.length} stored rule sets start with ${version}: give more digits` : `no stored rule set has version ${version} (\`rules history\` lists them)`, EXIT_INVALID), stored: false };
  const now = new Date();
  const scheduled = (await ruleSwitches(db)).filter((s) => s.how === 'schedule' && !s.cancelledAt && s.liveAt > now && s.hash === set.hash);
  if (scheduled.length) {
    for (const s of scheduled) await cancelScheduled(db, s.id, reason);
    return { ...answer(scheduled.map((s) => `Cancelled version ${shortVersion(s.hash)}, scheduled for ${easternText(s.liveAt)} (Eastern): it will not go live.\n`).join('')), stored: true };
  }
  // A stored set the engine no longer loads is refused here, not in every server.
  try {
    loadRuleSet(set.files);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    return { ...refusal(`refused: version ${shortVersion(set.hash)} no longer loads: ${e.message}`, EXIT_REFUSED), stored: false };
  }
  await recordSwitch(db, { hash: set.hash, files: set.files, how: 'rollback', reason });
  return { ...answer(`Rolled back to version ${shortVersion(set.hash)}: ${nowWords(reach)}.\n`), stored: true };
}

/** Lints the folder and replays the fixtures under it: the set to store, or the refusal. */
async function checkedSet(dir: string, options: PublishOptions, at: Date | undefined): Promise<CheckedSet | RulesAnswer> {
  let set: VersionedRules;
  try {
    set = loadVersionedRules(dir);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    return refusal(`refused: ${e.message}`, EXIT_REFUSED);
  }
  const { total, failures } = await fixtureFailures(set, options.fixtures ?? DEFAULT_FIXTURES_DIR);
  const fixtures = shownPath(options.fixtures ?? DEFAULT_FIXTURES_DIR);
  if (failures.length && options.force === undefined) {
    const lines = [`refused: ${failures.length} of ${total} scenarios in ${fixtures} fail under ${set.dir} (version ${shortVersion(set.version)}):`, ...failures.slice(0, 10).map((f) => `  ${f}`), ...(failures.length > 10 ? [`  ... and ${failures.length - 10} more`] : []), 'Update them with the change, or publish anyway with --force "<why>".'];
    return refusal(lines.join('\n'), EXIT_REFUSED);
  }
  const reason = failures.length ? `${options.reason.trim()} (forced with ${failures.length} of ${total} scenarios failing: ${options.force?.trim()})` : options.reason.trim();
  return { dir: set.dir, files: set.sources, hash: set.version, ruleFiles: set.rules.files.length, total, failing: failures.length, reason, ...(at ? { at } : {}) };
}

/** `shiftinator rules publish <dir>`: lint, replay the fixtures, store and make live (or schedule) in every server. */
export async function rulesPublishCommand(dir: string, options: PublishOptions): Promise<void> {
  if (!options.reason.trim()) return print(refusal('--reason must say why the set is published', EXIT_INVALID));
  if (options.force !== undefined && !options.force.trim()) return print(refusal('--force must say why the fixtures may fail', EXIT_INVALID));
  const at = options.at === undefined ? undefined : scheduledAt(options.at);
  // Checked here, in the command's own process: the seconds a replay takes never hold a server.
  const set = await checkedSet(dir, options, at);
  if ('exitCode' in set) return print(set);
  const target = await openTarget(options.data);
  if ('exitCode' in target) return print(target);
  if ('dataDir' in target) return print(await viaServer(target, { op: 'publish', ...set, at: set.at?.toISOString() }));
  try {
    print(await storePublished(target.db, set, target.reach));
  } finally {
    await target.close();
  }
}

/** `shiftinator rules rollback <version>`: an earlier set live again everywhere, or a scheduled set cancelled. */
export async function rulesRollbackCommand(version: string, options: RollbackOptions): Promise<void> {
  if (!/^[0-9a-f]{6,64}$/i.test(version)) return print(refusal(`"${version}" is not a rule set version: give at least its first 6 hex digits`, EXIT_INVALID));
  const target = await openTarget(options.data);
  if ('exitCode' in target) return print(target);
  if ('dataDir' in target) return print(await viaServer(target, { op: 'rollback', version, reason: options.reason ?? null }));
  try {
    print(await storeRollback(target.db, version, options.reason ?? null, target.reach));
  } finally {
    await target.close();
  }
}

const SourceSchema = z.object({ file: z.string(), json: z.unknown(), kind: z.enum(['rules', 'roles', 'parameters']).optional() });
const ControlRequest = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('publish'),
    dir: z.string(),
    files: z.array(SourceSchema).min(1),
    total: z.number().int().min(0),
    failing: z.number().int().min(0),
    reason: z.string().trim().min(1),
    at: z.iso.datetime().optional(),
  }),
  z.object({ op: z.literal('rollback'), version: z.string().regex(/^[0-9a-f]{6,64}$/i), reason: z.string().nullable() }),
  z.object({ op: z.literal('read'), version: z.string().regex(/^[0-9a-f]{0,64}$/i) }),
]);

/** The recorded switches and the stored sets whose version starts with a prefix, as the running server sends them. */
export interface RecordedSets {
  switches: RuleSwitch[];
  sets: { hash: string; files: RuleSource[] }[];
}

/**
 * What the running PGlite server answers on its control channel (cli/rules-control.ts): a publish
 * (checked by the CLI; linted and hashed again here, as it is compiled anyway), a rollback, or a
 * read of the history. A stored switch goes live through LiveRules, the way every switch does.
 */
export async function answerControl(server: RunningServer, request: unknown): Promise<RulesAnswer | RecordedSets> {
  const parsed = ControlRequest.safeParse(request);
  if (!parsed.success) return refusal(`the server does not take this request: ${z.prettifyError(parsed.error)}`, EXIT_INVALID);
  const r = parsed.data;
  const reach: Reach = { kind: 'running', pid: process.pid };
  if (r.op === 'read') return { switches: await ruleSwitches(server.db), sets: await storedRuleSets(server.db, r.version) };
  if (!server.rules.takesPublished) {
    return refusal(`the running server (pid ${process.pid}) follows its folder (serve --rule-source folder): it takes no published sets. Copy the files into the folder it watches, or restart it with --rule-source auto`, EXIT_REFUSED);
  }
  if (r.op === 'rollback') {
    const done = await storeRollback(server.db, r.version, r.reason, reach);
    if (done.stored) await server.rules.refresh();
    return done;
  }
  const files = r.files as RuleSource[];
  let compiled: LiveRuleSet;
  try {
    compiled = { rules: loadRuleSet(files), rulesHash: ruleSetVersion(files) };
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    return refusal(`refused: ${e.message}`, EXIT_REFUSED);
  }
  const at = r.at === undefined ? undefined : new Date(r.at);
  const set: CheckedSet = { dir: r.dir, files, hash: compiled.rulesHash, ruleFiles: compiled.rules.files.length, total: r.total, failing: r.failing, reason: r.reason, ...(at ? { at } : {}) };
  const done = await storePublished(server.db, set, reach);
  if (!done.stored) return done;
  server.rules.adopt(compiled);
  await server.rules.refresh();
  if (!at && server.rules.liveHash !== compiled.rulesHash) return refusal(`version ${shortVersion(compiled.rulesHash)} is stored, but the running server could not make it live: its log says why`, EXIT_REFUSED);
  return done;
}
