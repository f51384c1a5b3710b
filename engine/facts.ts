import type { FactKind } from './facts/fact-kind.ts';
import { agentsOverlapping } from './facts/agents-overlapping.ts';
import { arithmetic } from './facts/arithmetic.ts';
import { choose } from './facts/choose.ts';
import { countRecords } from './facts/count-records.ts';
import { dateOf } from './facts/date-of.ts';
import { day } from './facts/day.ts';
import { elapsedMinutes } from './facts/elapsed-minutes.ts';
import { hasShiftType } from './facts/has-shift-type.ts';
import { minHeadCount } from './facts/min-head-count.ts';
import { minOfRecords } from './facts/min-of-records.ts';
import { ordered } from './facts/ordered.ts';
import { overlappingRecords } from './facts/overlapping-records.ts';
import { permissions } from './facts/permissions.ts';
import { record } from './facts/record.ts';
import { scheduledOverlaps } from './facts/scheduled-overlaps.ts';
import { subShiftCount } from './facts/sub-shift-count.ts';
import { sumRecords } from './facts/sum-records.ts';
import { template } from './facts/template.ts';
import { textLength } from './facts/text-length.ts';
import { wallClock } from './facts/wall-clock.ts';
import { workedMinutes } from './facts/worked-minutes.ts';

/**
 * Generic facts: time arithmetic, window sums, overlaps, head counts, lookups. Each kind is
 * parameterised from the rules JSON (a limit, a window, a role list lives there, never here).
 * A parameter may be a literal or a reference `{ "fact": name, "path": "a.b" }` to another fact.
 */

export type { FactKind, RunContext, Shape } from './facts/fact-kind.ts';
export { collectRefs, isRef, RefSchema, type Ref } from './facts/refs.ts';
export { BUILTIN_FACTS } from './facts/builtin.ts';
export { scheduledOverlapping } from './facts/scheduled-overlaps.ts';

/** Every kind, one file each under facts/, in the order the rule-file schema lists them. */
const kinds: FactKind[] = [
  record,
  elapsedMinutes,
  arithmetic,
  workedMinutes,
  scheduledOverlaps,
  minHeadCount,
  day,
  subShiftCount,
  hasShiftType,
  ordered,
  countRecords,
  overlappingRecords,
  dateOf,
  textLength,
  choose,
  template,
  wallClock,
  sumRecords,
  minOfRecords,
  agentsOverlapping,
  permissions,
];

export const FACT_KINDS: ReadonlyMap<string, FactKind> = new Map(kinds.map((k) => [k.name, k]));
