import {
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
}

/** The actions whose rule file reads the same in both sets (the folder each came from aside). */
function unchangedActions(current: RuleSet, candidate: RuleSet): Set<string> {
  const text = (f: { file: string }): string => JSON.stringify({ ...f, file: null });
  const before = new Map(current.files.map((f) => [f.action, text(f)]));
  return new Set(candidate.files.filter((f) => before.get(f.action) === text(f)).map((f) => f.action));
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
  return {
    current: { rules: current.rules, version: current.version },
    candidate: { rules: candidate.rules, version: candidate.version },
    unchanged: unchangedActions(current.rules, candidate.rules),
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

/** A rule set's answer on a logged slice, or the needs the slice cannot answer (never a guess). */
type Replayed = { answer: Answer } | { missing: Need[] };

async function decideOnSlice(rules: RuleSet, slice: SliceWorld, held: readonly Need[], entry: LoggedDecision): Promise<Replayed> {
  slice.takeMissing();
  let answer: Answer;
  try {
    answer = answerOf(await rules.action(entry.action).decide({ world: slice, now: entry.decidedAt, actor: entry.actor, input: entry.input }));
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    answer = invalidAnswer(e.message);
  }
  // A query outside what was recorded may have been answered wrongly (the record may exist, the
  // agent may work then): whatever the answer, it does not count.
  const missing = slice.takeMissing().filter((n) => !held.some((h) => needCovers(h, n)));
  return missing.length ? { missing } : { answer };
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
    world = normalizeWorld(entry.world);
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
  const current = await decideOnSlice(sets.current.rules, slice, held, entry);
  const candidate = sets.unchanged.has(entry.action) ? current : await decideOnSlice(sets.candidate.rules, slice, held, entry);
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
