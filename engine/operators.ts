import { Engine } from 'json-rules-engine';
import { inGroup, type Roles } from './roles.ts';

/**
 * The rules' operators: json-rules-engine's own, with the project's added as below. A rule's
 * conditions and the conditions inside facts (choose, a record filter) are all evaluated by the
 * same json-rules-engine operators, so the two cannot read one language differently. Numeric
 * comparisons need two numbers (json-rules-engine alone would take `5 > null` as true); in and
 * notIn need a list on the right (json-rules-engine's fail on null and match text within text);
 * inGroup and notInGroup take an agent record on the left and a group of rules/roles.json by name on the
 * right, and hold for no record.
 */
export const GROUP_OPERATORS: ReadonlySet<string> = new Set(['inGroup', 'notInGroup']);

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export type Operator = (left: unknown, right: unknown) => boolean;

/** The numeric and group operators the project adds to (or puts in place of) json-rules-engine's. */
function projectOperators(roles: Roles | null): Record<string, Operator> {
  const group = (negate: boolean): Operator => (left, right) => {
    if (left === null || typeof left !== 'object' || !roles || typeof right !== 'string') return false;
    return inGroup(roles, right, left) !== negate;
  };
  return {
    lessThan: (a, b) => isNum(a) && isNum(b) && a < b,
    lessThanInclusive: (a, b) => isNum(a) && isNum(b) && a <= b,
    greaterThan: (a, b) => isNum(a) && isNum(b) && a > b,
    greaterThanInclusive: (a, b) => isNum(a) && isNum(b) && a >= b,
    in: (a, b) => Array.isArray(b) && b.includes(a),
    notIn: (a, b) => Array.isArray(b) && !b.includes(a),
    inGroup: group(false),
    notInGroup: group(true),
  };
}

/** Puts the project's operators on a json-rules-engine, as every engine the rules run on has them. */
export function addProjectOperators(engine: Engine, roles: Roles | null): void {
  for (const [name, operator] of Object.entries(projectOperators(roles))) engine.addOperator(name, operator);
}

/** json-rules-engine's operator table (Engine.operators, an OperatorMap). */
interface OperatorTable {
  get(name: string): { evaluate(left: unknown, right: unknown): boolean } | null | undefined;
}

const tables = new WeakMap<Roles, OperatorTable>();
let noRolesTable: OperatorTable | null = null;

/** The operators of a rules engine with these roles: made once per roles file. */
function operatorTable(roles: Roles | null): OperatorTable {
  if (!roles && noRolesTable) return noRolesTable;
  const held = roles ? tables.get(roles) : undefined;
  if (held) return held;
  const engine = new Engine([], { allowUndefinedFacts: true });
  addProjectOperators(engine, roles);
  const table = (engine as unknown as { operators: OperatorTable }).operators;
  if (roles) tables.set(roles, table);
  else noRolesTable = table;
  return table;
}

/** The comparison of that name as the rules' conditions make it (json-rules-engine's operator); undefined for an unknown one. */
export function operatorFor(operator: string, roles: Roles | null): Operator | undefined {
  const op = operatorTable(roles).get(operator);
  return op ? (left, right) => op.evaluate(left, right) : undefined;
}

/** One comparison as the rules' conditions make it: json-rules-engine's operator of that name; false for an unknown one. */
export function compare(left: unknown, operator: string, right: unknown, roles: Roles | null = null): boolean {
  const op = operatorTable(roles).get(operator);
  return op ? op.evaluate(left, right) : false;
}
