import { isLibrarySource } from './rule-library.ts';
import type { RuleSource } from './ruleset.ts';

/**
 * What changed between two rule sets, in words a manager reads (`shiftinator rules diff`, `rules
 * history`, and the web's Rules screen through the server's record of live sets). Every difference that changes the rule set's version is reported somewhere: the ones a
 * manager looks for (rules added, removed or reordered, messages, outcomes, condition values, role
 * lists, the values of parameters.json such as the 600-minute limit) in their own words, anything else as
 * the path that changed with its old and new value.
 */

/** The file's own name: a source's `file` may carry its folder. */
function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

type ChangeKind =
  | 'action added'
  | 'action removed'
  | 'rule added'
  | 'rule removed'
  | 'rule moved'
  | 'outcome'
  | 'message'
  | 'condition'
  | 'rule'
  | 'fact added'
  | 'fact removed'
  | 'fact'
  | 'input'
  | 'effects'
  | 'success'
  | 'roles'
  | 'parameters'
  | 'shared added'
  | 'shared removed'
  | 'shared'
  | 'file';

export interface RuleSetChange {
  /** The action whose rule file changed, "roles" for the roles file, "parameters" for parameters.json. */
  file: string;
  kind: ChangeKind;
  /** What changed inside the file: "rule acceptOffer.pending", "fact coveringExcessAfter", "input offerId", "permission teamCalendar". */
  subject: string;
  /** Where inside the subject, when not the whole of it: "message", "subtract", "condition actor.agentType notIn". */
  path?: string;
  before?: unknown;
  after?: unknown;
  /**
   * For a fact: the rules whose decision it feeds, directly or through other facts. For a shared
   * check or fact: every rule (action.rule) and fact (action fact name) that uses it, all named.
   */
  usedBy?: string[];
  /** The change in one line of words. */
  text: string;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A fact reference as rules write it: `offer.end`, `now`. */
function isRef(v: unknown): v is { fact: string; path?: string } {
  return isObject(v) && typeof v.fact === 'string' && Object.keys(v).every((k) => k === 'fact' || k === 'path');
}

function refText(ref: { fact: string; path?: string }): string {
  return ref.path ? `${ref.fact}.${ref.path}` : ref.fact;
}

/** A value as a person reads it: references by name, lists in brackets, texts quoted. */
function valueText(v: unknown): string {
  if (v === undefined) return '(none)';
  if (isRef(v)) return refText(v);
  if (Array.isArray(v)) return `[${v.map(valueText).join(', ')}]`;
  if (isObject(v)) return JSON.stringify(v);
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function isPrimitiveList(v: unknown): v is (string | number | boolean | null)[] {
  return Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
}

/** "a → b", and for two lists of plain values (role lists, type codes) what was added and removed. */
export function changeText(before: unknown, after: unknown): string {
  const base = `${valueText(before)} → ${valueText(after)}`;
  if (!isPrimitiveList(before) || !isPrimitiveList(after)) return base;
  const added = after.filter((x) => !before.includes(x));
  const removed = before.filter((x) => !after.includes(x));
  const notes = [
    ...(added.length ? [`added ${added.map(valueText).join(', ')}`] : []),
    ...(removed.length ? [`removed ${removed.map(valueText).join(', ')}`] : []),
  ];
  if (!notes.length && before.length === after.length) notes.push('same values, new order');
  return notes.length ? `${base} (${notes.join('; ')})` : base;
}

interface Delta {
  path: string;
  before: unknown;
  after: unknown;
  /** The change in words, when "before → after" is not how it reads best. */
  words?: string;
}

function joinPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

/**
 * The leaves that differ between two JSON values. Objects are compared key by key and lists of
 * records position by position; a list of plain values is one value (a role list is read whole),
 * and a one-element list is read as its element (`subtract: 600 → 660`).
 */
export function deltas(a: unknown, b: unknown, path = '', out: Delta[] = []): Delta[] {
  if (same(a, b)) return out;
  if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) deltas(a[key], b[key], joinPath(path, key), out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && !(isPrimitiveList(a) && isPrimitiveList(b))) {
    a.forEach((x, i) => deltas(x, b[i], joinPath(path, i), out));
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === 1 && b.length === 1 && isPrimitiveList(a) && isPrimitiveList(b)) {
    out.push({ path, before: a[0], after: b[0] });
  } else {
    out.push({ path, before: a, after: b });
  }
  return out;
}

// Conditions: read as "fact.path operator value", matched by their place in the tree.

type Cond = Json;

/** A fact name, or in a shared check an argument standing for one: `{arg:offer}`. */
function factName(v: unknown): string {
  return isObject(v) && typeof v.arg === 'string' ? `{arg:${v.arg}}` : String(v);
}

function leafLeft(c: Cond): string {
  return `${refText({ fact: factName(c.fact), ...(typeof c.path === 'string' ? { path: c.path } : {}) })} ${String(c.operator)}`;
}

function conditionText(c: unknown): string {
  if (!isObject(c)) return valueText(c);
  if (Array.isArray(c.all)) return `all of (${c.all.map(conditionText).join('; ')})`;
  if (Array.isArray(c.any)) return `any of (${c.any.map(conditionText).join('; ')})`;
  if ('not' in c) return `not (${conditionText(c.not)})`;
  return `${leafLeft(c)} ${valueText(c.value)}`;
}

function groupOf(c: Cond): 'all' | 'any' | 'not' | 'leaf' {
  return Array.isArray(c.all) ? 'all' : Array.isArray(c.any) ? 'any' : 'not' in c ? 'not' : 'leaf';
}

function conditionsChanged(path: string, a: unknown, b: unknown): Delta {
  const before = conditionText(a);
  const after = conditionText(b);
  return { path, before, after, words: `${before} → ${after}` };
}

function conditionDeltas(a: unknown, b: unknown, out: Delta[]): void {
  if (same(a, b)) return;
  if (!isObject(a) || !isObject(b) || groupOf(a) !== groupOf(b)) {
    out.push(conditionsChanged('conditions', a, b));
    return;
  }
  const kind = groupOf(a);
  if (kind === 'leaf') {
    if (leafLeft(a) === leafLeft(b)) out.push({ path: `condition ${leafLeft(a)}`, before: a.value, after: b.value });
    else out.push(conditionsChanged('condition', a, b));
    return;
  }
  if (kind === 'not') {
    conditionDeltas(a.not, b.not, out);
    return;
  }
  const left = a[kind] as unknown[];
  const right = b[kind] as unknown[];
  if (left.length === right.length) {
    left.forEach((c, i) => conditionDeltas(c, right[i], out));
    return;
  }
  // A condition added or dropped shifts the others: match them by what they say instead.
  const leftTexts = left.map(conditionText);
  const rightTexts = right.map(conditionText);
  for (const t of leftTexts) if (!rightTexts.includes(t)) out.push({ path: 'condition removed', before: t, after: undefined, words: t });
  for (const t of rightTexts) if (!leftTexts.includes(t)) out.push({ path: 'condition added', before: undefined, after: t, words: t });
}

/** Every fact name a value mentions: conditions, references, the parameters of other facts. */
function factsMentioned(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) factsMentioned(x, out);
  else if (isObject(v)) {
    if (typeof v.fact === 'string') out.add(v.fact);
    for (const x of Object.values(v)) factsMentioned(x, out);
  }
  return out;
}

