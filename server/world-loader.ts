import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { COLLECTIONS, dutyClause, needKey, type DutyFilter, type Need, type NormalizedWorld, type WorldRecord } from '../engine/index.ts';
import type { Database } from './db/database.ts';
import { DURATION_INDEXED, entityOf } from './db/world.entities.ts';
import { joinSql, raw, sql, type Sql } from './reads/sql.ts';
import { isSpanCollection, lockCounts } from './span-locks.ts';
import { whoSql } from './who-sql.ts';

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

/** The columns of `windows`' derived values, in order. */
const WINDOW_PARAMS = ['agentId', 'from', 'to'] as const;

/** A column as the engine's value: instants as epoch minutes, dates as day numbers. */
function engineValue(type: string | undefined, col: string): string {
  return type === 'instant' ? `(extract(epoch from ${col}) / 60)::float8` : type === 'date' ? `(${col} - date '1970-01-01')` : col;
}

/** A collection's table and columns, from the entity metadata MikroORM built (so names never drift). */
function table(em: EntityManager, collection: string): Table {
  const cached = tables.get(collection);
  if (cached) return cached;
  const spec = COLLECTIONS[collection];
  if (!spec) throw new Error(`unknown collection ${collection}`);
  const meta = em.getMetadata().get(entityOf(collection) as never);
  const columns = new Map<string, string>();
  for (const name of Object.keys(spec.fields)) columns.set(name, meta.properties[name as never]?.fieldNames[0] ?? name);
  const lists = new Map<string, string>();
  const t: Table = {
    name: meta.tableName,
    key: spec.key,
    columns,
    select: (alias = '') => {
      let list = lists.get(alias);
      if (list === undefined) {
        const p = alias ? `${alias}.` : '';
        list = Object.entries(spec.fields)
          .map(([name, field]) => `${engineValue(field.type, `${p}${quote(columns.get(name) as string)}`)} as ${quote(name)}`)
          .join(', ');
        lists.set(alias, list);
      }
      return list;
    },
  };
  tables.set(collection, t);
  return t;
}

/**
 * The longest duration among a collection's records in minutes (zero for none): the maximum of
 * its index on end - start (server/db/world.entities.ts), one index entry read. In minutes, not
 * as the interval itself: an interval of days, subtracted from an instant, follows the session's
 * time zone across a clock change.
 */
export function longestMinutes(em: EntityManager, collection: string): string {
  const start = col(em, collection, 'start');
  const end = col(em, collection, 'end');
  return `(select coalesce(extract(epoch from max(${end} - ${start}))::float8 / 60, 0) from ${quote(table(em, collection).name)})`;
}

function col(em: EntityManager, collection: string, field: string, alias = ''): string {
  return `${alias ? `${alias}.` : ''}${quote(table(em, collection).columns.get(field) ?? field)}`;
}

/** An instant in epoch minutes (a parameter or an expression) as a timestamptz. */
function instant(minutes: Sql): Sql {
  return sql`to_timestamp((${minutes})::float8 * 60)`;
}

/** `field = value`, with the value in the engine's terms (an instant in minutes, a date as a day number), so indexes apply. */
function fieldEquals(em: EntityManager, collection: string, field: string, value: Sql, alias = ''): Sql {
  const type = COLLECTIONS[collection]?.fields[field]?.type;
  const c = raw(col(em, collection, field, alias));
  if (type === 'instant') return sql`${c} = ${instant(value)}`;
  if (type === 'date') return sql`${c} = date '1970-01-01' + (${value})::int`;
  return sql`${c} = ${value}`;
}

/** The collection and span a count reads (who is on duty: shifts; who is off: its collection), if the need is one. */
function countedSpan(need: Need): { collection: string; from: number; to: number } | undefined {
  if (need.kind === 'duty') return { collection: 'shifts', from: need.from, to: need.to };
  if (need.kind === 'overlapping' && isSpanCollection(need.collection)) return need;
  return undefined;
}

