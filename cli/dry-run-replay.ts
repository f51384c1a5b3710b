import { CompiledAction } from '../engine/compiled-action.ts';
import { factsNamed } from '../engine/conditions.ts';
import {
  BUILTIN_FACTS,
  describeNeed,
  isShiftinatorError,
  needCovers,
  needKey,
  normalizeWorld,
  ShiftinatorError,
  SliceWorld,
  type Need,
  type NormalizedWorld,
  type Decision,
  type RuleSet,
} from '../engine/index.ts';
import type { RuleFile } from '../engine/rule-file.ts';
import type { LoadedRuleFile } from '../engine/ruleset.ts';
import { parseLogged, type LoggedDecision, type LoggedRow } from './logged-decision.ts';
import { loadVersionedRules, type VersionedRules } from './rule-version.ts';

/**
 * One logged decision re-decided on its recorded slice under the current and the candidate rules.
 */

/** What a decision answered: the engine's outcome, or 'invalid' when the rules could not decide it at all. */
export interface Answer {
  outcome: Decision['outcome'] | 'invalid';
  message?: string;
  rule?: string;
  warnings: string[];
}

export function answerOf(decision: Decision): Answer {
  const answer: Answer = { outcome: decision.outcome, warnings: decision.warnings };
  if (decision.message !== undefined) answer.message = decision.message;
  if (decision.rule !== undefined) answer.rule = decision.rule;
  return answer;
}

export function invalidAnswer(message: string): Answer {
  return { outcome: 'invalid', message, warnings: [] };
}

/** What a person is shown: the outcome, the message and the warnings; a renamed rule alone changes nothing they see. */
export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.outcome === b.outcome && (a.message ?? null) === (b.message ?? null) && JSON.stringify(a.warnings) === JSON.stringify(b.warnings);
}

interface ReplaySide {
  rules: RuleSet;
  version: string;
}

export interface ReplaySets {
  current: ReplaySide;
  candidate: ReplaySide;
  /** Actions whose rule file is the same in both sets: the candidate answers as the current rules do. */
  unchanged: ReadonlySet<string>;
  /** Actions whose file changed only in facts: what the candidate's decision can take from the current one. */
  factsOnly: ReadonlyMap<string, FactsOnlyChange>;
}

/** The actions whose rule file reads the same in both sets (the folder each came from aside). */
function unchangedActions(current: RuleSet, candidate: RuleSet): Set<string> {
  const text = (f: { file: string }): string => JSON.stringify({ ...f, file: null });
  const before = new Map(current.files.map((f) => [f.action, text(f)]));
  return new Set(candidate.files.filter((f) => before.get(f.action) === text(f)).map((f) => f.action));
}

/**
 * The facts `before` and `after` define alike, reading only facts alike: a decision computes each
 * to the same value under both files. A name neither file defines is built in (the input, the
 * actor, the clock), the same under both.
 */
function sameFactsOf(before: RuleFile['facts'], after: RuleFile['facts']): Set<string> {
  const builtIn = (name: string): boolean => !Object.hasOwn(before, name) && !Object.hasOwn(after, name);
  const same = new Set<string>();
  const alike = Object.keys(before).filter((name) => Object.hasOwn(after, name) && JSON.stringify(before[name]) === JSON.stringify(after[name]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of alike) {
      if (same.has(name) || ![...factsNamed(before[name])].every((f) => same.has(f) || builtIn(f))) continue;
      same.add(name);
      grew = true;
    }
  }
  // What a decision may have computed besides its file's facts.
  for (const name of Object.keys(BUILTIN_FACTS)) if (builtIn(name)) same.add(name);
  same.add('input');
  return same;
}