/** For each fact of a rule file, the rules that read it, directly or through other facts. */
function factUsers(file: Json): Map<string, string[]> {
  const facts = isObject(file.facts) ? file.facts : {};
  const users = new Map<string, string[]>();
  for (const rule of Array.isArray(file.rules) ? (file.rules as Json[]) : []) {
    const seen = new Set<string>();
    const queue = [...factsMentioned([rule.when, rule.values])];
    while (queue.length) {
      const name = queue.pop() as string;
      if (seen.has(name) || !(name in facts)) continue;
      seen.add(name);
      queue.push(...factsMentioned(facts[name]));
    }
    for (const name of seen) users.set(name, [...(users.get(name) ?? []), String(rule.id)]);
  }
  return users;
}

const MAX_NAMES_SHOWN = 4;

function usersText(users: string[] | undefined, all = false): string {
  if (!users?.length) return '';
  // A shared check or fact changes every action that uses it: each is named.
  const limit = all ? users.length : MAX_NAMES_SHOWN;
  const shown = users.slice(0, limit).join(', ');
  return ` (used by ${shown}${users.length > limit ? ` and ${users.length - limit} more` : ''})`;
}

const isShared = (c: Pick<RuleSetChange, 'kind'>): boolean => c.kind.startsWith('shared');

