import { z } from 'zod';
import { ShiftinatorError } from './errors.ts';

/**
 * Shared rule files: checks and fact definitions that several actions use, written once. A shared
 * file has "library" where an action file has "action". An action file uses a check in its
 * "rules" as `{ "id", "check": name, "with": { argument: value } }` and a fact in its "facts" as
 * `name: { "use": name, "with": { ... } }`. Inside a shared definition `{ "arg": name }` stands for
 * an argument's value, `{arg:name}` inside a text for its text, and `{ "spread": name }` in a list
 * for the items of a list argument (conditions a use adds). Uses are expanded when the rule
 * set loads, so a decision, a fixture's trace and a log line read exactly the action file a manager
 * would have written out in full; a shared check may itself use another, with arguments of its own,
 * and takes the other's arguments it does not fix (a check that only adds its own description).
 * A shared file's "constants" are values written once (a condition several uses pass, such as "a
 * second swap was chosen"): `{ "const": name }` anywhere in an action file or a shared definition
 * stands for the value.
 */

const NAME = /^[a-z][A-Za-z0-9]*$/;
const ARG_TEXT = /\{arg:([^}]*)\}/g;

const ArgumentSchema = z.strictObject({
  description: z.string().min(1).describe('What the argument is: which record, which agent, which words.'),
  default: z.unknown().optional().describe('The value when a use leaves the argument out.'),
});
const ArgumentsSchema = z
  .record(z.string().regex(NAME, 'an argument name is letters and digits, starting with a small letter'), ArgumentSchema)
  .default({})
  .describe('The named arguments a use passes in "with"; the definition writes { "arg": name } where the value goes, {arg:name} inside a text.');

const WithSchema = z.record(z.string(), z.unknown()).optional().describe('The arguments, by name: which record, which agent, which message.');

/** A shared check: a rule without its id (the action gives that), or a use of another shared check. */
const SharedCheckSchema = z.strictObject({
  description: z.string().optional(),
  arguments: ArgumentsSchema,
  check: z.string().optional().describe('Another shared check this one is, with arguments of its own.'),
  with: WithSchema,
  conflict: z.unknown().optional(),
  forbidden: z.unknown().optional(),
  when: z.unknown().optional().describe('As a rule\'s "when"; a value may be { "arg": name }.'),
  outcome: z.unknown().optional(),
  message: z.unknown().optional(),
  values: z.unknown().optional(),
  facts: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Facts the check needs that an action using it may not define: added to the action (as its own "facts" entries would be).'),
});

/** A shared fact: a fact definition, or a use of another shared fact. */
const SharedFactSchema = z.strictObject({
  description: z.string().optional(),
  arguments: ArgumentsSchema,
  use: z.string().optional().describe('Another shared fact this one is, with arguments of its own.'),
  with: WithSchema,
  kind: z.string().optional(),
  params: z.unknown().optional(),
});

/** A shared effect: what an action changes, written once, or a use of another shared effect. */
const SharedEffectSchema = z.strictObject({
  description: z.string().optional().describe('What the effect does, for people reading the shared file (not written into the action).'),
  arguments: ArgumentsSchema,
  effect: z.string().optional().describe('Another shared effect this one is, with arguments of its own.'),
  with: WithSchema,
  kind: z.string().optional(),
  params: z.unknown().optional(),
});

const ConstantSchema = z.strictObject({
  description: z.string().min(1).describe('What the value is, for people reading the shared file.'),
  value: z.unknown().describe('The value { "const": name } stands for: a list of conditions, a number, a text.'),
});

export const RuleLibraryFileSchema = z.strictObject({
  $schema: z.string().optional(),
  library: z.string().regex(/^[a-z][A-Za-z0-9]*$/).describe('The name of this shared rule file.'),
  description: z.string().optional(),
  facts: z.record(z.string().regex(NAME), SharedFactSchema).default({}).describe('Fact definitions action files use by name.'),
  checks: z.record(z.string().regex(NAME), SharedCheckSchema).default({}).describe('Checks action files use by name, each in its own place and with its own id.'),
  effects: z.record(z.string().regex(NAME), SharedEffectSchema).default({}).describe('Effects action files use by name, in their own order and with their own "if".'),
  constants: z
    .record(z.string().regex(NAME), ConstantSchema)
    .default({})
    .describe('Values written once that action files and shared definitions name as { "const": name }.'),
});

