import { z } from 'zod';
import { AGENT_ATTRIBUTES, type AgentAttribute } from './collections.ts';
import { ShiftinatorError } from './errors.ts';

/**
 * rules/roles.json: which agent types (ranks) get which screens, buttons, choices and visible
 * posting types (spec 1 section 6, spec 3 section 6). The web UI reads it to decide what to show
 * and the server answers GET /api/myPermissions and gates its role-only reads from it; the actions'
 * rules name its groups (`{ "fact": "actor", "operator": "inGroup", "value": "trainees" }`), so a
 * screen and a decision read the same list. The JSON Schema
 * editors use (rules/roles.schema.json) is generated from the zod schema below.
 */

const AgentTypeCode = z.number().int().min(0);

const WhoSchema = z
  .strictObject({
    agentTypes: z.array(AgentTypeCode).min(1).optional().describe('These agent types exactly.'),
    min: AgentTypeCode.optional().describe('Agent type at least this (inclusive).'),
    max: AgentTypeCode.optional().describe('Agent type at most this (inclusive).'),
    spanish: z.boolean().optional().describe('Only agents whose Spanish flag is this.'),
    attribute: z
      .enum(AGENT_ATTRIBUTES)
      .optional()
      .describe("Only agents whose record has this attribute set (an exception the spec gives one person, such as mayRequestCutsAndLunches)."),
    group: z
      .string()
      .regex(/^[a-z][A-Za-z0-9]*$/)
      .optional()
      .describe('Only members of this group of the file (its "who"), so a permission and the rules that name the group never disagree.'),
  })
  .describe('Agents matching every condition given here; {} matches everyone.');
export type Who = z.infer<typeof WhoSchema>;

/** The attributes of an agent's record a "who" entry may ask for; an attribute not given is unset. */
export type AgentAttributes = Partial<Record<AgentAttribute, boolean>>;

const WhoList = z.array(WhoSchema).describe('An agent qualifies when it matches any entry.');
const Value = z.union([z.string().min(1), z.number().int()]);
type PermissionItem = z.infer<typeof Value>;

const GateList = z
  .array(z.string().regex(/^[a-z][A-Za-z0-9]*$/))
  .optional()
  .describe('Actions whose checks this permission stands for (their rules name the same groups), for the reader.');

const FlagPermission = z
  .strictObject({
    description: z.string().min(1),
    gates: GateList,
    who: WhoList,
  })
  .describe('A yes/no permission (a screen, a button): true for the agents "who" matches.');

const ListPermission = z
  .strictObject({
    description: z.string().min(1),
    gates: GateList,
    values: z.array(Value).min(1).describe('Every value this permission can give, in the order the screen lists them.'),
    options: z
      .array(z.strictObject({ values: z.array(Value).min(1), who: WhoList }))
      .describe('Each option gives its values to the agents its "who" matches; an agent gets the union.'),
    alsoValuesOf: z
      .array(z.string())
      .optional()
      .describe('Also the values these other list permissions give the agent (one sees what one may act on).'),
  })
  .describe('A list permission (posting types, views, choices): the values the agent gets, in the order of "values".');

const PermissionSchema = z.union([FlagPermission, ListPermission]);
type PermissionDef = z.infer<typeof PermissionSchema>;

/** The training columns of the attendance screen (GET /api/userTrainingTime's fields). */
const TRAINING_MINIMUM_KEYS = ['minQA', 'minCo', 'minAdv', 'minTrain'] as const;
export type TrainingMinimumKey = (typeof TRAINING_MINIMUM_KEYS)[number];

/** Which shift a trainer works, where a quarterly minimum depends on it (spec 3 section 9). */
const TRAINER_SHIFTS = ['firstOrThird', 'second'] as const;
export type TrainerShift = (typeof TRAINER_SHIFTS)[number];

const Hours = z.number().positive();

