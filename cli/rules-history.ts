import { openLog } from './decision-log.ts';
import { changeLines, diffRuleSources, type RuleSetChange } from '../engine/rules-diff.ts';
import { shortVersion } from './rule-version.ts';
import { ruleSetHistory, type RecordedRuleSet } from '../server/rule-history.ts';

export interface RulesHistoryOptions {
  data?: string;
  json?: boolean;
}

/** Each set with the changes from the one before it (null for the first). */
function historyEntries(sets: readonly RecordedRuleSet[]): { set: RecordedRuleSet; before: RecordedRuleSet | null; changes: RuleSetChange[] | null }[] {
  return sets.map((set, i) => {
    const before = sets[i - 1] ?? null;
    return { set, before, changes: before ? diffRuleSources(before.files, set.files) : null };
  });
}

/** The instant a set went live, to the second, in UTC. */
function whenText(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

export function historyText(sets: readonly RecordedRuleSet[]): string {
  if (!sets.length) return 'No rule set has gone live yet: `serve` records each set it runs.\n';
  const lines: string[] = [];
  for (const { set, before, changes } of historyEntries(sets)) {
    const head = `${shortVersion(set.hash)}  ${whenText(set.liveAt)}`;
    if (!before || !changes) {
      lines.push(`${head}  the first recorded set (${set.files.length} files)`);
    } else {
      const files = new Set(changes.map((c) => c.file)).size;
      lines.push(
        changes.length
          ? `${head}  from ${shortVersion(before.hash)}: ${changes.length} change${changes.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`
          : `${head}  from ${shortVersion(before.hash)}: no change that \`rules diff\` shows`,
      );
      for (const c of changes) lines.push(...changeLines(c).map((l) => `  ${l}`));
    }
  }
  return lines.join('\n') + '\n';
}

function historyJson(sets: readonly RecordedRuleSet[]): string {
  return (
    JSON.stringify(
      historyEntries(sets).map(({ set, changes }) => ({
        version: shortVersion(set.hash),
        hash: set.hash,
        liveAt: set.liveAt.toISOString(),
        files: set.files.map((f) => f.file),
        changes,
      })),
      null,
      2,
    ) + '\n'
  );
}

/** `shiftinator rules history`: the rule sets the server has run, the first first, each with its changes. */
export async function rulesHistoryCommand(options: RulesHistoryOptions): Promise<void> {
  const log = await openLog(options.data);
  if (!log) return;
  try {
    const sets = await ruleSetHistory(log.db);
    process.stdout.write(options.json ? historyJson(sets) : historyText(sets));
  } finally {
    await log.close();
  }
}
