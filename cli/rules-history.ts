import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatInstant, parseInstant, ShiftinatorError, type RuleSource } from '../engine/index.ts';
import { assertDataDirFree } from '../server/main.ts';
import { inForceAt, ruleSwitches, storedRuleSets, type RuleSwitch } from '../server/rule-history.ts';
import { chooseDatabase } from './db.ts';
import { openLog } from './decision-log.ts';
import { askRunningServer } from './rules-control.ts';
import type { RecordedSets } from './rules-publish.ts';
import { changeLines, diffRuleSources, type RuleSetChange } from '../engine/rules-diff.ts';
import { shortVersion } from './rule-version.ts';

export interface RulesHistoryOptions {
  data?: string;
  json?: boolean;
  at?: string;
}

type FilesByHash = ReadonlyMap<string, readonly RuleSource[]>;

const HOW_WORDS: Record<RuleSwitch['how'], string> = {
  start: 'start',
  edit: 'folder edit',
  publish: 'publish',
  rollback: 'rollback',
  schedule: 'schedule',
  recorded: 'recorded',
};

/** An instant as the CLI takes them: Eastern wall clock, to the second. */
export function easternText(at: Date): string {
  const ms = at.getTime();
  const seconds = Math.floor(ms / 1000) % 60;
  return `${formatInstant(Math.floor(ms / 60_000))}:${String(seconds).padStart(2, '0')}`;
}

/** `--at`: "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset. */
function parseAt(text: string): Date {
  try {
    return new Date(parseInstant(text.trim()) * 60_000);
  } catch {
    throw new ShiftinatorError('INPUT_INVALID', `"${text}" is not a date and time: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`, '--at');
  }
}

const where = (s: RuleSwitch): string => (s.host ? `${s.host} pid ${s.pid}` : 'where not recorded');

/** What a switch did to the set before it: the changes in the words of `rules diff`. */
function changesOf(files: FilesByHash, before: RuleSwitch | null, s: RuleSwitch): RuleSetChange[] | null {
  if (!before) return null;
  const set = (x: RuleSwitch): { dir: string; sources: RuleSource[]; version: string } => ({ dir: `recorded set ${shortVersion(x.hash)}`, sources: [...(files.get(x.hash) ?? [])], version: x.hash });
  return diffRuleSources(set(before).sources, set(s).sources);
}

function switchLines(files: FilesByHash, before: RuleSwitch | null, s: RuleSwitch, now: Date): string[] {
  const status = s.cancelledAt ? `  cancelled ${easternText(s.cancelledAt)}${s.cancelReason ? `: ${s.cancelReason}` : ''}` : s.liveAt > now ? '  scheduled' : '';
  const head = `${easternText(s.liveAt)}  ${shortVersion(s.hash)}  ${HOW_WORDS[s.how].padEnd(11)}  ${where(s)}${s.reason ? `  "${s.reason}"` : ''}${status}`;
  const changes = changesOf(files, before, s);
  if (!before || !changes) return [head, `  the first recorded set (${files.get(s.hash)?.length ?? 0} files)`];
  if (before.hash === s.hash) return [head, '  the same set as before'];
  const changed = new Set(changes.map((c) => c.file)).size;
  const summary = changes.length
    ? `  from ${shortVersion(before.hash)}: ${changes.length} change${changes.length === 1 ? '' : 's'} in ${changed} file${changed === 1 ? '' : 's'}`
    : `  from ${shortVersion(before.hash)}: no change that \`rules diff\` shows`;
  return [head, summary, ...changes.flatMap((c) => changeLines(c).map((l) => `    ${l}`))];
}

/** Every switch, oldest first, each with what it changed from the set in force before it, and the set live now. */
export function historyText(switches: readonly RuleSwitch[], files: FilesByHash, now: Date = new Date()): string {
  if (!switches.length) return 'No rule set has gone live yet: `serve` records each set it runs.\n';
  const lines = ['Rule switches, oldest first (Eastern time):'];
  let before: RuleSwitch | null = null;
  for (const s of switches) {
    lines.push(...switchLines(files, before, s, now));
    if (!s.cancelledAt && s.liveAt <= now) before = s;
  }
  const live = inForceAt(switches, now);
  if (live) lines.push(`Live now: ${shortVersion(live.hash)}, since ${easternText(live.liveAt)} (${HOW_WORDS[live.how]}, ${where(live)})`);
  return lines.join('\n') + '\n';
}

/** `--at`: the set in force at that instant and the switch that made it so. */
export function atText(switches: readonly RuleSwitch[], at: Date, asked: string): string {
  const s = inForceAt(switches, at);
  if (!s) return `No rule set was recorded as live at ${asked}: the first switch is at ${switches[0] ? easternText(switches[0].liveAt) : 'none yet'}.\n`;
  return `At ${easternText(at)} the rules in force were version ${shortVersion(s.hash)} (${s.hash}),\nlive since ${easternText(s.liveAt)} by ${HOW_WORDS[s.how]} on ${where(s)}${s.reason ? `: "${s.reason}"` : ''}.\nIts files: shiftinator rules show ${shortVersion(s.hash)} --out <dir>\n`;
}

