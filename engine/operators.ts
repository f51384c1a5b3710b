import { inGroup, type Roles } from './roles.ts';

/**
 * What each rule operator means, for the rules' conditions and for the conditions inside facts
 * (choose), so both read one language the same way. Numeric comparisons need two numbers
 * (json-rules-engine alone would take `5 > null` as true); inGroup and notInGroup take an agent
 * record on the left and a group of rules/roles.json by name on the right, and hold for no record.
 */
export const GROUP_OPERATORS: ReadonlySet<string> = new Set(['inGroup', 'notInGroup']);

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export type Operator = (left: unknown, right: unknown) => boolean;

/** The numeric and group operators the project adds to (or puts in place of) json-rules-engine's. */
export function projectOperators(roles: Roles | null): Record<string, Operator> {
  const group = (negate: boolean): Operator => (left, right) => {
    if (left === null || typeof left !== 'object' || !roles || typeof right !== 'string') return false;
    return inGroup(roles, right, left) !== negate;
  };
  return {
    lessThan: (a, b) => isNum(a) && isNum(b) && a < b,
    lessThanInclusive: (a, b) => isNum(a) && isNum(b) && a <= b,
    greaterThan: (a, b) => isNum(a) && isNum(b) && a > b,
    greaterThanInclusive: (a, b) => isNum(a) && isNum(b) && a >= b,
    inGroup: group(false),
    notInGroup: group(true),
  };
}

/** Every operator as json-rules-engine means it, with the project's in place. */
export function allOperators(roles: Roles | null): Record<string, Operator> {
  return {
    equal: (a, b) => a === b,
    notEqual: (a, b) => a !== b,
    in: (a, b) => Array.isArray(b) && b.includes(a),
    notIn: (a, b) => Array.isArray(b) && !b.includes(a),
    contains: (a, b) => Array.isArray(a) && a.includes(b),
    doesNotContain: (a, b) => Array.isArray(a) && !a.includes(b),
    ...projectOperators(roles),
  };
}