/** The subject and path as one line's start: `acceptOffer › rule acceptOffer.pending › message`. */
function where(c: Pick<RuleSetChange, 'file' | 'subject' | 'path'>): string {
  return [c.file, c.subject, ...(c.path ? [c.path] : [])].filter(Boolean).join(' › ');
}

function change(c: Omit<RuleSetChange, 'text'>, words?: string): RuleSetChange {
  const text = `${where(c)}: ${words ?? changeText(c.before, c.after)}${usersText(c.usedBy, isShared(c))}`;
  return { ...c, text };
}

function ruleSummary(rule: Json): string {
  if (typeof rule.check === 'string') return `shared check ${rule.check}`;
  return `${String(rule.outcome)} ${JSON.stringify(rule.message)}`;
}

/** The longest common subsequence of two id lists: the rules that kept their relative order. */
function keptInOrder(a: string[], b: string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i] as number[];
      const below = table[i + 1] as number[];
      row[j] = a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      kept.add(a[i] as string);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return kept;
}

function ruleChanges(action: string, a: Json[], b: Json[]): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  const idsA = a.map((r) => String(r.id));
  const idsB = b.map((r) => String(r.id));
  const byIdA = new Map(a.map((r) => [String(r.id), r]));
  const byIdB = new Map(b.map((r) => [String(r.id), r]));
  a.forEach((rule, i) => {
    const id = String(rule.id);
    if (!byIdB.has(id)) out.push(change({ file: action, kind: 'rule removed', subject: `rule ${id}`, before: rule }, `removed (was check ${i + 1}: ${ruleSummary(rule)})`));
  });
  b.forEach((rule, i) => {
    const id = String(rule.id);
    if (!byIdA.has(id)) out.push(change({ file: action, kind: 'rule added', subject: `rule ${id}`, after: rule }, `added as check ${i + 1}: ${ruleSummary(rule)}`));
  });
  // Order: the rules present on both sides that did not keep their relative order moved.
  const commonA = idsA.filter((id) => byIdB.has(id));
  const commonB = idsB.filter((id) => byIdA.has(id));
  const kept = keptInOrder(commonA, commonB);
  const rank = (ids: string[]): Map<string, number> => new Map(ids.map((id, i) => [id, i]));
  const rankA = rank(commonA);
  const rankB = rank(commonB);
  for (const id of commonB) {
    if (kept.has(id)) continue;
    // The rules it jumped over say best where it went: "now runs after X" when it moved later.
    const later = (rankB.get(id) as number) > (rankA.get(id) as number);
    const passed = commonB.filter((other) => {
      const beforeA = (rankA.get(other) as number) < (rankA.get(id) as number);
      const beforeB = (rankB.get(other) as number) < (rankB.get(id) as number);
      return other !== id && beforeA !== beforeB;
    });
    const shown = passed.slice(0, MAX_NAMES_SHOWN).join(', ') + (passed.length > MAX_NAMES_SHOWN ? ` and ${passed.length - MAX_NAMES_SHOWN} more` : '');
    const from = idsA.indexOf(id) + 1;
    const to = idsB.indexOf(id) + 1;
    const words = `now runs ${later ? 'after' : 'before'} ${shown} (check ${from} → ${to})`;
    out.push(change({ file: action, kind: 'rule moved', subject: `rule ${id}`, path: 'order', before: from, after: to }, words));
  }
  for (const [id, ruleB] of byIdB) {
    const ruleA = byIdA.get(id);
    if (!ruleA || same(ruleA, ruleB)) continue;
    const subject = `rule ${id}`;
    for (const key of [...new Set([...Object.keys(ruleA), ...Object.keys(ruleB)])]) {
      if (key === 'id' || same(ruleA[key], ruleB[key])) continue;
      if (key === 'when') {
        const found: Delta[] = [];
        conditionDeltas(ruleA.when, ruleB.when, found);
        for (const d of found) out.push(change({ file: action, kind: 'condition', subject, path: d.path, before: d.before, after: d.after }, d.words));
      } else if (key === 'message' || key === 'outcome') {
        out.push(change({ file: action, kind: key, subject, path: key, before: ruleA[key], after: ruleB[key] }));
      } else {
        for (const d of deltas(ruleA[key], ruleB[key], key)) out.push(change({ file: action, kind: 'rule', subject, path: d.path, before: d.before, after: d.after }));
      }
    }
  }
  return out;
}

