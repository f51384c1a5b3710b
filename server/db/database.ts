import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntityManager, MikroORM as CoreORM } from '@mikro-orm/core';
import { PGlite } from '@electric-sql/pglite';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgliteORM } from '@mikro-orm/pglite';
import { MikroORM as PostgresORM } from '@mikro-orm/postgresql';
import { SERVER_ENTITIES } from './server.entities.ts';
import { WORLD_ENTITIES } from './world.entities.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const ENTITIES = [...Object.values(WORLD_ENTITIES), ...SERVER_ENTITIES];

export interface DatabaseOptions {
  /** postgres://...: PostgreSQL; wins over dataDir. */
  url?: string | undefined;
  /** A folder for PGlite's files; absent (and no url): an in-memory database. */
  dataDir?: string | undefined;
  /**
   * PGlite only: a small buffer pool, for commands that read through a table once (dry-run over
   * the decision log, log export). PGlite's PostgreSQL lives in this process's memory, and its
   * default 128 MB of shared buffers fill up and stay resident however little is kept; reading a
   * row once gains nothing from them (the operating system caches the files anyway).
   */
  lowMemory?: boolean | undefined;
  /**
   * PGlite only, in memory: start from this dump of a data folder (PGlite's `dumpDataDir`) rather
   * than from an empty cluster. Creating a cluster costs seconds (initdb, in WebAssembly); the tests
   * start each file's database from one migrated dump.
   */
  loadDataDir?: Blob | undefined;
  /**
   * PostgreSQL only: pooled connections stay open however long they sit idle (the server's). By
   * default pg closes one idle for 10 seconds; the next burst of requests then waited for a new
   * connection, and on it for every statement to be prepared and planned again (30-70 ms for a
   * slice's), which stalled every request behind them. A command that runs and exits keeps the
   * default.
   */
  keepConnections?: boolean | undefined;
}

/** Buffer pool of a `lowMemory` PGlite: enough for the indexes a log read walks. */
const LOW_MEMORY_SHARED_BUFFERS = '16MB';

/**
 * The database handle, created once and passed around as a value: PGlite (PostgreSQL in
 * WebAssembly) by default, PostgreSQL when a URL is given. The same entities and migrations serve
 * both.
 */
export interface Database {
  orm: CoreORM;
  kind: 'pglite' | 'postgresql';
  /** A fresh entity manager for one unit of work. */
  em(): EntityManager;
  /**
   * Runs database work alone. PGlite is one connection, and its driver sends every query made while
   * a transaction is open into that transaction, a concurrent request's too: so on PGlite work is
   * queued. PostgreSQL runs it at once (row locks keep actions apart). Work of a request called off
   * while it waits leaves the queue (`Cancellable`); nothing under it waits on a client or the
   * network, so once running it ends by itself.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * One statement outside any transaction, `?` marking its parameters; its rows. On PostgreSQL the
   * parameters are bound by the server (nothing quoted here) through the driver's pool, and a
   * statement given a name is prepared once per pooled connection, its plan kept: for statements
   * sent often in one shape (a prefetch, a session look-up).
   */
  query(statement: { text: string; params: readonly unknown[]; name?: string }): Promise<Record<string, unknown>[]>;
  /**
   * `query` on a connection kept for one serial writer (the decision log's group commits), outside
   * the pool. Every decision waits for its log row; were the log's insert to queue for a pooled
   * connection behind the decisions' own statements, a busy moment would feed itself: slower
   * inserts, bigger groups, more waiting. PGlite has one connection: the same as `query`.
   */
  queryAside(statement: { text: string; params: readonly unknown[]; name?: string }): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** What `native` uses of the pg pool MikroORM's PostgreSQL driver keeps. */
interface NativePool {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: Record<string, unknown>[] }>;
  /** pg-pool's settings (connection, type parsers), for a pool of one beside it. */
  options: Record<string, unknown>;
  /** The client class the pool makes connections with (pg's Client). */
  Client: new (options: Record<string, unknown>) => PgClient;
  on(event: 'error', listener: (e: Error) => void): void;
  on(event: 'acquire', listener: (client: PgClient) => void): void;
  end(): Promise<void>;
}

/** What `guardStatements` uses of a pg client. */
interface PgClient {
  query(...args: unknown[]): unknown;
  connect(): Promise<void>;
  end(): Promise<void>;
  on(event: 'error', listener: () => void): void;
  /** The backend's process id, known once connected. */
  processID: number | null;
  [GUARDED]?: true;
  /** The work whose statement it was last sent (undefined: none's). */
  [SENT_FOR]?: Cancellable | undefined;
}

