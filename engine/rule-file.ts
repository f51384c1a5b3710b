import { z } from 'zod';
import { FACT_KINDS, RefSchema } from './facts.ts';
import { TopConditionSchema } from './conditions.ts';
import { CheckUseSchema, EffectUseSchema, FactUseSchema, RuleLibraryFileSchema } from './rule-library.ts';

export {  NUMERIC_OPERATORS, OPERATORS, type Condition, type LeafCondition, type TopCondition } from './conditions.ts';

/**
 * The shape of a file in rules/. The JSON Schema that editors use (rules/rule-file.schema.json)
 * is generated from this, so the two cannot drift (a test compares them).
 */

const INPUT_TYPES = ['id', 'id?', 'instant', 'instant?', 'number', 'number?', 'string', 'string?', 'boolean', 'boolean?'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const VALUE_FORMATS = ['text', 'minutes', 'time', 'date', 'dateTime', 'day'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

export const ValueSchema = z.strictObject({
  fact: RefSchema.shape.fact,
  path: RefSchema.shape.path,
  format: z.enum(VALUE_FORMATS).default('text').describe('How the value is written into the message.'),
});

const RuleSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z][\w.-]*$/, 'a rule id is letters, digits, ".", "_" or "-", starting with a letter')
    .describe('Unique in the rule set; scenario files name it in expect.rule.'),
  description: z.string().optional(),
  when: TopConditionSchema.describe('When these conditions hold, this rule decides the action.'),
  outcome: z
    .enum(['error', 'confirm', 'warning'])
    .default('error')
    .describe('error (when left out) stops the action; confirm asks the user first; warning is shown without stopping.'),
  message: z.string().min(1).describe('Shown word for word; {name} is filled from "values".'),
  values: z.record(z.string(), ValueSchema).default({}),
  conflict: z
    .boolean()
    .optional()
    .describe('The check is about state that changed since the screen loaded (an offer no longer pending, a shift deleted): the server answers 409, not 422.'),
  forbidden: z
    .boolean()
    .optional()
    .describe('The check is a role gate or an ownership check (this person may not do this at all): the server answers 403, not 422.'),
});
export type RuleDef = z.infer<typeof RuleSchema>;

const factDefSchemas = [...FACT_KINDS.values()].map((kind) =>
  z
    .strictObject({
      kind: z.literal(kind.name),
      description: z.string().optional(),
      params: kind.params,
    })
    .describe(kind.description),
);

type FactDefOption = (typeof factDefSchemas)[number];
const FactDefSchema = z.discriminatedUnion('kind', factDefSchemas as [FactDefOption, ...FactDefOption[]]);
interface FactDef {
  kind: string;
  description?: string;
  params: Record<string, unknown>;
}

const EffectSchema = z.strictObject({
  kind: z
    .string()
    .describe(
      'insert {collection, record, as?}, insertEach {collection, from: {collection, where, except?}, record} (one record per matched record), update {collection, key, fields}, updateWhere {collection, where, fields}, delete {collection, key}, deleteWhere {collection, where}, text {to, kind, message, values}, or an action-specific kind (acceptOffer {follow?}, acceptOfferHours {follow?}, claimOpenShift, combineShifts, cutShift, removeHours {shift or agent, start, end, from?, follow?}: agent takes the hours out of every main shift of that agent they overlap); follow is {collection, field, at, until?, where?} or a list: records that go with the piece of a split shift that holds them.',
    ),
  description: z.string().optional().describe('Why the effect is there: for people reading the rule file.'),
  if: RefSchema.optional().describe('Applied only when this fact value is true (or a non-empty value).'),
  params: z
    .record(z.string(), z.unknown())
    .default({})
    .describe(
      'Literals or { "fact", "path" } references; { "inserted": name } is the id of a record an earlier effect inserted `as` name. With "from" (insertEach, removeHours), { "each": field } is a field of the matched record and { "template", "values" } a text filled for it.',
    ),
});
export interface EffectDef {
  kind: string;
  description?: string | undefined;
  if?: { fact: string; path?: string | undefined } | undefined;
  params: Record<string, unknown>;
}

/** The effects of a rule file as a list, whichever way the file writes them. */
export function effectList(file: Pick<RuleFile, 'effects'>): EffectDef[] {
  return file.effects === undefined ? [] : Array.isArray(file.effects) ? file.effects : [file.effects];
}

const AdjustSchema = z.strictObject({
  start: z.string().describe('The input field (an instant) where the hours start.'),
  end: z.string().describe('The input field (an instant) where they end.'),
  current: z
    .strictObject({ start: z.string(), end: z.string() })
    .optional()
    .describe('Facts holding the hours in effect when the fields are left empty (a whole shift, say).'),
});
export type AdjustDef = z.infer<typeof AdjustSchema>;

/** What a who-can-take notice may say of the posting or open shift it is about. */
const NOTICE_FIELDS = ['poster', 'start', 'end'] as const;