/** How an action file's rules list uses a shared check. */
export const CheckUseSchema = z.strictObject({
  id: z.string().describe('The rule id the trace and the log show.'),
  check: z.string().describe('A shared check by name (a "checks" entry of a shared rule file).'),
  with: WithSchema,
  description: z.string().optional().describe('Why this action has the check, when more is to be said than the shared description.'),
});

/** How an action file's facts use a shared fact definition. */
export const FactUseSchema = z.strictObject({
  use: z.string().describe('A shared fact by name (a "facts" entry of a shared rule file).'),
  with: WithSchema,
  description: z.string().optional(),
});

/** How an action file's effects use a shared effect. */
export const EffectUseSchema = z.strictObject({
  effect: z.string().describe('A shared effect by name (an "effects" entry of a shared rule file).'),
  if: z.unknown().optional().describe('As an effect\'s "if": applied only when this fact value is true (or a non-empty value).'),
  with: WithSchema,
  description: z.string().optional(),
});

type Section = 'checks' | 'facts' | 'effects';
const SECTIONS = ['checks', 'facts', 'effects'] as const;
const NOUN: Record<Section, string> = { checks: 'check', facts: 'fact', effects: 'effect' };
/** The key by which a definition uses another of its section. */
const USES: Record<Section, 'check' | 'use' | 'effect'> = { checks: 'check', facts: 'use', effects: 'effect' };

interface SharedDef {
  file: string;
  name: string;
  description: string | undefined;
  arguments: Record<string, { description: string; default?: unknown }>;
  body: Record<string, unknown>;
}

interface Constant {
  file: string;
  value: unknown;
}

export interface RuleLibrary {
  checks: ReadonlyMap<string, SharedDef>;
  facts: ReadonlyMap<string, SharedDef>;
  effects: ReadonlyMap<string, SharedDef>;
  constants: ReadonlyMap<string, Constant>;
}

/** A rule set without shared rule files. */
export function emptyLibrary(): RuleLibrary {
  return { checks: new Map(), facts: new Map(), effects: new Map(), constants: new Map() };
}

/** Whether a node is a use of a shared constant: `{ "const": name }` and nothing else. */
function constName(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === 'const' && typeof node.const === 'string' ? node.const : undefined;
}

function namesConstant(node: unknown): boolean {
  if (constName(node) !== undefined) return true;
  if (Array.isArray(node)) return node.some(namesConstant);
  return isObject(node) && Object.values(node).some(namesConstant);
}

/** The node with each `{ "const": name }` replaced by the constant's value; `at` names the place for an unknown name. */
function putConstants(node: unknown, constants: ReadonlyMap<string, Constant>, at: string): unknown {
  const name = constName(node);
  if (name !== undefined) {
    const found = constants.get(name);
    if (!found) throw new ShiftinatorError('RULES_UNKNOWN_NAME', `unknown shared constant "${name}"${knownText([...constants.keys()], name)}`, at);
    return structuredClone(found.value);
  }
  if (Array.isArray(node)) return node.map((x) => putConstants(x, constants, at));
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, putConstants(v, constants, at)]));
}

export function isLibrarySource(json: unknown): boolean {
  return json !== null && typeof json === 'object' && !Array.isArray(json) && 'library' in json;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The arguments a definition's body names, { "arg" } and {arg:} alike. */
function argumentsUsed(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof node === 'string') for (const m of node.matchAll(ARG_TEXT)) out.add(m[1] as string);
  else if (Array.isArray(node)) for (const x of node) argumentsUsed(x, out);
  else if (isObject(node)) {
    const keys = Object.keys(node);
    if (keys.length === 1 && keys[0] === 'arg' && typeof node.arg === 'string') out.add(node.arg);
    else if (keys.length === 1 && keys[0] === 'spread' && typeof node.spread === 'string') out.add(node.spread);
    else for (const v of Object.values(node)) argumentsUsed(v, out);
  }
  return out;
}