/**
 * A request's work, which its timeout or the server's stopping calls off (server/app.ts). While
 * it runs, what it waits on through this module knows it: a turn in PGlite's queue is given up,
 * and on PostgreSQL the running statement is cancelled and no further one is sent but the
 * rollback, so its transaction ends and its row and advisory locks with it.
 */
export class Cancellable {
  #reason: Error | undefined;
  #listeners: ((reason: Error) => void)[] | undefined;

  /** Why it was called off; undefined while it may go on. */
  get reason(): Error | undefined {
    return this.#reason;
  }

  cancel(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) listener(reason);
  }

  /** Calls `listener` when it is called off; returns the unsubscribe. */
  onCancel(listener: (reason: Error) => void): () => void {
    (this.#listeners ??= []).push(listener);
    return () => {
      const at = this.#listeners?.indexOf(listener) ?? -1;
      if (at >= 0) this.#listeners?.splice(at, 1);
    };
  }
}

/**
 * The work the current code runs for. Carried by async context rather than passed down: every
 * statement of a request, made by whichever module (the decision's loader, a read, the session
 * check), must be called off with it, and this module is where they all pass.
 */
const working = new AsyncLocalStorage<Cancellable>();

/** Runs `fn` (and everything it starts) as part of `work`. */
export function runAs<T>(work: Cancellable, fn: () => T): T {
  return working.run(work, fn);
}

const nothing = (): void => undefined;

/**
 * One at a time, in order. Work called off while it waits for its turn leaves the queue at once
 * (its caller gets the reason, and it never runs); once running it holds the queue until it ends.
 */
function queue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const owner = working.getStore();
    if (!owner) {
      const next = tail.then(work);
      tail = next.catch(nothing);
      return next;
    }
    if (owner.reason) return Promise.reject(owner.reason);
    let leave: (reason: Error) => void = nothing;
    const left = new Promise<never>((_, reject) => (leave = reject));
    const off = owner.onCancel(leave);
    const turn = tail.then(() => {
      off();
      if (owner.reason) throw owner.reason;
      return work();
    });
    tail = turn.catch(nothing);
    return Promise.race([turn, left]);
  };
}

const GUARDED = Symbol('guarded');
const SENT_FOR = Symbol('sentFor');
const isRollback = (statement: unknown): boolean => {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*rollback\b/i.test(text);
};

/**
 * Ties a pooled connection's statements to the work that sends them: when that work is called off,
 * the statement the connection runs for it is cancelled (from a connection of its own: the pool may
 * have none free) and a further statement fails at once, except the rollback that ends its
 * transaction. A statement with no work (start-up, background jobs) runs as it is.
 *
 * A statement costs a property write, not a listener: the connection remembers whose statement it
 * was last sent, and a work listens once for each connection it starts using. Called off, it cancels
 * only on connections whose last statement is still its own; one that went idle meanwhile ignores
 * the cancel.
 */
