export { ShiftinatorError, isShiftinatorError, type ErrorCode } from './errors.ts';
export { loadRuleSet, RuleSet, type RuleSource, type LoadedRuleFile } from './ruleset.ts';
export { isLibrarySource } from './rule-library.ts';
export type { Decision, TraceEntry, TraceCondition } from './compiled-action.ts';
export { normalizeInput } from './compiled-action.ts';
export { PreparedWorld, normalizeWorld, denormalizeRecord, type NormalizedWorld } from './world.ts';
export { applyChanges, type Change } from './changes.ts';
export { ruleFileJsonSchema } from './rule-file.ts';
export { parametersJsonSchema } from './parameters.ts';
export { FACT_KINDS, BUILTIN_FACTS } from './facts.ts';
export { parseInstant, formatInstant, formatDate, dayOf, BUSINESS_ZONE, uniqueEasternWallClock, startOfDay } from './time.ts';
export { compareWorld, parseScenario, runScenario, type Scenario, type ScenarioResult } from './scenario.ts';
export { colleagues, couldTake, decideForEach, takingRequest, TAKING_ACTIONS, type CandidateAnswer, type Takeable, type TakeableKind } from './candidates.ts';
export { SliceWorld, needKey, needCovers, describeNeed, isTemporaryId, type Need } from './slice.ts';
export type { InputType } from './rule-file.ts';
export { inputField, inputFields } from './input-types.ts';
export { AGENT_ATTRIBUTES, COLLECTIONS, type AgentAttribute, type CollectionTable, type FieldSpec } from './collections.ts';
export type { DutyFilter, Shift, WorldRecord } from './world.ts';
export { dutyClause } from './world.ts';
export { parseDate } from './time.ts';
export { shiftTypeName } from './shift-types.ts';
export { codesOf, trainingColumnsOf, type Codes } from './codes.ts';
export { suggest } from './suggest.ts';
export {
  groupsOf,
  inGroup,
  SEES_OTHERS,
  hasFlag,
  flagWho,
  compileWho,
  whoMatches,
  givenTo,
  whoText,
  type WhoClause,
  rolesJsonSchema,
  type Roles,
  type Permissions,
  type Who,
  type AgentAttributes,
} from './roles.ts';