/**
 * An action whose file changed in its facts alone (the rules, their order and messages, the input
 * and the rest the same, as are the roles of both sets). A current decision that computed only
 * facts alike in both is the candidate's too: its rules saw the same values. Otherwise the
 * candidate's rules before the first that reads a fact not alike (`from`) hold exactly as the
 * current ones did, so when those are all errors (none warns or asks to confirm), and the
 * current decision got past them, the candidate needs to run only the rules from there (`rest`),
 * given the alike facts' values.
 */
interface FactsOnlyChange {
  same: ReadonlySet<string>;
  /** The candidate's rules from the first that reads a fact not alike; null: it decides whole. */
  rest: CompiledAction | null;
}

function factsOnlyChange(file: LoadedRuleFile, after: LoadedRuleFile, roles: RuleSet['roles']): FactsOnlyChange {
  const same = sameFactsOf(file.facts, after.facts);
  const from = after.rules.findIndex((rule) => [...factsNamed([rule.when, rule.values])].some((f) => !same.has(f)));
  const errorsBefore = from > 0 && after.rules.slice(0, from).every((rule) => rule.outcome === 'error');
  return { same, rest: errorsBefore ? new CompiledAction({ ...after, rules: after.rules.slice(from) }, roles) : null };
}

function factsOnlyChanges(current: RuleSet, candidate: RuleSet, unchanged: ReadonlySet<string>): Map<string, FactsOnlyChange> {
  const out = new Map<string, FactsOnlyChange>();
  const roles = (r: RuleSet): string => JSON.stringify(r.roles && { ...r.roles, file: null });
  if (roles(current) !== roles(candidate)) return out;
  const before = new Map(current.files.map((f) => [f.action, f]));
  for (const after of candidate.files) {
    const file = before.get(after.action);
    if (!file || unchanged.has(after.action)) continue;
    if (JSON.stringify({ ...file, file: null, facts: null }) !== JSON.stringify({ ...after, file: null, facts: null })) continue;
    out.set(after.action, factsOnlyChange(file, after, candidate.roles));
  }
  return out;
}

/** A rule folder that does not load says which side it is. */
export function loadSide(side: 'current' | 'candidate', dir: string): VersionedRules {
  try {
    return loadVersionedRules(dir);
  } catch (e) {
    if (isShiftinatorError(e)) throw new ShiftinatorError(e.code, e.message, `${side} rules`);
    throw e;
  }
}

/** The two loaded rule sets as a replay takes them: on the main thread, and in each worker (cli/dry-run-pool.ts). */
export function replaySetsOf(current: VersionedRules, candidate: VersionedRules): ReplaySets {
  const unchanged = unchangedActions(current.rules, candidate.rules);
  return {
    current: { rules: current.rules, version: current.version },
    candidate: { rules: candidate.rules, version: candidate.version },
    unchanged,
    factsOnly: factsOnlyChanges(current.rules, candidate.rules, unchanged),
  };
}

/** What became of a logged decision; the report is made from these (cli/dry-run.ts). */
export interface RowOutcome {
  /** The logged slice is not a valid world. */
  invalid?: string;
  /** The rule sets that needed what the slice does not hold, and what, in words. */
  missing?: { rules: ('current' | 'candidate')[]; needs: string[] };
  current?: Answer;
  candidate?: Answer;
}

/**
 * A rule set's answer on a logged slice, or the needs the slice cannot answer (never a guess);
 * `facts`: with `keepFacts`, every fact the decision computed.
 */
type Replayed = { answer: Answer; facts?: Record<string, unknown> } | { missing: Need[] };

async function decideOnSlice(action: CompiledAction, slice: SliceWorld, held: readonly Need[], entry: LoggedDecision, known?: { keepFacts?: boolean; facts?: Record<string, unknown> }): Promise<Replayed> {
  slice.takeMissing();
  let answer: Answer;
  let facts: Record<string, unknown> | undefined;
  try {
    const decision = await action.decide({ world: slice, now: entry.decidedAt, actor: entry.actor, input: entry.input, ...known });
    answer = answerOf(decision);
    facts = decision.facts;
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    answer = invalidAnswer(e.message);
  }
  // A query outside what was recorded may have been answered wrongly (the record may exist, the
  // agent may work then): whatever the answer, it does not count.
  const missing = slice.takeMissing().filter((n) => !held.some((h) => needCovers(h, n)));
  return missing.length ? { missing } : facts ? { answer, facts } : { answer };
}