/** A need's parameters, by kind: the values a prefetch may have the database compute. */
export const NEED_PARAMS = {
  record: ['key'],
  agentShifts: ['agentId', 'from', 'to'],
  subShifts: ['shiftId'],
  duty: ['from', 'to'],
  where: ['value'],
  overlapping: ['from', 'to'],
} as const satisfies Record<Need['kind'], readonly string[]>;

/**
 * A need to load. Parameters named in `derived` are computed by the database in the same
 * statement (from a record it also reads); the need's own values for them are placeholders, and
 * what the database computed is what the need is then known to answer.
 */
export interface PlannedNeed {
  need: Need;
  derived?: Record<string, Sql>;
  /** Its parts' names in the statement (`<name>_0`, ...), for another need's derived values to read. */
  name?: string;
}

/** One SELECT of a need's query (rows of one collection), named for the need's later parts to read. */
interface Part {
  name: string;
  collection: string;
  body: Sql;
}

interface Answer {
  need: Need;
  /** [collection, record] */
  records: [string, WorldRecord][];
  /** Loaded only to be counted (a head count, other people's time off): anonymised for a user. */
  forCount: boolean;
}

/**
 * Fills a partial world with what a decision asked for, from the database, in plain SQL (no entity
 * hydration). Without locks, the needs of a round are one statement (one round trip): each need a
 * few CTEs, every row coming back as JSON with the CTE it came from. Under locks a round is three
 * statements and one per read by a field (loadPlanned), and records asked for by key are read FOR UPDATE inside the
 * action's transaction: the offer, the posting, the open shift, the shifts and the agents an
 * action changes or counts on cannot change under it. A count over a span (who is on duty, who is
 * off) first locks the days it reads (server/span-locks.ts).
 */
export class WorldLoader {
  readonly data: NormalizedWorld = Object.fromEntries(Object.keys(COLLECTIONS).map((c) => [c, []]));
  readonly answered = new Set<string>();
  private readonly answers = new Map<string, Answer>();
  private readonly seen = new Map<string, Map<unknown, WorldRecord>>();
  private readonly em: EntityManager;
  private readonly lock: boolean;
  private readonly query: Database['query'] | undefined;
  /** Agents whose row this locked load has locked (their shifts may then be read by range). */
  private readonly lockedAgents = new Set<number>();
  /** Statements sent so far. */
  statements = 0;
  /** The rows of the select sent alongside the first statement (loadFirst). */
  readonly alongsideRows: Record<string, unknown>[] = [];

  /**
   * With `db`, statements go outside any transaction through `db.query`, as prepared statements on
   * PostgreSQL (a prefetch's many CTEs are planned once per connection, not per request).
   */
  constructor(em: EntityManager, options: { lock: boolean; db?: Database }) {
    this.em = em;
    this.lock = options.lock;
    this.query = options.db?.query;
  }

  /** The record of `collection` with this key, if loaded. */
  record(collection: string, key: unknown): WorldRecord | undefined {
    return this.seen.get(collection)?.get(key);
  }

  private add(collection: string, rows: WorldRecord[]): WorldRecord[] {
    const key = COLLECTIONS[collection]?.key ?? 'id';
    let byKey = this.seen.get(collection);
    if (!byKey) {
      byKey = new Map();
      this.seen.set(collection, byKey);
    }
    const out: WorldRecord[] = [];
    for (const rec of rows) {
      const known = byKey.get(rec[key]);
      if (known) out.push(known);
      else {
        byKey.set(rec[key], rec);
        (this.data[collection] ??= []).push(rec);
        out.push(rec);
      }
    }
    return out;
  }

  private async run(statement: Sql): Promise<WorldRecord[]> {
    this.statements++;
    if (this.query) {
      const name = `slice_${createHash('sha1').update(statement.text).digest('base64url')}`;
      return (await this.query({ ...statement, name })) as WorldRecord[];
    }
    return this.em.getConnection().execute<WorldRecord[]>(statement.text, [...statement.params], 'all', this.em.getTransactionContext());
  }

  private from(collection: string): Sql {
    const t = table(this.em, collection);
    return raw(`select ${t.select()} from ${quote(t.name)}`);
  }

