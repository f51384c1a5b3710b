import { InvalidArgumentError } from 'commander';
import type { RuleSet } from '../engine/index.ts';
import type { ReplayedFile } from './scenario-files.ts';

/**
 * `replay --coverage`: which rules decided at least one scenario (the decision's `rule`), which
 * never did, and the scenario files behind each. A rule counts whether or not its scenario passed:
 * coverage says which checks the scenarios reach, the pass/fail table whether they answer right.
 * Warning rules never decide (the decision goes on past them), so they are listed apart and not
 * counted; the share is over the deciding rules (error and confirm) of the whole rule set, so an
 * action without scenarios lowers it.
 */

interface RuleCoverage {
  rule: string;
  action: string;
  outcome: 'error' | 'confirm';
  /** The scenario files it decided, as shown to the user. */
  files: string[];
}

export interface Coverage {
  /** Deciding rules in the rule set. */
  total: number;
  decided: number;
  /** decided / total, in percent. */
  percent: number;
  threshold: number | null;
  /** False only when a threshold is given and the share is under it. */
  met: boolean;
  /** Every deciding rule in rule-set order, with the files that it decided. */
  rules: RuleCoverage[];
  /** Warning rules: shown without deciding, so not counted. */
  warningRules: string[];
  /** Scenarios that went through: no rule decided them. */
  wentThrough: string[];
}

export function coverageOf(rules: RuleSet, replayed: readonly ReplayedFile[], threshold: number | null): Coverage {
  const byRule = new Map<string, RuleCoverage>();
  const warningRules: string[] = [];
  for (const file of rules.files) {
    for (const rule of file.rules) {
      if (rule.outcome === 'warning') warningRules.push(rule.id);
      else byRule.set(rule.id, { rule: rule.id, action: file.action, outcome: rule.outcome, files: [] });
    }
  }
  const wentThrough: string[] = [];
  for (const f of replayed) {
    const decision = f.result?.decision;
    if (!decision) continue;
    if (decision.rule === undefined) wentThrough.push(f.file);
    else byRule.get(decision.rule)?.files.push(f.file);
  }
  const list = [...byRule.values()];
  const decided = list.filter((r) => r.files.length > 0).length;
  const percent = list.length ? (decided / list.length) * 100 : 100;
  return { total: list.length, decided, percent, threshold, met: threshold === null || percent >= threshold, rules: list, warningRules, wentThrough };
}

/** A percentage as typed: `80`, `80%`, `72.5`. */
export function parseThreshold(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(value);
  const n = m ? Number(m[1]) : Number.NaN;
  if (!(n >= 0 && n <= 100)) throw new InvalidArgumentError('must be a percentage from 0 to 100 (say, 80 or 80%)');
  return n;
}

function percentText(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
}

export function coverageSummary(c: Coverage): string {
  const head = `Coverage: ${c.decided} of ${c.total} rules decided at least once (${percentText(c.percent)})`;
  return c.threshold === null ? head : `${head}; threshold ${percentText(c.threshold)}: ${c.met ? 'met' : 'NOT MET'}`;
}

/** The coverage section of the text report. */
export function coverageLines(c: Coverage): string[] {
  const decided = c.rules.filter((r) => r.files.length > 0);
  const never = c.rules.filter((r) => r.files.length === 0);
  const width = Math.min(60, Math.max(0, ...c.rules.map((r) => r.rule.length)));
  return [
    '',
    `Decided at least once (${decided.length}):`,
    ...decided.map((r) => `  ${r.rule.padEnd(width)}  ${r.files.join(', ')}`),
    '',
    `Never decided (${never.length}):`,
    ...never.map((r) => `  ${r.rule.padEnd(width)}  ${r.outcome}`),
    '',
    `Not counted: ${c.warningRules.length} warning rule${c.warningRules.length === 1 ? '' : 's'}, which never decide${c.warningRules.length ? ` (${c.warningRules.join(', ')})` : ''}; ${c.wentThrough.length} scenario${c.wentThrough.length === 1 ? '' : 's'} went through with no rule deciding.`,
    coverageSummary(c),
    '',
  ];
}

export function coverageJson(c: Coverage): Record<string, unknown> {
  return {
    total: c.total,
    decided: c.decided,
    percent: Math.round(c.percent * 10) / 10,
    threshold: c.threshold,
    met: c.met,
    rules: c.rules.map((r) => ({ ...r, decided: r.files.length > 0 })),
    neverDecided: c.rules.filter((r) => r.files.length === 0).map((r) => r.rule),
    warningRules: c.warningRules,
    wentThrough: c.wentThrough,
  };
}
