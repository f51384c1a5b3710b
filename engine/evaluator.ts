import { operatorFor, type Operator } from './operators.ts';
import type { Roles } from './roles.ts';

/**
 * A rule's conditions evaluated synchronously, with json-rules-engine's results and in its order
 * (json-rules-engine 7, rule.js and almanac.js), without its promises, events and per-run copy of
 * every rule's conditions (docs/performance.md, issue 32 item 2).
 *
 * What a caller can see of the order is kept: which facts are computed, in which order (the
 * decision's facts list it, and a server slice is asked what they read), and in which order a
 * missing path is reported. json-rules-engine evaluates every condition of a rule, with no
 * short-circuit (every fact has the same priority, so each all/any is one set, started at once),
 * and starts them in turns of its microtask queue:
 * - a leaf computes its right side when that is a fact reference, then its fact, at once; a path
 *   into either is read one turn later;
 * - an all/any of several conditions starts them one turn later, in order; of one condition, at
 *   once, as does a not; of none, it holds (whether all or any).
 * The queue below replays those turns in the same first-in, first-out order.
 */

interface LeafNode {
  readonly kind: 'leaf';
  /** Its place among the rule's leaves, in the order they are written. */
  readonly index: number;
  readonly fact: string;
  readonly path: string;
  readonly operator: string;
  readonly value: unknown;
  /** The right side when it is a fact reference (json-rules-engine: any object with its own `fact`). */
  readonly right: { readonly fact: string; readonly path: string } | null;
  /** Null for an operator json-rules-engine does not know: refused when the leaf is evaluated, as it refuses it. */
  readonly compare: Operator | null;
  /** Whether each side names a registered fact (else it is refused when read). */
  readonly rightKnown: boolean;
  readonly leftKnown: boolean;
}

interface GroupNode {
  readonly kind: 'all' | 'any';
  readonly children: readonly ConditionNode[];
}

interface NotNode {
  readonly kind: 'not';
  readonly child: ConditionNode;
}

type ConditionNode = LeafNode | GroupNode | NotNode;

export interface CompiledRule {
  readonly root: ConditionNode;
  /** Every leaf, in the order they are written (a trace lists them so). */
  readonly leaves: readonly LeafNode[];
}

/** What evaluating reads: the run's facts, and a path into a value. */
export interface EvaluationHost {
  /** A registered fact's value in the current run. */
  fact(name: string): unknown;
  /** A dotted path into an object fact value. */
  path(value: object, path: string): unknown;
}

export interface RuleOutcome {
  result: boolean;
  /** Per leaf: the fact's value (the path's, with a path), the right side's, and the comparison. */
  left: unknown[];
  right: unknown[];
  results: boolean[];
}

function isFactReference(value: unknown): value is { fact: unknown; path?: unknown } {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, 'fact');
}

/**
 * A condition tree as the rule files write it, compiled once. A fact not in `registered`, or an
 * unknown operator, is refused when its leaf is evaluated, as json-rules-engine refuses them; a
 * node that is neither a boolean nor a leaf is refused here, as its constructor would.
 */
export function compileRule(when: unknown, registered: ReadonlySet<string>, roles: Roles | null): CompiledRule {
  const leaves: LeafNode[] = [];
  const compile = (node: unknown): ConditionNode => {
    if (node === null || typeof node !== 'object') throw new Error('Condition: constructor options required');
    const n = node as Record<string, unknown>;
    if (n.any !== undefined) return { kind: 'any', children: (n.any as unknown[]).map(compile) };
    if (n.all !== undefined) return { kind: 'all', children: (n.all as unknown[]).map(compile) };
    if (n.not !== undefined) return { kind: 'not', child: compile(n.not) };
    if (!Object.hasOwn(n, 'fact')) throw new Error('Condition: constructor "fact" property required');
    if (!Object.hasOwn(n, 'operator')) throw new Error('Condition: constructor "operator" property required');
    if (!Object.hasOwn(n, 'value')) throw new Error('Condition: constructor "value" property required');
    const operator = String(n.operator);
    const value = n.value;
    const right = isFactReference(value) ? { fact: String(value.fact), path: typeof value.path === 'string' ? value.path : '' } : null;
    const fact = String(n.fact);
    const leaf: LeafNode = {
      kind: 'leaf',
      index: leaves.length,
      fact,
      path: typeof n.path === 'string' ? n.path : '',
      operator,
      value,
      right,
      compare: operatorFor(operator, roles) ?? null,
      rightKnown: !right || registered.has(right.fact),
      leftKnown: registered.has(fact),
    };
    leaves.push(leaf);
    return leaf;
  };
  return { root: compile(when), leaves };
}

/** Evaluates one rule's conditions, computing the facts they read in json-rules-engine's order. */
export function evaluateRule(rule: CompiledRule, host: EvaluationHost): RuleOutcome {
  const count = rule.leaves.length;
  const left = new Array<unknown>(count);
  const right = new Array<unknown>(count);
  // The turns still to come: a group whose conditions start then, or a path to read (2 x leaf
  // index, + 1 for the left side).
  const turns: (GroupNode | number)[] = [];
  const start = (node: ConditionNode): void => {
    switch (node.kind) {
      case 'leaf': {
        const i = node.index;
        if (!node.compare) throw new Error(`Unknown operator: ${node.operator}`);
        if (!node.rightKnown) throw new Error(`Undefined fact: ${(node.right as { fact: string }).fact}`);
        if (!node.leftKnown) throw new Error(`Undefined fact: ${node.fact}`);
        if (node.right) {
          right[i] = host.fact(node.right.fact);
          if (node.right.path) turns.push(2 * i);
        } else {
          right[i] = node.value;
        }
        left[i] = host.fact(node.fact);
        if (node.path) turns.push(2 * i + 1);
        return;
      }
      case 'not':
        return start(node.child);
      default:
        if (node.children.length === 1) start(node.children[0] as ConditionNode);
        else if (node.children.length > 1) turns.push(node);
    }
  };
  start(rule.root);
  for (let at = 0; at < turns.length; at++) {
    const turn = turns[at] as GroupNode | number;
    if (typeof turn !== 'number') {
      for (const child of turn.children) start(child);
      continue;
    }
    const leaf = rule.leaves[turn >> 1] as LeafNode;
    const side = turn & 1 ? left : right;
    const value = side[leaf.index];
    if (value !== null && value !== undefined && typeof value === 'object') {
      side[leaf.index] = host.path(value, turn & 1 ? leaf.path : (leaf.right as { path: string }).path);
    }
  }
  const results = new Array<boolean>(count);
  const holds = (node: ConditionNode): boolean => {
    switch (node.kind) {
      case 'leaf': {
        const i = node.index;
        return (results[i] = (node.compare as Operator)(left[i], right[i]));
      }
      case 'not':
        return !holds(node.child);
      default: {
        if (node.children.length <= 1) return node.children.length === 0 || holds(node.children[0] as ConditionNode);
        // Every condition is compared (each leaf's result is kept for the trace), then combined.
        const each = node.children.map(holds);
        return node.kind === 'all' ? each.every((r) => r === true) : each.some((r) => r === true);
      }
    }
  };
  return { result: holds(rule.root), left, right, results };
}
