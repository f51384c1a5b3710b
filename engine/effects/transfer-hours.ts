import type { Change } from '../changes.ts';
import type { PreparedWorld, Shift } from '../world.ts';
import type { Ids } from './effect.ts';
import { followPieces, type Follow } from './follow.ts';

/**
 * Moves [from, to) of a shift to another agent: the receiver gets a covering shift, the giver
 * keeps what is left (one or two pieces), and sub-shifts follow the hours they sit in. Records
 * named in `follow` go with the giver's piece that holds their instant (see Follow); none go to
 * the receiver, whose hours they are not.
 */
export function transferHours(
  world: PreparedWorld,
  ids: Ids,
  shift: Shift,
  from: number,
  to: number,
  receiver: number,
  follow: readonly Follow[] = [],
): Change[] {
  const a = Math.max(from, shift.start);
  const b = Math.min(to, shift.end);
  if (!(a < b)) return [];
  const changes: Change[] = [];
  const takenId = ids.take('shifts');
  changes.push({
    op: 'insert',
    collection: 'shifts',
    record: { ...shift, id: takenId, agentId: receiver, start: a, end: b, isCovering: true, parentId: null },
  });
  const keepLeft = shift.start < a;
  const keepRight = b < shift.end;
  let rightId: number | null = null;
  if (keepLeft && keepRight) {
    rightId = ids.take('shifts');
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { end: a } });
    changes.push({ op: 'insert', collection: 'shifts', record: { ...shift, id: rightId, start: b } });
  } else if (keepLeft) {
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { end: a } });
  } else if (keepRight) {
    changes.push({ op: 'update', collection: 'shifts', key: shift.id, fields: { start: b } });
  } else {
    changes.push({ op: 'delete', collection: 'shifts', key: shift.id });
  }
  if (keepLeft && keepRight) {
    const kept = [
      { start: shift.start, end: a, id: shift.id },
      { start: b, end: shift.end, id: rightId as number },
    ];
    changes.push(...followPieces(world, shift.id, kept, follow));
  }
  // A sub-shift across a cut is split, so no part of a meal break is lost: each part follows the
  // piece it sits in (without a left piece, the original record is the right piece).
  const rightParent = rightId ?? shift.id;
  for (const sub of world.subShiftsOf(shift.id)) {
    const parts = [
      { start: sub.start, end: Math.min(sub.end, a), agentId: shift.agentId, parentId: shift.id },
      { start: Math.max(sub.start, a), end: Math.min(sub.end, b), agentId: receiver, parentId: takenId },
      { start: Math.max(sub.start, b), end: sub.end, agentId: shift.agentId, parentId: rightParent },
    ].filter((p) => p.start < p.end);
    parts.forEach((part, i) => {
      if (i === 0) changes.push({ op: 'update', collection: 'shifts', key: sub.id, fields: part });
      else changes.push({ op: 'insert', collection: 'shifts', record: { ...sub, ...part, id: ids.take('shifts') } });
    });
  }
  return changes;
}
