import type { Change } from '../changes.ts';
import type { PreparedWorld } from '../world.ts';

/**
 * What each action does to the world when it goes through. Parameters (a meal break's length,
 * when a combined shift earns one) come from the action's rule file.
 */
interface EffectContext {
  world: PreparedWorld;
  now: number;
  actorId: number;
  input: Record<string, unknown>;
  params: Record<string, unknown>;
  /** Shared by the effects of one decision, so two inserts never take one id. */
  ids: Ids;
  /** Ids of records inserted by earlier effects of this decision, by their `as` name. */
  inserted: Map<string, unknown>;
}

export type Effect = (ctx: EffectContext) => Change[];

export class Ids {
  private readonly next = new Map<string, number>();
  private readonly world: PreparedWorld;
  constructor(world: PreparedWorld) {
    this.world = world;
  }
  take(collection: string): number {
    const n = this.next.get(collection) ?? this.world.nextId(collection);
    this.next.set(collection, n + 1);
    return n;
  }
}
