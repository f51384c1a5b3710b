import type { Change } from './changes.ts';
import { effectKinds, Ids } from './effects.ts';
import { ShiftinatorError } from './errors.ts';
import { BUILTIN_FACTS, FACT_KINDS, isRef, type Ref, type RunContext } from './facts.ts';
import type { LoadedRuleFile } from './ruleset.ts';
import { inputFields } from './input-types.ts';
import { effectList, type EffectDef, type InputType, type RuleDef, type RuleFile, type ValueFormat } from './rule-file.ts';
import { fillTemplate, formatValue } from './template.ts';
import { dayOf, parseInstant } from './time.ts';
import { PreparedWorld } from './world.ts';
import { isLeafCondition } from './conditions.ts';
import { compileRule, evaluateRule, type CompiledRule, type EvaluationHost, type RuleOutcome } from './evaluator.ts';
import { offeredFile } from './offered.ts';
import type { Roles } from './roles.ts';

export type Outcome = 'ok' | 'error' | 'confirm';

export interface DecisionRequest {
  /** A world as scenario files write it, or one prepared earlier (reused across decisions). */
  world: unknown;
  /** The clock: epoch minutes or instant text. */
  now: number | string;
  actor: number;
  input: Record<string, unknown>;
  /** Record every evaluated rule with the fact values it saw. */
  trace?: boolean;
  /** On ok, also return the changes the action makes. */
  effects?: boolean;
  /**
   * Values of the rule file's facts computed on a fuller world than `world` (the server's world
   * slice carries other people's schedules only as such sums): used as given, never computed.
   */
  facts?: Readonly<Record<string, unknown>>;
  /** Also return every fact value the run computed (`Decision.facts`), without a trace. */
  keepFacts?: boolean;
  /**
   * Decide the action as it is offered, before its form is filled in (engine/offered.ts): the
   * input fields left out of `input` are still to be chosen, and only the error rules that fire
   * whatever they turn out to be are run. An error means the action cannot be taken at all by
   * this actor on these records now; ok, that nothing refuses it yet. No effects are worked out.
   */
  asOffered?: boolean;
}

export interface TraceCondition {
  fact: string;
  path?: string;
  operator: string;
  value: unknown;
  factValue: unknown;
  valueResult?: unknown;
  result: boolean | undefined;
}

export interface TraceEntry {
  rule: string;
  /** Whether the rule's conditions held, so that it decided (or warned). */
  fired: boolean;
  outcome: RuleDef['outcome'];
  conditions: TraceCondition[];
}

export interface Decision {
  outcome: Outcome;
  /** With error: the alert text; with confirm: the prompt. */
  message?: string;
  warnings: string[];
  /** The id of the rule that decided (absent on ok). */
  rule?: string;
  trace?: TraceEntry[];
  /** With trace: every fact the run computed, by name, so a sum can be checked from its terms. */
  facts?: Record<string, unknown>;
  changes?: Change[];
  /** On ok, when the rule file's success text has values: that text, filled in. */
  success?: string;
}

interface Run extends RunContext {
  memo: Map<string, unknown>;
  /** request.facts, read where asked rather than copied into memo: a caller may give many to each of thousands of runs. */
  given: Readonly<Record<string, unknown>>;
  failures: string[];
  error: { rule: string; message: string } | null;
  confirm: { rule: string; message: string } | null;
  warnings: string[];
  confirmed: boolean;
}

/** An action's input as its rules see it: instants as epoch minutes, optional fields null. Throws INPUT_INVALID. */
export function normalizeInput(decl: Record<string, InputType>, raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ShiftinatorError('INPUT_INVALID', 'must be an object', 'input');
  }
  const given = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { confirmed: given.confirmed === true };
  for (const [field, { base, optional }] of inputFields(decl)) {
    const v = given[field];
    const where = `input.${field}`;
    if (v === undefined || v === null) {
      if (!optional) throw new ShiftinatorError('INPUT_INVALID', 'is required', where);
      out[field] = null;
      continue;
    }
    switch (base) {
      case 'id':
        if (!Number.isInteger(v)) throw new ShiftinatorError('INPUT_INVALID', `must be an integer id, got ${JSON.stringify(v)}`, where);
        out[field] = v;
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new ShiftinatorError('INPUT_INVALID', `must be a number, got ${JSON.stringify(v)}`, where);
        out[field] = v;
        break;
      case 'instant':
        try {
          out[field] = typeof v === 'number' ? v : parseInstant(v as string);
        } catch (e) {
          throw new ShiftinatorError('INPUT_INVALID', (e as Error).message, where);
        }
        break;
      case 'string':
        if (typeof v !== 'string') throw new ShiftinatorError('INPUT_INVALID', `must be text, got ${JSON.stringify(v)}`, where);
        out[field] = v;
        break;
      case 'boolean':
        if (typeof v !== 'boolean') throw new ShiftinatorError('INPUT_INVALID', `must be true or false, got ${JSON.stringify(v)}`, where);
        out[field] = v;
        break;
    }
  }
  return out;
}

