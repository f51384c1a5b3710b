import type { Change } from '../changes.ts';
import type { PreparedWorld, Shift, WorldRecord } from '../world.ts';
import { fillEach } from './each.ts';
import type { Effect, Ids } from './effect.ts';
import { followPieces, follows, type Follow } from './follow.ts';
import { matchedRecords } from './records.ts';
import { num, type Span } from './values.ts';

/** [start, end) of a shift less the spans taken out: the pieces kept, in order. */
function keptPieces(shift: Shift, spans: readonly Span[]): Span[] {
  let pieces: Span[] = [{ start: shift.start, end: shift.end }];
  for (const cut of spans) {
    pieces = pieces.flatMap((p) =>
      cut.end <= p.start || cut.start >= p.end
        ? [p]
        : [...(cut.start > p.start ? [{ start: p.start, end: cut.start }] : []), ...(cut.end < p.end ? [{ start: cut.end, end: p.end }] : [])],
    );
  }
  return pieces;
}

/**
 * Takes spans out of one shift: the first piece kept stays the shift's record, each later piece is
 * a new shift like it, and with no piece left the shift is deleted. Each sub-shift follows the
 * piece(s) it lies in, clipped at the edges; the parts inside the hours taken out are deleted.
 * Records named in `follow` that a later piece holds are moved to it; the others stay.
 */
function takeOut(world: PreparedWorld, ids: Ids, shift: Shift, spans: readonly Span[], follow: readonly Follow[] = []): Change[] {
  const pieces = keptPieces(shift, spans);
  const first = pieces[0];
  if (pieces.length === 1 && first && first.start === shift.start && first.end === shift.end) return [];
  const changes: Change[] = [];
  const pieceIds = pieces.map((_, i) => (i === 0 ? shift.id : ids.take('shifts')));
  pieces.forEach((p, i) => {
    if (i > 0) changes.push({ op: 'insert', collection: 'shifts', record: { ...shift, id: pieceIds[i], start: p.start, end: p.end } });
  });
  changes.push(...followPieces(world, shift.id, pieces.map((p, i) => ({ ...p, id: pieceIds[i] as number })), follow));
  for (const sub of world.subShiftsOf(shift.id)) {
    const parts = pieces
      .map((p, i) => ({ start: Math.max(sub.start, p.start), end: Math.min(sub.end, p.end), parentId: pieceIds[i] as number }))
      .filter((part) => part.start < part.end);
    if (parts.length === 0) changes.push({ op: 'delete', collection: 'shifts', key: sub.id });
    parts.forEach((part, i) => {
      if (i > 0) changes.push({ op: 'insert', collection: 'shifts', record: { ...sub, ...part, id: ids.take('shifts') } });
      else if (part.start !== sub.start || part.end !== sub.end || part.parentId !== sub.parentId) {
        changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: part });
      }
    });
  }
  // As in combineShifts, the shift goes only once no sub-shift names it.
  if (!first) changes.push({ op: 'delete', collection: 'shifts', key: shift.id });
  else {
    const fields: WorldRecord = {};
    if (first.start !== shift.start) fields.start = first.start;
    if (first.end !== shift.end) fields.end = first.end;
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields });
  }
  return changes;
}

/**
 * Takes [start, end) out of a shift (personal time, an absence): the shift is shortened, split in
 * two (the right piece a new shift like it) or deleted, and each sub-shift follows the piece it
 * lies in, clipped at the edges; the parts inside the hours taken out are deleted. Nothing is
 * recalculated: a break outside the hours stays where it was. With `from`, once per matched record
 * (`{ "each": field }` in shift, start and end): the hours several records take from one shift
 * are taken together, so the result does not depend on their order. With `follow` ({ collection,
 * field, at, until?, where? } or a list of them; see Follow), records naming the shift in `field`
 * move to the later piece that holds their `at` instant when the shift splits: a leave early
 * waiting for log out stays with the hours it takes. With `agent` instead of `shift`, the hours
 * leave every main shift of that agent they overlap: a leave early whose shift was split since
 * (hours given away from its middle) takes its hours from each piece, and none from the hours
 * given away, which are another agent's shift now.
 */
export const removeHours: Effect = ({ world, params, ids, inserted }) => {
  const calls = params.from === undefined ? [params] : matchedRecords(world, params.from, inserted).map((r) => fillEach(params, r));
  const spans = new Map<number, Span[]>();
  for (const call of calls) {
    const from = num(call.start);
    const to = num(call.end);
    if (from === null || to === null || !(from < to)) continue;
    const agentId = num(call.agent);
    const shiftIds = params.agent !== undefined ? (agentId === null ? [] : world.mainShiftsOverlapping(agentId, from, to).map((s) => s.id)) : [num(call.shift)];
    for (const shiftId of shiftIds) {
      if (shiftId !== null) spans.set(shiftId, [...(spans.get(shiftId) ?? []), { start: from, end: to }]);
    }
  }
  const changes: Change[] = [];
  for (const [shiftId, taken] of spans) {
    const shift = world.shift(shiftId);
    if (shift) changes.push(...takeOut(world, ids, shift, taken, follows(params.follow)));
  }
  return changes;
};
