import type { Change } from '../changes.ts';
import type { PreparedWorld } from '../world.ts';

export function declineOthers(world: PreparedWorld, field: 'postingId' | 'pickupPostingId', postingId: unknown, acceptedId: unknown): Change[] {
  return world
    .recordsWhere('offers', field, postingId)
    .filter((o) => o.id !== acceptedId && o.status === 'pending')
    .map((o) => ({ op: 'update' as const, collection: 'offers', key: o.id, fields: { status: 'declined' } }));
}