/** A rule's conditions as a trace lists them: every leaf, in the order written, with what it compared. */
function traceConditions(rule: CompiledRule, evaluated: RuleOutcome): TraceCondition[] {
  return rule.leaves.map((leaf) => {
    const i = leaf.index;
    const entry: TraceCondition = { fact: leaf.fact, operator: leaf.operator, value: leaf.value, factValue: evaluated.left[i], result: evaluated.results[i] };
    if (leaf.path) entry.path = leaf.path;
    if (evaluated.right[i] !== undefined && isRef(leaf.value)) entry.valueResult = evaluated.right[i];
    return entry;
  });
}

/**
 * One action's rules, compiled once and reused. A run is synchronous (engine/evaluator.ts): its
 * context lives in `current` for the facts to read while it lasts.
 */
export class CompiledAction {
  readonly name: string;
  readonly file: LoadedRuleFile;
  /** file.rules' conditions, compiled, in the same order. */
  private readonly compiled: readonly CompiledRule[];
  private current: Run | null = null;
  /** What the conditions read through: the current run's facts, and paths into them. */
  private readonly host: EvaluationHost;
  /** Per fact, its params with references resolved: walked once, not on every decision. */
  private readonly paramResolvers = new Map<string, () => unknown>();
  private readonly pathParts = new Map<string, string[]>();
  /** This action as offered, by the input fields still to be chosen (engine/offered.ts). */
  private readonly offered = new Map<string, CompiledAction>();

  /** rules/roles.json, whose groups the inGroup conditions and the facts that count by group name. */
  private readonly roles: Roles | null;

  constructor(file: LoadedRuleFile, roles: Roles | null = null) {
    this.name = file.action;
    this.file = file;
    this.roles = roles;
    // The facts a condition may name: the built-in ones, the input and the file's own.
    const registered = new Set([...Object.keys(BUILTIN_FACTS), 'input', ...Object.keys(file.facts)]);
    this.compiled = file.rules.map((rule) => compileRule(rule.when, registered, roles));
    this.host = {
      // The input as the conditions read it is not one of the run's computed facts (a decision's
      // facts do not list it), as it was not one of json-rules-engine's.
      fact: (name) => (name === 'input' ? this.run().input : this.factValue(name)),
      // A plain property path: jsonpath costs most of a condition's time, and a mistyped path must
      // be reported, not read as undefined (notEqual would then pass).
      path: (value, path) => this.resolvePath(value, path),
    };
  }

  private run(): Run {
    if (!this.current) throw new ShiftinatorError('EVALUATION_FAILED', 'a fact was read outside a run', this.name);
    return this.current;
  }

  private resolvePath(value: object, path: string): unknown {
    let cur: unknown = value;
    let parts = this.pathParts.get(path);
    if (!parts) {
      parts = path.split('.');
      this.pathParts.set(path, parts);
    }
    for (const part of parts) {
      if (cur === null || cur === undefined) return null;
      if (typeof cur !== 'object' || !(part in cur)) {
        this.current?.failures.push(`path "${path}" does not exist on the fact value`);
        return undefined;
      }
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur;
  }

  private refValue(ref: Ref): unknown {
    const v = this.factValue(ref.fact);
    return ref.path && v !== null && typeof v === 'object' ? this.resolvePath(v, ref.path) : ref.path ? null : v;
  }

  /** A function that gives `value` with every reference resolved (fresh objects and arrays each call), in key order. */
  private compileParams(value: unknown): () => unknown {
    if (isRef(value)) return () => this.refValue(value);
    if (isLeafCondition(value)) {
      // A condition inside a fact (a choose case): both sides read, as the rules' engine reads them.
      const left = this.compileParams(value.path === undefined ? { fact: value.fact } : { fact: value.fact, path: value.path });
      const right = this.compileParams(value.value);
      const operator = value.operator;
      return () => ({ left: left(), operator, right: right() });
    }
    if (Array.isArray(value)) {
      const items = value.map((v) => this.compileParams(v));
      return () => items.map((item) => item());
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value).map(([k, v]) => [k, this.compileParams(v)] as const);
      return () => {
        const out: Record<string, unknown> = {};
        for (const [k, resolve] of entries) out[k] = resolve();
        return out;
      };
    }
    return () => value;
  }

