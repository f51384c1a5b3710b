import {
  BUILTIN_FACTS,
  denormalizeRecord,
  FACT_KINDS,
  formatDate,
  formatInstant,
  inputField,
  type LoadedRuleFile,
  type ScenarioResult,
  type TraceCondition,
  type TraceEntry,
} from '../engine/index.ts';

/** The collection a fact's value is a record of, when it is one. */
function recordCollection(file: LoadedRuleFile, fact: string): string | undefined {
  const def = file.facts[fact];
  const shape = BUILTIN_FACTS[fact]?.shape ?? (def ? FACT_KINDS.get(def.kind)?.shape(def.params as Record<string, unknown>) : undefined);
  return shape?.type === 'record' ? shape.collection : undefined;
}

/**
 * Rules compare instants and dates as numbers; the text a scenario file would write is what a
 * reader can check. Only values known to be instants or dates get it: `now`, `today`, instant
 * inputs, and instant or date fields of records.
 */
function asText(file: LoadedRuleFile, fact: string, path: string | undefined, value: number): string | undefined {
  if (!path) return fact === 'now' ? formatInstant(value) : fact === 'today' ? formatDate(value) : undefined;
  if (fact === 'input') {
    const declared = file.input[path];
    return declared && inputField(declared).base === 'instant' ? formatInstant(value) : undefined;
  }
  const collection = recordCollection(file, fact);
  if (!collection || path.includes('.')) return undefined;
  const text = denormalizeRecord(collection, { [path]: value })[path];
  return typeof text === 'string' ? text : undefined;
}

function showValue(file: LoadedRuleFile, fact: string, path: string | undefined, value: unknown): string {
  if (typeof value === 'number') {
    const text = asText(file, fact, path, value);
    return text === undefined ? String(value) : `${value} (${text})`;
  }
  const collection = path ? undefined : recordCollection(file, fact);
  if (collection && value !== null && typeof value === 'object') {
    return JSON.stringify(denormalizeRecord(collection, value as Record<string, unknown>));
  }
  return value === undefined ? '(not read)' : JSON.stringify(value);
}

function refName(fact: string, path: string | undefined): string {
  return path ? `${fact}.${path}` : fact;
}

function conditionLine(file: LoadedRuleFile, c: TraceCondition): string {
  const left = refName(c.fact, c.path);
  const ref = c.value !== null && typeof c.value === 'object' && 'fact' in c.value ? (c.value as { fact: string; path?: string }) : undefined;
  const right = ref ? refName(ref.fact, ref.path) : JSON.stringify(c.value);
  const result = c.result === undefined ? 'not evaluated' : String(c.result);
  if (c.result === undefined && c.factValue === undefined) return `${left} ${c.operator} ${right} -> ${result}`;
  const seen = showValue(file, c.fact, c.path, c.factValue);
  const against = ref && c.valueResult !== undefined ? ` vs ${showValue(file, ref.fact, ref.path, c.valueResult)}` : '';
  return `${left} ${c.operator} ${right}: saw ${seen}${against} -> ${result}`;
}

/** Every evaluated rule in order, whether it fired, and each condition with the values it saw. */
export function traceText(file: LoadedRuleFile, trace: TraceEntry[]): string[] {
  const lines = ['trace:'];
  const width = String(trace.length).length;
  trace.forEach((entry, i) => {
    lines.push(`  ${String(i + 1).padStart(width)}. ${entry.rule} (${entry.outcome}): ${entry.fired ? 'FIRED' : 'not fired'}`);
    for (const c of entry.conditions) lines.push(`${' '.repeat(width + 6)}${conditionLine(file, c)}`);
  });
  const skipped = file.rules.length - trace.length;
  if (skipped > 0) lines.push(`  (${skipped} later rule${skipped === 1 ? '' : 's'} not evaluated: the first error decides)`);
  return lines;
}

/** The declared facts the run computed, in the file's order: the terms behind every sum. */
export function factsText(file: LoadedRuleFile, facts: Record<string, unknown>): string[] {
  const lines = ['facts:'];
  for (const [name, def] of Object.entries(file.facts)) {
    if (!(name in facts)) continue;
    const value = facts[name];
    const collection = recordCollection(file, name);
    const shown =
      collection && value !== null && typeof value === 'object'
        ? `${collection} record ${JSON.stringify(denormalizeRecord(collection, value as Record<string, unknown>))}`
        : showValue(file, name, undefined, value);
    lines.push(`  ${name} (${def.kind}) = ${shown}`);
  }
  return lines;
}

export function answerText(result: ScenarioResult): string[] {
  const a = result.actual;
  const lines = [`outcome: ${a.outcome}`];
  if (a.message !== undefined) lines.push(`message: ${a.message}`);
  if (a.rule !== undefined) lines.push(`rule: ${a.rule}`);
  lines.push(`warnings: ${a.warnings.length === 0 ? 'none' : ''}`.trimEnd(), ...a.warnings.map((w) => `  - ${w}`));
  if (a.world !== undefined) lines.push(`world: ${JSON.stringify(a.world)}`);
  return lines;
}
