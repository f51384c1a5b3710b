import { LockMode, type EntityManager } from '@mikro-orm/core';
import { COLLECTIONS, formatDate, needKey, type Need, type NormalizedWorld, type WorldRecord } from '../engine/index.ts';
import { entityOf, rowToRecord } from './db/world.entities.ts';

/**
 * No shift lasts longer than a day (combined shifts stop at 10 hours, open shifts at 12): so a
 * shift overlapping [from, to) starts after from - 24 h, which lets the (start, end) indexes bound
 * the range from both sides instead of reading every earlier shift.
 */
const LONGEST_SHIFT_MINUTES = 24 * 60;

/**
 * Fills a partial world with what a decision asked for, from the database. Records asked for by
 * key are read FOR UPDATE inside the action's transaction: the offer, the posting, the open shift,
 * the shifts and the agents an action changes or counts on cannot change under it.
 */
export class WorldLoader {
  readonly data: NormalizedWorld = Object.fromEntries(Object.keys(COLLECTIONS).map((c) => [c, []]));
  readonly answered = new Set<string>();
  /**
   * Keys of records loaded for anything but a head count, per collection: the rest are in the
   * slice only to be counted, and a slice handed to a user anonymises them.
   */
  readonly identified = new Map<string, Set<unknown>>();
  private readonly seen = new Map<string, Map<unknown, WorldRecord>>();
  private readonly em: EntityManager;
  private readonly lock: boolean;

  constructor(em: EntityManager, options: { lock: boolean }) {
    this.em = em;
    this.lock = options.lock;
  }

  private add(collection: string, rows: object[], forCount = false): WorldRecord[] {
    const key = COLLECTIONS[collection]?.key ?? 'id';
    let byKey = this.seen.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.seen.set(collection, byKey);
    }
    const out: WorldRecord[] = [];
    for (const row of rows) {
      const rec = rowToRecord(collection, row as Record<string, unknown>);
      if (!byKey.has(rec[key])) {
        byKey.set(rec[key], rec);
        (this.data[collection] ??= []).push(rec);
      }
      out.push(byKey.get(rec[key]) as WorldRecord);
      if (!forCount) {
        let ids = this.identified.get(collection);
        if (!ids) this.identified.set(collection, (ids = new Set()));
        ids.add(rec[key]);
      }
    }
    return out;
  }

  private find(collection: string, where: object, lock = false): Promise<object[]> {
    return this.em.find(entityOf(collection), where as never, {
      ...(lock && this.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
      disableIdentityMap: true,
    }) as Promise<object[]>;
  }

  private readonly lockedAgents = new Set<number>();

  /** Locks an agent's row without adding it to the slice: the rules did not ask for the record. */
  private async lockAgent(agentId: number): Promise<void> {
    if (!this.lock || this.lockedAgents.has(agentId)) return;
    this.lockedAgents.add(agentId);
    await this.find('agents', { agentId }, true);
  }

  async load(needs: Need[]): Promise<void> {
    for (const need of needs) {
      await this.loadOne(need);
      this.answered.add(needKey(need));
    }
  }

  private async loadOne(need: Need): Promise<void> {
    switch (need.kind) {
      case 'record': {
        const spec = COLLECTIONS[need.collection];
        if (!spec) return;
        const key = spec.fields[spec.key]?.type === 'date' ? formatDate(need.key as number) : need.key;
        if (need.collection === 'agents' && this.lock) this.lockedAgents.add(need.key as number);
        this.add(need.collection, await this.find(need.collection, { [spec.key]: key }, true));
        return;
      }
      case 'agentShifts': {
        // Whoever schedules an agent reads that agent's shifts here, so the agent's row is the
        // lock: taken before the range read, a second action waits, then reads the first one's
        // shifts (a range read is not re-read at a row lock; a row read FOR UPDATE is).
        await this.lockAgent(need.agentId);
        const mains = this.add(
          'shifts',
          await this.find('shifts', {
            agentId: need.agentId,
            parentId: null,
            start: { $lt: new Date(need.to * 60_000), $gt: new Date((need.from - LONGEST_SHIFT_MINUTES) * 60_000) },
            end: { $gt: new Date(need.from * 60_000) },
          }),
        );
        if (mains.length) this.add('shifts', await this.find('shifts', { parentId: { $in: mains.map((s) => s.id) } }));
        return;
      }
      case 'subShifts':
        this.add('shifts', await this.find('shifts', { parentId: need.shiftId }));
        return;
      case 'duty': {
        // The head count's population first (by flag and agent type, in SQL), then their shifts
        // over the span: not everyone's shifts filtered here.
        const f = need.filter;
        const who: Record<string, unknown> = {};
        if (f.spanish !== undefined) who.spanish = f.spanish;
        if (f.agentTypeMin !== undefined || f.agentTypeMax !== undefined) {
          who.agentType = { ...(f.agentTypeMin !== undefined ? { $gte: f.agentTypeMin } : {}), ...(f.agentTypeMax !== undefined ? { $lte: f.agentTypeMax } : {}) };
        }
        const population = (await this.find('agents', who)) as { agentId: number }[];
        if (!population.length) return;
        const shifts = (await this.find('shifts', {
          agentId: { $in: population.map((a) => a.agentId) },
          parentId: null,
          start: { $lt: new Date(need.to * 60_000), $gt: new Date((need.from - LONGEST_SHIFT_MINUTES) * 60_000) },
          end: { $gt: new Date(need.from * 60_000) },
        })) as { agentId: number }[];
        const onDuty = new Set(shifts.map((s) => s.agentId));
        this.add('agents', population.filter((a) => onDuty.has(a.agentId)), true);
        const mains = this.add('shifts', shifts, true);
        if (mains.length) this.add('shifts', await this.find('shifts', { parentId: { $in: mains.map((s) => s.id) } }), true);
        return;
      }
      case 'where':
        // Locked: these are rows an effect changes (a posting's other offers, declined).
        if (COLLECTIONS[need.collection]) this.add(need.collection, await this.find(need.collection, { [need.field]: need.value }, true));
        return;
    }
  }
}
