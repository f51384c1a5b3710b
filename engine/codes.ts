import type { RuleSet } from './ruleset.ts';

/**
 * The spec's codes that rules, server and screens all name, read from rules/parameters.json: a rule
 * file writes `{ "param": "trainingShiftTypes" }`, code asks `codesOf(rules).trainingShiftTypes`,
 * so a code is written once and a `serve --rules` change reaches the SQL and the screens alike.
 */
export interface Codes {
  /** QA Review, Training Class, Watch Week: covered whole only, claimed through the training routes. */
  readonly trainingShiftTypes: readonly number[];
  /** The sub-shift type of a meal break. */
  readonly mealBreakShiftType: number;
  /** The notice reason FMLA: offered only when FMLA covers the shift, and never shown among absences. */
  readonly fmlaNoticeReason: number;
  /** The notice violation type "leave early" (notices a cut or an accepted offer follows). */
  readonly leaveEarlyViolationType: number;
  /** QA Review: the QA 3-hours-a-day count sums these. */
  readonly qaReviewShiftTypes: readonly number[];
  /** Co-QA: the attendance training table's minCo sums these. */
  readonly coQaShiftTypes: readonly number[];
  /** Training Class and Watch Week: claimed by advanced trainers; the training table's minAdv sums these. */
  readonly trainingClassShiftTypes: readonly number[];
  /** Ongoing Training: the training table's minTrain sums these. */
  readonly ongoingTrainingShiftTypes: readonly number[];
  /** The Customer Service Helper sub-shift: a shift holding one is a customer service shift. */
  readonly customerServiceHelperShiftType: number;
  /** Sub-shifts that are time off (call out, leave early, arrive late, FMLA); with the meal break, not worked. */
  readonly absenceShiftTypes: readonly number[];
  /** The ISO weekday weeks start on (7: Sunday), as the QA 40-hour check counts them. */
  readonly weekStartsOn: number;
}

type ParameterSource = Pick<RuleSet, 'parameter' | 'numberParameter'>;

function numberList(rules: ParameterSource, name: string): readonly number[] {
  const v = rules.parameter(name);
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => typeof x === 'number')) throw new TypeError(`parameter "${name}" must be a list of numbers, got ${JSON.stringify(v)}`);
  return list as number[];
}

/** The codes of the rule set's parameters; fails naming a missing or mistyped parameter. */
export function codesOf(rules: ParameterSource): Codes {
  return {
    trainingShiftTypes: numberList(rules, 'trainingShiftTypes'),
    mealBreakShiftType: rules.numberParameter('mealBreakShiftType'),
    fmlaNoticeReason: rules.numberParameter('fmlaNoticeReason'),
    leaveEarlyViolationType: rules.numberParameter('leaveEarlyViolationType'),
    qaReviewShiftTypes: numberList(rules, 'qaReviewShiftTypes'),
    coQaShiftTypes: numberList(rules, 'coQaShiftTypes'),
    trainingClassShiftTypes: numberList(rules, 'trainingClassShiftTypes'),
    ongoingTrainingShiftTypes: numberList(rules, 'ongoingTrainingShiftTypes'),
    customerServiceHelperShiftType: rules.numberParameter('customerServiceHelperShiftType'),
    absenceShiftTypes: numberList(rules, 'absenceShiftTypes'),
    weekStartsOn: rules.numberParameter('weekStartsOn'),
  };
}

/**
 * The attendance training table's columns (spec 3's training month row: minQA, minCo, minAdv,
 * minTrain) and the shift types each sums, in the table's order (docs/decisions.md, "Attendance").
 */
export function trainingColumnsOf(codes: Codes) {
  return {
    minQA: codes.qaReviewShiftTypes,
    minCo: codes.coQaShiftTypes,
    minAdv: codes.trainingClassShiftTypes,
    minTrain: codes.ongoingTrainingShiftTypes,
  } as const;
}
