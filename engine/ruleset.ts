import { z } from 'zod';
import { COLLECTIONS, collectionSpec, type FieldType } from './collections.ts';
import { EACH_EFFECTS, effectKinds, FOLLOW_EFFECTS, GENERIC_EFFECTS } from './effects.ts';
import { ShiftinatorError } from './errors.ts';
import { BUILTIN_FACTS, FACT_KINDS, collectRefs, isRef, type Ref, type Shape } from './facts.ts';
import { CompiledAction } from './compiled-action.ts';
import { inputFields } from './input-types.ts';
import {
  NUMERIC_OPERATORS,
  OPERATORS,
  RuleFileSchema,
  VALUE_FORMATS,
  ValueSchema,
  effectList,
  type Condition,
  type InputType,
  type LeafCondition,
  type RuleFile,
} from './rule-file.ts';
import { placeholders } from './template.ts';
import { groupRange, hasFlag, LONG_SESSIONS, loadRoles, permissionsFor, type AgentAttributes, type Permissions, type Roles } from './roles.ts';
import { GROUP_OPERATORS } from './operators.ts';
import { loadParameters, resolveParameters, type Parameters } from './parameters.ts';
import { emptyLibrary, expandActionFile, isLibrarySource, loadRuleLibrary, type RuleLibrary } from './rule-library.ts';

/** A rule file as read from disk: the engine never reads files itself. */
export interface RuleSource {
  /** Where it came from, for messages (a file path). */
  file: string;
  json: unknown;
  /**
   * 'roles': rules/roles.json, the permissions by agent type; 'parameters': rules/parameters.json,
   * the business values rule files name. Neither is an action (default 'rules').
   */
  kind?: 'rules' | 'roles' | 'parameters';
}

const ValuesSchema = z.record(z.string(), ValueSchema);

export interface LoadedRuleFile extends RuleFile {
  file: string;
  /** The rules that are uses of a shared check: rule id to the check's name. */
  shared: Record<string, string>;
}

export class RuleSet {
  readonly files: readonly LoadedRuleFile[];
  /** rules/roles.json when it was among the sources. */
  readonly roles: Roles | null;
  /** rules/parameters.json when it was among the sources: the values the rule files name. */
  readonly parameters: Parameters | null;
  /** The files as they were given, so a browser can load the very rules a server decides with. */
  readonly sources: readonly RuleSource[];
  /** The shared checks and facts of the shared rule files (engine/rule-library.ts). */
  readonly library: RuleLibrary;
  private readonly actions = new Map<string, CompiledAction>();

  constructor(
    files: LoadedRuleFile[],
    roles: Roles | null = null,
    sources: readonly RuleSource[] = [],
    parameters: Parameters | null = null,
    library: RuleLibrary = emptyLibrary(),
  ) {
    this.files = files;
    this.roles = roles;
    this.parameters = parameters;
    this.sources = sources;
    this.library = library;
    for (const f of files) this.actions.set(f.action, new CompiledAction(f, roles));
  }

  /** What an agent of this type (and record attributes) may do and see (rules/roles.json); fails when no roles were loaded. */
  permissionsFor(agentType: number, spanish: boolean, attributes?: AgentAttributes): Permissions {
    if (!this.roles) throw new ShiftinatorError('RULES_INVALID', 'no roles file (roles.json) was loaded with these rules');
    return permissionsFor(this.roles, agentType, spanish, attributes);
  }

  actionNames(): string[] {
    return [...this.actions.keys()].sort();
  }

  action(name: string): CompiledAction {
    const a = this.actions.get(name);
    if (!a) {
      throw new ShiftinatorError(
        'UNKNOWN_ACTION',
        `unknown action "${name}"; the rule set has: ${this.actionNames().join(', ')}`,
      );
    }
    return a;
  }

  hasAction(name: string): boolean {
    return this.actions.has(name);
  }

  /** A value of rules/parameters.json by name; fails when it is not there (a screen's read needs it). */
  parameter(name: string): number | string | (number | string)[] {
    const p = this.parameters?.values.get(name);
    if (!p) throw new ShiftinatorError('RULES_UNKNOWN_PARAMETER', `parameters.json has no "${name}"`, this.parameters?.file);
    return p.value;
  }

