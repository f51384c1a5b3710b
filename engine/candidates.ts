import { CompiledAction, type Decision, type Outcome, type TraceEntry } from './compiled-action.ts';
import type { RuleFile } from './rule-file.ts';
import { ShiftinatorError } from './errors.ts';
import { factsNamed } from './conditions.ts';
import type { RuleSet } from './ruleset.ts';
import { PreparedWorld } from './world.ts';

/**
 * Who could take a posting or an open shift: the action a colleague would use to take it,
 * decided for every colleague as if they tried it now, with the whole hours as posted. The same
 * rule files and engine as a real request, so "could" here is exactly what a request would get.
 */

/** What can be offered to colleagues, and the action each of them would use to take it. */
export const TAKING_ACTIONS = {
  /** A shift posted for coverage: a colleague offers to cover its whole hours. */
  coveragePosting: 'postOfferCoverage',
  /** Hours wanted: a colleague offers to give hours away to the poster. */
  pickupPosting: 'postOfferGiveAway',
  /** An open shift: a colleague claims it whole. */
  openShift: 'claimOpenShift',
  /** An open training shift: a colleague claims it whole. */
  openTrainingShift: 'claimOpenTrainingShift',
} as const;

export type TakeableKind = keyof typeof TAKING_ACTIONS;

/** The hours a posting or an open shift asks to be taken. */
export interface Takeable {
  id: number;
  start: number;
  end: number;
}

/** One request for every colleague, or each colleague's own. */
export type CandidateInput = Record<string, unknown> | ((agentId: number) => Record<string, unknown>);

/** The request `agentId` sends. */
export function requestOf(input: CandidateInput, agentId: number): Record<string, unknown> {
  return typeof input === 'function' ? input(agentId) : input;
}

/**
 * The request each colleague would send to take `record` (of the kind's collection) as posted.
 * Hours wanted are taken by giving away a shift whole: the colleague's first shift that overlaps
 * the hours (none: the rules say what is missing); the poster may counter for part of it. The
 * other kinds send one request whoever sends it, so what is read from it is shared between them.
 */
export function takingRequest(kind: TakeableKind, record: Takeable, world: PreparedWorld): CandidateInput {
  switch (kind) {
    case 'coveragePosting':
      return { lookingForCoverageId: record.id, coverageStartDatetime: record.start, coverageEndDatetime: record.end };
    case 'pickupPosting':
      return (agentId) => ({
        lookingToPickUpId: record.id,
        swapScheduleId: world.mainShiftsOverlapping(agentId, record.start, record.end)[0]?.id ?? null,
      });
    case 'openShift':
    case 'openTrainingShift':
      return { openShiftId: record.id, start: record.start, end: record.end };
  }
}

/** One colleague's answer: could they take it, and if not, the rule that stops them and its message. */
export interface CandidateAnswer {
  agentId: number;
  outcome: Outcome;
  /** The deciding rule (null when nothing stops them). */
  rule: string | null;
  /** The refusal or the prompt, word for word (null on ok). */
  message: string | null;
}

export interface CandidateQuestion {
  action: string;
  /** A scenario-format world, or one prepared earlier: prepared once for every candidate. */
  world: unknown;
  now: number | string;
  /** Each colleague's request (takingRequest), or one request for all. */
  input: CandidateInput;
  /** The colleagues to ask about, in the order the answers come back. */
  candidates: readonly number[];
  /**
   * Asked after each candidate's decision, with a world loaded on demand (a server's slice):
   * false when the decision read something the world does not hold yet. That candidate is then
   * left out of the answers (ask again once it is loaded) and nothing its run computed is shared.
   */
  settled?: () => boolean;
}

/** Whether an answer means the colleague could take it: ok, or a prompt they may confirm. */
export function couldTake(answer: Pick<CandidateAnswer, 'outcome'>): boolean {
  return answer.outcome !== 'error';
}

/**
 * The fact names (built-in and the rule file's) whose value may differ between candidates: the
 * actor, the request when each candidate sends their own, and every fact that refers to one of
 * them, directly or through another. Fact kinds read the actor only through the actorId and actor
 * facts (engine/facts.ts), so every other fact is the same whoever asks.
 */
function varyingFacts(file: Pick<RuleFile, 'facts'>, inputVaries: boolean): Set<string> {
  const varying = new Set(inputVaries ? ['actorId', 'actor', 'input'] : ['actorId', 'actor']);
  const refs = new Map(Object.entries(file.facts).map(([name, def]) => [name, factsNamed(def)]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, used] of refs) {
      if (varying.has(name) || ![...used].some((u) => varying.has(u))) continue;
      varying.add(name);
      grew = true;
    }
  }
  return varying;
}

/** The rule file's facts whose value is the same whoever asks (see varyingFacts). */
export function sharedFacts(file: Pick<RuleFile, 'facts'>, inputVaries: boolean): Set<string> {
  const varying = varyingFacts(file, inputVaries);
  return new Set(Object.keys(file.facts).filter((name) => !varying.has(name)));
}

/**
 * The rules whose conditions read only facts that are the same whoever asks: such a rule holds
 * for every candidate or for none. A rule that names a shared condition (json-rules-engine's
 * `condition`) is not counted, as what it reads is not in the rule.
 */
export function sharedRules(file: Pick<RuleFile, 'facts' | 'rules'>, inputVaries: boolean): Set<string> {
  const varying = varyingFacts(file, inputVaries);
  const out = new Set<string>();
  for (const rule of file.rules) {
    if (JSON.stringify(rule.when).includes('"condition"')) continue;
    if (![...factsNamed(rule.when)].some((f) => varying.has(f))) out.add(rule.id);
  }
  return out;
}