  /**
   * Records overlapping [from, to). Where the collection has an index on end - start, the start is
   * also bounded below by from less the longest duration the collection holds, read from that
   * index in the same statement: the (start) and (agent, start) indexes then bound the range from
   * both sides, whatever length the rules allow a record. One statement sees one snapshot, so a
   * longer record committed meanwhile is either in both the bound and the rows or in neither. The
   * bound is the longest over the whole collection, not one agent's: a read of one agent may scan
   * further back than the engine, never less far, and keeps the same rows.
   */
  private overlapping(collection: string, from: Sql, to: Sql, alias = ''): Sql {
    const start = raw(col(this.em, collection, 'start', alias));
    const end = raw(col(this.em, collection, 'end', alias));
    const overlaps = sql`${start} < ${instant(to)} and ${end} > ${instant(from)}`;
    if (!DURATION_INDEXED.has(collection)) return overlaps;
    return sql`${overlaps} and ${start} > ${instant(sql`(${from})::float8 - ${raw(longestMinutes(this.em, collection))}`)}`;
  }

  /** The SELECTs that answer a need, `p(name)` giving each parameter; later parts may read earlier ones by name. */
  private parts(prefix: string, need: Need, p: (name: string) => Sql): Part[] {
    const forUpdate = raw(this.lock ? ' for update' : '');
    const name = (i: number): string => `${prefix}_${i}`;
    const subsOf = (mains: string): Part => ({
      name: name(9),
      collection: 'shifts',
      body: sql`${this.from('shifts')} where ${raw(col(this.em, 'shifts', 'parentId'))} in (select "id" from ${raw(mains)})`,
    });
    const agentsOf = (rows: string, i: number): Part => ({
      name: name(i),
      collection: 'agents',
      body: sql`${this.from('agents')} where ${raw(col(this.em, 'agents', 'agentId'))} in (select "agentId" from ${raw(rows)})`,
    });
    switch (need.kind) {
      case 'record': {
        if (!COLLECTIONS[need.collection]) return [];
        const key = COLLECTIONS[need.collection]?.key as string;
        return [{ name: name(0), collection: need.collection, body: sql`${this.from(need.collection)} where ${fieldEquals(this.em, need.collection, key, p('key'))}${forUpdate}` }];
      }
      case 'agentShifts':
        // Read through the statement's list of windows (loadNeeds), all such needs in one scan.
        return [];
      case 'subShifts':
        return [{ name: name(0), collection: 'shifts', body: sql`${this.from('shifts')} where ${raw(col(this.em, 'shifts', 'parentId'))} = ${p('shiftId')}` }];
      case 'duty': {
        // The head count's population by flag and agent type, joined to their shifts over the
        // span in one query: not everyone's shifts filtered here.
        const mains = sql`select ${raw(table(this.em, 'shifts').select('s'))} from ${raw(quote(table(this.em, 'shifts').name))} s join ${raw(quote(table(this.em, 'agents').name))} a on ${raw(col(this.em, 'agents', 'agentId', 'a'))} = ${raw(col(this.em, 'shifts', 'agentId', 's'))} where ${joinSql([...this.population(need.filter), sql`${raw(col(this.em, 'shifts', 'parentId', 's'))} is null`, this.overlapping('shifts', p('from'), p('to'), 's')], ' and ')}`;
        return [{ name: name(0), collection: 'shifts', body: mains }, agentsOf(name(0), 1), subsOf(name(0))];
      }
      case 'overlapping': {
        // A count over other people's records (who is off during these hours), with their agents
        // (for their agent types) and only for counting. No row locks: under locks its days are
        // locked before it is read (loadPlanned).
        if (!COLLECTIONS[need.collection]) return [];
        const rows: Part = { name: name(0), collection: need.collection, body: sql`${this.from(need.collection)} where ${this.overlapping(need.collection, p('from'), p('to'))}` };
        return COLLECTIONS[need.collection]?.fields.agentId ? [rows, agentsOf(name(0), 1)] : [rows];
      }
      case 'where': {
        // Locked: these are rows an effect changes (a posting's other offers, declined).
        if (!COLLECTIONS[need.collection]) return [];
        const where = need.value === null || need.value === undefined ? raw(`${col(this.em, need.collection, need.field)} is null`) : fieldEquals(this.em, need.collection, need.field, p('value'));
        return [{ name: name(0), collection: need.collection, body: sql`${this.from(need.collection)} where ${where}${forUpdate}` }];
      }
    }
  }

