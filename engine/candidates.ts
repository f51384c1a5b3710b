import { CompiledAction, type Decision, type Outcome, type TraceCondition, type TraceEntry } from './compiled-action.ts';
import type { RuleDef, RuleFile } from './rule-file.ts';
import { ShiftinatorError } from './errors.ts';
import { COLLECTIONS } from './collections.ts';
import { factsNamed, type Condition, type LeafCondition } from './conditions.ts';
import { isRef } from './facts.ts';
import { GROUP_OPERATORS } from './operators.ts';
import { inGroup, type Roles } from './roles.ts';
import type { RuleSet } from './ruleset.ts';
import { PreparedWorld, type Agent } from './world.ts';

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
  /** What earlier calls about the same posting learnt (a server's earlier rounds); each call learns afresh without. */
  learnt?: CandidateLearning;
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

/** A condition's leaves in the order a trace lists them (compiled-action.ts, traceConditions): all, any, not, the leaf. */
function leavesOf(node: Condition, out: LeafCondition[] = []): LeafCondition[] {
  const n = node as Partial<Record<'all' | 'any', Condition[]>> & { not?: Condition; fact?: unknown };
  for (const child of n.all ?? []) leavesOf(child, out);
  for (const child of n.any ?? []) leavesOf(child, out);
  if (n.not) leavesOf(n.not, out);
  if (typeof n.fact === 'string') out.push(node as LeafCondition);
  return out;
}

/** The actor's yes/no attributes (Spanish, DOCS, ...): with the groups, what a role is. */
const isRoleAttribute = (path: string): boolean => COLLECTIONS.agents?.fields[path]?.type === 'bool';

/**
 * What a leaf of a rule reads, as far as candidates differ: `shared`, the same whoever asks;
 * `role`, the actor's membership of a group of rules/roles.json (inGroup, notInGroup) or one of
 * their yes/no attributes, against shared values; `identity`, whether the actor is one given
 * agent (a shared fact equal to actorId); `own`, anything else.
 */
type LeafKind = 'shared' | 'role' | 'identity' | 'own';

function leafKind(leaf: LeafCondition, varying: ReadonlySet<string>): LeafKind {
  const others = [...factsNamed(leaf.value)];
  if (leaf.fact === 'actor' && !others.some((f) => varying.has(f))) {
    if (leaf.path === undefined ? GROUP_OPERATORS.has(leaf.operator) && typeof leaf.value === 'string' : isRoleAttribute(leaf.path)) return 'role';
  }
  if (![...factsNamed(leaf)].some((f) => varying.has(f))) return 'shared';
  if (leaf.operator !== 'equal') return 'own';
  const value = leaf.value;
  const isActorId = (ref: unknown): boolean => isRef(ref) && ref.fact === 'actorId' && ref.path === undefined;
  if (isActorId(value) && !varying.has(leaf.fact)) return 'identity';
  if (leaf.fact === 'actorId' && leaf.path === undefined && isRef(value) && !varying.has(value.fact)) return 'identity';
  return 'own';
}

/**
 * A rule's conditions as they hold for another member of the traced candidate's role group, from
 * that candidate's trace: a shared or group leaf as it was, an identity leaf false (the member is
 * not that agent: its agent is added to `unless`), anything else unknown. undefined: unknown.
 */
function holdsForGroup(rule: RuleDef, conditions: readonly TraceCondition[], varying: ReadonlySet<string>, unless: Set<unknown>): boolean | undefined {
  const leaves = leavesOf(rule.when);
  if (leaves.length !== conditions.length) return undefined;
  const traced = new Map<LeafCondition, TraceCondition>();
  for (const [i, leaf] of leaves.entries()) {
    const c = conditions[i] as TraceCondition;
    if (c.fact !== leaf.fact || c.operator !== leaf.operator) return undefined;
    traced.set(leaf, c);
  }
  const holds = (node: Condition): boolean | undefined => {
    if ('all' in node) {
      const parts = node.all.map(holds);
      return parts.includes(false) ? false : parts.every((p) => p === true) ? true : undefined;
    }
    if ('any' in node) {
      const parts = node.any.map(holds);
      return parts.includes(true) ? true : parts.every((p) => p === false) ? false : undefined;
    }
    if ('not' in node) {
      const inner = holds(node.not);
      return inner === undefined ? undefined : !inner;
    }
    const c = traced.get(node) as TraceCondition;
    switch (leafKind(node, varying)) {
      case 'shared':
      case 'role':
        return c.result;
      case 'identity':
        if (c.result === undefined) return undefined;
        unless.add(node.fact === 'actorId' ? c.valueResult : c.factValue);
        return false;
      case 'own':
        return undefined;
    }
  };
  return holds(rule.when);
}