/** How many candidates in a row may bring no new shared fact or rule before collecting stops. */
const COLLECT_UNTIL_QUIET = 50;
/** Narrowed rule sets kept per action: postings of one shape (trades or not, past or not) share one. */
const NARROWED_KEPT = 32;

const narrowedCache = new WeakMap<CompiledAction, Map<string, CompiledAction>>();

/**
 * `action` without the rules in `dropped`, built once per set of dropped rules. The rules left
 * keep their order, so they run as they run in the whole file.
 */
function narrowed(rules: RuleSet, action: CompiledAction, dropped: ReadonlySet<string>): CompiledAction {
  if (dropped.size === 0) return action;
  let byKey = narrowedCache.get(action);
  if (!byKey) {
    byKey = new Map();
    narrowedCache.set(action, byKey);
  }
  const key = [...dropped].sort().join(' ');
  let out = byKey.get(key);
  if (!out) {
    if (byKey.size >= NARROWED_KEPT) byKey.clear();
    out = new CompiledAction({ ...action.file, rules: action.file.rules.filter((r) => !dropped.has(r.id)) }, rules.roles);
    byKey.set(key, out);
  }
  return out;
}

/**
 * Which rules every candidate may skip, learnt from the candidates decided so far. A shared rule
 * (sharedRules) holds for everyone or for no one: once one run saw it not hold, it holds for no
 * candidate and is dropped; once one run saw it fire with an error, every candidate who gets that
 * far stops there, so the rules after it are never reached and are dropped. What is left decides
 * each candidate exactly as the whole file does (the differential test in candidates.test.ts).
 */
class RuleNarrowing {
  private readonly pending: Set<string>;
  private readonly file: Pick<RuleFile, 'facts' | 'rules'>;
  readonly dropped = new Set<string>();

  constructor(file: Pick<RuleFile, 'facts' | 'rules'>, inputVaries: boolean) {
    this.file = file;
    this.pending = sharedRules(file, inputVaries);
  }

  get learning(): boolean {
    return this.pending.size > 0;
  }

  /** Learns from one settled run's evaluated rules; true when more rules can be dropped. */
  learn(trace: readonly TraceEntry[]): boolean {
    let grew = false;
    for (const entry of trace) {
      if (!this.pending.delete(entry.rule)) continue;
      if (!entry.fired) {
        this.dropped.add(entry.rule);
        grew = true;
      } else if (entry.outcome === 'error') {
        const rules = this.file.rules;
        for (const later of rules.slice(rules.findIndex((r) => r.id === entry.rule) + 1)) {
          this.pending.delete(later.id);
          this.dropped.add(later.id);
        }
        grew = true;
      }
    }
    return grew;
  }
}

/**
 * Decides `action` for each candidate as its actor. What does not depend on who asks (head
 * counts on duty, the poster's own hours, the posting, the checks on the posting's hours) is
 * computed for the first candidate that needs it and given to the rest, so thousands of
 * decisions cost little more than their own facts and rules. Decisions of one action run one
 * after another on its compiled engine anyway; awaiting each in turn keeps memory flat. A
 * candidate the world does not know throws, as a request would.
 */
export async function decideForEach(rules: RuleSet, question: CandidateQuestion): Promise<CandidateAnswer[]> {
  if (!rules.hasAction(question.action)) {
    throw new ShiftinatorError('INPUT_INVALID', `no rule file decides ${question.action}`, 'action');
  }
  const whole = rules.action(question.action);
  const world = PreparedWorld.from(question.world);
  const { input } = question;
  const inputVaries = typeof input === 'function';
  const shareable = sharedFacts(whole.file, inputVaries);
  const narrowing = new RuleNarrowing(whole.file, inputVaries);
  let action = whole;
  const known: Record<string, unknown> = {};
  const answers: CandidateAnswer[] = [];
  // Facts and rules are learnt until a run of candidates brings nothing new: most are known
  // after the first candidate who gets far through the rules, and each run's trace costs.
  let quiet = 0;
  for (const agentId of question.candidates) {
    const collect = quiet < COLLECT_UNTIL_QUIET;
    const trace = collect && narrowing.learning;
    let d: Decision;
    try {
      d = await action.decide({
        world,
        now: question.now,
        actor: agentId,
        input: requestOf(input, agentId),
        facts: known,
        keepFacts: collect,
        trace,
      });
    } catch (e) {
      // A world still loading may lack what a fact needs; only a settled run's error is real.
      if (question.settled && !question.settled()) continue;
      throw e;
    }
    if (question.settled && !question.settled()) continue;
    if (collect) {
      quiet++;
      for (const [name, value] of Object.entries(d.facts ?? {})) {
        if (!shareable.has(name) || name in known) continue;
        known[name] = value;
        quiet = 0;
      }
      if (trace && narrowing.learn(d.trace ?? [])) {
        action = narrowed(rules, whole, narrowing.dropped);
        quiet = 0;
      }
    }
    answers.push({ agentId, outcome: d.outcome, rule: d.rule ?? null, message: d.message ?? null });
  }
  return answers;
}

/**
 * Every colleague of `excluded` (the poster) still employed at `now` (epoch minutes): people who
 * have left cannot sign in to take anything. Who else may or may not take it is the rules' to
 * say, so nobody else is left out.
 */
export function colleagues(world: unknown, now: number, excluded: number | null): number[] {
  const prepared = PreparedWorld.from(world);
  const out: number[] = [];
  for (const a of prepared.data.agents ?? []) {
    const agentId = a.agentId as number;
    const leaves = a.terminationDate as number | null;
    if (agentId === excluded || (leaves !== null && leaves <= now)) continue;
    out.push(agentId);
  }
  return out;
}
