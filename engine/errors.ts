/**
 * Every failure the engine reports carries a stable `code`, so the CLI and the server can map it
 * (to an exit code, an HTTP status) without parsing messages.
 */
export type ErrorCode =
  | 'RULES_INVALID'
  | 'RULES_UNKNOWN_FACT'
  | 'RULES_UNKNOWN_FACT_KIND'
  | 'RULES_UNKNOWN_GROUP'
  | 'RULES_UNKNOWN_OPERATOR'
  | 'RULES_UNKNOWN_PATH'
  | 'RULES_TYPE_MISMATCH'
  | 'RULES_DUPLICATE_ID'
  | 'RULES_DUPLICATE_ACTION'
  | 'RULES_TEMPLATE'
  | 'RULES_CYCLE'
  | 'RULES_UNKNOWN_PARAMETER'
  | 'RULES_UNKNOWN_NAME'
  | 'RULES_UNKNOWN_ARGUMENT'
  | 'RULES_TOO_DEEP'
  | 'WORLD_INVALID'
  | 'INPUT_INVALID'
  | 'TIME_INVALID'
  | 'UNKNOWN_ACTION'
  | 'EVALUATION_FAILED'
  | 'SCENARIO_INVALID';

export class ShiftinatorError extends Error {
  readonly code: ErrorCode;
  /** Where the problem is: a file, a rule id, a field path. */
  readonly where: string | undefined;

  constructor(code: ErrorCode, message: string, where?: string) {
    super(where ? `${where}: ${message}` : message);
    this.name = 'ShiftinatorError';
    this.code = code;
    this.where = where;
  }
}

export function isShiftinatorError(value: unknown): value is ShiftinatorError {
  return value instanceof ShiftinatorError;
}