function historyJson(switches: readonly RuleSwitch[], files: FilesByHash, now: Date): string {
  let before: RuleSwitch | null = null;
  const rows = switches.map((s) => {
    const row = { version: shortVersion(s.hash), hash: s.hash, liveAt: s.liveAt.toISOString(), how: s.how, host: s.host, pid: s.pid, reason: s.reason, cancelledAt: s.cancelledAt?.toISOString() ?? null, scheduled: !s.cancelledAt && s.liveAt > now, changes: changesOf(files, before, s) };
    if (!s.cancelledAt && s.liveAt <= now) before = s;
    return row;
  });
  return JSON.stringify({ switches: rows, live: inForceAt(switches, now)?.hash ?? null }, null, 2) + '\n';
}

/**
 * The switches and the stored sets whose version starts with `version` ('' for all): read from
 * the database as `log export` reads it, or, when a running server holds the PGlite folder, asked
 * of that server (cli/rules-control.ts). Null, with the error told, when neither can be.
 */
async function readRecorded(data: string | undefined, version: string, switchesToo: boolean): Promise<RecordedSets | null> {
  const dataDir = chooseDatabase(data).dataDir;
  let busy: Error | undefined;
  try {
    if (dataDir) assertDataDirFree(dataDir);
  } catch (e) {
    busy = e as Error;
  }
  if (dataDir && busy) {
    const answered = (await askRunningServer(dataDir, { op: 'read', version })) as (Omit<RecordedSets, 'switches'> & { switches: (Omit<RuleSwitch, 'liveAt' | 'cancelledAt'> & { liveAt: string; cancelledAt: string | null })[] }) | null;
    if (!answered?.switches) {
      console.error(`error: ${busy.message}`);
      process.exitCode = 2;
      return null;
    }
    return { sets: answered.sets, switches: answered.switches.map((s) => ({ ...s, liveAt: new Date(s.liveAt), cancelledAt: s.cancelledAt === null ? null : new Date(s.cancelledAt) })) };
  }
  const log = await openLog(data);
  if (!log) return null;
  try {
    return { switches: switchesToo ? await ruleSwitches(log.db) : [], sets: await storedRuleSets(log.db, version) };
  } finally {
    await log.close();
  }
}

/** `shiftinator rules history`: every switch of the live rule set, or (--at) the set in force at an instant. */
export async function rulesHistoryCommand(options: RulesHistoryOptions): Promise<void> {
  const at = options.at === undefined ? undefined : parseAt(options.at);
  const recorded = await readRecorded(options.data, '', true);
  if (!recorded) return;
  const { switches } = recorded;
  const now = new Date();
  if (at !== undefined && options.at !== undefined) {
    const s = inForceAt(switches, at);
    process.stdout.write(options.json ? JSON.stringify({ at: at.toISOString(), inForce: s ? { ...s, version: shortVersion(s.hash) } : null }, null, 2) + '\n' : atText(switches, at, options.at));
    return;
  }
  const files = new Map(recorded.sets.map((s) => [s.hash, s.files] as const));
  process.stdout.write(options.json ? historyJson(switches, files, now) : historyText(switches, files, now));
}

export interface RulesShowOptions {
  data?: string;
  out?: string;
}

/** `shiftinator rules show <version>`: a stored set's files, printed or written out as a rules folder. */
export async function rulesShowCommand(version: string, options: RulesShowOptions): Promise<void> {
  if (!/^[0-9a-f]{6,64}$/i.test(version)) throw new ShiftinatorError('INPUT_INVALID', `"${version}" is not a rule set version: give at least its first 6 hex digits`, 'version');
  const recorded = await readRecorded(options.data, version.toLowerCase(), false);
  if (!recorded) return;
  const sets = recorded.sets;
  const set = sets[0];
  if (!set || sets.length > 1) {
    console.error(`error: ${set ? `${sets.length} stored rule sets start with ${version}: give more digits` : `no stored rule set has version ${version} (\`rules history\` lists them)`}`);
    process.exitCode = 2;
    return;
  }
  if (!options.out) {
    for (const f of namedFiles(set.files)) process.stdout.write(`==> ${f.name} <==\n${f.text}`);
    return;
  }
  const count = writeRuleFolder(options.out, set.files);
  process.stdout.write(`Wrote ${count} files of version ${shortVersion(set.hash)} (${set.hash}) to ${options.out}\n`);
}

/** A stored set's files by their names in a rules folder, laid out for people. */
function namedFiles(files: readonly RuleSource[]): { name: string; text: string }[] {
  return files.map((f) => ({ name: basename(f.file), text: JSON.stringify(f.json, null, 2) + '\n' }));
}

/** Writes a stored set as a rules folder (new or empty) whose version is the set's; the number of files. */
export function writeRuleFolder(dir: string, files: readonly RuleSource[]): number {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length) throw new ShiftinatorError('INPUT_INVALID', 'is not empty: give a new or empty folder', dir);
  const named = namedFiles(files);
  for (const f of named) writeFileSync(join(dir, f.name), f.text);
  return named.length;
}