  /** A head count's population as a condition on the agents row `a`, through the "who" language's SQL. */
  private population(f: DutyFilter): Sql[] {
    return [whoSql([dutyClause(f)], { agentType: col(this.em, 'agents', 'agentType', 'a'), spanish: col(this.em, 'agents', 'spanish', 'a') })];
  }

  /**
   * One statement for the needs: each need's parts as CTEs, their rows as JSON (numbers keep
   * their exact text), and for a need with derived parameters, the values the database computed.
   * Agents' shifts over windows (the 18-hour windows around an offer, a swap, a claim) are one list
   * of windows read by one lateral index scan (`windows`): as CTEs of their own, each window's
   * parts and each use of a derived value were plan nodes that PostgreSQL set up and tore down on
   * every execution, which cost more than reading the rows. Hand-written SQL on purpose: no query
   * builder writes this statement (a lateral scan over a values list, CTEs made per need). Measured
   * (docs/performance.md, 2026-11-23): acceptOffer's statement 0.34 ms an execution with a CTE per
   * window, 0.21-0.25 ms with the lateral scan; acceptOffer in the server bench's closed loop
   * 692-1,084/s before, 1,448-1,536/s after.
   * `alongside`: a select of the caller's own sent in the same statement, its rows kept in
   * `alongsideRows`.
   */
  private async loadNeeds(planned: readonly PlannedNeed[], alongside?: Sql): Promise<(string | null)[]> {
    const ctes: Sql[] = [];
    const outputs: Sql[] = [];
    /** `derivedAt`: where each derived value is in the need's row of derived values. */
    const layout: { planned: PlannedNeed; collections: string[]; derived: string[]; derivedAt: number[] }[] = [];
    const windows: Sql[] = [];
    planned.forEach((pn, i) => {
      const given = pn.need as unknown as Record<string, unknown>;
      const param = (name: string): Sql => pn.derived?.[name] ?? sql`${given[name]}`;
      const derived = Object.keys(pn.derived ?? {});
      if (pn.need.kind === 'agentShifts') {
        windows.push(sql`(${raw(String(i))}, (${param('agentId')})::int, (${param('from')})::float8, (${param('to')})::float8)`);
        layout.push({ planned: pn, collections: ['shifts', 'shifts'], derived, derivedAt: derived.map((d) => WINDOW_PARAMS.indexOf(d as (typeof WINDOW_PARAMS)[number])) });
        return;
      }
      const parts = this.parts(pn.name ?? `n${i}`, pn.need, param);
      layout.push({ planned: pn, collections: parts.map((part) => part.collection), derived, derivedAt: derived.map((_, k) => k) });
      parts.forEach((part, j) => {
        ctes.push(sql`${raw(part.name)} as (${part.body})`);
        outputs.push(raw(`select ${i} as n, ${j} as p, row_to_json(${part.name}) as r from ${part.name}`));
      });
      if (derived.length) outputs.push(sql`select ${raw(String(i))} as n, -1 as p, json_build_array(${joinSql(derived.map((d) => pn.derived?.[d] as Sql), ', ')}) as r`);
    });
    if (windows.length) {
      const shift = (field: string): Sql => raw(col(this.em, 'shifts', field));
      ctes.push(sql`windows as (select * from (values ${joinSql(windows, ', ')}) w(n, agent, f, t))`);
      ctes.push(
        sql`windows_0 as (select w.n, s."id", row_to_json(s) as r from windows w cross join lateral (${this.from('shifts')} where ${shift('agentId')} = w.agent and ${shift('parentId')} is null and ${this.overlapping('shifts', raw('w.f'), raw('w.t'))}) s)`,
      );
      ctes.push(sql`windows_9 as (select m.n, row_to_json(s) as r from windows_0 m cross join lateral (${this.from('shifts')} where ${shift('parentId')} = m."id") s)`);
      // Named: a union's columns take their names from its first select, which may be one of these.
      outputs.push(raw('select n, 0 as p, r from windows_0'), raw('select n, 1 as p, r from windows_9'));
      // What the database computed, for the windows with derived values: [agentId, from, to].
      outputs.push(raw('select n, -1 as p, json_build_array(agent, f, t) as r from windows'));
    }
    if (alongside) {
      ctes.push(sql`alongside as (${alongside})`);
      outputs.push(raw('select -1 as n, 0 as p, row_to_json(alongside) as r from alongside'));
    }
    if (!outputs.length) return planned.map(() => null);
    const rows = await this.run(sql`with ${joinSql(ctes, ', ')} ${joinSql(outputs, ' union all ')}`);
    const byPart = new Map<string, WorldRecord[]>();
    for (const row of rows) {
      if (row.n === -1) {
        this.alongsideRows.push((typeof row.r === 'string' ? JSON.parse(row.r) : row.r) as Record<string, unknown>);
        continue;
      }
      const k = `${row.n as number}:${row.p as number}`;
      const list = byPart.get(k) ?? [];
      list.push((typeof row.r === 'string' ? JSON.parse(row.r) : row.r) as WorldRecord);
      byPart.set(k, list);
    }
    return layout.map(({ planned: pn, collections, derived, derivedAt }, i) => {
      let need = pn.need;
      if (derived.length) {
        const row = (byPart.get(`${i}:-1`)?.[0] ?? []) as unknown as unknown[];
        const values = derivedAt.map((at) => row[at]);
        // A value the database could not compute (its record is missing) answers nothing.
        if (derived.some((_, k) => values[k] === null || values[k] === undefined)) return null;
        need = { ...need, ...Object.fromEntries(derived.map((d, k) => [d, values[k]])) } as Need;
      }
      if (!collections.length) return null;
      this.answer(need, collections.map((collection, j) => [collection, byPart.get(`${i}:${j}`) ?? []]));
      return needKey(need);
    });
  }

