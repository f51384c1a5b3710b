import type { EntityManager } from '@mikro-orm/core';
import { COLLECTIONS, needKey, type Need, type NormalizedWorld, type WorldRecord } from '../engine/index.ts';
import { entityOf } from './db/world.entities.ts';

/**
 * No shift lasts longer than a day (combined shifts stop at 10 hours, open shifts at 12): so a
 * shift overlapping [from, to) starts after from - 24 h, which lets the (start, end) indexes bound
 * the range from both sides instead of reading every earlier shift. Personal time and notices lie
 * inside one shift, so the same bound holds for them.
 */
const LONGEST_SHIFT_MINUTES = 24 * 60;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

interface Table {
  name: string;
  key: string;
  /** Property -> column. */
  columns: Map<string, string>;
  /** The select list, converting to the engine's values in SQL: instants to epoch minutes, dates to day numbers. */
  select: (alias?: string) => string;
}

const tables = new Map<string, Table>();

/** A collection's table and columns, from the entity metadata MikroORM built (so names never drift). */
function table(em: EntityManager, collection: string): Table {
  const cached = tables.get(collection);
  if (cached) return cached;
  const spec = COLLECTIONS[collection];
  if (!spec) throw new Error(`unknown collection ${collection}`);
  const meta = em.getMetadata().get(entityOf(collection) as never);
  const columns = new Map<string, string>();
  for (const name of Object.keys(spec.fields)) columns.set(name, meta.properties[name as never]?.fieldNames[0] ?? name);
  const t: Table = {
    name: meta.tableName,
    key: spec.key,
    columns,
    select: (alias) => {
      const p = alias ? `${alias}.` : '';
      return Object.entries(spec.fields)
        .map(([name, field]) => {
          const col = `${p}${quote(columns.get(name) as string)}`;
          const value =
            field.type === 'instant' ? `(extract(epoch from ${col}) / 60)::float8` : field.type === 'date' ? `(${col} - date '1970-01-01')` : col;
          return `${value} as ${quote(name)}`;
        })
        .join(', ');
    },
  };
  tables.set(collection, t);
  return t;
}

const at = (minutes: number): string => new Date(minutes * 60_000).toISOString();

