import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isShiftinatorError,
  parseScenario,
  runScenario,
  ShiftinatorError,
  type RuleSet,
  type ScenarioResult,
} from '../engine/index.ts';
import { shownPath } from './paths.ts';

/** The project's own fixtures/ folder, wherever the command is run from. */
export const DEFAULT_FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** One replayed file: a result, or why the file is not a valid scenario. */
export interface ReplayedFile {
  /** The path as shown to the user. */
  file: string;
  name?: string;
  action?: string;
  actor?: number;
  result?: ScenarioResult;
  /** Set when the file is not a valid scenario; names the file and the field. */
  error?: string;
}

function isScenarioName(name: string): boolean {
  return name.endsWith('.json') && !name.endsWith('.schema.json');
}

function walk(dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // A symbolic link is followed like what it points to.
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true);
    if (isDir) walk(path, out);
    else if (isScenarioName(entry.name)) out.push(path);
  }
}

/** Every scenario file under the given files and folders, folders searched recursively, in name order. */
export function findScenarioFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new ShiftinatorError('SCENARIO_INVALID', 'no such file or folder', path);
    if (stat.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return [...new Set(out)];
}

/** Reads, validates and runs one scenario file. Never throws for a bad file: reports it instead. */
export async function replayFile(rules: RuleSet, path: string, options: { trace?: boolean } = {}): Promise<ReplayedFile> {
  const file = shownPath(path);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why = e instanceof SyntaxError ? `is not valid JSON: ${e.message}` : `cannot be read: ${(e as Error).message}`;
    return { file, error: `${file}: ${why}` };
  }
  const head = json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const replayed: ReplayedFile = { file };
  if (typeof head.name === 'string') replayed.name = head.name;
  if (typeof head.action === 'string') replayed.action = head.action;
  if (typeof head.actor === 'number') replayed.actor = head.actor;
  try {
    const scenario = parseScenario(json, file);
    replayed.result = await runScenario(rules, scenario, options);
  } catch (e) {
    // Anything else is a fault of the engine, not of the file; still one file must not stop a run.
    const message = isShiftinatorError(e) ? e.message : `internal error: ${(e as Error).message}`;
    replayed.error = isShiftinatorError(e) && e.where === file ? message : `${file}: ${message}`;
  }
  return replayed;
}

export interface ReplaySummary {
  total: number;
  passed: number;
  /** Files that are not passing scenarios, invalid ones included. */
  failed: number;
  invalid: number;
}

export function summarize(files: ReplayedFile[]): ReplaySummary {
  const passed = files.filter((f) => f.result?.passed === true).length;
  const invalid = files.filter((f) => f.error !== undefined).length;
  return { total: files.length, passed, failed: files.length - passed, invalid };
}

/** 0 when every scenario matches, 1 when some answer differs, 2 when a file is not a valid scenario. */
export function exitCodeOf(summary: ReplaySummary): number {
  return summary.invalid > 0 ? 2 : summary.failed > 0 ? 1 : 0;
}
