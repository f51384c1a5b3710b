export { ShiftinatorError, isShiftinatorError, type ErrorCode } from './errors.ts';
export { loadRuleSet, RuleSet, type RuleSource, type LoadedRuleFile } from './ruleset.ts';
export type { Decision, DecisionRequest, Outcome, TraceEntry, TraceCondition } from './compiled-action.ts';
export { rulesEngine, normalizeInput } from './compiled-action.ts';
export { PreparedWorld, normalizeWorld, denormalizeRecord, type NormalizedWorld, type RawWorld } from './world.ts';
export { applyChanges, type Change } from './changes.ts';
export { ruleFileJsonSchema, OPERATORS } from './rule-file.ts';
export { parametersJsonSchema, loadParameters, resolveParameters, PARAMETER_FORMATS, type Parameter, type Parameters } from './parameters.ts';
export { FACT_KINDS, BUILTIN_FACTS } from './facts.ts';
export { parseInstant, formatInstant, formatDate, dayOf, BUSINESS_ZONE } from './time.ts';
export { compareWorld, parseScenario, runScenario, type Scenario, type ScenarioResult } from './scenario.ts';
export { colleagues, couldTake, decideForEach, takingRequest, TAKING_ACTIONS, type CandidateAnswer, type CandidateQuestion, type Takeable, type TakeableKind } from './candidates.ts';
export { suggest, COARSE_STEP_MINUTES, type Suggestion, type SuggestQuestion } from './suggest.ts';
export { SliceWorld, needKey, needCovers, describeNeed, isTemporaryId, TEMPORARY_ID_BASE, type Need } from './slice.ts';
export type { InputType } from './rule-file.ts';
export { inputField, inputFields, type InputBase, type InputField } from './input-types.ts';
export { AGENT_ATTRIBUTES, COLLECTIONS, type AgentAttribute, type CollectionSpec, type FieldSpec, type FieldType } from './collections.ts';
export { dutyFilterMatches, type DutyFilter, type Shift, type WorldRecord } from './world.ts';
export { parseDate } from './time.ts';
export { shiftTypeName } from './shift-types.ts';
export {
  permissionsFor,
  groupsOf,
  inGroup,
  groupRange,
  matchesWho,
  loadRoles,
  rolesJsonSchema,
  isListPermission,
  monthlyMinimum,
  quarterlyMinimums,
  TRAINING_MINIMUM_KEYS,
  TRAINER_SHIFTS,
  type Roles,
  type RolesFile,
  type Permissions,
  type PermissionDef,
  type PermissionItem,
  type Who,
  type AgentAttributes,
  type Minimums,
  type TrainerShift,
  type TrainingMinimumKey,
} from './roles.ts';