const MinimumsSchema = z
  .strictObject({
    description: z.string().optional(),
    monthlyHours: z
      .array(
        z.strictObject({
          who: WhoList,
          hours: Hours,
          note: z.string().min(1).optional().describe('Said after the minimum ("600 in the first 6 months").'),
        }),
      )
      .describe('The monthly minimum of hours worked: the first entry whose "who" matches the agent gives it; with none, the agent has no minimum.'),
    quarterlyTrainingHours: z
      .array(
        z.strictObject({
          who: WhoList,
          title: z.string().min(1).describe('The title the minimums keep ("Advanced Trainer").'),
          trainerShift: z.enum(TRAINER_SHIFTS).optional().describe('Only for a trainer on this shift; the screen then asks which.'),
          hours: z.partialRecord(z.enum(TRAINING_MINIMUM_KEYS), Hours).describe('Hours per training column.'),
        }),
      )
      .describe('Quarterly training minimums: the first entry matching the agent (and, where an entry names one, the trainer shift) gives them.'),
    benefitYear: z
      .strictObject({
        startMonth: z.number().int().min(1).max(12).describe('The month the year of paid hours begins (9: September to September).'),
        hours: z
          .array(z.strictObject({ for: z.string().min(1).describe('What the hours qualify for ("medical").'), hours: Hours }))
          .min(1)
          .describe('Paid hours a year qualifies for, in the order the screen says them.'),
      })
      .optional()
      .describe('The year paid hours are counted over and what they qualify for (spec 3 "Attendance"), said under the summary.'),
  })
  .describe('The minimums the attendance screen draws (spec 3 section 9).');
type Minimums = z.infer<typeof MinimumsSchema>;

const RolesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  groups: z
    .record(z.string().regex(/^[a-z][A-Za-z0-9]*$/), z.strictObject({ description: z.string().min(1), who: WhoList }))
    .default({})
    .describe('Named sets of agents by rank: the chat recipient categories (the recipient lists answer from these) and the groups the rules name with inGroup and notInGroup.'),
  permissions: z
    .record(z.string().regex(/^[a-z][A-Za-z0-9]*$/), PermissionSchema)
    .describe('Each permission by name: a flag or a list.'),
  minimums: MinimumsSchema.optional(),
});
type RolesFile = z.infer<typeof RolesFileSchema>;

/** What one agent may do and see: a flag or a list of values per permission. */
export type Permissions = Record<string, boolean | PermissionItem[]>;

export interface Roles {
  file: string;
  groups: RolesFile['groups'];
  permissions: Record<string, PermissionDef>;
  minimums: Minimums;
}

function isListPermission(p: PermissionDef): p is z.infer<typeof ListPermission> {
  return 'values' in p;
}

/** The groups a "who" entry may name; loadRoles checks that each exists and none names itself through others. */
type GroupTable = Readonly<Record<string, { who: readonly Who[] }>>;

/**
 * One alternative of a "who" list with its groups put in: an agent matches when every condition
 * given holds. The one parsed form of the "who" language: whoMatches runs it here, and the server
 * compiles it to SQL (server/who-sql.ts), so the two cannot read an entry differently.
 */
export interface WhoClause {
  readonly agentTypes?: readonly number[];
  readonly min?: number;
  readonly max?: number;
  readonly spanish?: boolean;
  readonly attributes?: readonly AgentAttribute[];
}

