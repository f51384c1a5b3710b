import { BUSINESS_ZONE, COLLECTIONS, dayOf, inputFields, needKey, normalizeInput, type Need, type RuleSet, type WorldRecord } from '../engine/index.ts';
import { raw, sql, type Sql } from './reads/sql.ts';
import { NEED_PARAMS, type PlannedNeed } from './world-loader.ts';

/**
 * Where a need's parameter comes from, so that the next request of the action can ask for it
 * before any record is loaded: a constant of the rules, the actor, the clock or an input field
 * (known before loading), or a field of a record another need reads by key (computed by the
 * database in the same statement). `offset` in minutes for instants; `day`: the Eastern date of
 * the instant.
 */
type Binding =
  | { lit: unknown }
  /** `base`: 'actor', 'now' or 'input.<field>'. */
  | { base: string; offset: number; day: boolean }
  | { record: string; field: string; offset: number; day: boolean };

interface Template {
  /** The shape in full: kind, fixed parameters and bindings (a source record by its template's id). */
  id: string;
  need: Need;
  bindings: Record<string, Binding>;
  lastUsed: number;
}

interface Source {
  binding: Binding;
  type: string;
  value: number;
}

interface Request {
  actor: number;
  now: number;
  input: Record<string, unknown>;
}

/** A shape not asked for in this many decisions of its action is forgotten. */
const FORGET_AFTER = 1000;
/** Shapes kept per action at most (the least recently asked go first). */
const MAX_TEMPLATES = 64;
/** An instant's offset from its source beyond this is taken for a coincidence, not a rule's window. */
const MAX_OFFSET_MINUTES = 400 * 24 * 60;

function paramType(need: Need, param: string): string {
  switch (need.kind) {
    case 'record':
      return COLLECTIONS[need.collection]?.fields[COLLECTIONS[need.collection]?.key ?? '']?.type ?? 'id';
    case 'where':
      return COLLECTIONS[need.collection]?.fields[need.field]?.type ?? 'string';
    default:
      return param === 'agentId' || param === 'shiftId' ? 'id' : 'instant';
  }
}

/** Whether a value of `source` type may stand for one of `param` type (ids and plain numbers mix). */
function compatible(param: string, source: string): boolean {
  const numberish = (t: string): boolean => t === 'id' || t === 'number';
  return param === source || (numberish(param) && numberish(source));
}

function inputSources(rules: RuleSet, action: string, request: Request): Source[] {
  const decl = rules.action(action).file.input;
  const out: Source[] = [
    { binding: { base: 'actor', offset: 0, day: false }, type: 'id', value: request.actor },
    { binding: { base: 'now', offset: 0, day: false }, type: 'instant', value: request.now },
  ];
  for (const [field, { base }] of inputFields(decl)) {
    const v = request.input[field];
    if (typeof v === 'number') out.push({ binding: { base: `input.${field}`, offset: 0, day: false }, type: base, value: v });
  }
  return out;
}

/** A binding to a value itself: a constant, an input field, or a source of the same value. */
function bindExact(value: unknown, type: string, sources: readonly Source[], input: Record<string, unknown>): Binding | null {
  if (value === null || value === undefined) return { lit: null };
  if (typeof value !== 'number') {
    const field = Object.keys(input).find((f) => input[f] === value && f !== 'confirmed');
    return field ? { base: `input.${field}`, offset: 0, day: false } : { lit: value };
  }
  const exact = sources.find((s) => s.value === value && compatible(type, s.type));
  if (exact) return exact.binding;
  if (type === 'date') {
    const s = sources.find((x) => x.type === 'instant' && dayOf(x.value) === value);
    if (s) return { ...s.binding, day: true };
  }
  return type === 'number' ? { lit: value } : null;
}

/**
 * An instant as an offset from another: preferably from a parameter of the same need by whole
 * hours (a window of fixed length: 18 hours before the shift's start), else from the closest source.
 */
function bindOffset(value: number, sources: readonly Source[], sameNeed: readonly Source[]): Binding | null {
  const offsetFrom = (s: Source): Binding | null => ('lit' in s.binding ? null : { ...s.binding, offset: s.binding.offset + value - s.value });
  for (const s of sameNeed) if ((value - s.value) % 60 === 0 && Math.abs(value - s.value) <= MAX_OFFSET_MINUTES) return offsetFrom(s);
  let best: Source | null = null;
  for (const s of [...sameNeed, ...sources]) {
    if (s.type !== 'instant' || 'lit' in s.binding || Math.abs(value - s.value) > MAX_OFFSET_MINUTES) continue;
    if (!best || Math.abs(value - s.value) < Math.abs(value - best.value)) best = s;
  }
  return best ? offsetFrom(best) : null;
}

/** How each parameter of a need can be had; null when one cannot (the need is then not prefetched). */
function bindNeed(need: Need, sources: readonly Source[], input: Record<string, unknown>): Record<string, Binding> | null {
  const values = need as unknown as Record<string, unknown>;
  const bindings: Record<string, Binding> = {};
  const params = NEED_PARAMS[need.kind] as readonly string[];
  for (const param of params) {
    const b = bindExact(values[param], paramType(need, param), sources, input);
    if (b) bindings[param] = b;
  }
  for (const param of params) {
    if (bindings[param]) continue;
    const value = values[param];
    if (typeof value !== 'number' || paramType(need, param) !== 'instant') return null;
    const sameNeed = params
      .filter((q) => bindings[q] && typeof values[q] === 'number' && paramType(need, q) === 'instant')
      .map((q) => ({ binding: bindings[q] as Binding, type: 'instant', value: values[q] as number }));
    const b = bindOffset(value, sources, sameNeed);
    if (!b) return null;
    bindings[param] = b;
  }
  return bindings;
}