function substitute(node: unknown, args: Record<string, unknown>, fail: (message: string) => never): unknown {
  if (typeof node === 'string') {
    if (!node.includes('{arg:')) return node;
    return node.replace(ARG_TEXT, (_whole, name: string) => {
      const v = args[name];
      if (typeof v !== 'string' && typeof v !== 'number') fail(`{arg:${name}} is written into a text, so "${name}" must be a text or a number, got ${JSON.stringify(v)}`);
      return String(v);
    });
  }
  if (Array.isArray(node)) {
    // { "spread": name } in a list puts the items of a list argument there (conditions a use adds).
    return node.flatMap((x) => {
      if (!isObject(x) || Object.keys(x).length !== 1 || typeof x.spread !== 'string') return [substitute(x, args, fail)];
      const items = args[x.spread];
      return Array.isArray(items) ? structuredClone(items) : fail(`{ "spread": "${x.spread}" } needs a list, got ${JSON.stringify(items)}`);
    });
  }
  if (!isObject(node)) return node;
  const keys = Object.keys(node);
  if (keys.length === 1 && keys[0] === 'arg' && typeof node.arg === 'string') return structuredClone(args[node.arg]);
  return Object.fromEntries(keys.map((k) => [k, substitute(node[k], args, fail)]));
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length] as number;
}

/** The names to suggest for a misspelt one: every name when there are few, else the near ones. */
function knownText(names: string[], wanted: string): string {
  if (!names.length) return ' (no shared rule file defines any)';
  if (names.length <= 12) return ` (known: ${names.sort().join(', ')})`;
  const near = names.filter((n) => editDistance(n.toLowerCase(), wanted.toLowerCase()) <= 3).sort();
  return near.length ? ` (did you mean ${near.join(' or ')}?)` : ` (none of the ${names.length} shared names is near it)`;
}

/** Reads the shared rule files: each name once across them, every argument declared and used, no cycle. */
export function loadRuleLibrary(sources: readonly { file: string; json: unknown }[]): RuleLibrary {
  const library = { checks: new Map<string, SharedDef>(), facts: new Map<string, SharedDef>(), effects: new Map<string, SharedDef>(), constants: new Map<string, Constant>() };
  const parsedFiles: { file: string; data: z.infer<typeof RuleLibraryFileSchema> }[] = [];
  for (const src of sources) {
    const parsed = RuleLibraryFileSchema.safeParse(src.json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0] as z.core.$ZodIssue;
      throw new ShiftinatorError('RULES_INVALID', `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`, src.file);
    }
    for (const [name, c] of Object.entries(parsed.data.constants)) {
      const other = library.constants.get(name);
      if (other) throw new ShiftinatorError('RULES_DUPLICATE_ID', `shared constant "${name}" is also defined in ${other.file}`, `${src.file}: constants.${name}`);
      if (namesConstant(c.value)) throw new ShiftinatorError('RULES_INVALID', 'a constant\'s value is written out: it names no other constant', `${src.file}: constants.${name}`);
      library.constants.set(name, { file: src.file, value: c.value });
    }
    parsedFiles.push({ file: src.file, data: parsed.data });
  }
  for (const { file: srcFile, data } of parsedFiles) {
    const src = { file: srcFile };
    for (const section of SECTIONS) {
      for (const [name, def] of Object.entries(data[section])) {
        const other = library[section].get(name);
        if (other) throw new ShiftinatorError('RULES_DUPLICATE_ID', `shared ${NOUN[section]} "${name}" is also defined in ${other.file}`, `${src.file}: ${section}.${name}`);
        const { arguments: declared, description, ...rest } = def;
        const body = putConstants(rest, library.constants, `${src.file}: ${section}.${name}`) as Record<string, unknown>;
        library[section].set(name, { file: src.file, name, description, arguments: declared, body });
      }
    }
  }
  for (const section of SECTIONS) for (const def of library[section].values()) lintShared(library, section, def);
  return library;
}