  /**
   * Minutes without activity after which an agent of this type is signed out (spec 1 section 9):
   * parameters.json's inactivityLongMinutes for the holders of roles.json's longSessions, else
   * inactivityMinutes. The server's session and the browser's timer both ask here.
   */
  inactivityMinutesFor(agentType: number, spanish = false): number {
    if (!this.roles) throw new ShiftinatorError('RULES_INVALID', 'no roles file (roles.json) was loaded with these rules');
    const long = hasFlag(this.roles, LONG_SESSIONS, { agentType, spanish });
    return this.numberParameter(long ? 'inactivityLongMinutes' : 'inactivityMinutes');
  }

  /** A numeric value of rules/parameters.json by name. */
  numberParameter(name: string): number {
    const v = this.parameter(name);
    if (typeof v !== 'number') throw new ShiftinatorError('RULES_INVALID', `parameter "${name}" must be a number, got ${JSON.stringify(v)}`, this.parameters?.file);
    return v;
  }
}

function fieldShape(type: FieldType): Shape {
  switch (type) {
    case 'id':
    case 'number':
    case 'instant':
    case 'date':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'string':
    case 'status':
      return { type: 'string' };
  }
}

function inputShape(input: Record<string, InputType>): Shape {
  const fields: Record<string, Shape> = {};
  for (const [name, { base }] of inputFields(input)) {
    fields[name] = base === 'boolean' ? { type: 'boolean' } : base === 'string' ? { type: 'string' } : { type: 'number' };
  }
  fields.confirmed = { type: 'boolean' };
  return { type: 'object', fields };
}

/** The shape at `path` inside `shape`, or an error text. */
function shapeAt(shape: Shape, path: string | undefined): Shape | string {
  if (!path) return shape;
  if (path.startsWith('$')) return `path "${path}" uses jsonpath; write a plain property path such as "start" or "first.end"`;
  let cur: Shape = shape;
  for (const part of path.split('.')) {
    if (cur.type === 'any') return cur;
    if (cur.type === 'record') {
      const spec = COLLECTIONS[cur.collection];
      if (!spec) return { type: 'any' };
      const f = spec.fields[part];
      if (!f) return `"${part}" is not a field of ${cur.collection} (fields: ${Object.keys(spec.fields).join(', ')})`;
      cur = fieldShape(f.type);
    } else if (cur.type === 'object') {
      const f = cur.fields[part];
      if (!f) return `"${part}" is not a property here (properties: ${Object.keys(cur.fields).join(', ')})`;
      cur = f;
    } else {
      return `cannot take "${part}" of a ${cur.type}`;
    }
  }
  return cur;
}

class Linter {
  private readonly where: string;
  private readonly shapes = new Map<string, Shape>();
  private readonly file: RuleFile;
  private readonly roles: Roles | null;

  constructor(fileName: string, file: RuleFile, roles: Roles | null) {
    this.where = fileName;
    this.file = file;
    this.roles = roles;
    for (const [name, b] of Object.entries(BUILTIN_FACTS)) this.shapes.set(name, b.shape);
    this.shapes.set('input', inputShape(file.input));
  }

  private fail(code: ConstructorParameters<typeof ShiftinatorError>[0], message: string, at: string): never {
    throw new ShiftinatorError(code, message, `${this.where}: ${at}`);
  }

  lint(): void {
    this.lintFacts();
    for (const [i, rule] of this.file.rules.entries()) {
      const at = `rule ${rule.id} (rules[${i}])`;
      this.lintCondition(rule.when, at);
      const used = new Set(placeholders(rule.message));
      for (const name of used) {
        if (!(name in rule.values)) this.fail('RULES_TEMPLATE', `message uses {${name}} but "values" does not define it`, at);
      }
      for (const [name, v] of Object.entries(rule.values)) {
        if (!used.has(name)) this.fail('RULES_TEMPLATE', `values.${name} is not used in the message`, at);
        this.refShape({ fact: v.fact, path: v.path }, `${at} values.${name}`);
      }
    }
    this.lintEffects();
    this.lintSuccess();
    this.lintAdjust();
    this.lintNotice();
  }

  private lintNotice(): void {
    const notice = this.file.notice;
    if (!notice) return;
    const used = new Set(placeholders(notice.message));
    for (const name of used) if (!(name in notice.values)) this.fail('RULES_TEMPLATE', `notice uses {${name}} but its "values" does not define it`, 'notice');
    for (const name of Object.keys(notice.values)) if (!used.has(name)) this.fail('RULES_TEMPLATE', `notice values.${name} is not used in the notice`, 'notice');
  }