/** The answer every member of a role group gets, but those in `unless`, who are decided. */
interface GroupAnswer {
  rule: string;
  message: string | null;
  unless: ReadonlySet<unknown>;
}

/**
 * Colleagues whom their role can never let take it (a trainee; a supervisor for a call
 * specialist's shift; anyone but a Spanish speaker for a Spanish shift) are not decided at all:
 * their answer is their role group's. A role group is everyone with the same groups and yes/no
 * attributes among those the rules read. Its first candidate is decided traced. When the rule
 * that stops them reads only shared facts and the role (its message too), and every error rule
 * before it was seen not to hold for reasons the whole group shares (a shared fact, the role, or
 * the actor being one given agent, as "your own posting" is), that rule stops every member: a
 * decision answers the file's first error rule that holds.
 */
class RoleGroups {
  private readonly roles: Roles;
  /** The groups and the attributes the rules read of the actor. */
  private readonly groups: string[];
  private readonly attributes: string[];
  private readonly varying: ReadonlySet<string>;
  private readonly file: Pick<RuleFile, 'rules'>;
  private readonly answers = new Map<string, GroupAnswer | null>();
  private readonly keys = new Map<Agent, string>();

  private constructor(roles: Roles, read: { groups: string[]; attributes: string[] }, varying: ReadonlySet<string>, file: Pick<RuleFile, 'rules'>) {
    this.roles = roles;
    this.groups = read.groups;
    this.attributes = read.attributes;
    this.varying = varying;
    this.file = file;
  }

  /** None when the rule file reads no role or the rule set has no roles. */
  static of(roles: Roles | null, file: Pick<RuleFile, 'facts' | 'rules'>, inputVaries: boolean): RoleGroups | null {
    if (!roles) return null;
    const varying = varyingFacts(file, inputVaries);
    const groups = new Set<string>();
    const attributes = new Set<string>();
    for (const rule of file.rules) {
      for (const leaf of leavesOf(rule.when)) {
        if (leafKind(leaf, varying) !== 'role') continue;
        if (leaf.path === undefined) groups.add(leaf.value as string);
        else attributes.add(leaf.path);
      }
    }
    if (groups.size === 0 && attributes.size === 0) return null;
    return new RoleGroups(roles, { groups: [...groups].sort(), attributes: [...attributes].sort() }, varying, file);
  }

  /**
   * The actor's role as the rules read it, as a key; null for an agent the world does not hold.
   * Kept by the agent's record: it is asked for each colleague in every round of a posting's decisions.
   */
  keyOf(world: PreparedWorld, agentId: number): string | null {
    const actor = world.agent(agentId);
    if (!actor) return null;
    const known = this.keys.get(actor);
    if (known !== undefined) return known;
    const a = actor as unknown as Record<string, unknown>;
    const key = `${this.groups.map((g) => (inGroup(this.roles, g, actor) ? '1' : '0')).join('')}:${this.attributes.map((p) => String(a[p])).join(',')}`;
    this.keys.set(actor, key);
    return key;
  }

  /** The group's answer, if learnt, for this member; undefined: decide them. */
  answerFor(key: string | null, agentId: number): GroupAnswer | undefined {
    const answer = key === null ? undefined : this.answers.get(key);
    return answer && !answer.unless.has(agentId) ? answer : undefined;
  }

  /** Whether the group's first settled decision is still to be traced. */
  learning(key: string | null): boolean {
    return key !== null && !this.answers.has(key);
  }

  /** Learns from a member's settled, traced decision; `dropped`: rules that hold for nobody (RuleNarrowing). */
  learn(key: string, d: Decision, dropped: ReadonlySet<string>): void {
    this.answers.set(key, this.groupAnswer(d, dropped));
  }

  private groupAnswer(d: Decision, dropped: ReadonlySet<string>): GroupAnswer | null {
    if (d.outcome !== 'error' || !d.rule || !d.trace) return null;
    const index = this.file.rules.findIndex((r) => r.id === d.rule);
    const rule = this.file.rules[index];
    if (!rule || [...factsNamed(rule.values)].some((f) => this.varying.has(f))) return null;
    if (leavesOf(rule.when).some((leaf) => !['shared', 'role'].includes(leafKind(leaf, this.varying)))) return null;
    const traced = new Map(d.trace.map((e) => [e.rule, e]));
    const unless = new Set<unknown>();
    for (const before of this.file.rules.slice(0, index)) {
      if (before.outcome !== 'error' || dropped.has(before.id)) continue;
      const entry = traced.get(before.id);
      if (!entry || entry.fired || holdsForGroup(before, entry.conditions, this.varying, unless) !== false) return null;
    }
    return { rule: rule.id, message: d.message ?? null, unless };
  }
}