function lintShared(library: RuleLibrary, section: Section, def: SharedDef): void {
  const at = `${def.file}: ${section}.${def.name}`;
  const used = argumentsUsed(def.body);
  for (const name of used) {
    if (!(name in def.arguments)) throw new ShiftinatorError('RULES_UNKNOWN_ARGUMENT', `uses argument "${name}", which its "arguments" do not declare`, at);
  }
  for (const name of Object.keys(def.arguments)) {
    if (!used.has(name)) throw new ShiftinatorError('RULES_UNKNOWN_ARGUMENT', `declares argument "${name}" and never uses it`, at);
  }
  // A use of another shared definition: it must exist, and following uses must not come back.
  const chain = [def.name];
  let cur = def;
  while (typeof cur.body[USES[section]] === 'string') {
    const next = String(cur.body[USES[section]]);
    const found = library[section].get(next);
    if (!found) throw new ShiftinatorError('RULES_UNKNOWN_NAME', `uses shared ${NOUN[section]} "${next}", which no shared rule file defines${knownText([...library[section].keys()], next)}`, at);
    // One that only leads into a cycle is let be: the cycle is reported at a definition in it.
    if (chain.includes(next) && next !== def.name) return;
    if (chain.includes(next)) throw new ShiftinatorError('RULES_CYCLE', `shared ${section} use each other in a cycle: ${[...chain, next].join(' -> ')}`, at);
    chain.push(next);
    cur = found;
  }
}

/**
 * The arguments a use of a shared definition may pass: its own, and where it is another with some
 * arguments fixed, the other's that it leaves open (passed on to it).
 */
function argumentsTaken(library: RuleLibrary, section: Section, def: SharedDef, seen: Set<string> = new Set()): string[] {
  const own = Object.keys(def.arguments);
  const inner = library[section].get(String(def.body[USES[section]]));
  if (!inner || seen.has(def.name)) return own;
  seen.add(def.name);
  const fixed = isObject(def.body.with) ? def.body.with : {};
  return [...new Set([...own, ...argumentsTaken(library, section, inner, seen).filter((k) => !(k in fixed))])];
}

/**
 * One use, expanded: the shared definition with the arguments put in, following uses of other
 * shared definitions. `at` names the place of the use (action file and rule or fact).
 */
function expandUse(library: RuleLibrary, section: Section, name: string, given: unknown, at: string): Record<string, unknown> {
  const def = library[section].get(name);
  if (!def) throw new ShiftinatorError('RULES_UNKNOWN_NAME', `unknown shared ${NOUN[section]} "${name}"${knownText([...library[section].keys()], name)}`, at);
  const args = isObject(given) ? given : {};
  const takes = argumentsTaken(library, section, def);
  const passedOn: Record<string, unknown> = {};
  for (const k of Object.keys(args)) {
    if (!takes.includes(k)) {
      throw new ShiftinatorError('RULES_UNKNOWN_ARGUMENT', `shared ${NOUN[section]} "${name}" takes no argument "${k}" (${takes.length ? `it takes: ${takes.join(', ')}` : 'it takes none'})`, at);
    }
    if (!(k in def.arguments)) passedOn[k] = args[k];
  }
  const values: Record<string, unknown> = {};
  for (const [k, a] of Object.entries(def.arguments)) {
    if (k in args) values[k] = args[k];
    else if ('default' in a) values[k] = a.default;
    else throw new ShiftinatorError('RULES_INVALID', `shared ${NOUN[section]} "${name}" needs argument "${k}" (${a.description})`, at);
  }
  const fail = (message: string): never => {
    throw new ShiftinatorError('RULES_INVALID', `shared ${NOUN[section]} "${name}": ${message}`, at);
  };
  const body = substitute(def.body, values, fail) as Record<string, unknown>;
  const inner = body[USES[section]];
  if (typeof inner !== 'string') return def.description === undefined ? body : { description: def.description, ...body };
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'with' && k !== USES[section]));
  const innerArgs = { ...(isObject(body.with) ? body.with : {}), ...passedOn };
  const expanded = { ...expandUse(library, section, inner, innerArgs, `${at} (through ${def.file}: ${section}.${name})`), ...rest };
  return def.description === undefined ? expanded : { ...expanded, description: def.description };
}

