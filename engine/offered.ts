import { collectRefs, isRef, type Ref } from './facts.ts';
import { isLeafCondition, type Condition } from './conditions.ts';
import type { InputType, RuleDef, RuleFile } from './rule-file.ts';

/**
 * An action as it is offered, before the person has filled in its form: some input fields are
 * known (the shift, the posting), the rest are still to be chosen (the hours, a reason). A rule
 * that fires whatever they turn out to be refuses the action outright, for who the person is or
 * for the state of the thing (a rank below the action's, a shift already posted in full, a shift
 * too far ahead to give notice for); one that fires only for some choices does not.
 *
 * Which rules those are is read off the rule file, not written anywhere else: a condition that
 * reads a field still to be chosen, directly or through the facts it reads, can go either way. A
 * rule's conditions are folded with such leaves held unsatisfied where they would help it fire
 * and satisfied where they would stop it (under a `not`), which keeps exactly the part of the
 * rule that holds for every choice. An error rule that still has conditions, and whose message
 * reads nothing still to be chosen, is kept; the others (and confirms, warnings, effects) go.
 */

/** The input fields a value reads, directly or through the file's facts; '*' for the whole input. */
class InputReads {
  private readonly byFact = new Map<string, ReadonlySet<string>>();
  private readonly file: Pick<RuleFile, 'facts'>;

  constructor(file: Pick<RuleFile, 'facts'>) {
    this.file = file;
  }

  ofRef(ref: Ref): ReadonlySet<string> {
    if (ref.fact === 'input') return new Set([ref.path === undefined ? '*' : (ref.path.split('.')[0] as string)]);
    return this.ofFact(ref.fact);
  }

  ofValue(value: unknown): ReadonlySet<string> {
    const out = new Set<string>();
    for (const { ref } of collectRefs(value)) for (const f of this.ofRef(ref)) out.add(f);
    return out;
  }

  private ofFact(name: string): ReadonlySet<string> {
    const known = this.byFact.get(name);
    if (known) return known;
    const def = this.file.facts[name];
    // Built-in facts (now, today, actor, actorId) read no input; the lint has refused cycles.
    const reads = new Set<string>();
    this.byFact.set(name, reads);
    if (def) for (const f of this.ofValue(def.params)) reads.add(f);
    return reads;
  }
}

type Folded = Condition | boolean;

function fold(c: Condition, unknown: (leaf: Condition) => boolean, positive: boolean): Folded {
  if ('all' in c || 'any' in c) {
    const isAll = 'all' in c;
    const parts = (isAll ? c.all : c.any).map((x) => fold(x, unknown, positive));
    // all: one false part makes it false, true parts drop out; any: the other way round.
    if (parts.some((p) => p === !isAll)) return !isAll;
    const left = parts.filter((p): p is Condition => typeof p !== 'boolean');
    if (left.length === 0) return isAll;
    return isAll ? { all: left } : { any: left };
  }
  if ('not' in c) {
    const inner = fold(c.not, unknown, !positive);
    return typeof inner === 'boolean' ? !inner : { not: inner };
  }
  // A leaf that depends on what is still to be chosen holds for some choices only: it is counted
  // against the rule firing, whichever side of a `not` it is on.
  return unknown(c) ? !positive : c;
}

/**
 * The rule file of `file`'s action as offered with `unchosen` input fields still to be chosen: the
 * error rules that fire whatever they will be, reduced to their conditions that hold for every
 * choice; those fields optional, so that the action can be decided without them.
 */
export function offeredFile<F extends RuleFile>(file: F, unchosen: ReadonlySet<string>): F {
  const reads = new InputReads(file);
  const open = (fields: ReadonlySet<string>): boolean => [...fields].some((f) => f === '*' || unchosen.has(f));
  const unknown = (leaf: Condition): boolean => {
    if (!isLeafCondition(leaf)) return false;
    const left = reads.ofRef(leaf.path === undefined ? { fact: leaf.fact } : { fact: leaf.fact, path: leaf.path });
    return open(left) || (isRef(leaf.value) && open(reads.ofRef(leaf.value)));
  };
  const rules: RuleDef[] = [];
  for (const rule of file.rules) {
    if (rule.outcome !== 'error') continue;
    if (Object.values(rule.values).some((v) => open(reads.ofRef(v.path === undefined ? { fact: v.fact } : { fact: v.fact, path: v.path })))) continue;
    const when = fold(rule.when, unknown, true);
    if (when === false) continue;
    // json-rules-engine holds an empty `all`: a rule all of whose conditions hold whatever is chosen.
    rules.push({ ...rule, when: when === true ? ({ all: [] } as unknown as RuleDef['when']) : 'all' in when || 'any' in when || 'not' in when ? when : { all: [when] } });
  }
  const input: Record<string, InputType> = {};
  for (const [field, type] of Object.entries(file.input)) input[field] = unchosen.has(field) && !type.endsWith('?') ? (`${type}?` as InputType) : type;
  // Nothing is written or suggested as offered: no effects, success text or adjustable hours.
  const out: F = { ...file, input, rules };
  delete out.effects;
  delete out.success;
  delete out.successValues;
  delete out.adjust;
  return out;
}