  private resolveParams(name: string, params: unknown): unknown {
    let resolve = this.paramResolvers.get(name);
    if (!resolve) {
      resolve = this.compileParams(params);
      this.paramResolvers.set(name, resolve);
    }
    return resolve();
  }

  /** A fact's value in the current run, computed once per run. Never throws into the engine. */
  private factValue(name: string): unknown {
    const run = this.run();
    if (run.memo.has(name)) return run.memo.get(name);
    if (Object.hasOwn(run.given, name)) return run.given[name];
    let value: unknown;
    try {
      const builtin = BUILTIN_FACTS[name];
      if (builtin) value = builtin.value(run);
      else if (name === 'input') value = run.input;
      else {
        const def = this.file.facts[name];
        const kind = def && FACT_KINDS.get(def.kind);
        if (!def || !kind) throw new Error(`unknown fact "${name}"`);
        value = kind.compute(this.resolveParams(name, def.params) as Record<string, unknown>, run);
      }
    } catch (e) {
      // A throwing fact would reject the run while other rules go on: record it and report
      // after the run ends instead.
      run.failures.push(`fact "${name}" failed: ${(e as Error).message}`);
      value = null;
    }
    run.memo.set(name, value);
    return value;
  }

  private message(rule: Pick<RuleDef, 'message' | 'values'>): string {
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(rule.values)) {
      values[name] = formatValue(this.refValue({ fact: v.fact, path: v.path }), v.format);
    }
    return fillTemplate(rule.message, values);
  }

  /**
   * The notice a colleague who could take `posted` with this action gets (the rule file's
   * "notice"); null when the file has none.
   */
  noticeText(posted: { poster: string; start: number; end: number }): string | null {
    const notice = this.file.notice;
    if (!notice) return null;
    const values: Record<string, string> = {};
    for (const [name, v] of Object.entries(notice.values)) values[name] = formatValue(posted[v.posted], v.format);
    return fillTemplate(notice.message, values);
  }

  /** The success text with its values (one offer or two), read with the run's fact values. */
  private successText(run: Run, message: string, values: NonNullable<RuleFile['successValues']>): string {
    this.current = run;
    try {
      const text = this.message({ message, values });
      if (run.failures.length) throw new ShiftinatorError('EVALUATION_FAILED', run.failures.join('; '), this.name);
      return text;
    } finally {
      this.current = null;
    }
  }

  /** A rule whose conditions held; true when it stops the action (no later rule runs). */
  private onFired(run: Run, rule: RuleDef): boolean {
    if (rule.outcome === 'warning') {
      run.warnings.push(this.message(rule));
    } else if (rule.outcome === 'confirm') {
      if (!run.confirmed && !run.confirm) run.confirm = { rule: rule.id, message: this.message(rule) };
    } else if (!run.error) {
      run.error = { rule: rule.id, message: this.message(rule) };
      return true;
    }
    return false;
  }

  /** Params of an effect with references resolved; a text effect's message filled in. */
  private effectParams(effect: EffectDef, index: number): Record<string, unknown> {
    const params = this.resolveParams(`effect:${index}`, effect.kind === 'text' ? { ...effect.params, message: undefined, values: undefined } : effect.params) as Record<string, unknown>;
    if (effect.kind === 'text') {
      const values: Record<string, string> = {};
      for (const [name, v] of Object.entries((effect.params.values ?? {}) as Record<string, { fact: string; path?: string; format?: ValueFormat }>)) {
        values[name] = formatValue(this.refValue({ fact: v.fact, ...(v.path ? { path: v.path } : {}) }), v.format ?? 'text');
      }
      params.body = fillTemplate(String(effect.params.message ?? ''), values);
    }
    return params;
  }

  /** The changes an allowed action makes: its effects in order, with the run's fact values. */
  private changes(run: Run, world: PreparedWorld): Change[] {
    const effects = effectList(this.file);
    if (!effects.length) return [];
    this.current = run;
    try {
      const ids = new Ids(world);
      const inserted = new Map<string, unknown>();
      const out: Change[] = [];
      effects.forEach((effect, i) => {
        if (effect.if) {
          const v = this.refValue(effect.if);
          if (v === null || v === undefined || v === false || v === 0 || v === '' || (Array.isArray(v) && v.length === 0)) return;
        }
        const apply = effectKinds.get(effect.kind);
        if (!apply) return;
        out.push(...apply({ world, now: run.now, actorId: run.actorId, input: run.input, params: this.effectParams(effect, i), ids, inserted }));
      });
      if (run.failures.length) throw new ShiftinatorError('EVALUATION_FAILED', run.failures.join('; '), this.name);
      return out;
    } finally {
      this.current = null;
    }
  }

  /** Decides one request. */
  decide(request: DecisionRequest): Promise<Decision> {
    try {
      return Promise.resolve(this.decideSync(request));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Decides one request, synchronously (decide's promise wraps it). Throws ShiftinatorError. */
  decideSync(request: DecisionRequest): Decision {
    if (request.asOffered) return this.asOffered(request.input).decideSync({ ...request, asOffered: false, effects: false });
    return this.decideNow(request);
  }

  private asOffered(input: Record<string, unknown>): CompiledAction {
    const unchosen = Object.keys(this.file.input).filter((field) => input[field] === undefined);
    const key = unchosen.join(',');
    let action = this.offered.get(key);
    if (!action) {
      action = new CompiledAction(offeredFile(this.file, new Set(unchosen)), this.roles);
      this.offered.set(key, action);
    }
    return action;
  }

  private decideNow(request: DecisionRequest): Decision {
    const world = PreparedWorld.from(request.world);
    let now: number;
    try {
      now = typeof request.now === 'number' ? request.now : parseInstant(request.now);
    } catch (e) {
      throw new ShiftinatorError('INPUT_INVALID', (e as Error).message, 'now');
    }
    if (!Number.isInteger(request.actor)) throw new ShiftinatorError('INPUT_INVALID', 'must be an agent id', 'actor');
    if (!this.file.anonymous && !world.agent(request.actor)) {
      throw new ShiftinatorError('INPUT_INVALID', `agent ${request.actor} is not in the world's agents`, 'actor');
    }
    const input = normalizeInput(this.file.input, request.input);
    const run: Run = {
      world,
      now,
      today: dayOf(now),
      actorId: request.actor,
      input,
      roles: this.roles,
      memo: new Map(),
      given: request.facts ?? {},
      failures: [],
      error: null,
      confirm: null,
      warnings: [],
      confirmed: input.confirmed === true,
    };
    const outer = this.current;
    this.current = run;
    const trace: TraceEntry[] | undefined = request.trace ? [] : undefined;
    try {
      for (let i = 0; i < this.compiled.length; i++) {
        const rule = this.file.rules[i] as RuleDef;
        const evaluated = evaluateRule(this.compiled[i] as CompiledRule, this.host);
        trace?.push({ rule: rule.id, fired: evaluated.result, outcome: rule.outcome, conditions: traceConditions(this.compiled[i] as CompiledRule, evaluated) });
        if (evaluated.result && this.onFired(run, rule)) break;
      }
    } catch (e) {
      throw new ShiftinatorError('EVALUATION_FAILED', (e as Error).message, this.name);
    } finally {
      this.current = outer;
    }
    if (run.failures.length) {
      throw new ShiftinatorError('EVALUATION_FAILED', run.failures.join('; '), this.name);
    }
    const decision: Decision = run.error
      ? { outcome: 'error', message: run.error.message, warnings: run.warnings, rule: run.error.rule }
      : run.confirm
        ? { outcome: 'confirm', message: run.confirm.message, warnings: run.warnings, rule: run.confirm.rule }
        : { outcome: 'ok', warnings: run.warnings };
    if (trace) {
      decision.trace = trace;
      decision.facts = { ...run.given, ...Object.fromEntries(run.memo) };
    } else if (request.keepFacts) {
      decision.facts = { ...run.given, ...Object.fromEntries(run.memo) };
    }
    const { success, successValues } = this.file;
    if (decision.outcome === 'ok' && success !== undefined && successValues && Object.keys(successValues).length) {
      decision.success = this.successText(run, success, successValues);
    }
    if (request.effects && decision.outcome === 'ok') {
      decision.changes = this.changes(run, world);
    }
    return decision;
  }
}
