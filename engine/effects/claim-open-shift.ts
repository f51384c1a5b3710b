import type { WorldRecord } from '../world.ts';
import type { Effect } from './effect.ts';

export const claimOpenShift: Effect = ({ world, now, actorId, input, ids }) => {
  const open = world.get('openShifts', input.openShiftId);
  if (!open) return [];
  const remaining = (open.quantityRemaining as number) - 1;
  const record: WorldRecord = {
    id: ids.take('shifts'),
    agentId: actorId,
    start: input.start,
    end: input.end,
    shiftType: open.type,
    payRate: open.payRate,
    cots: open.cots,
    isCovering: true,
    parentId: null,
  };
  return [
    { op: 'insert', collection: 'shifts', record },
    {
      op: 'update',
      collection: 'openShifts',
      key: open.id,
      fields: remaining <= 0 ? { quantityRemaining: 0, endedAt: now } : { quantityRemaining: remaining },
    },
  ];
};