function namedChanges(
  file: string,
  label: string,
  kinds: { added: ChangeKind; removed: ChangeKind; changed: ChangeKind },
  a: Json,
  b: Json,
  users: Map<string, string[]> = new Map(),
): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    const subject = `${label} ${name}`;
    const usedBy = users.get(name);
    const extra = usedBy ? { usedBy } : {};
    if (!(name in b)) out.push(change({ file, kind: kinds.removed, subject, before: a[name], ...extra }, 'removed'));
    else if (!(name in a)) out.push(change({ file, kind: kinds.added, subject, after: b[name], ...extra }, `added: ${valueText(b[name])}`));
    else for (const d of deltas(a[name], b[name])) out.push(change({ file, kind: kinds.changed, subject, ...(d.path ? { path: d.path.replace(/^params\./, '') } : {}), before: d.before, after: d.after, ...extra }));
  }
  return out;
}

/** What changed between two versions of one action's rule file. */
function actionChanges(action: string, a: Json, b: Json): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  const object = (v: unknown): Json => (isObject(v) ? v : {});
  const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (same(a[key], b[key])) continue;
    if (key === 'input') {
      out.push(...namedChanges(action, 'input', { added: 'input', removed: 'input', changed: 'input' }, object(a.input), object(b.input)));
    } else if (key === 'facts') {
      const users = factUsers(b);
      for (const [name, ids] of factUsers(a)) if (!users.has(name)) users.set(name, ids);
      out.push(...namedChanges(action, 'fact', { added: 'fact added', removed: 'fact removed', changed: 'fact' }, object(a.facts), object(b.facts), users));
    } else if (key === 'rules') {
      out.push(...ruleChanges(action, list(a.rules), list(b.rules)));
    } else {
      const kind: ChangeKind = key === 'effects' ? 'effects' : key === 'success' || key === 'successValues' ? 'success' : 'file';
      for (const d of deltas(a[key], b[key], key)) out.push(change({ file: action, kind, subject: '', path: d.path, before: d.before, after: d.after }));
    }
  }
  return out;
}

function rolesChanges(a: Json, b: Json): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  const object = (v: unknown): Json => (isObject(v) ? v : {});
  const kinds = { added: 'roles', removed: 'roles', changed: 'roles' } as const;
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (same(a[key], b[key])) continue;
    if (key === 'permissions') out.push(...namedChanges('roles', 'permission', kinds, object(a.permissions), object(b.permissions)));
    else if (key === 'groups') out.push(...namedChanges('roles', 'group', kinds, object(a.groups), object(b.groups)));
    else for (const d of deltas(a[key], b[key], key)) out.push(change({ file: 'roles', kind: 'roles', subject: '', path: d.path, before: d.before, after: d.after }));
  }
  return out;
}

/** A value of parameters.json by name: `parameters: maxWorkMinutes 600 → 540`. */
function parametersChanges(a: Json, b: Json): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  const named = (v: unknown): Json => (isObject(v) && isObject(v.parameters) ? v.parameters : {});
  const pa = named(a);
  const pb = named(b);
  const base = { file: 'parameters', kind: 'parameters' } as const;
  for (const name of [...new Set([...Object.keys(pa), ...Object.keys(pb)])]) {
    const x = isObject(pa[name]) ? pa[name] : undefined;
    const y = isObject(pb[name]) ? pb[name] : undefined;
    if (same(x, y)) continue;
    if (!y) out.push({ ...base, subject: name, before: x?.value, text: `parameters: ${name} removed (it was ${valueText(x?.value)})` });
    else if (!x) out.push({ ...base, subject: name, after: y.value, text: `parameters: ${name} added: ${valueText(y.value)}` });
    else {
      for (const d of deltas(x, y)) {
        const path = d.path === 'value' ? '' : ` ${d.path}`;
        out.push({ ...base, subject: name, ...(path ? { path: d.path } : {}), before: d.before, after: d.after, text: `parameters: ${name}${path} ${changeText(d.before, d.after)}` });
      }
    }
  }
  for (const d of deltas({ ...a, parameters: undefined }, { ...b, parameters: undefined })) {
    out.push(change({ ...base, subject: '', path: d.path, before: d.before, after: d.after }));
  }
  return out;
}

/** A rule written out that leaves its outcome out is an error, as the loader reads it. */
function withOutcome(rule: unknown): unknown {
  return isObject(rule) && typeof rule.check !== 'string' && !('outcome' in rule) ? { ...rule, outcome: 'error' } : rule;
}