/** Both clauses at once; null when no agent can match both. */
function bothClauses(a: WhoClause, b: WhoClause): WhoClause | null {
  if (a.spanish !== undefined && b.spanish !== undefined && a.spanish !== b.spanish) return null;
  const agentTypes = a.agentTypes && b.agentTypes ? a.agentTypes.filter((t) => b.agentTypes?.includes(t)) : (a.agentTypes ?? b.agentTypes);
  if (agentTypes?.length === 0) return null;
  const mins = [a.min, b.min].filter((n) => n !== undefined);
  const maxes = [a.max, b.max].filter((n) => n !== undefined);
  const min = mins.length ? Math.max(...mins) : undefined;
  const max = maxes.length ? Math.min(...maxes) : undefined;
  if (min !== undefined && max !== undefined && min > max) return null;
  const attributes = [...new Set([...(a.attributes ?? []), ...(b.attributes ?? [])])];
  const spanish = a.spanish ?? b.spanish;
  return {
    ...(agentTypes ? { agentTypes } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(spanish !== undefined ? { spanish } : {}),
    ...(attributes.length ? { attributes } : {}),
  };
}

/** A "who" list as clauses, any of which matches (none: nobody); a group's entries are put in its place. */
export function compileWho(who: readonly Who[], groups: GroupTable): WhoClause[] {
  const out: WhoClause[] = [];
  for (const w of who) {
    const own: WhoClause = {
      ...(w.agentTypes ? { agentTypes: w.agentTypes } : {}),
      ...(w.min !== undefined ? { min: w.min } : {}),
      ...(w.max !== undefined ? { max: w.max } : {}),
      ...(w.spanish !== undefined ? { spanish: w.spanish } : {}),
      ...(w.attribute ? { attributes: [w.attribute] } : {}),
    };
    // roles.json refuses a group naming itself, so this ends.
    const alternatives = w.group === undefined ? [{}] : compileWho(groups[w.group]?.who ?? [], groups);
    for (const alt of alternatives) {
      const both = bothClauses(own, alt);
      if (both) out.push(both);
    }
  }
  return out;
}

/** Whether an agent (type, Spanish flag, attributes) matches any of the clauses. */
export function whoMatches(clauses: readonly WhoClause[], agentType: number, spanish: boolean, attributes: AgentAttributes = {}): boolean {
  return clauses.some(
    (c) =>
      (c.agentTypes === undefined || c.agentTypes.includes(agentType)) &&
      (c.min === undefined || agentType >= c.min) &&
      (c.max === undefined || agentType <= c.max) &&
      (c.spanish === undefined || c.spanish === spanish) &&
      (c.attributes ?? []).every((a) => attributes[a] === true),
  );
}

/** Each "who" list compiled once per table of groups it was read with (the lists and tables are a loaded file's own objects). */
const compiled = new WeakMap<GroupTable, WeakMap<readonly Who[], WhoClause[]>>();

function matchesWho(who: readonly Who[], agentType: number, spanish: boolean, attributes: AgentAttributes = {}, groups: GroupTable = {}): boolean {
  let byWho = compiled.get(groups);
  if (!byWho) compiled.set(groups, (byWho = new WeakMap()));
  let clauses = byWho.get(who);
  if (!clauses) byWho.set(who, (clauses = compileWho(who, groups)));
  return whoMatches(clauses, agentType, spanish, attributes);
}

/** An agent record as the rules see it: its type, Spanish flag and attributes. */
interface AgentLike {
  agentType?: unknown;
  spanish?: unknown;
}

/**
 * The flag permission of roles.json whose holders may read other agents' data (spec 3: supervisors
 * and up look at others' attendance), and whose attendance is listed as supervisors': the server's
 * reads and the screens ask it by this name; roles.json says who holds it.
 */
export const SEES_OTHERS = 'seesOthers';

/** The flag permission of roles.json whose holders stay signed in through inactivityLongMinutes. */
export const LONG_SESSIONS = 'longSessions';

/**
 * The flag permission of roles.json whose holders wait out an Open Supervisor shift's reservation
 * (assistantAfterDate), as rules/claimOpenShift.json makes them: the calendar labels it for them.
 */
export const WAITS_FOR_RESERVATION = 'waitsForReservation';

/** The "who" of a flag permission of roles.json by name; fails when it has none. */
export function flagWho(roles: Roles, permission: string): readonly Who[] {
  const p = roles.permissions[permission];
  if (!p || isListPermission(p)) throw new ShiftinatorError('RULES_INVALID', `roles.json has no flag permission "${permission}"`, roles.file);
  return p.who;
}

/** Who a list permission gives `value` to: the "who" of every option that holds it, compiled. */
export function givenTo(roles: Roles, permission: string, value: string | number): WhoClause[] {
  const p = roles.permissions[permission];
  if (!p || !isListPermission(p)) throw new ShiftinatorError('RULES_INVALID', `roles.json has no list permission "${permission}"`, roles.file);
  return p.options.filter((o) => o.values.includes(value)).flatMap((o) => compileWho(o.who, roles.groups));
}

/** Clauses in words, for a message: "agent types 240 and above", "agent types 30 to 80 who speak Spanish". */
export function whoText(clauses: readonly WhoClause[]): string {
  if (clauses.length === 0) return 'nobody';
  const one = (c: WhoClause): string => {
    const types =
      c.agentTypes !== undefined
        ? `agent types ${c.agentTypes.join(', ')}`
        : c.min !== undefined && c.max !== undefined
          ? `agent types ${c.min} to ${c.max}`
          : c.min !== undefined
            ? `agent types ${c.min} and above`
            : c.max !== undefined
              ? `agent types ${c.max} and below`
              : 'everyone';
    const spanish = c.spanish === undefined ? '' : c.spanish ? ' who speak Spanish' : ' who do not speak Spanish';
    const attributes = (c.attributes ?? []).map((a) => ` with ${a}`).join('');
    return `${types}${spanish}${attributes}`;
  };
  return clauses.map(one).join(' or ');
}

/** Whether an agent record holds a flag permission of roles.json by name; false for no record. */
export function hasFlag(roles: Roles, permission: string, agent: unknown): boolean {
  const who = flagWho(roles, permission);
  if (agent === null || typeof agent !== 'object') return false;
  const a = agent as AgentLike & AgentAttributes;
  if (typeof a.agentType !== 'number') return false;
  return matchesWho(who, a.agentType, a.spanish === true, a, roles.groups);
}

/** Whether an agent record belongs to a group of roles.json by name; false for no record. */
export function inGroup(roles: Roles, group: string, agent: unknown): boolean {
  if (agent === null || typeof agent !== 'object') return false;
  const a = agent as AgentLike & AgentAttributes;
  if (typeof a.agentType !== 'number') return false;
  const g = roles.groups[group];
  if (!g) throw new ShiftinatorError('RULES_INVALID', `roles.json has no group "${group}"`, roles.file);
  return matchesWho(g.who, a.agentType, a.spanish === true, a, roles.groups);
}

/**
 * A group as one range of agent types, for the head counts (the server counts them in SQL): a
 * group of one "who" entry of min and/or max only, or of listed types that follow each other.
 * An error text when the group is not such a range.
 */
export function groupRange(roles: Roles, group: string): { min?: number; max?: number } | string {
  const g = roles.groups[group];
  if (!g) return `roles.json has no group "${group}" (groups: ${Object.keys(roles.groups).join(', ')})`;
  const clauses = compileWho(g.who, roles.groups);
  const only = clauses.length === 1 ? clauses[0] : undefined;
  const why = `group "${group}" is counted on duty, so it must be one range of agent types: a single "who" entry with min and/or max (or consecutive agentTypes) and nothing else`;
  if (!only || only.spanish !== undefined || only.attributes !== undefined) return why;
  if (only.agentTypes) {
    if (only.min !== undefined || only.max !== undefined) return why;
    const sorted = [...only.agentTypes].sort((a, b) => a - b);
    if (sorted.some((t, i) => i > 0 && t !== (sorted[i - 1] as number) + 1)) return why;
    return { min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
  }
  return { ...(only.min !== undefined ? { min: only.min } : {}), ...(only.max !== undefined ? { max: only.max } : {}) };
}

function fail(message: string, where: string): never {
  throw new ShiftinatorError('RULES_INVALID', message, where);
}

/** Validates rules/roles.json (its JSON, read by the caller) and checks what the schema cannot. */
export function loadRoles(file: string, json: unknown): Roles {
  const parsed = RolesFileSchema.safeParse(json);
  if (!parsed.success) {
    let issue = parsed.error.issues[0] as z.core.$ZodIssue;
    let at: PropertyKey[] = [...issue.path];
    // A permission is a flag or a list: of the two readings, the one with fewer complaints is the one meant.
    while (issue.code === 'invalid_union') {
      const meant = [...issue.errors].sort((a, b) => a.length - b.length)[0]?.[0];
      if (!meant) break;
      at = [...at, ...meant.path];
      issue = meant;
    }
    const path = at.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
    fail(`${path || '(top level)'}: ${issue.message}`, file);
  }
  const { groups, permissions, minimums = { monthlyHours: [], quarterlyTrainingHours: [] } } = parsed.data;
  const checkGroups = (who: readonly Who[], at: string, chain: string[] = []): void => {
    for (const w of who) {
      if (w.group === undefined) continue;
      const target = groups[w.group];
      if (!target) fail(`names group "${w.group}", which "groups" does not have (groups: ${Object.keys(groups).join(', ')})`, at);
      if (chain.includes(w.group)) fail(`groups name each other in a cycle: ${[...chain, w.group].join(' -> ')}`, at);
      checkGroups(target.who, at, [...chain, w.group]);
    }
  };
  for (const [name, g] of Object.entries(groups)) checkGroups(g.who, `${file}: groups.${name}`, [name]);
  for (const [name, p] of Object.entries(permissions)) {
    const at = `${file}: permissions.${name}`;
    if (isListPermission(p)) p.options.forEach((o) => checkGroups(o.who, at));
    else checkGroups(p.who, at);
  }
  for (const m of [...minimums.monthlyHours, ...minimums.quarterlyTrainingHours]) checkGroups(m.who, `${file}: minimums`);
  for (const [name, p] of Object.entries(permissions)) {
    const at = `${file}: permissions.${name}`;
    if (!isListPermission(p)) continue;
    const declared = new Set(p.values);
    if (declared.size !== p.values.length) fail('"values" lists a value twice', at);
    p.options.forEach((o, i) => {
      for (const v of o.values) if (!declared.has(v)) fail(`options[${i}] gives ${JSON.stringify(v)}, which "values" does not list`, at);
    });
    for (const other of p.alsoValuesOf ?? []) {
      const target = permissions[other];
      if (!target) fail(`alsoValuesOf names "${other}", which is not a permission`, at);
      if (!isListPermission(target) || target.alsoValuesOf) fail(`alsoValuesOf names "${other}", which must be a list permission without alsoValuesOf`, at);
      for (const v of target.values) if (!declared.has(v)) fail(`alsoValuesOf "${other}" can give ${JSON.stringify(v)}, which "values" does not list`, at);
    }
  }
  return { file, groups, permissions, minimums };
}

/** An agent's monthly minimum of hours worked, with its note; null when none applies. */
export function monthlyMinimum(roles: Roles, agentType: number, spanish = false): { hours: number; note?: string } | null {
  const entry = roles.minimums.monthlyHours.find((m) => matchesWho(m.who, agentType, spanish, {}, roles.groups));
  return entry ? { hours: entry.hours, ...(entry.note ? { note: entry.note } : {}) } : null;
}

/**
 * An agent's quarterly training minimums: the title they keep, the hours per column, and whether
 * they depend on the trainer's shift (then `shift` picks them); null when none apply.
 */
export function quarterlyMinimums(
  roles: Roles,
  agentType: number,
  shift: TrainerShift,
  spanish = false,
): { title: string; hours: Partial<Record<TrainingMinimumKey, number>>; byShift: boolean } | null {
  const theirs = roles.minimums.quarterlyTrainingHours.filter((m) => matchesWho(m.who, agentType, spanish, {}, roles.groups));
  const entry = theirs.find((m) => m.trainerShift === undefined || m.trainerShift === shift);
  return entry ? { title: entry.title, hours: entry.hours, byShift: theirs.some((m) => m.trainerShift !== undefined) } : null;
}

/**
 * The permissions of an agent of this type and Spanish flag (and attributes of their record, for
 * permissions that name one): a pure function of roles.json, the same in the browser and on the server.
 */
export function permissionsFor(roles: Roles, agentType: number, spanish: boolean, attributes?: AgentAttributes): Permissions {
  // Asked on every slice read and decision for the same few kinds of agent: kept per roles file,
  // frozen since every caller shares the object.
  let known = permissionsKnown.get(roles);
  if (!known) permissionsKnown.set(roles, (known = new Map()));
  let key = `${agentType}|${spanish ? 1 : 0}|`;
  for (const a of AGENT_ATTRIBUTES) key += attributes?.[a] === true ? '1' : '0';
  let out = known.get(key);
  if (!out) known.set(key, (out = Object.freeze(computePermissions(roles, agentType, spanish, attributes))));
  return out;
}

const permissionsKnown = new WeakMap<Roles, Map<string, Permissions>>();

function computePermissions(roles: Roles, agentType: number, spanish: boolean, attributes?: AgentAttributes): Permissions {
  const out: Permissions = {};
  const lists = new Map<string, Set<PermissionItem>>();
  for (const [name, p] of Object.entries(roles.permissions)) {
    if (!isListPermission(p)) {
      out[name] = matchesWho(p.who, agentType, spanish, attributes, roles.groups);
      continue;
    }
    out[name] = []; // keeps the file's order of permissions
    const got = new Set<PermissionItem>();
    for (const o of p.options) if (matchesWho(o.who, agentType, spanish, attributes, roles.groups)) for (const v of o.values) got.add(v);
    lists.set(name, got);
  }
  for (const [name, p] of Object.entries(roles.permissions)) {
    if (!isListPermission(p)) continue;
    const got = lists.get(name) as Set<PermissionItem>;
    for (const other of p.alsoValuesOf ?? []) for (const v of lists.get(other) ?? []) got.add(v);
    out[name] = Object.freeze(p.values.filter((v) => got.has(v))) as PermissionItem[];
  }
  return out;
}

/** The groups (recipient categories) an agent belongs to, in file order. */
export function groupsOf(roles: Roles, agentType: number, spanish: boolean, attributes?: AgentAttributes): string[] {
  return Object.entries(roles.groups)
    .filter(([, g]) => matchesWho(g.who, agentType, spanish, attributes, roles.groups))
    .map(([name]) => name);
}

/** `{ "param": "name" }`: a list of rules/parameters.json, put in when the rule set loads (engine/parameters.ts). */
const PARAM_REF = {
  type: 'object',
  properties: { param: { type: 'string', description: 'The name of a list in rules/parameters.json (the training shift types, say).' } },
  required: ['param'],
  additionalProperties: false,
};

/** Wherever a permission lists values, roles.json may name a list parameter instead. */
function allowParams(node: unknown, key = ''): unknown {
  if (Array.isArray(node)) return node.map((n) => allowParams(n));
  if (node === null || typeof node !== 'object') return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, allowParams(v, k)]));
  return key === 'values' && o.type === 'array' ? { anyOf: [o, { $ref: '#/$defs/param' }] } : o;
}

export function rolesJsonSchema(): unknown {
  const schema = allowParams(z.toJSONSchema(RolesFileSchema, { io: 'input', unrepresentable: 'any' })) as Record<string, unknown>;
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  return { ...schema, $defs: { ...defs, param: PARAM_REF }, title: 'Shiftinator roles file', $id: 'roles.schema.json' };
}