/**
 * Per action, the shapes of the needs earlier decisions asked for, and from them, the needs a new
 * request will likely ask: all loaded in the first statement, whose later needs the database
 * derives from the records it reads in the same statement (a posting from its offer, a shift
 * from its posting, an agent's shifts around that shift). A wrong guess costs a query; a shape
 * not guessed costs a round: the decision itself is always made on what it asked for.
 */
export class Prefetch {
  private readonly actions = new Map<string, { templates: Map<string, Template>; decisions: number }>();

  private state(action: string): { templates: Map<string, Template>; decisions: number } {
    let s = this.actions.get(action);
    if (!s) this.actions.set(action, (s = { templates: new Map(), decisions: 0 }));
    return s;
  }

  /**
   * The needs to load first for a request: the actor's record, then each shape's need, with the
   * shapes each comes from. A need that depends on a record reads it from that record's own part
   * of the statement (named `<name>_0`), so each record is looked up once.
   */
  plan(rules: RuleSet, action: string, request: Request): { planned: PlannedNeed[]; from: string[][] } {
    const actor: PlannedNeed = { need: { kind: 'record', collection: 'agents', key: request.actor }, name: 't0' };
    const planned: PlannedNeed[] = [actor];
    const from: string[][] = [[]];
    const templates = this.actions.get(action)?.templates;
    if (!templates?.size) return { planned, from };
    let input: Record<string, unknown>;
    try {
      input = normalizeInput(rules.action(action).file.input, request.input);
    } catch {
      return { planned, from };
    }
    // Needs known before loading, by key: asked once however many shapes give them.
    const known = new Map<string, number>([[needKey(actor.need), 0]]);
    // Template id -> index in `planned` (null: it cannot be asked for this request).
    const placed = new Map<string, number | null>();
    const place = (t: Template): number | null => {
      if (placed.has(t.id)) return placed.get(t.id) as number | null;
      placed.set(t.id, null);
      const need: Record<string, unknown> = { ...t.need };
      const derived: Record<string, Sql> = {};
      for (const param of NEED_PARAMS[t.need.kind]) {
        const b = t.bindings[param];
        if (!b) return null;
        if ('lit' in b) need[param] = b.lit;
        else if ('base' in b) {
          const base = b.base === 'actor' ? request.actor : b.base === 'now' ? request.now : input[b.base.slice('input.'.length)];
          if (typeof base !== 'number') return null;
          need[param] = b.day ? dayOf(base + b.offset) : base + b.offset;
        } else {
          const source: Template | undefined = templates.get(b.record);
          const at = source && source.need.kind === 'record' ? place(source) : null;
          if (at === null) return null;
          let v = raw(`(select "${b.field}" from ${planned[at]?.name as string}_0)`);
          if (b.offset) v = sql`(${v} + ${raw(String(b.offset))})`;
          if (b.day) v = sql`(((to_timestamp((${v})::float8 * 60) at time zone ${raw(`'${BUSINESS_ZONE}'`)})::date) - date '1970-01-01')`;
          derived[param] = v;
        }
      }
      let at: number | undefined;
      if (Object.keys(derived).length === 0) at = known.get(needKey(need as unknown as Need));
      if (at === undefined) {
        at = planned.length;
        planned.push({ need: need as unknown as Need, name: `t${at}`, ...(Object.keys(derived).length ? { derived } : {}) });
        from.push([]);
        if (Object.keys(derived).length === 0) known.set(needKey(need as unknown as Need), at);
      }
      from[at]?.push(t.id);
      placed.set(t.id, at);
      return at;
    };
    for (const t of templates.values()) place(t);
    return { planned, from };
  }

  /**
   * After a decision of the action: the shapes whose needs it asked for are kept fresh; when it
   * had to load more than was planned (`learn`), the shapes of everything it asked are noted.
   */
  after(
    rules: RuleSet,
    action: string,
    request: Request,
    outcome: { asked: readonly Need[]; usedFrom: readonly string[]; learn: boolean; record: (collection: string, key: unknown) => WorldRecord | undefined },
  ): void {
    const s = this.state(action);
    s.decisions++;
    for (const id of outcome.usedFrom) {
      const t = s.templates.get(id);
      if (t) t.lastUsed = s.decisions;
    }
    if (outcome.learn) {
      let input: Record<string, unknown>;
      try {
        input = normalizeInput(rules.action(action).file.input, request.input);
      } catch {
        return;
      }
      const sources = inputSources(rules, action, { ...request, input });
      for (const need of outcome.asked) {
        const bindings = bindNeed(need, sources, input);
        if (!bindings) continue;
        const fixed = Object.fromEntries(Object.entries(need).filter(([k]) => !(NEED_PARAMS[need.kind] as readonly string[]).includes(k)));
        const id = JSON.stringify([fixed, bindings]);
        const known = s.templates.get(id);
        if (known) known.lastUsed = s.decisions;
        else s.templates.set(id, { id, need, bindings, lastUsed: s.decisions });
        if (need.kind !== 'record') continue;
        const row = outcome.record(need.collection, need.key);
        if (!row) continue;
        for (const [field, spec] of Object.entries(COLLECTIONS[need.collection]?.fields ?? {})) {
          const v = row[field];
          if (typeof v === 'number') sources.push({ binding: { record: id, field, offset: 0, day: false }, type: spec.type, value: v });
        }
      }
    }
    for (const [id, t] of s.templates) if (s.decisions - t.lastUsed > FORGET_AFTER) s.templates.delete(id);
    if (s.templates.size > MAX_TEMPLATES) {
      const oldest = [...s.templates.values()].sort((a, b) => a.lastUsed - b.lastUsed).slice(0, s.templates.size - MAX_TEMPLATES);
      for (const t of oldest) s.templates.delete(t.id);
    }
  }
}