  /** Records a need's answer; main shifts loaded with their pieces answer each one's pieces too. */
  private answer(need: Need, parts: [string, WorldRecord[]][]): void {
    const key = needKey(need);
    if (this.answered.has(key)) return;
    const forCount = need.kind === 'duty' || need.kind === 'overlapping';
    const records: [string, WorldRecord][] = [];
    for (const [collection, rows] of parts) for (const rec of this.add(collection, rows)) records.push([collection, rec]);
    this.answered.add(key);
    this.answers.set(key, { need, records, forCount });
    if (need.kind !== 'agentShifts' && need.kind !== 'duty') return;
    const mains = parts[0]?.[1] ?? [];
    const pieces = new Map<unknown, [string, WorldRecord][]>(mains.map((m) => [m.id, []]));
    for (const [collection, rec] of records) if (rec.parentId !== null && pieces.has(rec.parentId)) pieces.get(rec.parentId)?.push([collection, rec]);
    for (const [shiftId, subs] of pieces) {
      const sub: Need = { kind: 'subShifts', shiftId: shiftId as number };
      const subKey = needKey(sub);
      if (this.answered.has(subKey)) continue;
      this.answered.add(subKey);
      this.answers.set(subKey, { need: sub, records: subs, forCount });
    }
  }

  /**
   * A snapshot's first statement (no locks): the planned needs and, in the same statement, the
   * caller's `alongside` select (its rows in `alongsideRows`): one round trip for both.
   */
  async loadFirst(planned: readonly PlannedNeed[], alongside: Sql | undefined): Promise<(string | null)[]> {
    if (this.lock) throw new Error('a locked load has no first statement to share');
    return this.loadNeeds(planned, alongside);
  }

