import { COLLECTIONS } from './collections.ts';
import { formatDate, formatInstant } from './time.ts';
import { dutyFilterKey, PreparedWorld, type DutyFilter, type DutyIndex, type NormalizedWorld, type Shift, type WorldRecord } from './world.ts';

/**
 * What a decision asked of the world that a partial world may not hold yet. A server loads these
 * from its database and decides again, until a decision asks for nothing new: the world it ends
 * with is exactly the slice the action's rules read, whatever the rule files say.
 */
export type Need =
  | { kind: 'record'; collection: string; key: unknown }
  | { kind: 'agentShifts'; agentId: number; from: number; to: number }
  | { kind: 'subShifts'; shiftId: number }
  | { kind: 'duty'; filter: DutyFilter; from: number; to: number }
  | { kind: 'where'; collection: string; field: string; value: unknown }
  | { kind: 'overlapping'; collection: string; from: number; to: number };

export function needKey(n: Need): string {
  switch (n.kind) {
    case 'record':
      return `record:${n.collection}:${String(n.key)}`;
    case 'agentShifts':
      return `agentShifts:${n.agentId}:${n.from}:${n.to}`;
    case 'subShifts':
      return `subShifts:${n.shiftId}`;
    case 'duty':
      return `duty:${dutyFilterKey(n.filter)}:${n.from}:${n.to}`;
    case 'where':
      return `where:${n.collection}:${n.field}:${String(n.value)}`;
    case 'overlapping':
      return `overlapping:${n.collection}:${n.from}:${n.to}`;
  }
}

/**
 * Whether a query answered in full also answers `asked`: the same query, or one of the same kind
 * over a window inside the answered one (every record overlapping the narrower window overlaps the
 * wider one). A recorded slice can then be replayed by rules that read less of it.
 */
export function needCovers(held: Need, asked: Need): boolean {
  if (held.kind === 'agentShifts' && asked.kind === 'agentShifts') {
    return held.agentId === asked.agentId && held.from <= asked.from && asked.to <= held.to;
  }
  if (held.kind === 'duty' && asked.kind === 'duty') {
    return dutyFilterKey(held.filter) === dutyFilterKey(asked.filter) && held.from <= asked.from && asked.to <= held.to;
  }
  if (held.kind === 'overlapping' && asked.kind === 'overlapping') {
    return held.collection === asked.collection && held.from <= asked.from && asked.to <= held.to;
  }
  return needKey(held) === needKey(asked);
}

function span(from: number, to: number): string {
  return `from ${formatInstant(from)} to ${formatInstant(to)}`;
}

/** A need in words, for a person told that a recorded slice cannot answer it. */
export function describeNeed(n: Need): string {
  switch (n.kind) {
    case 'record': {
      const spec = COLLECTIONS[n.collection];
      const isDay = spec?.fields[spec.key]?.type === 'date' && typeof n.key === 'number';
      return `${n.collection} ${isDay ? formatDate(n.key as number) : `#${String(n.key)}`}`;
    }
    case 'agentShifts':
      return `agent ${n.agentId}'s shifts ${span(n.from, n.to)}`;
    case 'subShifts':
      return `the pieces (meal breaks) of shift ${n.shiftId}`;
    case 'duty': {
      const { spanish, agentTypeMin: min, agentTypeMax: max } = n.filter;
      const who = spanish === true ? 'Spanish speakers' : spanish === false ? 'agents who do not speak Spanish' : 'agents';
      const types =
        min !== undefined && max !== undefined ? ` of agent type ${min} to ${max}` : min !== undefined ? ` of agent type ${min} or above` : max !== undefined ? ` of agent type ${max} or below` : '';
      return `${who}${types} on duty ${span(n.from, n.to)}`;
    }
    case 'where':
      return `${n.collection} whose ${n.field} is ${JSON.stringify(n.value)}`;
    case 'overlapping':
      return `${n.collection} ${span(n.from, n.to)}`;
  }
}