/**
 * What deciding one posting's candidates has learnt so far: the shared facts, the rules dropped,
 * the role groups' answers. A server deciding on a world it loads round by round gives the same
 * one to each round (`CandidateQuestion.learnt`), so a later round starts where the last left
 * off; only settled runs teach it anything, so it holds whatever the world still lacks.
 */
export class CandidateLearning {
  readonly action: string;
  readonly whole: CompiledAction;
  readonly shareable: Set<string>;
  readonly narrowing: RuleNarrowing;
  readonly groups: RoleGroups | null;
  current: CompiledAction;
  readonly known: Record<string, unknown> = {};
  /** Settled runs in a row that brought no new shared fact or rule. */
  quiet = 0;

  constructor(rules: RuleSet, action: string, inputVaries: boolean) {
    if (!rules.hasAction(action)) {
      throw new ShiftinatorError('INPUT_INVALID', `no rule file decides ${action}`, 'action');
    }
    this.action = action;
    this.whole = rules.action(action);
    this.current = this.whole;
    this.shareable = sharedFacts(this.whole.file, inputVaries);
    this.narrowing = new RuleNarrowing(this.whole.file, inputVaries);
    this.groups = RoleGroups.of(rules.roles, this.whole.file, inputVaries);
  }

  /** Learns from a settled run; `traced`/`collected`: what it was asked to return. */
  learn(rules: RuleSet, d: Decision, collected: boolean, traced: boolean): void {
    if (!collected) return;
    this.quiet++;
    for (const [name, value] of Object.entries(d.facts ?? {})) {
      if (!this.shareable.has(name) || name in this.known) continue;
      this.known[name] = value;
      this.quiet = 0;
    }
    if (traced && this.narrowing.learning && this.narrowing.learn(d.trace ?? [])) {
      this.current = narrowed(rules, this.whole, this.narrowing.dropped);
      this.quiet = 0;
    }
  }
}

/**
 * Decides `action` for each candidate as its actor. What does not depend on who asks (head
 * counts on duty, the poster's own hours, the posting, the checks on the posting's hours) is
 * computed for the first candidate that needs it and given to the rest, so thousands of
 * decisions cost little more than their own facts and rules; candidates whose role stops them
 * are answered for their role group (RoleGroups). Decisions of one action run one after another
 * on its compiled engine anyway; awaiting each in turn keeps memory flat. A candidate the world
 * does not know throws, as a request would.
 */
export async function decideForEach(rules: RuleSet, question: CandidateQuestion): Promise<CandidateAnswer[]> {
  const { input } = question;
  const learnt = question.learnt ?? new CandidateLearning(rules, question.action, typeof input === 'function');
  if (learnt.action !== question.action) throw new Error(`learnt from ${learnt.action}, asked about ${question.action}`);
  const world = PreparedWorld.from(question.world);
  const { groups, narrowing } = learnt;
  const answers: CandidateAnswer[] = [];
  for (const agentId of question.candidates) {
    const group = groups?.keyOf(world, agentId) ?? null;
    const groupAnswer = groups?.answerFor(group, agentId);
    if (groupAnswer) {
      answers.push({ agentId, outcome: 'error', rule: groupAnswer.rule, message: groupAnswer.message });
      continue;
    }
    // Facts and rules are learnt until a run of candidates brings nothing new: most are known
    // after the first candidate who gets far through the rules, and each run's trace costs.
    const collect = learnt.quiet < COLLECT_UNTIL_QUIET;
    const learnGroup = groups?.learning(group) === true;
    const trace = (collect && narrowing.learning) || learnGroup;
    let d: Decision;
    try {
      d = await learnt.current.decide({ world, now: question.now, actor: agentId, input: requestOf(input, agentId), facts: learnt.known, keepFacts: collect, trace });
    } catch (e) {
      // A world still loading may lack what a fact needs; only a settled run's error is real.
      if (question.settled && !question.settled()) continue;
      throw e;
    }
    if (question.settled && !question.settled()) continue;
    if (learnGroup) groups?.learn(group as string, d, narrowing.dropped);
    learnt.learn(rules, d, collect, trace);
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