function guardStatements(pool: NativePool, client: PgClient): void {
  if (client[GUARDED]) return;
  client[GUARDED] = true;
  const query = client.query.bind(client);
  const cancelRunning = (work: Cancellable): void => {
    if (client[SENT_FOR] !== work) return;
    const canceller = new pool.Client(pool.options);
    canceller.on('error', nothing);
    canceller
      .connect()
      // Asked again once connected: the connection may have taken another work's statement since.
      .then(() => (client[SENT_FOR] === work ? canceller.query('select pg_cancel_backend($1)', [client.processID]) : undefined))
      .catch(nothing)
      .finally(() => canceller.end().catch(nothing));
  };
  client.query = (...args: unknown[]): unknown => {
    const work = working.getStore();
    // A cursor (a submittable) streams under its own control.
    if (!work || typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') {
      client[SENT_FOR] = undefined;
      return query(...args);
    }
    if (work.reason && !isRollback(args[0])) {
      const last = args.length - 1;
      if (typeof args[last] !== 'function') return Promise.reject(work.reason);
      process.nextTick(args[last] as (e: unknown) => void, work.reason);
      return undefined;
    }
    if (client[SENT_FOR] !== work) {
      client[SENT_FOR] = work;
      work.onCancel(() => cancelRunning(work));
    }
    return query(...args);
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const common = {
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { path: MIGRATIONS_DIR, pathTs: MIGRATIONS_DIR, glob: '!(*.d).ts', silent: true, snapshot: false },
    debug: false,
    allowGlobalContext: false,
  };
  let orm: CoreORM;
  let kind: Database['kind'];
  if (options.url) {
    // Prepared statements (`native`) keep one plan: a prefetch's statement is costly to plan and
    // its shape repeats, only the values change. MikroORM's own statements carry no parameters.
    const driverOptions = { options: '-c plan_cache_mode=force_generic_plan' };
    const pool = options.keepConnections ? { pool: { idleTimeoutMillis: 0 } } : {};
    orm = (await PostgresORM.init({ ...common, clientUrl: options.url, driverOptions, ...pool })) as unknown as CoreORM;
    kind = 'postgresql';
  } else {
    if (options.dataDir) mkdirSync(resolve(options.dataDir), { recursive: true });
    const driverOptions = {
      // startParams replace PGlite's own, so they are kept and the setting added after them.
      ...(options.lowMemory ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${LOW_MEMORY_SHARED_BUFFERS}`] } : {}),
      ...(options.loadDataDir && !options.dataDir ? { loadDataDir: options.loadDataDir } : {}),
    };
    // Given as a function when it holds a dump: MikroORM copies an object of options, and a copied Blob cannot be read.
    const driver = Object.keys(driverOptions).length === 0 ? {} : { driverOptions: options.loadDataDir ? () => driverOptions : driverOptions };
    orm = (await PgliteORM.init({ ...common, ...(options.dataDir ? { dbName: resolve(options.dataDir) } : {}), ...driver })) as unknown as CoreORM;
    kind = 'pglite';
  }
  const exclusive = kind === 'pglite' ? queue() : <T>(work: () => Promise<T>): Promise<T> => work();
  let query: Database['query'] = (statement) => orm.em.getConnection().execute<Record<string, unknown>[]>(statement.text, [...statement.params], 'all');
  let queryAside: Database['queryAside'] = query;
  let close = (): Promise<void> => orm.close();
  if (kind === 'postgresql') {
    const pool = await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<NativePool> }).getNativeClient();
    const on = (target: NativePool): Database['query'] => async (statement) => {
      let n = 0;
      const text = statement.text.replace(/\?/g, () => `$${++n}`);
      return (await target.query({ text, values: [...statement.params], ...(statement.name ? { name: statement.name } : {}) })).rows;
    };
    pool.on('acquire', (client) => guardStatements(pool, client));
    query = on(pool);
    // The same settings, in a pool of one: it reconnects by itself after a dropped connection. Its
    // statements are not guarded: one group insert carries the rows of several requests.
    const aside = new (pool.constructor as new (options: Record<string, unknown>) => NativePool)({ ...pool.options, max: 1, min: 0 });
    aside.on('error', () => undefined); // An idle connection dropped: the next statement opens another.
    queryAside = on(aside);
    close = async () => {
      await aside.end();
      await orm.close();
    };
  }
  return { orm, kind, em: () => orm.em.fork(), exclusive, query, queryAside, close };
}

/** The advisory lock's key (any number, the same in every process; PostgreSQL keeps one key space per database). */
const MIGRATION_LOCK_KEY = 290_001;

/**
 * Brings the schema up to date with the committed migrations (creates it on first start). On
 * PostgreSQL several servers may start at once on one empty database (several hosts): each takes
 * an advisory lock first, on a connection held for it, so the second waits for the first and
 * then finds nothing to do, where both would create the same tables and one fail. PGlite is one
 * process's (its folder's lock says so).
 */
export async function migrate(db: Database): Promise<void> {
  if (db.kind !== 'postgresql') {
    await db.orm.migrator.up();
    return;
  }
  const pool = await (db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<{ connect(): Promise<{ query(text: string, values: unknown[]): Promise<unknown>; release(destroy?: boolean): void }> }> }).getNativeClient();
  const holder = await pool.connect();
  // A connection that failed a statement of its own (dropped, say) is not handed back to the pool.
  let broken = true;
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await db.orm.migrator.up();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      broken = false;
    }
  } finally {
    holder.release(broken);
  }
}

/**
 * Whether the database refused for want of resources (SQLSTATE class 53: disk full, out of memory,
 * too many connections), from the driver's error or one wrapping it: nothing of that statement's
 * transaction was kept, and asking again later may work.
 */
export function isOutOfResources(e: unknown): boolean {
  for (let at = e, depth = 0; typeof at === 'object' && at !== null && depth < 4; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^53[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
