import { changeLines, diffRuleSources, type RuleSetChange } from '../engine/rules-diff.ts';
import { loadVersionedRules, rulesJson, rulesLine, type VersionedRules } from './rule-version.ts';

/**
 * `shiftinator rules diff <a> <b>`: what changed between two rule folders, in the words of
 * engine/rules-diff.ts, as text or JSON.
 */

/** What a diff reads of a rule set: its files (not compiled, so a recorded set diffs too). */
type DiffedRules = Pick<VersionedRules, 'dir' | 'sources' | 'version'>;

interface RulesDiff {
  from: DiffedRules;
  to: DiffedRules;
  changes: RuleSetChange[];
}

function diffRuleSets(from: DiffedRules, to: DiffedRules): RulesDiff {
  return { from, to, changes: diffRuleSources(from.sources, to.sources) };
}

function diffText(diff: RulesDiff): string {
  const lines = [`from ${rulesLine(diff.from)}`, `  to ${rulesLine(diff.to)}`, ''];
  if (!diff.changes.length) {
    lines.push('No differences.');
  } else {
    for (const c of diff.changes) lines.push(...changeLines(c));
    const files = new Set(diff.changes.map((c) => c.file)).size;
    lines.push('', `${diff.changes.length} change${diff.changes.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`);
  }
  return lines.join('\n') + '\n';
}

function diffJson(diff: RulesDiff): string {
  return JSON.stringify({ from: rulesJson(diff.from), to: rulesJson(diff.to), identical: diff.changes.length === 0, changes: diff.changes }, null, 2) + '\n';
}

/** Exit 0 when the rule sets are the same, 1 when they differ (as diff(1)); unusable folders exit 2 in main. */
export function rulesDiffCommand(a: string, b: string, options: { json?: boolean }): void {
  const diff = diffRuleSets(loadVersionedRules(a), loadVersionedRules(b));
  process.stdout.write(options.json ? diffJson(diff) : diffText(diff));
  process.exitCode = diff.changes.length ? 1 : 0;
}
