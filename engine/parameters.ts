import { z } from 'zod';
import { ShiftinatorError } from './errors.ts';

/**
 * rules/parameters.json: every business value of the spec that a rule or a screen uses (a limit,
 * a window, a lead time, a list), once, by name. Rule files write `{ "param": "name" }` where the
 * value goes (`{ "param": "name", "item": "last" }` for one end of a list) and `{param:name|format}` inside a text; both are replaced when the rule set is
 * loaded, so a decision costs nothing more and a manager's one edit reaches every rule and message
 * that uses the value. The JSON Schema editors use (rules/parameters.schema.json) is generated from
 * the zod schema below.
 */

const PARAMETER_UNITS = ['minutes', 'hours', 'count', 'characters', 'multiplier', 'agentTypes', 'shiftTypes', 'days', 'date', 'monthDay', 'list', 'code'] as const;

const ParamValue = z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]);

const ParameterSchema = z.strictObject({
  value: ParamValue.describe('The value rules and screens use.'),
  unit: z.enum(PARAMETER_UNITS).describe('What the value counts.'),
  description: z.string().min(1).describe('One line: what the value is for.'),
  spec: z.string().min(1).describe('Where the spec sets it, e.g. "spec 2 §5".'),
});
type Parameter = z.infer<typeof ParameterSchema>;

const NAME = /^[a-z][A-Za-z0-9]*$/;

const ParametersFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  parameters: z
    .record(z.string().regex(NAME, 'a parameter name is letters and digits, starting with a small letter'), ParameterSchema)
    .describe('The values by name; rule files refer to them as { "param": "name" } and {param:name|format}.'),
});

export interface Parameters {
  file: string;
  values: ReadonlyMap<string, Parameter>;
}

const isWhole = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * What a value of each unit must be. Checked here, so a wrong value is reported against
 * parameters.json and its name, not against the first rule or message that writes it.
 */
const UNIT_VALUES: Record<(typeof PARAMETER_UNITS)[number], { ok: (v: unknown) => boolean; what: string }> = {
  minutes: { ok: isWhole, what: 'a whole number of minutes (0 or more)' },
  hours: { ok: isWhole, what: 'a whole number of hours (0 or more)' },
  count: { ok: isWhole, what: 'a whole number (0 or more)' },
  characters: { ok: isWhole, what: 'a whole number of characters (0 or more)' },
  days: { ok: isWhole, what: 'a whole number of days (0 or more)' },
  multiplier: { ok: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0, what: 'a number above 0' },
  agentTypes: { ok: (v) => Array.isArray(v) && v.every(isWhole), what: 'a list of agent type codes (whole numbers)' },
  shiftTypes: { ok: (v) => isWhole(v) || (Array.isArray(v) && v.every(isWhole)), what: 'a shift type code or a list of them (whole numbers)' },
  code: { ok: isWhole, what: 'a code (a whole number, 0 or more)' },
  date: { ok: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), what: 'a date written YYYY-MM-DD' },
  monthDay: {
    ok: (v) => isWhole(v) && Math.floor((v as number) / 100) >= 1 && Math.floor((v as number) / 100) <= 12 && (v as number) % 100 >= 1 && (v as number) % 100 <= 31,
    what: 'a month and day as one number (1219 is December 19)',
  },
  list: { ok: (v) => Array.isArray(v) && v.length > 0, what: 'a list of at least one value' },
};

export function loadParameters(file: string, json: unknown): Parameters {
  const parsed = ParametersFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const path = issue.path.map(String).join('.') || '(top level)';
    throw new ShiftinatorError('RULES_INVALID', `${path}: ${issue.message}`, file);
  }
  for (const [name, p] of Object.entries(parsed.data.parameters)) {
    const rule = UNIT_VALUES[p.unit];
    if (!rule.ok(p.value)) throw new ShiftinatorError('RULES_INVALID', `a ${p.unit} value must be ${rule.what}, got ${JSON.stringify(p.value)}`, `${file}: parameters.${name}`);
  }
  return { file, values: new Map(Object.entries(parsed.data.parameters)) };
}

export function parametersJsonSchema(): unknown {
  const schema = z.toJSONSchema(ParametersFileSchema, { io: 'input' }) as Record<string, unknown>;
  return { ...schema, title: 'Shiftinator parameters', $id: 'parameters.schema.json' };
}

