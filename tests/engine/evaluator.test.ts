import { Engine } from 'json-rules-engine';
import { describe, expect, it } from 'vitest';
import { compileRule, evaluateRule } from '../../engine/evaluator.ts';
import { addProjectOperators } from '../../engine/operators.ts';

// The rules are decided by engine/evaluator.ts, synchronously; json-rules-engine is the reference
// it must match on any condition tree: which facts are computed, in which order, where a missing
// path is reported among them, each comparison's two sides and result, and the rule's result.

/** A small seeded generator, so a failing tree can be built again. */
function lcg(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1_664_525) + 1_013_904_223) >>> 0;
    return a / 2 ** 32;
  };
}

const FACTS = ['a', 'b', 'c', 'd', 'e', 'f'];
const OPERATORS = ['equal', 'notEqual', 'lessThan', 'greaterThanInclusive', 'in', 'notIn', 'contains', 'doesNotContain'];
const PATHS = ['n', 'm.k', 'missing', 'm.missing'];

/** Each fact's value: numbers, lists, null and objects a path can go into (or not). */
function factValues(rand: () => number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of FACTS) {
    const pick = Math.floor(rand() * 5);
    values[name] = [Math.floor(rand() * 3), [0, 1, 2].slice(0, Math.floor(rand() * 3)), null, { n: Math.floor(rand() * 3), m: { k: Math.floor(rand() * 3) } }, { n: 1, m: null }][pick];
  }
  return values;
}

function randomCondition(rand: () => number, depth: number): unknown {
  const kind = depth <= 0 ? 3 : Math.floor(rand() * 5);
  if (kind === 0 || kind === 1) {
    const count = Math.floor(rand() * 4); // 0 to 3 conditions: one and none are json-rules-engine's special cases
    return { [kind === 0 ? 'all' : 'any']: Array.from({ length: count }, () => randomCondition(rand, depth - 1)) };
  }
  if (kind === 2) return { not: randomCondition(rand, depth - 1) };
  const leaf: Record<string, unknown> = { fact: FACTS[Math.floor(rand() * FACTS.length)], operator: OPERATORS[Math.floor(rand() * OPERATORS.length)] };
  if (rand() < 0.4) leaf.path = PATHS[Math.floor(rand() * PATHS.length)];
  const valueKind = rand();
  if (valueKind < 0.3) {
    const ref: Record<string, unknown> = { fact: FACTS[Math.floor(rand() * FACTS.length)] };
    if (rand() < 0.5) ref.path = PATHS[Math.floor(rand() * PATHS.length)];
    leaf.value = ref;
  } else {
    leaf.value = valueKind < 0.8 ? Math.floor(rand() * 3) : [0, 1];
  }
  return leaf;
}

/** What a run did, in order: facts computed and paths reported missing. */
type Log = string[];

function pathReader(log: Log): (value: object, path: string) => unknown {
  return (value, path) => {
    let cur: unknown = value;
    for (const part of path.split('.')) {
      if (cur === null || cur === undefined) return null;
      if (typeof cur !== 'object' || !(part in cur)) {
        log.push(`missing ${path}`);
        return undefined;
      }
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur;
  };
}

interface Leaf {
  factValue: unknown;
  valueResult: unknown;
  result: unknown;
}

async function byJsonRulesEngine(when: unknown, values: Record<string, unknown>) {
  const log: Log = [];
  // json-rules-engine as the engine ran it before the evaluator: the project's operators, one rule.
  const engine = new Engine([], { allowUndefinedFacts: false, pathResolver: pathReader(log) });
  addProjectOperators(engine, null);
  engine.addRule({ name: 'r', priority: 1, conditions: when as never, event: { type: 'r' } });
  const memo = new Map<string, unknown>();
  for (const name of FACTS) {
    engine.addFact(
      name,
      () => {
        if (!memo.has(name)) {
          log.push(`fact ${name}`);
          memo.set(name, values[name]);
        }
        return memo.get(name);
      },
      { cache: false },
    );
  }
  const out = await engine.run();
  const result = [...out.results, ...out.failureResults][0];
  const leaves: Leaf[] = [];
  const walk = (node: Record<string, unknown>): void => {
    for (const key of ['all', 'any'] as const) if (Array.isArray(node[key])) for (const c of node[key] as Record<string, unknown>[]) walk(c);
    if (node.not) walk(node.not as Record<string, unknown>);
    if (typeof node.fact === 'string') leaves.push({ factValue: node.factResult, valueResult: node.valueResult, result: node.result });
  };
  walk(result?.conditions as unknown as Record<string, unknown>);
  return { result: result?.result, log, leaves };
}

function byEvaluator(when: unknown, values: Record<string, unknown>) {
  const log: Log = [];
  const memo = new Map<string, unknown>();
  const rule = compileRule(when, new Set(FACTS), null);
  const out = evaluateRule(rule, {
    fact: (name) => {
      if (!memo.has(name)) {
        log.push(`fact ${name}`);
        memo.set(name, values[name]);
      }
      return memo.get(name);
    },
    path: pathReader(log),
  });
  const leaves = rule.leaves.map((leaf) => ({ factValue: out.left[leaf.index], valueResult: out.right[leaf.index], result: out.results[leaf.index] }));
  return { result: out.result, log, leaves };
}

describe('the synchronous evaluator, against json-rules-engine', () => {
  it('computes the same facts in the same order, reports the same missing paths among them, and compares the same values to the same results', async () => {
    let compared = 0;
    for (let seed = 1; seed <= 3_000; seed++) {
      const rand = lcg(seed);
      const top = ['all', 'any', 'not'][Math.floor(rand() * 3)] as string;
      const inner = randomCondition(rand, 4);
      const when = top === 'not' ? { not: inner } : { [top]: [inner, randomCondition(rand, 3), randomCondition(rand, 2)].slice(0, 1 + Math.floor(rand() * 3)) };
      const values = factValues(rand);
      const expected = await byJsonRulesEngine(when, values);
      const actual = byEvaluator(when, values);
      expect({ seed, ...actual }).toEqual({ seed, ...expected });
      compared += actual.leaves.length;
    }
    // The trees are not trivial: thousands of leaves were compared.
    expect(compared).toBeGreaterThan(5_000);
  });

  it('refuses a fact that is not registered and an unknown operator when the leaf is evaluated, as json-rules-engine does', () => {
    const rule = compileRule({ all: [{ fact: 'nope', operator: 'equal', value: 1 }] }, new Set(FACTS), null);
    expect(() => evaluateRule(rule, { fact: () => 1, path: () => undefined })).toThrow('Undefined fact: nope');
    const op = compileRule({ all: [{ fact: 'a', operator: 'near', value: 1 }] }, new Set(FACTS), null);
    expect(() => evaluateRule(op, { fact: () => 1, path: () => undefined })).toThrow('Unknown operator: near');
  });
});