function actionsOf(sources: readonly RuleSource[]): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const s of sources) {
    if (s.kind === 'roles' || s.kind === 'parameters' || !isObject(s.json) || isLibrarySource(s.json)) continue;
    out.set(String(s.json.action), Array.isArray(s.json.rules) ? { ...s.json, rules: s.json.rules.map(withOutcome) } : s.json);
  }
  return out;
}

type Section = 'checks' | 'facts' | 'effects' | 'constants';
const SECTIONS = ['checks', 'facts', 'effects', 'constants'] as const;
const NOUN: Record<Section, string> = { checks: 'check', facts: 'fact', effects: 'effect', constants: 'constant' };
const USES: Record<Section, string> = { checks: 'check', facts: 'use', effects: 'effect', constants: 'const' };

/** The shared constants a node names ({ "const": name }). */
function constantsNamed(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const x of node) constantsNamed(x, out);
  else if (isObject(node)) {
    const keys = Object.keys(node);
    if (keys.length === 1 && keys[0] === 'const' && typeof node.const === 'string') out.add(node.const);
    else for (const v of Object.values(node)) constantsNamed(v, out);
  }
  return out;
}

/** The shared checks and facts of a set's shared rule files, by name, with the file each is in. */
function sharedOf(sources: readonly RuleSource[]): Record<Section, Map<string, { file: string; def: Json }>> {
  const out = {
    checks: new Map<string, { file: string; def: Json }>(),
    facts: new Map<string, { file: string; def: Json }>(),
    effects: new Map<string, { file: string; def: Json }>(),
    constants: new Map<string, { file: string; def: Json }>(),
  };
  for (const s of sources) {
    if (!isObject(s.json) || !isLibrarySource(s.json)) continue;
    const file = fileName(s.file).replace(/\.json$/, '');
    for (const section of SECTIONS) {
      const defs = s.json[section];
      for (const [name, def] of Object.entries(isObject(defs) ? defs : {})) if (isObject(def)) out[section].set(name, { file, def });
    }
  }
  return out;
}

/**
 * Who uses each shared check, fact, effect and constant: the rules (their ids), facts (action fact
 * name) and effects of the action files, and through a shared definition that uses another, that
 * one's users too.
 */
function sharedUsers(sources: readonly RuleSource[], shared: ReturnType<typeof sharedOf>): Record<Section, Map<string, string[]>> {
  const out = { checks: new Map<string, string[]>(), facts: new Map<string, string[]>(), effects: new Map<string, string[]>(), constants: new Map<string, string[]>() };
  const addOnce = (section: Section, name: string, user: string): void => {
    const users = out[section].get(name) ?? [];
    if (!users.includes(user)) out[section].set(name, [...users, user]);
  };
  const add = (section: Section, name: string, user: string, seen: Set<string> = new Set()): void => {
    if (seen.has(name)) return;
    seen.add(name);
    addOnce(section, name, user);
    const def = shared[section].get(name)?.def;
    for (const c of section === 'constants' ? [] : constantsNamed(def)) addOnce('constants', c, user);
    const inner = def?.[USES[section]];
    if (typeof inner === 'string') add(section, inner, user, seen);
  };
  for (const [action, json] of [...actionsOf(sources)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const rule of Array.isArray(json.rules) ? (json.rules as Json[]) : []) {
      for (const c of constantsNamed(rule)) addOnce('constants', c, String(rule.id));
      if (typeof rule.check === 'string') add('checks', rule.check, String(rule.id));
    }
    for (const [name, def] of Object.entries(isObject(json.facts) ? json.facts : {})) {
      for (const c of constantsNamed(def)) addOnce('constants', c, `${action} fact ${name}`);
      if (isObject(def) && typeof def.use === 'string') add('facts', def.use, `${action} fact ${name}`);
    }
    const effects = Array.isArray(json.effects) ? (json.effects as unknown[]) : [];
    effects.forEach((e, i) => {
      for (const c of constantsNamed(e)) addOnce('constants', c, `${action} effect ${i + 1}`);
      if (isObject(e) && typeof e.effect === 'string') add('effects', e.effect, `${action} effect ${i + 1}`);
    });
  }
  return out;
}

