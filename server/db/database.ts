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
   * queued. PostgreSQL runs it at once (row locks keep actions apart).
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
  on(event: 'error', listener: (e: Error) => void): void;
  end(): Promise<void>;
}

function queue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
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
    query = on(pool);
    // The same settings, in a pool of one: it reconnects by itself after a dropped connection.
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

/** Brings the schema up to date with the committed migrations (creates it on first start). */
export async function migrate(db: Database): Promise<void> {
  await db.orm.migrator.up();
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
