import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { loadRuleSet, type RuleSet, type RuleSource } from '../engine/index.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from './load-rules.ts';
import { shownPath } from './paths.ts';

/**
 * A rule set's version: the sha256 the server logs with every decision (decision_log.rules_hash),
 * so a report and a logged decision can be matched to the rules that decided. It is taken over
 * each file's JSON (parsed and re-serialised, so layout does not count) in file-name order, the
 * roles and parameters files included. The one place this digest is computed: `serve` logs it, and every report
 * prints it.
 */
export function ruleSetVersion(sources: readonly RuleSource[]): string {
  const hash = createHash('sha256');
  const sorted = [...sources].sort((a, b) => (basename(a.file) < basename(b.file) ? -1 : basename(a.file) > basename(b.file) ? 1 : 0));
  for (const source of sorted) hash.update(JSON.stringify(source.json)).update('\n');
  return hash.digest('hex');
}

/** How much of the version reports show: enough to tell rule sets apart at a glance. */
const SHORT_VERSION_LENGTH = 12;

export function shortVersion(version: string): string {
  return version.slice(0, SHORT_VERSION_LENGTH);
}

/** A rule folder loaded for a report: the rule set, its files and its version. */
export interface VersionedRules {
  /** The folder as shown to the user. */
  dir: string;
  rules: RuleSet;
  sources: RuleSource[];
  /** The full sha256 (ruleSetVersion). */
  version: string;
}

/** Reads, lints and compiles a rule folder and takes its version; fails naming the folder or file. */
export function loadVersionedRules(dir: string = DEFAULT_RULES_DIR): VersionedRules {
  const sources = readRuleSources(dir);
  return { dir: shownPath(dir), rules: loadRuleSet(sources), sources, version: ruleSetVersion(sources) };
}

/** The line every report carries: which rules it was made with. */
export function rulesLine(rules: Pick<VersionedRules, 'dir' | 'version'>): string {
  return `rules: ${rules.dir} (version ${shortVersion(rules.version)})`;
}

/** The same in a JSON report. */
export function rulesJson(rules: Pick<VersionedRules, 'dir' | 'version'>): { dir: string; version: string } {
  return { dir: rules.dir, version: rules.version };
}