/** The candidate's answer when its file differs from the current one in facts alone (FactsOnlyChange). */
async function candidateOf(sets: ReplaySets, slice: SliceWorld, held: readonly Need[], entry: LoggedDecision, current: Replayed, change: FactsOnlyChange): Promise<Replayed> {
  const whole = sets.candidate.rules.action(entry.action);
  if (!('answer' in current) || !current.facts || current.answer.outcome === 'invalid') return decideOnSlice(whole, slice, held, entry);
  const computed = Object.keys(current.facts);
  if (computed.every((name) => change.same.has(name))) return { answer: current.answer };
  const facts = Object.fromEntries(Object.entries(current.facts).filter(([name]) => change.same.has(name) && Object.hasOwn(whole.file.facts, name)));
  // It computed a fact not alike, so it got past every rule before the first that reads one.
  return decideOnSlice(change.rest ?? whole, slice, held, entry, { facts });
}

/**
 * What a slice logged before needs were recorded holds: exactly what the rules that logged it
 * asked for, known only when those rules are one of the two at hand (by version). On the final
 * slice they ask what their last round asked: a subset of what was loaded, so never too much.
 */
async function derivedNeeds(sets: ReplaySets, world: NormalizedWorld, entry: LoggedDecision): Promise<Need[] | null> {
  const logger = [sets.current, sets.candidate].find((r) => r.version === entry.rulesHash);
  if (!logger) return null;
  const slice = new SliceWorld(world, new Set());
  try {
    await logger.rules.action(entry.action).decide({ world: slice, now: entry.decidedAt, actor: entry.actor, input: entry.input });
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
  }
  return slice.takeMissing();
}

export async function replayRow(sets: ReplaySets, row: LoggedRow): Promise<RowOutcome> {
  const entry = parseLogged(row);
  let world: NormalizedWorld;
  try {
    // The slice was parsed for this row alone: normalised where it lies.
    world = normalizeWorld(entry.world, 'world', true);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    return { invalid: `the logged slice is not a valid world: ${e.message}` };
  }
  const held = entry.needs ?? (await derivedNeeds(sets, world, entry));
  if (!held) {
    const why = `what the slice holds: it was logged before the log recorded that, under rules (version ${entry.rulesHash.slice(0, 12)}) that are neither of these`;
    return { missing: { rules: ['current', 'candidate'], needs: [why] } };
  }
  // One slice for both: its indexes (a head count's, say) are built once.
  const slice = new SliceWorld(world, new Set(held.map(needKey)));
  const change = sets.factsOnly.get(entry.action);
  const current = await decideOnSlice(sets.current.rules.action(entry.action), slice, held, entry, change && { keepFacts: true });
  const candidate = sets.unchanged.has(entry.action)
    ? current
    : change
      ? await candidateOf(sets, slice, held, entry, current, change)
      : await decideOnSlice(sets.candidate.rules.action(entry.action), slice, held, entry);
  if ('missing' in current) {
    const needs = [...current.missing, ...('missing' in candidate ? candidate.missing : [])];
    return { missing: { rules: 'missing' in candidate ? ['current', 'candidate'] : ['current'], needs: [...new Set(needs.map(describeNeed))] } };
  }
  if ('missing' in candidate) {
    // Typically a check the current rules stopped at no longer stops it, and the candidate's later checks read on.
    return { missing: { rules: ['candidate'], needs: [...new Set(candidate.missing.map(describeNeed))] }, current: current.answer };
  }
  return { current: current.answer, candidate: candidate.answer };
}