const NoticeSchema = z.strictObject({
  message: z.string().min(1).describe('The text, word for word; {name} is filled from "values".'),
  values: z
    .record(
      z.string(),
      z.strictObject({
        posted: z.enum(NOTICE_FIELDS).describe("Of the posting or open shift: poster (the poster's full name), start or end (instants)."),
        format: z.enum(VALUE_FORMATS).default('text').describe('How the value is written into the message.'),
      }),
    )
    .default({}),
});
type NoticeDef = z.infer<typeof NoticeSchema>;

export const RuleFileSchema = z.strictObject({
  $schema: z.string().optional(),
  action: z.string().regex(/^[a-z][A-Za-z0-9]*$/).describe('The action name: the API call name from the spec.'),
  description: z.string().optional(),
  input: z
    .record(z.string(), z.enum(INPUT_TYPES))
    .describe('The fields of the action input and their types; "?" allows null or absence.'),
  facts: z.record(z.string(), FactDefSchema).default({}).describe('Facts this action needs, with their parameters.'),
  rules: z.array(RuleSchema).describe('The checks, in the order they run; the first error stops the action. An action that only records (the sign-in log) may have none.'),
  effects: z
    .union([EffectSchema, z.array(EffectSchema)])
    .optional()
    .describe('What the action changes in the world when it goes through: one effect or a list, applied in order.'),
  success: z.string().optional().describe('The text shown when the action goes through; {name} is filled from "successValues".'),
  prompt: z
    .string()
    .optional()
    .describe('The question the screen asks before it sends the action, where no rule asks it: the scenario format fixes the action\'s passing answer as ok, so a confirm rule would change it.'),
  anonymous: z
    .boolean()
    .optional()
    .describe('Taken by someone not signed in (sign-in itself): there is no actor, and the actor facts are null.'),
  successValues: z
    .record(z.string(), ValueSchema)
    .optional()
    .describe('Values for the success text, as a rule message\'s (one offer or two: "SUCCESS: {offers} sent.").'),
  adjust: z
    .array(AdjustSchema)
    .optional()
    .describe('Hours the person chose that a refused request may be shortened in, to offer the nearest request that passes every rule (engine/suggest.ts).'),
  notice: NoticeSchema.optional().describe(
    'For an action that takes a posting or an open shift: the text a colleague who could take one as posted gets when it is posted (their inbox, and a text if they opted in).',
  ),
});

export interface RuleFile {
  $schema?: string;
  action: string;
  description?: string;
  input: Record<string, InputType>;
  facts: Record<string, FactDef>;
  rules: RuleDef[];
  effects?: EffectDef | EffectDef[];
  success?: string;
  prompt?: string;
  anonymous?: boolean;
  successValues?: Record<string, { fact: string; path?: string | undefined; format: ValueFormat }>;
  adjust?: AdjustDef[] | undefined;
  notice?: NoticeDef | undefined;
}

/** `{ "param": "name" }`: a value of rules/parameters.json, put in when the rule set loads (engine/parameters.ts). */
const PARAM_REF = {
  type: 'object',
  properties: { param: { type: 'string', description: 'The name of a value in rules/parameters.json.' } },
  required: ['param'],
  additionalProperties: false,
};

/** Wherever the schema wants a number, a rule file may name a parameter instead. */
function allowParams(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowParams);
  if (node === null || typeof node !== 'object') return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, allowParams(v)]));
  return o.type === 'number' || o.type === 'integer' ? { anyOf: [o, { $ref: '#/$defs/param' }] } : o;
}

/**
 * What an editor checks: an action file, whose rules and facts may also be uses of shared ones, or
 * a shared rule file (engine/rule-library.ts). The loader checks the expanded action file itself.
 */
const EditedRuleFileSchema = z.union([
  RuleFileSchema.extend({
    facts: z.record(z.string(), z.union([FactDefSchema, FactUseSchema])).default({}).describe('Facts this action needs, with their parameters, or { "use" } of a shared fact.'),
    rules: z.array(z.union([RuleSchema, CheckUseSchema])).describe('The checks, in the order they run, each written out or { "id", "check" } using a shared check; the first error stops the action.'),
    effects: z
      .union([EffectSchema, z.array(z.union([EffectSchema, EffectUseSchema]))])
      .optional()
      .describe('What the action changes when it goes through, in order: each written out or { "effect" } using a shared effect.'),
  }),
  RuleLibraryFileSchema,
]);

export function ruleFileJsonSchema(): unknown {
  const schema = allowParams(z.toJSONSchema(EditedRuleFileSchema, { io: 'input', unrepresentable: 'any' })) as Record<string, unknown>;
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  return { ...schema, $defs: { ...defs, param: PARAM_REF }, title: 'Shiftinator rule file', $id: 'rule-file.schema.json' };
}