/** A change to a shared check or fact, once, naming every rule and fact that uses it. */
function sharedChanges(from: readonly RuleSource[], to: readonly RuleSource[]): RuleSetChange[] {
  const a = sharedOf(from);
  const b = sharedOf(to);
  const usersA = sharedUsers(from, a);
  const usersB = sharedUsers(to, b);
  const out: RuleSetChange[] = [];
  for (const section of SECTIONS) {
    for (const name of [...new Set([...a[section].keys(), ...b[section].keys()])].sort()) {
      const x = a[section].get(name);
      const y = b[section].get(name);
      if (same(x?.def, y?.def)) continue;
      const usedBy = (y ? usersB : usersA)[section].get(name) ?? [];
      const base = { file: (y ?? x)?.file ?? '', subject: `${NOUN[section]} ${name}`, ...(usedBy.length ? { usedBy } : {}) };
      if (!y) out.push(change({ ...base, kind: 'shared removed', before: x?.def }, 'removed'));
      else if (!x) out.push(change({ ...base, kind: 'shared added', after: y.def }, 'added'));
      else out.push(...sharedDefChanges(base, x.def, y.def));
    }
  }
  return out;
}

function sharedDefChanges(base: Pick<RuleSetChange, 'file' | 'subject' | 'usedBy'>, a: Json, b: Json): RuleSetChange[] {
  const out: RuleSetChange[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (same(a[key], b[key])) continue;
    if (key === 'when') {
      const found: Delta[] = [];
      conditionDeltas(a.when, b.when, found);
      for (const d of found) out.push(change({ ...base, kind: 'shared', path: d.path, before: d.before, after: d.after }, d.words));
    } else if (key === 'message' || key === 'outcome') {
      out.push(change({ ...base, kind: 'shared', path: key, before: a[key], after: b[key] }));
    } else {
      for (const d of deltas(a[key], b[key], key)) out.push(change({ ...base, kind: 'shared', path: d.path.replace(/^params\./, ''), before: d.before, after: d.after }));
    }
  }
  return out;
}

function rolesOf(sources: readonly RuleSource[]): Json | undefined {
  const roles = sources.find((s) => s.kind === 'roles');
  return roles && isObject(roles.json) ? roles.json : undefined;
}

function parametersOf(sources: readonly RuleSource[]): Json | undefined {
  const params = sources.find((s) => s.kind === 'parameters');
  return params && isObject(params.json) ? params.json : undefined;
}

/**
 * The changes from one rule set to another: parameters.json first, then the shared checks and facts
 * (each change once, with every rule and fact that uses it), then by action in name order, the
 * roles file last. Actions are compared as written: a use of a shared check is one line there.
 */
export function diffRuleSources(from: readonly RuleSource[], to: readonly RuleSource[]): RuleSetChange[] {
  const changes: RuleSetChange[] = [];
  const paramsA = parametersOf(from);
  const paramsB = parametersOf(to);
  if (paramsA || paramsB) changes.push(...parametersChanges(paramsA ?? {}, paramsB ?? {}));
  changes.push(...sharedChanges(from, to));
  const a = actionsOf(from);
  const b = actionsOf(to);
  for (const action of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const fileA = a.get(action);
    const fileB = b.get(action);
    if (!fileB) {
      changes.push(change({ file: action, kind: 'action removed', subject: '' }, `action removed (it had ${Array.isArray(fileA?.rules) ? fileA.rules.length : 0} rules)`));
    } else if (!fileA) {
      changes.push(change({ file: action, kind: 'action added', subject: '' }, `action added with ${Array.isArray(fileB.rules) ? fileB.rules.length : 0} rules`));
    } else {
      changes.push(...actionChanges(action, fileA, fileB));
    }
  }
  const rolesA = rolesOf(from);
  const rolesB = rolesOf(to);
  if (rolesA && rolesB) changes.push(...rolesChanges(rolesA, rolesB));
  else if (rolesA || rolesB) changes.push(change({ file: 'roles', kind: 'roles', subject: '' }, rolesA ? 'the roles file was removed' : 'a roles file was added'));
  return changes;
}

/** Texts longer than this are shown on lines of their own, old above new. */
const LONG_TEXT = 40;

export function changeLines(c: RuleSetChange): string[] {
  const texts = typeof c.before === 'string' && typeof c.after === 'string';
  if (texts && ((c.before as string).length > LONG_TEXT || (c.after as string).length > LONG_TEXT)) {
    // Messages are quoted (their spaces count); conditions are already words.
    const show = (v: string): string => (c.kind === 'condition' ? v : JSON.stringify(v));
    return [`${where(c)}: changed${usersText(c.usedBy, isShared(c))}`, `    was: ${show(c.before as string)}`, `    now: ${show(c.after as string)}`];
  }
  return [c.text];
}