  /**
   * The records of `collection` with these keys, each answering its `record` need, in one
   * statement without locks: for many keys at once (every colleague's agent row), where a need
   * each would be as many CTEs. The keys are of a plain column (not an instant or a date).
   */
  async loadRecords(collection: string, keys: readonly unknown[]): Promise<void> {
    if (this.lock) throw new Error('records by the hundred are read without locks');
    const needs = keys.map((key): Need => ({ kind: 'record', collection, key })).filter((n) => !this.answered.has(needKey(n)));
    if (needs.length === 0) return;
    const key = table(this.em, collection).key;
    const list = joinSql(needs.map((n) => sql`${(n as { key: unknown }).key}`), ', ');
    const rows = await this.run(sql`select row_to_json(r) as r from (${this.from(collection)} where ${raw(col(this.em, collection, key))} in (${list})) r`);
    const byKey = new Map<unknown, WorldRecord[]>();
    for (const row of rows) {
      const rec = (typeof row.r === 'string' ? JSON.parse(row.r) : row.r) as WorldRecord;
      byKey.set(rec[key], [rec]);
    }
    for (const n of needs) this.answer(n, [[collection, byKey.get((n as { key: unknown }).key) ?? []]]);
  }

  /**
   * The main shifts of `agentIds` over the windows `spans` (and their pieces), each agent's window
   * answering its `agentShifts` need, in one statement without locks: one range scan over the
   * windows' union for every agent at once, where a need each would be a lateral scan per agent
   * and window (thousands, for every colleague of a posting).
   */
  async loadAgentsShifts(agentIds: readonly number[], spans: readonly { from: number; to: number }[]): Promise<void> {
    if (this.lock) throw new Error('shifts by the hundred are read without locks');
    const todo = agentIds.filter((agentId) => spans.some(({ from, to }) => !this.answered.has(needKey({ kind: 'agentShifts', agentId, from, to }))));
    if (todo.length === 0 || spans.length === 0) return;
    const from = Math.min(...spans.map((s) => s.from));
    const to = Math.max(...spans.map((s) => s.to));
    const shift = (field: string): Sql => raw(col(this.em, 'shifts', field));
    const rows = await this.run(
      sql`with m as (${this.from('shifts')} where ${shift('agentId')} in (${joinSql(todo.map((a) => sql`${a}`), ', ')}) and ${shift('parentId')} is null and ${this.overlapping('shifts', sql`${from}`, sql`${to}`)}) select 0 as p, row_to_json(m) as r from m union all select 1 as p, row_to_json(s) as r from (${this.from('shifts')} where ${shift('parentId')} in (select "id" from m)) s`,
    );
    const mains = new Map<number, WorldRecord[]>();
    const subs = new Map<unknown, WorldRecord[]>();
    for (const row of rows) {
      const rec = (typeof row.r === 'string' ? JSON.parse(row.r) : row.r) as WorldRecord;
      const [by, key] = row.p === 0 ? [mains, rec.agentId as number] : [subs, rec.parentId];
      const list = by.get(key as never) ?? [];
      list.push(rec);
      by.set(key as never, list);
    }
    for (const agentId of todo) {
      for (const span of spans) {
        const over = (mains.get(agentId) ?? []).filter((s) => (s.start as number) < span.to && (s.end as number) > span.from);
        this.answer({ kind: 'agentShifts', agentId, ...span }, [['shifts', over], ['shifts', over.flatMap((s) => subs.get(s.id) ?? [])]]);
      }
    }
  }

  /** Loads needs with known parameters (a round of a decision). */
  async load(needs: readonly Need[]): Promise<void> {
    await this.loadPlanned(needs.filter((n) => !this.answered.has(needKey(n))).map((need) => ({ need })));
  }

