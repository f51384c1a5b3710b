import type { Decision } from './compiled-action.ts';
import { ShiftinatorError } from './errors.ts';
import type { AdjustDef } from './rule-file.ts';
import type { RuleSet } from './ruleset.ts';
import { formatInstant, parseInstant } from './time.ts';
import { PreparedWorld } from './world.ts';

/**
 * The fix, not only the refusal: for a refused request, the nearest request that passes every
 * rule, found by deciding shortened versions of it with the same rules and engine. A rule file
 * names the hours a person chose (`adjust`: input fields of a start and an end); a suggestion
 * only ever shortens them, from either end or both, since that is what the refusals ask ("Please
 * cut N min", "must be at least 5 minutes from now", "within the valid shift hours"). Nearest
 * means the fewest minutes cut; a tie keeps the start. The 600-minute message names only the
 * first window that fails; the suggestion passes both windows and everything else.
 */

/** Minutes between the cuts tried first; the best of them is then refined to the minute. */
const COARSE_STEP_MINUTES = 15;

export interface SuggestQuestion {
  action: string;
  world: unknown;
  now: number | string;
  actor: number;
  input: Record<string, unknown>;
  /** Fact values given with the request (a world slice's sums), passed to every decision. */
  facts?: Readonly<Record<string, unknown>>;
  /**
   * Awaited every few decisions: a browser yields to its page there (a search may decide hundreds
   * of shortenings), and stops a search no longer wanted by throwing.
   */
  pause?: () => Promise<void>;
}

/** Decisions between two pauses. */
const DECISIONS_PER_PAUSE = 10;

export interface Suggestion {
  /** The request that passes: the input with one range's start and end moved in. */
  input: Record<string, unknown>;
  /** The input fields moved. */
  range: { start: string; end: string };
  /** The hours asked for and the hours suggested, as Eastern wall-clock text. */
  from: { start: string; end: string };
  to: { start: string; end: string };
  /** Minutes cut in all: from the start plus from the end. */
  cutMinutes: number;
  /** The answer to the suggested request: ok, or a prompt to confirm. */
  decision: Decision;
}

function instantOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    return parseInstant(value);
  } catch {
    return null;
  }
}

/**
 * The nearest passing request, or null when the request passes already, names no hours a person
 * chose, or no shortening of them passes. Throws as a decision would (bad input, unknown actor).
 */
export async function suggest(rules: RuleSet, question: SuggestQuestion): Promise<Suggestion | null> {
  if (!rules.hasAction(question.action)) {
    throw new ShiftinatorError('INPUT_INVALID', `no rule file decides ${question.action}`, 'action');
  }
  const action = rules.action(question.action);
  const world = PreparedWorld.from(question.world);
  const base = { world, now: question.now, actor: question.actor, ...(question.facts ? { facts: question.facts } : {}) };
  const first = await action.decide({ ...base, input: question.input, keepFacts: true });
  if (first.outcome !== 'error') return null;

  let best: Suggestion | null = null;
  let decided = 0;
  for (const range of action.file.adjust ?? []) {
    const found = await nearest(range, first.facts ?? {}, best?.cutMinutes ?? Infinity, async (input) => {
      if (question.pause && ++decided % DECISIONS_PER_PAUSE === 0) await question.pause();
      const d = await action.decide({ ...base, input });
      return d.outcome === 'error' ? null : d;
    }, question.input);
    if (found && found.cutMinutes < (best?.cutMinutes ?? Infinity)) best = found;
  }
  return best;
}

/** The nearest shortening of one range that passes, cutting fewer than `under` minutes. */
async function nearest(
  range: AdjustDef,
  facts: Record<string, unknown>,
  under: number,
  passes: (input: Record<string, unknown>) => Promise<Decision | null>,
  input: Record<string, unknown>,
): Promise<Suggestion | null> {
  const start = instantOf(input[range.start]) ?? instantOf(range.current && facts[range.current.start]);
  const end = instantOf(input[range.end]) ?? instantOf(range.current && facts[range.current.end]);
  if (start === null || end === null || end <= start) return null;
  const length = end - start;
  const tried = new Map<string, Decision | null>();
  const attempt = async (fromStart: number, fromEnd: number): Promise<Decision | null> => {
    const key = `${fromStart}/${fromEnd}`;
    if (!tried.has(key)) tried.set(key, await passes({ ...input, [range.start]: start + fromStart, [range.end]: end - fromEnd }));
    return tried.get(key) ?? null;
  };
  const answer = (fromStart: number, fromEnd: number, decision: Decision): Suggestion => ({
    input: { ...input, [range.start]: formatInstant(start + fromStart), [range.end]: formatInstant(end - fromEnd) },
    range: { start: range.start, end: range.end },
    from: { start: formatInstant(start), end: formatInstant(end) },
    to: { start: formatInstant(start + fromStart), end: formatInstant(end - fromEnd) },
    cutMinutes: fromStart + fromEnd,
    decision,
  });

  // Coarse: every split of each total cut, a step apart, smallest total first.
  const step = COARSE_STEP_MINUTES;
  let coarse: { a: number; b: number; d: Decision } | null = null;
  for (let total = step; total < Math.min(length, under) && !coarse; total += step) {
    for (let a = 0; a <= total; a += step) {
      const d = await attempt(a, total - a);
      if (d) {
        coarse = { a, b: total - a, d };
        break;
      }
    }
  }
  if (!coarse) return null;
  // Fine: the minutes below the coarse cut on either side, smallest total first, the start kept longest.
  const lowA = Math.max(0, coarse.a - step + 1);
  const lowB = Math.max(0, coarse.b - step + 1);
  for (let total = lowA + lowB; total < coarse.a + coarse.b; total++) {
    for (let a = lowA; a <= Math.min(coarse.a, total - lowB); a++) {
      const b = total - a;
      if (b > coarse.b) continue;
      const d = await attempt(a, b);
      if (d) return answer(a, b, d);
    }
  }
  return answer(coarse.a, coarse.b, coarse.d);
}