/**
 * Fills a partial world with what a decision asked for, from the database, in plain SQL (no
 * entity hydration: a decision reads a few dozen rows in several rounds, and per-query cost is
 * what limits throughput). Records asked for by key are read FOR UPDATE inside the action's
 * transaction: the offer, the posting, the open shift, the shifts and the agents an action changes
 * or counts on cannot change under it.
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

  private add(collection: string, rows: WorldRecord[], forCount = false): WorldRecord[] {
    const key = COLLECTIONS[collection]?.key ?? 'id';
    let byKey = this.seen.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.seen.set(collection, byKey);
    }
    const out: WorldRecord[] = [];
    for (const rec of rows) {
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

  private sql(query: string, params: unknown[]): Promise<WorldRecord[]> {
    return this.em.getConnection().execute<WorldRecord[]>(query, params, 'all', this.em.getTransactionContext());
  }

  /** Rows of a collection matching `where` (SQL over its columns, `?` parameters), locked if asked. */
  private select(collection: string, where: string, params: unknown[], lock = false): Promise<WorldRecord[]> {
    const t = table(this.em, collection);
    return this.sql(`select ${t.select()} from ${quote(t.name)} where ${where}${lock && this.lock ? ' for update' : ''}`, params);
  }

  private col(collection: string, field: string): string {
    return quote(table(this.em, collection).columns.get(field) ?? field);
  }

  private readonly lockedAgents = new Set<number>();

  /** Locks an agent's row without adding it to the slice: the rules did not ask for the record. */
  private async lockAgent(agentId: number): Promise<void> {
    if (!this.lock || this.lockedAgents.has(agentId)) return;
    this.lockedAgents.add(agentId);
    await this.sql(`select 1 from ${quote(table(this.em, 'agents').name)} where ${this.col('agents', 'agentId')} = ? for update`, [agentId]);
  }

  /** Main shifts overlapping [from, to), bounded on both sides of start (see LONGEST_SHIFT_MINUTES). */
  private overlapping(from: number, to: number, alias = ''): { where: string; params: unknown[] } {
    const p = alias ? `${alias}.` : '';
    return {
      where: `${p}${this.col('shifts', 'parentId')} is null and ${p}${this.col('shifts', 'start')} < ?::timestamptz and ${p}${this.col('shifts', 'start')} > ?::timestamptz and ${p}${this.col('shifts', 'end')} > ?::timestamptz`,
      params: [at(to), at(from - LONGEST_SHIFT_MINUTES), at(from)],
    };
  }

  private async subShiftsOf(mains: WorldRecord[], forCount: boolean): Promise<void> {
    if (!mains.length) return;
    const ids = mains.map((s) => s.id);
    this.add('shifts', await this.select('shifts', `${this.col('shifts', 'parentId')} in (${ids.map(() => '?').join(', ')})`, ids), forCount);
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
        if (need.collection === 'agents' && this.lock) this.lockedAgents.add(need.key as number);
        // A date key arrives as a day number; the column is compared as one.
        const keyType = spec.fields[spec.key]?.type;
        const where = keyType === 'date' ? `(${this.col(need.collection, spec.key)} - date '1970-01-01') = ?` : `${this.col(need.collection, spec.key)} = ?`;
        this.add(need.collection, await this.select(need.collection, where, [need.key], true));
        return;
      }
      case 'agentShifts': {
        // Whoever schedules an agent reads that agent's shifts here, so the agent's row is the
        // lock: taken before the range read, a second action waits, then reads the first one's
        // shifts (a range read is not re-read at a row lock; a row read FOR UPDATE is).
        await this.lockAgent(need.agentId);
        const range = this.overlapping(need.from, need.to);
        const mains = this.add('shifts', await this.select('shifts', `${this.col('shifts', 'agentId')} = ? and ${range.where}`, [need.agentId, ...range.params]));
        await this.subShiftsOf(mains, false);
        return;
      }
      case 'subShifts':
        this.add('shifts', await this.select('shifts', `${this.col('shifts', 'parentId')} = ?`, [need.shiftId]));
        return;
      case 'duty': {
        // The head count's population by flag and agent type, joined to their shifts over the
        // span in one query: not everyone's shifts filtered here.
        const f = need.filter;
        const who: string[] = [];
        const whoParams: unknown[] = [];
        if (f.spanish !== undefined) {
          who.push(`a.${this.col('agents', 'spanish')} = ?`);
          whoParams.push(f.spanish);
        }
        if (f.agentTypeMin !== undefined) {
          who.push(`a.${this.col('agents', 'agentType')} >= ?`);
          whoParams.push(f.agentTypeMin);
        }
        if (f.agentTypeMax !== undefined) {
          who.push(`a.${this.col('agents', 'agentType')} <= ?`);
          whoParams.push(f.agentTypeMax);
        }
        const range = this.overlapping(need.from, need.to, 's');
        const shifts = table(this.em, 'shifts');
        const agents = table(this.em, 'agents');
        const mains = await this.sql(
          `select ${shifts.select('s')} from ${quote(shifts.name)} s join ${quote(agents.name)} a on a.${this.col('agents', 'agentId')} = s.${this.col('shifts', 'agentId')}` +
            ` where ${[...who, range.where].join(' and ')}`,
          [...whoParams, ...range.params],
        );
        if (!mains.length) return;
        const ids = [...new Set(mains.map((s) => s.agentId))];
        this.add('agents', await this.select('agents', `${this.col('agents', 'agentId')} in (${ids.map(() => '?').join(', ')})`, ids), true);
        await this.subShiftsOf(this.add('shifts', mains, true), true);
        return;
      }
      case 'overlapping': {
        // A count over other people's records (who is off during these hours), read without locks
        // like a head count, with their agents (for their agent types) and only for counting.
        if (!COLLECTIONS[need.collection]) return;
        const start = this.col(need.collection, 'start');
        const end = this.col(need.collection, 'end');
        const rows = await this.select(
          need.collection,
          `${start} < ?::timestamptz and ${start} > ?::timestamptz and ${end} > ?::timestamptz`,
          [at(need.to), at(need.from - LONGEST_SHIFT_MINUTES), at(need.from)],
        );
        this.add(need.collection, rows, true);
        const agentIds = [...new Set(rows.map((r) => r.agentId).filter((id): id is number => typeof id === 'number'))];
        if (agentIds.length) {
          this.add('agents', await this.select('agents', `${this.col('agents', 'agentId')} in (${agentIds.map(() => '?').join(', ')})`, agentIds), true);
        }
        return;
      }
      case 'where': {
        // Locked: these are rows an effect changes (a posting's other offers, declined).
        if (!COLLECTIONS[need.collection]) return;
        const col = this.col(need.collection, need.field);
        const type = COLLECTIONS[need.collection]?.fields[need.field]?.type;
        const rows =
          need.value === null || need.value === undefined
            ? await this.select(need.collection, `${col} is null`, [], true)
            : type === 'instant'
              ? await this.select(need.collection, `${col} = ?::timestamptz`, [at(need.value as number)], true)
              : type === 'date'
                ? await this.select(need.collection, `(${col} - date '1970-01-01') = ?`, [need.value], true)
                : await this.select(need.collection, `${col} = ?`, [need.value], true);
        this.add(need.collection, rows);
        return;
      }
    }
  }
}
