import type { Database } from '../db/database.ts';
import type { Reader } from '../slice-visibility.ts';
import { eventFor, EVENTS_CHANNEL, type ChangeEvent, type EventReaders } from './changes.ts';
import type { CloseStreams } from './streams.ts';

/**
 * The streams of one server process and the news that reaches them. On PostgreSQL the news is
 * the NOTIFY each commit sends, heard on a dedicated connection, so an action taken in any process
 * reaches the streams of every process; on PGlite (one process) the action runner hands it over
 * after the commit. The events table is the record: a stream that reconnects is sent what it
 * missed from there.
 */

/** How long events are kept for streams that reconnect. */
const EVENTS_KEPT_MINUTES = 10;
/** Most events one reconnect is sent; beyond that it is told to refresh everything. */
const REPLAY_MAX = 500;

interface Listener {
  /** Who reads: each event is sent as they may read it (eventFor). */
  reader: Reader;
  session: string;
  /** Its row in event_streams (server/events/streams.ts). */
  stream: string;
  send: (event: ChangeEvent) => void;
  /** Ends the stream (too many for its session, signed out, or the server stops). */
  close: () => void;
  /** Tells the stream which rule set is live now (issue 29): not a `change`, and for everyone. */
  rules: (version: string) => void;
}

interface NativeClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on(event: 'notification', listener: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', listener: (e?: Error) => void): void;
  release(destroy?: boolean): void;
}
interface NativePool {
  options: Record<string, unknown>;
  connect(): Promise<NativeClient>;
  on(event: 'error', listener: (e: Error) => void): void;
  end(): Promise<void>;
}

class EventHub {
  private readonly db: Database;
  private readonly listeners = new Set<Listener>();
  private listening: Promise<void> | undefined;
  private pool: NativePool | undefined;
  private client: NativeClient | undefined;
  private closed = false;
  private pruned = 0;
  /** The largest event id delivered: after a lost LISTEN connection, what came meanwhile is read from the table. */
  private lastId = 0;

