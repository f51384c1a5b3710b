import { COLLECTIONS, inputFields, type InputType, type NormalizedWorld, type WorldRecord } from '../engine/index.ts';

/** Stand-in ids for people (and their shifts) a slice holds only to count them: far above real ids. */
const ANONYMOUS_BASE = 2_000_000_000;

/** Whether a key or agent id is a stand-in given by anonymiseSlice. */
export const isStandIn = (id: unknown): boolean => typeof id === 'number' && id > ANONYMOUS_BASE;

/**
 * A slice fit to hand to `reader`: records there only because a head count counts them (not
 * looked up by a rule) lose names and ids, so the counts come out the same but no schedule can be
 * told to be anyone's. An agent whose identified shift is in the slice keeps their identity; of
 * their other shifts (found by time, to count their hours) only the times remain.
 */
export function anonymiseSlice(
  data: NormalizedWorld,
  identified: ReadonlyMap<string, ReadonlySet<unknown>>,
  byKey: ReadonlyMap<string, ReadonlySet<unknown>>,
  reader: number,
): NormalizedWorld {
  const knownShifts = identified.get('shifts') ?? new Set();
  const shiftsByKey = byKey.get('shifts') ?? new Set();
  const named = new Set<unknown>(identified.get('agents') ?? []);
  for (const s of data.shifts ?? []) if (knownShifts.has(s.id)) named.add(s.agentId);
  const agentIds = new Map<unknown, number>();
  const stand = (real: unknown): number => {
    let id = agentIds.get(real);
    if (id === undefined) {
      id = ANONYMOUS_BASE + agentIds.size + 1;
      agentIds.set(real, id);
    }
    return id;
  };
  const agents: WorldRecord[] = (data.agents ?? []).map((a) =>
    named.has(a.agentId)
      ? a
      : // What a head count reads, and every other field at its default: nothing that tells who it is.
        Object.fromEntries(
          Object.entries(COLLECTIONS.agents?.fields ?? {}).map(([name, spec]) => [
            name,
            name === 'agentId' ? stand(a.agentId) : name === 'agentType' || name === 'spanish' ? a[name] : (spec.default ?? null),
          ]),
        ),
  );
  const hidden = (data.shifts ?? []).filter((s) => !shiftsByKey.has(s.id) && s.agentId !== reader);
  const shiftIds = new Map<unknown, number>(hidden.map((s, i) => [s.id, ANONYMOUS_BASE + i + 1]));
  // A piece (a meal break) looked up by its own query names its parent by the parent's stand-in.
  const shifts: WorldRecord[] = (data.shifts ?? []).map((s) =>
    !shiftIds.has(s.id)
      ? shiftIds.has(s.parentId)
        ? { ...s, parentId: shiftIds.get(s.parentId) }
        : s
      : {
          id: shiftIds.get(s.id),
          agentId: named.has(s.agentId) ? s.agentId : stand(s.agentId),
          start: s.start,
          end: s.end,
          shiftType: s.shiftType,
          parentId: s.parentId === null ? null : (shiftIds.get(s.parentId) ?? s.parentId),
          payRate: 0,
          cots: 0,
          isCovering: false,
        },
  );
  const out: NormalizedWorld = { ...data, agents, shifts };
  // Other people's records held only to be counted (who is off during some hours) keep their
  // times and their agent's stand-in, and lose their ids, the shift they name and any text.
  for (const [name, spec] of Object.entries(COLLECTIONS)) {
    if (name === 'agents' || name === 'shifts' || !spec.fields.agentId || !data[name]?.length) continue;
    const known = identified.get(name) ?? new Set();
    let hiddenCount = 0;
    out[name] = (data[name] ?? []).map((r) => {
      if (known.has(r[spec.key]) || named.has(r.agentId)) return shiftIds.has(r.shiftId) ? { ...r, shiftId: shiftIds.get(r.shiftId) } : r;
      const copy: WorldRecord = { ...r, [spec.key]: ANONYMOUS_BASE + ++hiddenCount, agentId: stand(r.agentId) };
      for (const [field, f] of Object.entries(spec.fields)) if (f.type === 'string' || field === 'shiftId') copy[field] = null;
      return copy;
    });
  }
  for (const name of Object.keys(COLLECTIONS)) out[name] ??= [];
  return out;
}

/** Query-string text as the action's declared input types (the engine then checks them). */
export function inputFromQuery(decl: Record<string, InputType>, query: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, { base }] of inputFields(decl)) {
    const raw = query[field];
    if (raw === undefined || raw === '') continue;
    if (base === 'id' || base === 'number') out[field] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    else if (base === 'boolean') out[field] = raw === 'true' ? true : raw === 'false' ? false : raw;
    else out[field] = raw;
  }
  return out;
}