  private lintAdjust(): void {
    (this.file.adjust ?? []).forEach((range, i) => {
      const at = `adjust[${i}]`;
      for (const field of [range.start, range.end]) {
        if (this.file.input[field]?.replace('?', '') !== 'instant') this.fail('RULES_INVALID', `"${field}" is not an instant field of "input"`, at);
      }
      for (const fact of range.current ? [range.current.start, range.current.end] : []) {
        if (!(fact in this.file.facts)) this.fail('RULES_INVALID', `current names "${fact}", which is not a fact of this file`, at);
      }
    });
  }

  private lintSuccess(): void {
    const values = this.file.successValues ?? {};
    const used = new Set(placeholders(this.file.success ?? ''));
    for (const name of used) if (!(name in values)) this.fail('RULES_TEMPLATE', `success uses {${name}} but "successValues" does not define it`, 'success');
    for (const [name, v] of Object.entries(values)) {
      if (!used.has(name)) this.fail('RULES_TEMPLATE', `successValues.${name} is not used in the success text`, 'success');
      this.refShape({ fact: v.fact, path: v.path }, `successValues.${name}`);
    }
  }

  private lintEffects(): void {
    effectList(this.file).forEach((effect, i) => {
      const at = `effects[${i}]`;
      if (!effectKinds.has(effect.kind)) {
        this.fail('RULES_INVALID', `unknown effects kind "${effect.kind}" (known: ${[...effectKinds.keys()].join(', ')})`, at);
      }
      if (effect.if) this.refShape(effect.if, `${at}.if`);
      const generic = GENERIC_EFFECTS.get(effect.kind);
      if (effect.kind === 'text') {
        const message = effect.params.message;
        if (typeof message !== 'string') this.fail('RULES_INVALID', 'a text effect needs a "message"', at);
        const parsed = ValuesSchema.safeParse(effect.params.values ?? {});
        if (!parsed.success) return this.fail('RULES_INVALID', `values: ${parsed.error.issues[0]?.message ?? 'invalid'}`, at);
        const used = new Set(placeholders(message as string));
        for (const name of used) if (!(name in parsed.data)) this.fail('RULES_TEMPLATE', `message uses {${name}} but "values" does not define it`, at);
        for (const [name, v] of Object.entries(parsed.data)) this.refShape({ fact: v.fact, path: v.path }, `${at}.values.${name}`);
      } else if (generic) {
        const collection = effect.params.collection;
        const spec = typeof collection === 'string' ? collectionSpec(collection) : undefined;
        if (!spec) return this.fail('RULES_INVALID', `"collection" must name a world collection, got ${JSON.stringify(collection)}`, at);
        for (const param of generic.fieldParams) {
          const fields = effect.params[param];
          if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
            this.fail('RULES_INVALID', `"${param}" must be an object of ${String(collection)} fields`, at);
          }
          for (const name of Object.keys(fields as object)) {
            if (!spec.fields[name]) this.fail('RULES_INVALID', `${String(collection)} has no field "${name}"`, `${at}.params.${param}`);
          }
        }
      }
      if (effect.params.follow !== undefined) this.lintFollow(effect.kind, effect.params.follow, at);
      if (effect.kind === 'removeHours') this.lintRemoveHours(effect.params, at);
      this.lintEach(effect.kind, effect.params, at);
      const skip = effect.kind === 'text' ? new Set(['values']) : new Set<string>();
      for (const { ref, at: where } of collectRefs(Object.fromEntries(Object.entries(effect.params).filter(([k]) => !skip.has(k))), 'params')) {
        this.refShape(ref, `${at}.${where}`);
      }
    });
  }

  /**
   * removeHours takes its hours out of one shift (`shift`) or out of every main shift of an agent
   * they overlap (`agent`): exactly one of the two, or it would not be clear whose shifts lose them.
   */
  private lintRemoveHours(params: Record<string, unknown>, at: string): void {
    const has = (k: string): boolean => params[k] !== undefined;
    if (has('shift') === has('agent')) {
      this.fail('RULES_INVALID', 'removeHours needs either "shift" (one shift) or "agent" (every main shift of that agent the hours overlap), not both or neither', `${at}.params`);
    }
    for (const k of ['start', 'end']) if (!has(k)) this.fail('RULES_INVALID', `removeHours needs "${k}"`, `${at}.params`);
  }

  /** `follow` (removeHours, the accepts): { collection, field, at, until?, where? } (or a list), every name a field of that collection. */
  private lintFollow(kind: string, follow: unknown, at: string): void {
    if (!FOLLOW_EFFECTS.has(kind)) return this.fail('RULES_INVALID', `"follow" is taken only by ${[...FOLLOW_EFFECTS].join(', ')}`, `${at}.params.follow`);
    const list = Array.isArray(follow) ? follow : [follow];
    list.forEach((f: unknown, i) => {
      const where = Array.isArray(follow) ? `${at}.params.follow[${i}]` : `${at}.params.follow`;
      const o = f !== null && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : {};
      const spec = typeof o.collection === 'string' ? collectionSpec(o.collection) : undefined;
      if (!spec) return this.fail('RULES_INVALID', `"follow" needs "collection" naming a world collection, got ${JSON.stringify(o.collection)}`, where);
      for (const k of Object.keys(o)) {
        if (!['collection', 'field', 'at', 'until', 'where'].includes(k)) this.fail('RULES_INVALID', `"follow" takes collection, field, at, until and where, not "${k}"`, where);
      }
      const names = [o.field, o.at, ...('until' in o ? [o.until] : []), ...Object.keys(o.where !== null && typeof o.where === 'object' ? o.where : {})];
      for (const name of names) {
        if (typeof name !== 'string' || !spec.fields[name]) this.fail('RULES_INVALID', `${String(o.collection)} has no field ${JSON.stringify(name)}`, where);
      }
    });
  }

  /**
   * `from` ({ collection, where, except }) on the kinds that run once per matched record, and the
   * `{ "each": field }` and `{ "template", "values" }` values that read the matched record.
   */
  private lintEach(kind: string, params: Record<string, unknown>, at: string): void {
    const each = EACH_EFFECTS.get(kind);
    const reads: { field?: string; template?: { template: string; values: unknown }; where: string }[] = [];
    const walk = (v: unknown, where: string): void => {
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${where}[${i}]`));
      if (v === null || typeof v !== 'object' || isRef(v)) return;
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      if (keys.length === 1 && keys[0] === 'each') return void reads.push({ field: String(o.each), where });
      if (typeof o.template === 'string' && keys.every((k) => k === 'template' || k === 'values')) {
        reads.push({ template: o as { template: string; values: unknown }, where });
      }
      for (const [k, x] of Object.entries(o)) walk(x, `${where}.${k}`);
    };
    for (const [k, v] of Object.entries(params)) if (k !== 'from') walk(v, `params.${k}`);
    if (params.from === undefined) {
      if (each?.fromRequired) this.fail('RULES_INVALID', `${kind} needs "from": { "collection", "where" } naming the records it runs for`, at);
      const first = reads[0];
      if (first) this.fail('RULES_INVALID', `${first.field !== undefined ? '{ "each" }' : '{ "template" }'} reads a matched record, and this effect has no "from"`, `${at}.${first.where}`);
      return;
    }
    if (!each) this.fail('RULES_INVALID', `"from" is taken only by ${[...EACH_EFFECTS.keys()].join(', ')}`, `${at}.params.from`);
    const from = params.from as Record<string, unknown> | null;
    const spec = from && typeof from === 'object' && typeof from.collection === 'string' ? collectionSpec(from.collection) : undefined;
    if (!spec) return this.fail('RULES_INVALID', `"from" needs "collection" naming a world collection, got ${JSON.stringify(from?.collection)}`, `${at}.params.from`);
    const collection = String(from?.collection);
    const whereFields = from?.where;
    if (whereFields === null || typeof whereFields !== 'object' || Array.isArray(whereFields) || Object.keys(whereFields).length === 0) {
      this.fail('RULES_INVALID', `"from.where" must be an object of ${collection} fields (at least one)`, `${at}.params.from`);
    }
    for (const name of Object.keys(whereFields as object)) {
      if (!spec.fields[name]) this.fail('RULES_INVALID', `${collection} has no field "${name}"`, `${at}.params.from.where`);
    }
    for (const k of Object.keys(from ?? {})) {
      if (!['collection', 'where', 'except'].includes(k)) this.fail('RULES_INVALID', `"from" takes collection, where and except, not "${k}"`, `${at}.params.from`);
    }
    for (const read of reads) {
      if (read.field !== undefined && !spec.fields[read.field]) {
        this.fail('RULES_INVALID', `{ "each": "${read.field}" }: ${collection} has no field "${read.field}"`, `${at}.${read.where}`);
      }
      if (!read.template) continue;
      const values = read.template.values ?? {};
      if (typeof values !== 'object' || Array.isArray(values)) this.fail('RULES_INVALID', '"values" must be an object', `${at}.${read.where}`);
      const used = new Set(placeholders(read.template.template));
      for (const name of used) if (!(name in (values as object))) this.fail('RULES_TEMPLATE', `template uses {${name}} but "values" does not define it`, `${at}.${read.where}`);
      for (const [name, v] of Object.entries(values as Record<string, unknown>)) {
        if (!used.has(name)) this.fail('RULES_TEMPLATE', `values.${name} is not used in the template`, `${at}.${read.where}`);
        const value = v as { value?: unknown; format?: unknown } | null;
        const keys = value && typeof value === 'object' ? Object.keys(value) : [];
        if (!value || !('value' in value) || keys.some((key) => key !== 'value' && key !== 'format')) {
          this.fail('RULES_INVALID', `values.${name} must be { "value", "format" }`, `${at}.${read.where}`);
        }
        if (value.format !== undefined && !(VALUE_FORMATS as readonly unknown[]).includes(value.format)) {
          this.fail('RULES_INVALID', `values.${name}.format must be one of ${VALUE_FORMATS.join(', ')}`, `${at}.${read.where}`);
        }
      }
    }
  }

  private lintFacts(): void {
    const defs = this.file.facts;
    for (const name of Object.keys(defs)) {
      if (name in BUILTIN_FACTS || name === 'input') this.fail('RULES_INVALID', `fact "${name}" is built in and cannot be redefined`, `facts.${name}`);
    }
    // Shapes in dependency order; a cycle is an error.
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, chain: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') this.fail('RULES_CYCLE', `facts refer to each other in a cycle: ${[...chain, name].join(' -> ')}`, `facts.${name}`);
      state.set(name, 'visiting');
      const def = defs[name] as RuleFile['facts'][string];
      const kind = FACT_KINDS.get(def.kind);
      if (!kind) this.fail('RULES_UNKNOWN_FACT_KIND', `unknown fact kind "${def.kind}"`, `facts.${name}`);
      for (const { ref, at } of collectRefs(def.params)) {
        if (ref.fact in defs) visit(ref.fact, [...chain, name]);
        this.refShape(ref, `facts.${name}.${at}`);
      }
      this.lintFactGroups(name, def);
      this.shapes.set(name, kind.shape(def.params));
      state.set(name, 'done');
    };
    for (const name of Object.keys(defs)) visit(name, []);
  }

  /** A group a fact names (a head count's, a choose comparison's) must be in roles.json. */
  private lintFactGroups(name: string, def: RuleFile['facts'][string]): void {
    const params = def.params as Record<string, unknown>;
    if (typeof params.group === 'string') {
      this.knownGroup(params.group, `facts.${name}.params.group`);
      if (def.kind === 'minHeadCount') {
        const range = groupRange(this.roles as Roles, params.group);
        if (typeof range === 'string') this.fail('RULES_UNKNOWN_GROUP', range, `facts.${name}.params.group`);
      }
    }
    if (def.kind === 'permissions' && !this.roles) this.fail('RULES_UNKNOWN_GROUP', 'a permissions fact needs rules/roles.json loaded with the rules', `facts.${name}`);
    if (def.kind !== 'choose') return;
    (params.cases as { when: Condition }[]).forEach((c, i) => this.lintCondition(c.when, `facts.${name}.params.cases[${i}].when`));
  }

  private knownGroup(group: unknown, at: string): void {
    if (!this.roles) this.fail('RULES_UNKNOWN_GROUP', `names group ${JSON.stringify(group)}, but no roles.json was loaded with the rules`, at);
    if (typeof group !== 'string' || !(group in this.roles.groups)) {
      this.fail('RULES_UNKNOWN_GROUP', `group ${JSON.stringify(group)} is not in ${this.roles.file} (groups: ${Object.keys(this.roles.groups).join(', ')})`, at);
    }
  }

  /** inGroup and notInGroup: an agent record on the left, a group of roles.json by name on the right. */
  private lintGroupCondition(left: Shape, operator: string, value: unknown, at: string): void {
    if (left.type !== 'record' || left.collection !== 'agents') {
      this.fail('RULES_TYPE_MISMATCH', `"${operator}" needs an agent record (such as actor, without a path), got a ${left.type === 'record' ? `${left.collection} record` : left.type}`, at);
    }
    this.knownGroup(value, at);
  }

  private refShape(ref: Ref, at: string): Shape {
    const shape = this.shapes.get(ref.fact);
    if (!shape) {
      const known = [...this.shapes.keys()].sort().join(', ');
      this.fail('RULES_UNKNOWN_FACT', `unknown fact "${ref.fact}" (known here: ${known})`, at);
    }
    const result = shapeAt(shape, ref.path);
    if (typeof result === 'string') this.fail('RULES_UNKNOWN_PATH', `fact "${ref.fact}": ${result}`, at);
    return result;
  }

  private lintCondition(c: Condition, at: string): void {
    if ('all' in c) return c.all.forEach((x, i) => this.lintCondition(x, `${at} all[${i}]`));
    if ('any' in c) return c.any.forEach((x, i) => this.lintCondition(x, `${at} any[${i}]`));
    if ('not' in c) return this.lintCondition(c.not, `${at} not`);
    this.lintLeaf(c, at);
  }

  private lintLeaf(c: LeafCondition, at: string): void {
    const here = `${at} (fact "${c.fact}")`;
    if (!(OPERATORS as readonly string[]).includes(c.operator)) {
      this.fail('RULES_UNKNOWN_OPERATOR', `unknown operator "${c.operator}" (known: ${OPERATORS.join(', ')})`, here);
    }
    const left = this.refShape({ fact: c.fact, path: c.path }, here);
    if (GROUP_OPERATORS.has(c.operator)) return this.lintGroupCondition(left, c.operator, c.value, here);
    const right = isRef(c.value) ? this.refShape(c.value, `${here} value`) : null;
    if (NUMERIC_OPERATORS.has(c.operator)) {
      // json-rules-engine compares strings as text and accepts "2025-10-14" as the number 2025.
      // A choose fact's value (shape any) may be a number: only a known non-number is refused.
      if (left.type !== 'number' && left.type !== 'any') {
        this.fail('RULES_TYPE_MISMATCH', `"${c.operator}" needs a number, but ${c.fact}${c.path ? '.' + c.path : ''} is a ${left.type}`, here);
      }
      if (right ? right.type !== 'number' && right.type !== 'any' : typeof c.value !== 'number') {
        this.fail('RULES_TYPE_MISMATCH', `"${c.operator}" needs a number to compare with, got ${JSON.stringify(c.value)}`, here);
      }
    }
    if ((c.operator === 'in' || c.operator === 'notIn') && !right && !Array.isArray(c.value)) {
      this.fail('RULES_TYPE_MISMATCH', `"${c.operator}" needs a list as its value`, here);
    }
    if (c.value === undefined) this.fail('RULES_INVALID', 'the condition has no value', here);
  }
}

function formatZodIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : '(top level)';
  return `${path}: ${issue.message}`;
}

/**
 * Deeper than this, a condition or value is refused before anything walks it: json-rules-engine,
 * the schema check and the lint all recurse, and a file nested thousands deep would overflow the
 * stack instead of being named. The deepest rule of the project nests 9 levels.
 */
const MAX_DEPTH = 64;

/** The path of the first value nested deeper than MAX_DEPTH, or null; walked without recursion. */
function tooDeep(json: unknown): (string | number)[] | null {
  const stack: { node: unknown; path: (string | number)[] }[] = [{ node: json, path: [] }];
  while (stack.length) {
    const { node, path } = stack.pop() as { node: unknown; path: (string | number)[] };
    if (node === null || typeof node !== 'object') continue;
    if (path.length > MAX_DEPTH) return path;
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [k, v] of entries) stack.push({ node: v, path: [...path, k] });
  }
  return null;
}

function checkDepth(src: RuleSource): void {
  const path = tooDeep(src.json);
  if (!path) return;
  const head = path.slice(0, 4).map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
  const rules = (src.json as { rules?: { id?: unknown }[] }).rules;
  const id = path[0] === 'rules' && typeof path[1] === 'number' ? rules?.[path[1]]?.id : undefined;
  throw new ShiftinatorError('RULES_TOO_DEEP', `${typeof id === 'string' ? `rule ${id}: ` : ''}${head}... is nested more than ${MAX_DEPTH} levels deep; write the condition flatter (any / all take lists)`, src.file);
}

function invalidFile(src: RuleSource, json: unknown, error: z.ZodError): ShiftinatorError {
  // zod's discriminated union rejects an unknown kind before the lint can: keep the lint's code.
  const badKind = error.issues.find((i) => i.path.length === 3 && i.path[0] === 'facts' && i.path[2] === 'kind');
  if (badKind) {
    const name = String(badKind.path[1]);
    const kind = (json as { facts?: Record<string, { kind?: unknown }> }).facts?.[name]?.kind;
    return new ShiftinatorError(
      'RULES_UNKNOWN_FACT_KIND',
      `${kind === undefined ? 'no fact kind given' : `unknown fact kind ${JSON.stringify(kind)}`} (known: ${[...FACT_KINDS.keys()].join(', ')})`,
      `${src.file}: facts.${name}`,
    );
  }
  const issue = error.issues[0] as z.core.$ZodIssue;
  const ruleIndex = issue.path[0] === 'rules' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  const ruleId = ruleIndex !== null ? (json as { rules?: { id?: string }[] }).rules?.[ruleIndex]?.id : undefined;
  return new ShiftinatorError('RULES_INVALID', `${ruleId ? `rule ${ruleId}: ` : ''}${formatZodIssue(issue)}`, src.file);
}

/** Which rules of an action file are uses of a shared check, by rule id. */
function sharedChecks(json: unknown): Record<string, string> {
  const rules = (json as { rules?: unknown }).rules;
  const out: Record<string, string> = {};
  for (const r of Array.isArray(rules) ? (rules as Record<string, unknown>[]) : []) {
    if (r && typeof r.id === 'string' && typeof r.check === 'string') out[r.id] = r.check;
  }
  return out;
}

/**
 * Validates, lints and compiles rule files into a rule set. Fails naming the file and the rule.
 * Shared rule files (engine/rule-library.ts) are expanded into the action files that use them here,
 * so everything after sees action files written out in full.
 */
export function loadRuleSet(sources: RuleSource[]): RuleSet {
  const files: LoadedRuleFile[] = [];
  const ruleIds = new Map<string, string>();
  const actions = new Map<string, string>();
  let roles: Roles | null = null;
  for (const src of sources) checkDepth(src);
  const paramSources = sources.filter((s) => s.kind === 'parameters');
  if (paramSources.length > 1) throw new ShiftinatorError('RULES_INVALID', `a second parameters file (the first is ${paramSources[0]?.file})`, paramSources[1]?.file);
  const parameters = paramSources[0] ? loadParameters(paramSources[0].file, paramSources[0].json) : null;
  // Conditions name roles.json's groups: it is read before the files that name them are linted.
  for (const src of sources) {
    if (src.kind !== 'roles') continue;
    if (roles) throw new ShiftinatorError('RULES_INVALID', `a second roles file (the first is ${(roles as Roles).file})`, src.file);
    roles = loadRoles(src.file, resolveParameters(src.file, src.json, parameters));
  }
  const ruleSources = sources.filter((s) => s.kind !== 'parameters' && s.kind !== 'roles');
  const librarySources = ruleSources.filter((s) => isLibrarySource(s.json));
  // A parameter a shared file names is checked against that file, before any action uses it.
  for (const src of librarySources) resolveParameters(src.file, src.json, parameters);
  const library = loadRuleLibrary(librarySources);
  for (const src of ruleSources) {
    if (isLibrarySource(src.json)) continue;
    const json = resolveParameters(src.file, expandActionFile(src.file, src.json, library), parameters);
    const parsed = RuleFileSchema.safeParse(json);
    if (!parsed.success) throw invalidFile(src, json, parsed.error);
    const file = parsed.data as RuleFile;
    const previous = actions.get(file.action);
    if (previous) {
      throw new ShiftinatorError('RULES_DUPLICATE_ACTION', `action "${file.action}" is also defined in ${previous}`, src.file);
    }
    actions.set(file.action, src.file);
    for (const rule of file.rules) {
      const other = ruleIds.get(rule.id);
      if (other) {
        throw new ShiftinatorError('RULES_DUPLICATE_ID', `rule id "${rule.id}" is used twice (also in ${other})`, src.file);
      }
      ruleIds.set(rule.id, src.file);
    }
    new Linter(src.file, file, roles).lint();
    files.push({ ...file, file: src.file, shared: sharedChecks(src.json) });
  }
  return new RuleSet(files, roles, sources, parameters, library);
}
