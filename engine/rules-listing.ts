import type { RuleSet } from './ruleset.ts';

/**
 * Every action's checks in the order they run, each with its message as it reads (the
 * parameters' values written in) and the named values of rules/parameters.json it uses: what
 * `shiftinator rules list` prints, and what the web's Rules screen shows, from one place.
 */

export interface NamedValue {
  name: string;
  value: number | string | (number | string)[];
  unit: string;
  description: string;
  spec: string;
}

interface RuleCheck {
  id: string;
  outcome: string;
  /** The message as the person reads it: the parameters written in, {values} of the moment left named. */
  message: string;
  /** The parameters the check reads or says, by name. */
  uses: string[];
  /** The shared check (rules/shared*.json) the rule uses, when it is written once there. */
  shared?: string;
}

export interface ActionChecks {
  action: string;
  file: string;
  description: string;
  checks: RuleCheck[];
}

/** Parameter names a rule's source mentions: { "param": "name" } and {param:name|format}. */
function paramsIn(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') for (const m of value.matchAll(/\{param:([A-Za-z0-9]+)/g)) out.add(m[1] as string);
  else if (Array.isArray(value)) for (const v of value) paramsIn(v, out);
  else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.param === 'string') out.add(record.param);
    for (const v of Object.values(record)) paramsIn(v, out);
  }
  return out;
}

/** Each rule's source (before its parameters were written in), by action and rule id. */
function sourceRules(set: RuleSet): Map<string, unknown> {
  const byId = new Map<string, unknown>();
  for (const s of set.sources) {
    const json = s.json as { rules?: { id?: unknown }[] } | null;
    if (s.kind === 'roles' || s.kind === 'parameters' || !Array.isArray(json?.rules)) continue;
    for (const r of json.rules) if (typeof r.id === 'string') byId.set(r.id, r);
  }
  return byId;
}

/** The parameters a rule's source names, with those of the shared checks it uses (and they use in turn). */
function paramsOf(set: RuleSet, source: unknown): string[] {
  const out = paramsIn(source, new Set());
  const seen = new Set<string>();
  let name = (source as { check?: unknown } | undefined)?.check;
  while (typeof name === 'string' && !seen.has(name)) {
    seen.add(name);
    const def = set.library.checks.get(name);
    paramsIn(def?.body, out);
    name = def?.body.check;
  }
  return [...out].sort();
}

/** Every action (in file order) with its checks in order. */
export function rulesListing(set: RuleSet): ActionChecks[] {
  const sources = sourceRules(set);
  return set.files.map((file) => ({
    action: file.action,
    file: file.file,
    description: file.description ?? '',
    checks: file.rules.map((r) => {
      const shared = file.shared[r.id];
      return { id: r.id, outcome: r.outcome, message: r.message, uses: paramsOf(set, sources.get(r.id)), ...(shared ? { shared } : {}) };
    }),
  }));
}

/** The named values of rules/parameters.json, in file order. */
export function namedValues(set: RuleSet): NamedValue[] {
  return [...(set.parameters?.values ?? new Map())].map(([name, p]) => ({ name, value: p.value, unit: p.unit, description: p.description, spec: p.spec }));
}
