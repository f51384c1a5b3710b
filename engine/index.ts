export { ShiftinatorError, isShiftinatorError, type ErrorCode } from './errors.ts';
export { loadRuleSet, RuleSet, type RuleSource, type LoadedRuleFile } from './ruleset.ts';
export type { Decision, DecisionRequest, Outcome, TraceEntry, TraceCondition } from './compiled-action.ts';
export { PreparedWorld, normalizeWorld, denormalizeRecord, type NormalizedWorld, type RawWorld } from './world.ts';
export { applyChanges, type Change } from './changes.ts';
export { ruleFileJsonSchema, OPERATORS } from './rule-file.ts';
export { FACT_KINDS, BUILTIN_FACTS } from './facts.ts';
export { parseInstant, formatInstant, formatDate, BUSINESS_ZONE } from './time.ts';
export { parseScenario, runScenario, type Scenario, type ScenarioResult } from './scenario.ts';