/** How a parameter is written into a text: {param:name} or {param:name|format}. */
const PARAMETER_FORMATS = ['text', 'hours', 'minutesAndHours', 'monthDay', 'first', 'last', 'hoursOrList'] as const;
const PARAM_PLACEHOLDER = /\{param:([^}|]*)(?:\|([^}]*))?\}/g;

function hours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

function formatParameter(value: Parameter['value'], format: string): string | null {
  if (format === 'text') return Array.isArray(value) ? value.join(', ') : String(value);
  if (format === 'first' || format === 'last') {
    if (!Array.isArray(value) || value.length === 0) return null;
    return String(format === 'first' ? value[0] : value[value.length - 1]);
  }
  // A list of minutes as hours, the last after "or": [60, 120, 180] is "1, 2, or 3".
  if (format === 'hoursOrList') {
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'number')) return null;
    const shown = (value as number[]).map(hours);
    return shown.length === 1 ? (shown[0] as string) : `${shown.slice(0, -1).join(', ')}, or ${shown[shown.length - 1] as string}`;
  }
  if (typeof value !== 'number') return null;
  if (format === 'hours') return hours(value);
  if (format === 'minutesAndHours') return `${value} minutes (${hours(value)} hours)`;
  // A month and day written as one number, 1219 for December 19: "12/19".
  if (format === 'monthDay') return `${Math.floor(value / 100)}/${value % 100}`;
  return null;
}

/** Where a rule file's path points, for messages: the rule by id when inside rules[i]. */
function describePath(json: unknown, path: (string | number)[]): string {
  const shown = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
  if (path[0] === 'rules' && typeof path[1] === 'number') {
    const id = (json as { rules?: { id?: unknown }[] }).rules?.[path[1]]?.id;
    if (typeof id === 'string') return `rule ${id} (${shown})`;
  }
  return shown;
}

/**
 * A rule file with its parameters put in: `{ "param": name }` becomes the value, and
 * {param:name|format} in any text becomes the value written in that format. An unknown name or
 * format fails naming the file and the place.
 */
export function resolveParameters(file: string, json: unknown, params: Parameters | null): unknown {
  const lookup = (name: string, path: (string | number)[]): Parameter => {
    const p = params?.values.get(name);
    if (p) return p;
    const known = params ? [...params.values.keys()].sort().join(', ') : 'none: no parameters.json was loaded';
    throw new ShiftinatorError('RULES_UNKNOWN_PARAMETER', `unknown parameter "${name}" (known: ${known})`, `${file}: ${describePath(json, path)}`);
  };
  const walk = (v: unknown, path: (string | number)[]): unknown => {
    if (typeof v === 'string') {
      if (!v.includes('{param:')) return v;
      return v.replace(PARAM_PLACEHOLDER, (_whole, name: string, format: string | undefined) => {
        const p = lookup(name, path);
        const text = formatParameter(p.value, format ?? 'text');
        if (text === null) {
          throw new ShiftinatorError(
            'RULES_TEMPLATE',
            `{param:${name}|${format}}: a ${p.unit} value cannot be written as "${format}" (formats: ${PARAMETER_FORMATS.join(', ')}; hours and minutesAndHours take minutes, monthDay a number such as 1219, first and last a list, hoursOrList a list of minutes)`,
            `${file}: ${describePath(json, path)}`,
          );
        }
        return text;
      });
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.includes('param') && keys.every((k) => k === 'param' || k === 'item')) {
      if (typeof o.param !== 'string') throw new ShiftinatorError('RULES_INVALID', '{ "param" } needs a parameter name', `${file}: ${describePath(json, path)}`);
      const value = lookup(o.param, path).value;
      if (o.item === undefined) return Array.isArray(value) ? [...value] : value;
      // { "param": list, "item": "first" | "last" }: one end of a list, such as the highest Extra COTS.
      if ((o.item !== 'first' && o.item !== 'last') || !Array.isArray(value) || value.length === 0) {
        throw new ShiftinatorError('RULES_INVALID', `{ "param": "${o.param}", "item" } takes "first" or "last" of a list parameter`, `${file}: ${describePath(json, path)}`);
      }
      return o.item === 'first' ? value[0] : value[value.length - 1];
    }
    return Object.fromEntries(keys.map((k) => [k, walk(o[k], [...path, k])]));
  };
  return walk(json, []);
}