  /**
   * Loads planned needs. Without locks, all in one statement. Under locks, each statement seeing
   * what committed before it: first every row read by key, locked, with the rows of the agents
   * whose shifts are then read by range (a range read is not re-read at a row lock, so whoever
   * schedules an agent waits there first and then reads the other action's shifts); then the days
   * of every count (who is on duty, who is off); then each read by a field, locked, in a statement
   * of its own (rows another transaction inserted while this one waited at a lock are not in a
   * statement that began before the wait); then the range reads. Returns the key of the need each
   * one turned out to be (null: nothing answered).
   */
  async loadPlanned(planned: readonly PlannedNeed[]): Promise<(string | null)[]> {
    if (!this.lock) return this.loadNeeds(planned);
    // The lock order below needs every parameter before a statement is sent.
    if (planned.some((pn) => pn.derived)) throw new Error('a locked load takes needs whose parameters are known');
    const fresh = new Map<string, Need>();
    for (const { need } of planned) if (!this.answered.has(needKey(need))) fresh.set(needKey(need), need);
    const rows: Need[] = [];
    const byField: Need[] = [];
    const ranges: Need[] = [];
    for (const need of fresh.values()) {
      if (need.kind === 'record') rows.push(need);
      else if (need.kind === 'where') byField.push(need);
      else ranges.push(need);
      if (need.kind === 'record' && need.collection === 'agents') this.lockedAgents.add(need.key as number);
    }
    for (const need of ranges) {
      if (need.kind !== 'agentShifts' || this.lockedAgents.has(need.agentId)) continue;
      this.lockedAgents.add(need.agentId);
      const agent: Need = { kind: 'record', collection: 'agents', key: need.agentId };
      if (!fresh.has(needKey(agent)) && !this.answered.has(needKey(agent))) rows.push(agent);
    }
    if (rows.length) await this.loadNeeds(rows.map((need) => ({ need })));
    // A count over a span reads a range no row lock guards: the span's days are locked first
    // (server/span-locks.ts), so whoever counts or writes them commits before this reads.
    const counted = ranges.map(countedSpan).filter((c) => c !== undefined);
    if (counted.length) {
      this.statements++;
      await lockCounts(this.em, counted);
    }
    for (const need of byField) await this.loadNeeds([{ need }]);
    if (ranges.length) await this.loadNeeds(ranges.map((need) => ({ need })));
    return planned.map(({ need }) => (this.answered.has(needKey(need)) ? needKey(need) : null));
  }

  /**
   * The part of what was loaded that these needs (a decision's `asked`, in order) read: the
   * records that answer them, in load order. `needs`: the asked queries this slice answers in
   * full; `identified`: keys of records read for anything but a count (the rest are in it only to
   * be counted, and a slice handed to a user anonymises them); `byKey`: keys a rule looked up one
   * by one (the rest were found by a query over times or fields).
   */
  slice(asked: readonly Need[]): { world: NormalizedWorld; needs: Need[]; identified: Map<string, Set<unknown>>; byKey: Map<string, Set<unknown>> } {
    const keep = new Map<string, Set<unknown>>();
    const counted = new Map<string, Set<unknown>>();
    const identified = new Map<string, Set<unknown>>();
    const byKey = new Map<string, Set<unknown>>();
    const mark = (m: Map<string, Set<unknown>>, collection: string, key: unknown): void => {
      let set = m.get(collection);
      if (!set) m.set(collection, (set = new Set()));
      set.add(key);
    };
    const keyOf = (collection: string, rec: WorldRecord): unknown => rec[COLLECTIONS[collection]?.key ?? 'id'];
    const needs: Need[] = [];
    const foundByKey: [string, unknown][] = [];
    for (const need of asked) {
      if (need.kind === 'record') mark(byKey, need.collection, need.key);
      const answer = this.answers.get(needKey(need));
      if (answer) {
        needs.push(answer.need);
        for (const [collection, rec] of answer.records) {
          mark(keep, collection, keyOf(collection, rec));
          mark(answer.forCount ? counted : identified, collection, keyOf(collection, rec));
        }
      } else if (need.kind === 'record' && this.record(need.collection, need.key)) {
        // Found among records loaded for another query: read by key, so it is in the slice.
        mark(keep, need.collection, need.key);
        foundByKey.push([need.collection, need.key]);
      }
    }
    for (const [collection, key] of foundByKey) if (!counted.get(collection)?.has(key)) mark(identified, collection, key);
    const world: NormalizedWorld = {};
    for (const [collection, list] of Object.entries(this.data)) {
      const keys = keep.get(collection);
      world[collection] = keys ? list.filter((rec) => keys.has(keyOf(collection, rec))) : [];
    }
    return { world, needs, identified, byKey };
  }
}
