import type { Decision, Outcome } from './compiled-action.ts';
import type { RuleFile } from './rule-file.ts';
import { ShiftinatorError } from './errors.ts';
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

/**
 * The request each colleague would send to take `record` (of the kind's collection) as posted.
 * Hours wanted are taken by giving away a shift whole: the colleague's first shift that overlaps
 * the hours (none: the rules say what is missing); the poster may counter for part of it.
 */
export function takingRequest(kind: TakeableKind, record: Takeable, world: PreparedWorld): (agentId: number) => Record<string, unknown> {
  switch (kind) {
    case 'coveragePosting': {
      const input = { lookingForCoverageId: record.id, coverageStartDatetime: record.start, coverageEndDatetime: record.end };
      return () => input;
    }
    case 'pickupPosting':
      return (agentId) => ({
        lookingToPickUpId: record.id,
        swapScheduleId: world.mainShiftsOverlapping(agentId, record.start, record.end)[0]?.id ?? null,
      });
    case 'openShift':
    case 'openTrainingShift': {
      const input = { openShiftId: record.id, start: record.start, end: record.end };
      return () => input;
    }
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
  input: Record<string, unknown> | ((agentId: number) => Record<string, unknown>);
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

/** Every fact name a definition refers to, at any depth of its params. */
function referencedFacts(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedFacts(item, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'fact' && typeof value === 'string') out.add(value);
      else referencedFacts(value, out);
    }
  }
  return out;
}

/**
 * The rule file's facts whose value is the same whoever asks: those that depend on nothing that
 * differs between candidates (the actor, and the request when each candidate sends their own).
 * Fact kinds read the actor only through the actorId and actor facts (engine/facts.ts), so a
 * fact is the candidate's own exactly when it refers to one of them, directly or through another.
 */
export function sharedFacts(file: Pick<RuleFile, 'facts'>, inputVaries: boolean): Set<string> {
  const varying = new Set(inputVaries ? ['actorId', 'actor', 'input'] : ['actorId', 'actor']);
  const refs = new Map(Object.entries(file.facts).map(([name, def]) => [name, referencedFacts(def)]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, used] of refs) {
      if (varying.has(name) || ![...used].some((u) => varying.has(u))) continue;
      varying.add(name);
      grew = true;
    }
  }
  return new Set([...refs.keys()].filter((name) => !varying.has(name)));
}

/** How many candidates in a row may bring no new shared fact before collecting stops. */
const COLLECT_UNTIL_QUIET = 50;

/**
 * Decides `action` for each candidate as its actor. What does not depend on who asks (head
 * counts on duty, the poster's own hours, the posting) is computed for the first candidate that
 * needs it and given to the rest, so thousands of decisions cost little more than their own
 * facts. Decisions of one action run one after another on its compiled engine anyway; awaiting
 * each in turn keeps memory flat. A candidate the world does not know throws, as a request would.
 */
export async function decideForEach(rules: RuleSet, question: CandidateQuestion): Promise<CandidateAnswer[]> {
  if (!rules.hasAction(question.action)) {
    throw new ShiftinatorError('INPUT_INVALID', `no rule file decides ${question.action}`, 'action');
  }
  const action = rules.action(question.action);
  const world = PreparedWorld.from(question.world);
  const { input } = question;
  const shareable = sharedFacts(action.file, typeof input === 'function');
  const known: Record<string, unknown> = {};
  const answers: CandidateAnswer[] = [];
  // Facts are collected until a run of candidates brings none new: most are known after the
  // first candidate who gets far through the rules, and copying every run's facts costs.
  let quiet = 0;
  for (const agentId of question.candidates) {
    const collect = quiet < COLLECT_UNTIL_QUIET;
    let d: Decision;
    try {
      d = await action.decide({
        world,
        now: question.now,
        actor: agentId,
        input: typeof input === 'function' ? input(agentId) : input,
        facts: known,
        keepFacts: collect,
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