function expandFacts(file: string, facts: Record<string, unknown>, library: RuleLibrary): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(facts).map(([name, def]) => {
      if (!isObject(def) || !('use' in def)) return [name, def];
      const parsed = FactUseSchema.safeParse(def);
      const at = `${file}: facts.${name}`;
      if (!parsed.success) throw new ShiftinatorError('RULES_INVALID', `a use of a shared fact is { "use", "with"?, "description"? }: ${parsed.error.issues[0]?.message ?? ''}`, at);
      const { description, ...body } = expandUse(library, 'facts', parsed.data.use, parsed.data.with, at);
      const text = parsed.data.description ?? description;
      return [name, text === undefined ? body : { kind: body.kind, description: text, ...body }];
    }),
  );
}

/**
 * The effects with each use of a shared effect written out: its kind, the use's own "if" and
 * description, and its params. The shared description stays in the shared file.
 */
function expandEffects(file: string, effects: unknown[], library: RuleLibrary): unknown[] {
  return effects.map((effect, i) => {
    if (!isObject(effect) || !('effect' in effect)) return effect;
    const at = `${file}: effects[${i}] (${typeof effect.effect === 'string' ? effect.effect : '?'})`;
    const parsed = EffectUseSchema.safeParse(effect);
    if (!parsed.success) throw new ShiftinatorError('RULES_INVALID', `a use of a shared effect is { "effect", "if"?, "with"?, "description"? }: ${parsed.error.issues[0]?.message ?? ''}`, at);
    const { kind, params, ...rest } = expandUse(library, 'effects', parsed.data.effect, parsed.data.with, at);
    const own = parsed.data;
    return {
      kind,
      ...(own.if === undefined ? {} : { if: own.if }),
      ...(own.description === undefined ? {} : { description: own.description }),
      ...Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'description')),
      params,
    };
  });
}

/**
 * An action file with every shared check, fact and effect it uses written out, as if it wrote them
 * itself; the facts a shared check brings (its "facts") are added where the file does not define them.
 */
export function expandActionFile(file: string, source: unknown, library: RuleLibrary): unknown {
  const json = putConstants(source, library.constants, file);
  if (!isObject(json)) return json;
  const out: Record<string, unknown> = { ...json };
  if (isObject(json.facts)) out.facts = expandFacts(file, json.facts, library);
  if (Array.isArray(json.effects)) out.effects = expandEffects(file, json.effects, library);
  if (Array.isArray(json.rules)) {
    const brought: Record<string, unknown> = {};
    out.rules = json.rules.map((rule: unknown, i) => {
      if (!isObject(rule) || !('check' in rule)) return rule;
      const at = `${file}: rule ${typeof rule.id === 'string' ? rule.id : '(no id)'} (rules[${i}])`;
      const parsed = CheckUseSchema.safeParse(rule);
      if (!parsed.success) throw new ShiftinatorError('RULES_INVALID', `a use of a shared check is { "id", "check", "with"?, "description"? }: ${parsed.error.issues[0]?.message ?? ''}`, at);
      const { description, facts, ...body } = expandUse(library, 'checks', parsed.data.check, parsed.data.with, at);
      for (const [name, def] of Object.entries(isObject(facts) ? facts : {})) {
        const own = isObject(json.facts) ? json.facts[name] : undefined;
        const other = own ?? brought[name];
        if (other !== undefined && JSON.stringify(other) !== JSON.stringify(def)) {
          throw new ShiftinatorError('RULES_INVALID', `shared check "${parsed.data.check}" needs fact "${name}", which this file defines otherwise`, at);
        }
        brought[name] = def;
      }
      const text = parsed.data.description ?? description;
      return { id: parsed.data.id, ...(text === undefined ? {} : { description: text }), ...body };
    });
    const extra = Object.entries(brought).filter(([name]) => !isObject(json.facts) || !(name in json.facts));
    if (extra.length) out.facts = { ...(isObject(out.facts) ? out.facts : {}), ...expandFacts(file, Object.fromEntries(extra), library) };
  }
  return out;
}