  constructor(db: Database) {
    this.db = db;
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Starts hearing other processes' news (PostgreSQL), once. */
  start(): Promise<void> {
    if (this.db.kind !== 'postgresql') return Promise.resolve();
    return (this.listening ??= this.listen());
  }

  private async listen(): Promise<void> {
    const shared = await (this.db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<NativePool> }).getNativeClient();
    // Its own pool of one with the driver's settings: LISTEN holds a connection for good, which
    // must not be one of the pool the requests share.
    const pool = new (shared.constructor as new (options: Record<string, unknown>) => NativePool)({ ...shared.options, max: 1, min: 0, idleTimeoutMillis: 0 });
    pool.on('error', () => undefined);
    this.pool = pool;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || !this.pool) return;
    const client = await this.pool.connect();
    client.on('notification', (m) => {
      if (m.channel === EVENTS_CHANNEL && m.payload) void this.heard(m.payload);
    });
    const lost = (): void => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      client.release(true);
      // Reconnects, then catches up from the table on what came while it was away.
      setTimeout(() => void this.connect().then(() => this.catchUp()).catch(() => lost()), 1_000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.query(`listen ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  private async heard(payload: string): Promise<void> {
    const parsed = JSON.parse(payload) as (Partial<ChangeEvent> & { id: number }) | CloseStreams;
    if ('closeStreams' in parsed) this.closeStreams(parsed.closeStreams);
    else if (parsed.records) this.deliver(parsed as ChangeEvent);
    else for (const event of await this.since(parsed.id - 1, null, 1)) this.deliver(event);
  }

  private async catchUp(): Promise<void> {
    for (const event of await this.since(this.lastId, null, REPLAY_MAX)) this.deliver(event);
  }

  /** Hands an event committed in this process to its streams (PGlite; PostgreSQL hears its NOTIFY). */
  committed(event: ChangeEvent): void {
    if (this.db.kind !== 'postgresql') this.deliver(event);
  }

  private deliver(event: ChangeEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    for (const l of this.listeners) {
      const sent = eventFor(event, l.reader);
      if (sent) l.send(sent);
    }
  }

  /** Adds a stream (its row is in event_streams already: server/events/streams.ts). */
  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A new rule set went live in this process: every stream here is told, whoever holds it (the
   * live version is no secret). Each process switches sets itself and tells its own streams, so
   * this needs no NOTIFY and no row in the events table.
   */
  rulesLive(version: string): void {
    for (const l of this.listeners) l.rules(version);
  }

  /** Closes the streams of this process among `ids` (pushed past their session's limit, in any process). */
  closeStreams(ids: readonly string[]): void {
    for (const l of [...this.listeners]) {
      if (!ids.includes(l.stream)) continue;
      this.listeners.delete(l);
      l.close();
    }
  }

  /** Ends the streams of a session (signed out). */
  endSession(session: string): void {
    for (const l of [...this.listeners]) {
      if (l.session !== session) continue;
      this.listeners.delete(l);
      l.close();
    }
  }

  /**
   * The events after `afterId` that concern `agentId` (null: all), oldest first, whole (a stream
   * sends each as its reader may read it: eventFor); `reset` when some may be gone (pruned, or more
   * than `limit`): the stream then tells its page to refresh everything.
   */
  async since(afterId: number, agentId: number | null, limit = REPLAY_MAX): Promise<ChangeEvent[] & { reset?: boolean }> {
    const rows = await this.db.exclusive(() =>
      this.db.query({
        text: `select id, action, actor, records, audience, readers, (select min(id) from events) as oldest from events
               where id > ? and (?::int is null or audience is null or audience @> to_jsonb(?::int)) order by id limit ?`,
        params: [afterId, agentId, agentId, limit + 1],
      }),
    );
    const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
    const events: ChangeEvent[] & { reset?: boolean } = rows.slice(0, limit).map((r) => ({
      id: Number(r.id),
      action: String(r.action),
      actor: Number(r.actor),
      records: json(r.records) as Record<string, number[]>,
      audience: json(r.audience) as number[] | null,
      ...(r.readers === null || r.readers === undefined ? {} : { readers: json(r.readers) as EventReaders }),
    }));
    const oldest = rows[0]?.oldest === null || rows[0]?.oldest === undefined ? null : Number(rows[0].oldest);
    // The last event the stream saw is gone: what followed it may be gone too.
    if (rows.length > limit || (oldest !== null && afterId > 0 && oldest > afterId)) events.reset = true;
    return events;
  }

  /** The largest event id so far (a new stream starts after it). */
  async latest(): Promise<number> {
    const rows = await this.db.exclusive(() => this.db.query({ text: 'select coalesce(max(id), 0) as id from events', params: [] }));
    return Number(rows[0]?.id ?? 0);
  }

  /** Drops events older than EVENTS_KEPT_MINUTES, at most once a minute per process. */
  async prune(): Promise<void> {
    if (Date.now() - this.pruned < 60_000) return;
    this.pruned = Date.now();
    await this.db.exclusive(() => this.db.query({ text: `delete from events where created_at < now() - interval '${EVENTS_KEPT_MINUTES} minutes'`, params: [] }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const l of this.listeners) l.close();
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    client?.release(true);
    await this.pool?.end();
  }
}

const hubs = new WeakMap<Database, EventHub>();

/** The hub of a database handle (one per process and database). */
export function hubOf(db: Database): EventHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new EventHub(db)));
  return hub;
}

/** Ends every stream and the LISTEN connection, before the server and the database close. */
export async function closeEvents(db: Database): Promise<void> {
  await hubs.get(db)?.close();
  hubs.delete(db);
}

/** Ends a session's streams in this process (other processes' end at their next heartbeat). */
export function endSessionStreams(db: Database, session: string): void {
  hubs.get(db)?.endSession(session);
}

/** Tells every stream of this process that the rule set `version` went live (server/main.ts). */
export function announceRules(db: Database, version: string): void {
  hubs.get(db)?.rulesLive(version);
}
