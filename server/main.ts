import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import type { Logger } from 'pino';
import type { RuleSet } from '../engine/index.ts';
import { createApp } from './app.ts';
import { RequestsInFlight } from './request-bound.ts';
import { announceRules, closeEvents } from './events/hub.ts';
import { noticesSent } from './inbox/can-take.ts';
import { migrate, openDatabase, type Database } from './db/database.ts';
import { consoleSender, Outbox, type TextSender } from './outbox.ts';
import { LiveRules, type LiveRuleSet, type RuleSource, type RuleUpdates } from './live-rules.ts';

export type { LiveRuleSet, RuleUpdates };

export const DEFAULT_PORT = 3000;
/** Loopback unless told otherwise: the demo accounts share one published password. */
export const DEFAULT_HOST = '127.0.0.1';
/** The built web UI (issues 5 and 6), served when it exists. */
export const WEB_DIST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');

/** The real clock in epoch minutes (with the fraction: a claim's 2-minute lead time is exact). */
export function realClock(): number {
  return Date.now() / 60_000;
}

/** In a PGlite folder while a process has it open: who, so that another can say so. */
export const LOCK_FILE = 'shiftinator.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds a lock: a pid names a process only together with when it started, in which boot. */
interface LockOwner {
  pid: number;
  what: string;
  /** /proc/<pid>/stat's start time (clock ticks since boot); absent where there is no /proc. */
  started?: string;
  boot?: string;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A process's state letter and start time from /proc (Linux), or null where it cannot be read. */
function processStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name, in parentheses, may hold spaces: the fields counted from after it, state (3) first.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[0] && fields[19] ? { state: fields[0], started: fields[19] } : null;
  } catch {
    return null;
  }
}

function lockOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; what?: unknown; started?: unknown; boot?: unknown };
    if (typeof owner.pid !== 'number') return null;
    return {
      pid: owner.pid,
      what: String(owner.what ?? ''),
      ...(typeof owner.started === 'string' ? { started: owner.started } : {}),
      ...(typeof owner.boot === 'string' ? { boot: owner.boot } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote a lock still runs. After a crash its pid may be reused by
 * another process (after a reboot, by any), or the crashed process may linger as a zombie until
 * its parent reaps it: neither holds the folder. Where /proc cannot tell, a live pid is taken to
 * hold it.
 */
function holdsLock(owner: LockOwner): boolean {
  if (!alive(owner.pid)) return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  const stat = processStat(owner.pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.started === undefined || owner.started === stat.started;
}

/** What this process writes in a lock it takes. */
function ownLock(what: string): LockOwner {
  const started = processStat(process.pid)?.started;
  const boot = bootId();
  return { pid: process.pid, what, ...(started ? { started } : {}), ...(boot ? { boot } : {}) };
}

function busy(owner: LockOwner, dir: string): Error {
  const error = new Error(`another Shiftinator process (pid ${owner.pid}, ${owner.what}) is using ${dir}: stop it first, or use another --data folder`);
  return Object.assign(error, { code: 'DATA_DIR_BUSY' });
}

/** Throws lockDataDir's refusal when a live process holds the folder, without taking it (a reader's check). */
export function assertDataDirFree(dir: string): void {
  const owner = lockOwner(join(dir, LOCK_FILE));
  if (owner && holdsLock(owner)) throw busy(owner, dir);
}

/**
 * Claims a PGlite folder for this process. PGlite is an embedded database: two processes on one
 * folder (a server and a seed, say) would corrupt it, and PGlite does not stop them. A lock left by
 * a process that is gone (holdsLock) is taken over, so a crash never needs a person to delete it.
 * Returns the release.
 */
export function lockDataDir(dir: string, what: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(ownLock(what)), { flag: 'wx' });
      return () => {
        if (lockOwner(path)?.pid === process.pid) unlinkSync(path);
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = lockOwner(path);
      if (owner && holdsLock(owner)) throw busy(owner, dir);
      try {
        unlinkSync(path);
      } catch {
        // Another process took the stale lock away first; the next attempt finds out who holds it now.
      }
    }
  }
  throw new Error(`cannot lock ${dir}`);
}

export interface ServerOptions {
  rules: RuleSet;
  rulesHash: string;
  /** Later rule sets from the watched folder: each is recorded (rule_switches) and then decides the requests that arrive after it. */
  ruleUpdates?: RuleUpdates;
  /** Whether the folder or the published sets decide (server/live-rules.ts); auto by default. */
  ruleSource?: RuleSource;
  /** Where the rule switches are told (default: stderr). */
  rulesLog?: (line: string) => void;
  /** 0 for any free port. */
  port: number;
  host?: string;
  /** postgres://...: wins over dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, created on first start. */
  dataDir?: string | undefined;
  webDir?: string;
  now?: () => number;
  /** Delivers the outbox's texts (default: one console line per text; no SMS provider is configured). */
  textSender?: TextSender;
  /** Where the request lines and the console sender's texts go (server/logger.ts); the process's logger by default. */
  logger?: Logger;
  /** How often the outbox looks for unsent texts besides the kick after each write (default 10 s). */
  outboxIntervalMs?: number;
  /** Behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto (server/app.ts, AppOptions). */
  trustProxy?: boolean;
  /** The bounds of server/app.ts's AppOptions, for tests that cannot wait 30 seconds. */
  requestTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  /** Sends the texts actions write (server/outbox.ts); stopped by close(). */
  outbox: Outbox;
  /** Whether the built web UI is served (else / says it is not built yet). */
  webUi: boolean;
  /** The rule set that decides here, how it got there, and its health read. */
  rules: LiveRules;
  close: () => Promise<void>;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Shiftinator</title></head>
<body>
<h1>Shiftinator</h1>
<p>The web UI is not built yet (there is no web/dist folder).</p>
<p>The API is running under <code>/api</code>. Its OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body>
</html>
`;

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The web UI's files from webDir, and index.html for its client-side routes (/calendar,
 * /pending, ...); without a build, / says so and points at the API's description.
 */
export function mountWebUi<E extends Env>(app: Hono<E>, webDir: string): boolean {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    app.get('/', (c) => c.html(NOT_BUILT_PAGE));
    return false;
  }
  const files = serveStatic<E>({ root: webDir });
  // Source maps would hand out the web UI's source: a build's *.map is never served.
  app.use('*', (c, next) => (isApi(c.req.path) || c.req.path.endsWith('.map') ? next() : files(c, next)));
  app.get('*', (c) => {
    // A missing asset is a 404; any other path is a route of the single-page app.
    if (isApi(c.req.path) || extname(c.req.path) !== '') return c.notFound();
    return c.html(readFileSync(index, 'utf8'));
  });
  return true;
}

/** How long a client may take to send its request's headers, and the whole request. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const RECEIVE_TIMEOUT_MS = 30_000;

function listen(app: { fetch: (request: Request, env: unknown) => Response | Promise<Response> }, port: number, host: string): Promise<ServerType> {
  return new Promise((resolvePromise, reject) => {
    // A client that sends its request slowly or not at all has its connection closed (408), so no
    // connection is held open for ever; once received, the app answers within REQUEST_TIMEOUT_MS.
    // Node checks those every connectionsCheckingInterval (30 s by default, which would double them).
    const serverOptions = { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: RECEIVE_TIMEOUT_MS, connectionsCheckingInterval: 2_000 };
    const server = serve({ fetch: app.fetch, port, hostname: host, serverOptions }, () => {
      server.off('error', reject);
      resolvePromise(server);
    });
    server.once('error', reject);
  });
}

/** How long requests in flight may go on once the server is told to stop, before they are called off. */
const STOP_GRACE_MS = 2_000;
const STOPPING = 'The server is stopping. A change you sent may still be saved: look before sending it again.';

/**
 * Stops taking connections and waits for the requests in flight, at most STOP_GRACE_MS: then
 * whatever they still wait on is called off (they are answered 503) and every connection closed,
 * a client still sending its body included.
 */
async function closeServer(server: ServerType, inFlight: RequestsInFlight): Promise<void> {
  const closed = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
  // Keep-alive connections would hold close() open; idle ones go now, busy ones after the grace period.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  await inFlight.settled(STOP_GRACE_MS);
  inFlight.callOff(STOPPING);
  // Their answers written, their connections go idle and close; what is left (a client still
  // sending its body) is closed.
  await Promise.race([closed, new Promise((r) => setTimeout(r, 500))]);
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  if ('closeAllConnections' in server) server.closeAllConnections();
  await closed;
}

function urlOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Opens the database, brings its schema up to date and serves the API (and the web UI when built). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const release = !options.databaseUrl && options.dataDir ? lockDataDir(resolve(options.dataDir), 'serve') : () => undefined;
  let db: Database;
  try {
    db = await openDatabase(options.databaseUrl ? { url: options.databaseUrl, keepConnections: true } : { dataDir: options.dataDir });
  } catch (e) {
    release();
    throw e;
  }
  // What has started by the time a start fails (a port taken, say) is stopped with it: the rules'
  // LISTEN connection and timers would keep the process from ever exiting.
  let stopRules: (() => Promise<void>) | undefined;
  try {
    await migrate(db);
    const outbox = new Outbox({
      db,
      sender: options.textSender ?? consoleSender(options.logger),
      now: options.now ?? realClock,
      ...(options.outboxIntervalMs !== undefined ? { intervalMs: options.outboxIntervalMs } : {}),
    });
    // An action that committed texts wakes the outbox at once; the timer catches any other writer.
    const committed = (created: Readonly<Record<string, readonly number[]>>): void => {
      if (created.textMessages?.length) outbox.kick();
    };
    // One app per rule set: a request is answered by the app it arrived at, so it finishes on the
    // set it started with, and taking the live set costs one variable read.
    let webUi = false;
    const inFlight = new RequestsInFlight();
    const bounds = { ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}), ...(options.bodyTimeoutMs ? { bodyTimeoutMs: options.bodyTimeoutMs } : {}) };
    const now = options.now ?? realClock;
    // Every switch of this process's set comes through goLive: the start, folder edits,
    // publishes, rollbacks and scheduled sets (LiveRules records each before it decides anything).
    const rules: LiveRules = new LiveRules({
      db,
      initial: options,
      updates: options.ruleUpdates,
      now,
      goLive: (set) => {
        app = appFor(set);
        // Open screens fetch the new set and decide their forms again (web/src/live.ts).
        announceRules(db, set.rulesHash);
      },
      log: options.rulesLog ?? ((line) => console.error(line)),
      ...(options.ruleSource ? { source: options.ruleSource } : {}),
    });
    const appFor = (set: LiveRuleSet): ReturnType<typeof createApp> => {
      const app = createApp(
        { db, rules: set.rules, rulesHash: set.rulesHash, now, committed },
        { trustProxy: options.trustProxy ?? false, inFlight, ...bounds, ...(options.logger ? { logger: options.logger } : {}), rulesHealth: () => rules.health() },
      );
      webUi = mountWebUi(app, options.webDir ?? WEB_DIST_DIR);
      return app;
    };
    let app = appFor(options);
    stopRules = () => rules.close();
    await rules.start();
    const host = options.host ?? DEFAULT_HOST;
    // A scheduled set decides the requests whose now is at or after its instant: looked at first.
    const fetch = (request: Request, env: unknown): Response | Promise<Response> => (rules.due(), app.fetch(request, env));
    const server = await listen({ fetch }, options.port, host);
    const port = (server.address() as AddressInfo).port;
    outbox.start();
    let closing: Promise<void> | undefined;
    return {
      url: urlOf(host, port),
      port,
      db,
      outbox,
      webUi,
      rules,
      close: () =>
        (closing ??= (async () => {
          await rules.close();
          // Event streams never end by themselves: they are closed so the server can.
          await closeEvents(db);
          await closeServer(server, inFlight);
          // The requests are answered: tell colleagues of the postings they made, send what they
          // wrote, then let go of the database.
          await noticesSent(db);
          await outbox.stop();
          await db.close();
          release();
        })()),
    };
  } catch (e) {
    await stopRules?.().catch(() => undefined);
    await db.close();
    release();
    throw e;
  }
}