/** Ids of records an action inserts into a slice: far below any real id, for the writer to replace. */
const TEMPORARY_ID_BASE = -1_000_000_000;
const TEMPORARY_IDS_PER_COLLECTION = 10_000;

export function isTemporaryId(value: unknown): value is number {
  return typeof value === 'number' && value <= TEMPORARY_ID_BASE + 1_000_000;
}

/**
 * A world of the records loaded so far that notes every query it could not answer in full. The
 * answers it gives meanwhile may be incomplete; only a run that noted nothing counts.
 */
export class SliceWorld extends PreparedWorld {
  readonly missing: Need[] = [];
  /**
   * Every query asked, answered or not, in the order first asked; a record looked up by key is
   * here when it was found too. After a run that noted nothing missing, this is what the decision
   * read: a server logs that much of a slice it loaded more of.
   */
  readonly asked: Need[] = [];
  private readonly answered: ReadonlySet<string>;
  private readonly noted = new Set<string>();
  private readonly askedKeys = new Set<string>();
  /**
   * Keys of the records found so far, by collection: most lookups are of a record already found
   * (a colleague's row, read by each check), answered here without building the need's text key.
   */
  private readonly foundKeys = new Map<string, Set<unknown>>();

  constructor(data: NormalizedWorld, answered: ReadonlySet<string>) {
    super(data);
    this.answered = answered;
  }

  /**
   * The needs noted so far, forgotten: the same slice can then decide again (under other rules)
   * and say what that decision alone asked for.
   */
  takeMissing(): Need[] {
    this.noted.clear();
    return this.missing.splice(0);
  }

  /** Notes a query; `held`: the slice holds its answer anyway (a record found by key). */
  private need(n: Need, held = false): void {
    const key = needKey(n);
    if (!this.askedKeys.has(key)) {
      this.askedKeys.add(key);
      this.asked.push(n);
    }
    if (held || this.answered.has(key) || this.noted.has(key)) return;
    this.noted.add(key);
    this.missing.push(n);
  }

  override get(collection: string, key: unknown): WorldRecord | null {
    const found = super.get(collection, key);
    if (key === null || key === undefined || !(collection in COLLECTIONS)) return found;
    if (found === null) {
      this.need({ kind: 'record', collection, key });
      return found;
    }
    let keys = this.foundKeys.get(collection);
    if (!keys) this.foundKeys.set(collection, (keys = new Set()));
    if (keys.has(key)) return found;
    keys.add(key);
    this.need({ kind: 'record', collection, key }, true);
    return found;
  }

  override mainShiftsOverlapping(agentId: number, from: number, to: number): Shift[] {
    this.need({ kind: 'agentShifts', agentId, from, to });
    return super.mainShiftsOverlapping(agentId, from, to);
  }

  override subShiftsOf(shiftId: number): readonly Shift[] {
    this.need({ kind: 'subShifts', shiftId });
    return super.subShiftsOf(shiftId);
  }

  override dutyIndex(filter: DutyFilter, breakTypes: readonly number[], span: { from: number; to: number }): DutyIndex {
    this.need({ kind: 'duty', filter, from: span.from, to: span.to });
    return super.dutyIndex(filter, breakTypes, span);
  }

  override recordsWhere(collection: string, field: string, value: unknown): readonly WorldRecord[] {
    this.need({ kind: 'where', collection, field, value });
    return super.recordsWhere(collection, field, value);
  }

  override recordsOverlapping(collection: string, from: number, to: number): readonly WorldRecord[] {
    this.need({ kind: 'overlapping', collection, from, to });
    return super.recordsOverlapping(collection, from, to);
  }

  override nextId(collection: string): number {
    // A range per collection: the writer maps temporary ids to real ones in one map, so a new
    // personal-time record and a new shift piece of one action must not share a number.
    return TEMPORARY_ID_BASE + Math.max(0, Object.keys(COLLECTIONS).indexOf(collection)) * TEMPORARY_IDS_PER_COLLECTION;
  }
}
