import { allOperators } from '../operators.ts';
import type { OPERATORS } from '../conditions.ts';
import type { Roles } from '../roles.ts';

export type ChooseOperator = (typeof OPERATORS)[number];
const NO_ROLES_OPERATORS = allOperators(null);
const operatorsByRoles = new WeakMap<Roles, ReturnType<typeof allOperators>>();

/** One comparison as the rules make it (engine/operators.ts). */
export function compare(left: unknown, operator: ChooseOperator, right: unknown, roles: Roles | null = null): boolean {
  let ops = NO_ROLES_OPERATORS;
  if (roles) {
    ops = operatorsByRoles.get(roles) ?? allOperators(roles);
    operatorsByRoles.set(roles, ops);
  }
  const op = ops[operator];
  return op ? op(left, right) : false;
}
