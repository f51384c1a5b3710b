import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { formatInstant, ShiftinatorError } from '../engine/index.ts';
import { countLogged, logFilterOf, logFilterWords, openLog, readLog, type LoggedDecision } from './decision-log.ts';
import { DEFAULT_RULES_DIR } from './load-rules.ts';
import { shownPath } from './paths.ts';
import { Progress } from './progress.ts';
import { loadVersionedRules, rulesJson, rulesLine, shortVersion } from './rule-version.ts';

/**
 * `shiftinator log export <dir>`: each logged decision becomes a scenario file
 * (shared/scenario-format.md) whose world is the slice it was decided on and whose expectation is
 * the answer it got, so a disputed real decision becomes a permanent test case that `replay` runs.
 */

export interface LogExportOptions {
  since?: string;
  until?: string;
  action?: string[];
  data?: string;
  json?: boolean;
}

/** The scenario-format text of a decision; `logged` is this project's optional addition. */
interface ExportedScenario {
  name: string;
  now: string;
  actor: number;
  action: string;
  input: Record<string, unknown>;
  world: Record<string, unknown>;
  expect: { outcome: string; message?: string; warnings: string[]; rule?: string };
  /** Where it came from: the log row and the version of the rules that decided it. */
  logged: { id: number; rulesVersion: string };
}

function answerWords(d: LoggedDecision): string {
  if (d.outcome === 'ok') return 'went through';
  if (d.outcome === 'confirm') return `asked to confirm (${d.rule ?? 'no rule'})`;
  return `stopped by ${d.rule ?? 'no rule'}`;
}

function scenarioOf(d: LoggedDecision): ExportedScenario {
  // formatInstant gives back the exact instant (seconds and milliseconds too): the clock as it was.
  const now = formatInstant(d.decidedAt);
  // In the format's order; warnings always, so that a replay checks them too.
  const expect: ExportedScenario['expect'] = {
    outcome: d.outcome,
    ...(d.message !== null ? { message: d.message } : {}),
    warnings: d.warnings,
    ...(d.rule !== null ? { rule: d.rule } : {}),
  };
  return {
    name: `logged decision ${d.id}: ${d.action} by agent ${d.actor} at ${now.slice(0, 16)}, ${answerWords(d)}`,
    now,
    actor: d.actor,
    action: d.action,
    input: d.input,
    world: d.world,
    expect,
    logged: { id: d.id, rulesVersion: d.rulesHash },
  };
}

/** `action/YYYY-MM-DD-id.json`: the Eastern date it was decided and the log row's id, so a re-export writes the same file. */
function scenarioPath(d: LoggedDecision): string {
  // Action names are rule-file names (letters and digits); anything else cannot reach the path.
  const folder = d.action.replace(/[^A-Za-z0-9]/g, '_') || 'unknown';
  return join(folder, `${formatInstant(d.decidedAt).slice(0, 10)}-${d.id}.json`);
}

/** Exit 0 with the files written; 2 when nothing matches, a filter does not parse, or the database cannot be opened. */
export async function logExportCommand(dir: string, options: LogExportOptions, cmd: Command): Promise<void> {
  const rules = loadVersionedRules(cmd.optsWithGlobals<{ rules?: string }>().rules ?? DEFAULT_RULES_DIR);
  const filter = logFilterOf(options);
  // Checked before the database is opened; the folder is made only once there is something to write.
  const root = resolve(dir);
  if (statSync(root, { throwIfNoEntry: false })?.isDirectory() === false) throw new ShiftinatorError('INPUT_INVALID', 'is not a folder', dir);
  const log = await openLog(options.data);
  if (!log) return;
  const files: string[] = [];
  const byAction = new Map<string, number>();
  const byVersion = new Map<string, number>();
  try {
    const total = await countLogged(log.db, filter);
    if (total === 0) {
      console.error(`error: no logged decisions match${logFilterWords(options)} in ${log.description}: nothing to export`);
      process.exitCode = 2;
      return;
    }
    const made = new Set<string>();
    const progress = new Progress(total);
    for await (const decision of readLog(log.db, filter)) {
      const path = scenarioPath(decision);
      const folder = join(root, path, '..');
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(join(root, path), JSON.stringify(scenarioOf(decision), null, 2) + '\n');
      files.push(shownPath(join(root, path)));
      byAction.set(decision.action, (byAction.get(decision.action) ?? 0) + 1);
      byVersion.set(decision.rulesHash, (byVersion.get(decision.rulesHash) ?? 0) + 1);
      progress.tick();
    }
    progress.finish();
  } finally {
    await log.close();
  }
  const shownDir = shownPath(root);
  if (options.json) {
    process.stdout.write(
      JSON.stringify(
        { rules: rulesJson(rules), database: log.description, dir: shownDir, exported: files.length, byAction: Object.fromEntries(byAction), byRulesVersion: Object.fromEntries(byVersion), files },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  const other = [...byVersion].filter(([v]) => v !== rules.version);
  const lines = [
    rulesLine(rules),
    `Exported ${files.length} logged decision${files.length === 1 ? '' : 's'}${logFilterWords(options)} from ${log.description} to ${shownDir}:`,
    ...[...byAction].sort(([a], [b]) => (a < b ? -1 : 1)).map(([action, n]) => `  ${action}: ${n}`),
  ];
  if (other.length) {
    const n = other.reduce((sum, [, count]) => sum + count, 0);
    lines.push(
      `${n} of them ${n === 1 ? 'was' : 'were'} decided under other rules (version ${other.map(([v, count]) => `${shortVersion(v)}: ${count}`).join(', ')}): replayed with these rules, their answers may differ.`,
    );
  }
  lines.push(`Replay them with: npx shiftinator replay ${shownDir}`);
  process.stdout.write(lines.join('\n') + '\n');
}
