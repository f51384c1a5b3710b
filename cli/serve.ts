import cluster from 'node:cluster';
import type { Command } from 'commander';
import { loadRuleSet } from '../engine/index.ts';
import { tuneHeapForServing } from '../server/heap.ts';
import { LOG_LEVELS, logLevelOf } from '../server/logger.ts';
import type { RuleSource } from '../server/live-rules.ts';
import { DEFAULT_HOST, DEFAULT_PORT, startServer, type RunningServer } from '../server/main.ts';
import { chooseDatabase, openChosenDatabase } from './db.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from './load-rules.ts';
import { parsePort } from './options.ts';
import { shownPath } from './paths.ts';
import { ruleSetVersion, shortVersion } from './rule-version.ts';
import { openControlChannel } from './rules-control.ts';
import { watchRulesFolder } from './rules-watch.ts';
import { pgliteWorkersRefusal, reportReady, runPrimary } from './serve-workers.ts';

interface ServeOptions {
  port?: number;
  data?: string;
  host?: string;
  workers?: number;
  trustProxy?: boolean;
  ruleSource?: RuleSource;
}

/** TRUST_PROXY's yes or no; undefined when it says neither. */
function parseTrustProxy(value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  return undefined;
}

/**
 * Where and how to listen, from the options and else the environment; null (with the exit code
 * set) when PORT, TRUST_PROXY or LOG_LEVEL says something unusable.
 */
function listenSettings(options: ServeOptions): { port: number | undefined; host: string; trustProxy: boolean } | null {
  let port = options.port;
  if (port === undefined && process.env.PORT) {
    try {
      port = parsePort(process.env.PORT);
    } catch (e) {
      console.error(`error: PORT ${(e as Error).message}`);
      process.exitCode = 2;
      return null;
    }
  }
  const host = options.host ?? (process.env.HOST || DEFAULT_HOST);
  const trustProxy = options.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY);
  if (trustProxy === undefined) {
    console.error('error: TRUST_PROXY must be 1 or 0 (true/false, yes/no, on/off)');
    process.exitCode = 2;
    return null;
  }
  if (logLevelOf(process.env.LOG_LEVEL) === undefined) {
    console.error(`error: LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
    process.exitCode = 2;
    return null;
  }
  return { port, host, trustProxy };
}

/**
 * How long stopping may take before the process exits anyway. Closing calls off the requests in
 * flight after a grace period (server/main.ts), so this is only met when the database itself does
 * not answer: the process must still end, or a service manager waits on it for ever.
 */
const STOP_LIMIT_MS = 10_000;

/** Closes the server, or exits with 1 if that has not ended within STOP_LIMIT_MS. */
function closeWithin(server: RunningServer): Promise<void> {
  const limit = setTimeout(() => {
    console.error(`error while stopping: not stopped within ${STOP_LIMIT_MS / 1000} seconds; exiting`);
    process.exit(1);
  }, STOP_LIMIT_MS);
  return server.close().finally(() => clearTimeout(limit));
}

/** A worker stops quietly (the primary says what is happening), on the primary's SIGTERM or Ctrl+C's SIGINT. */
function quitOnSignals(server: RunningServer): void {
  const quit = (): void => {
    closeWithin(server).then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`error while stopping: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

/** The single serving process says it is stopping, closes the database, and says when it has. */
function stopOnSignals(server: RunningServer): void {
  const stop = (signal: NodeJS.Signals): void => {
    process.stdout.write(`${signal}: stopping\n`);
    // A second signal while closing stops at once.
    process.once(signal, () => process.exit(130));
    closeWithin(server).then(
      () => process.stdout.write('Stopped.\n'),
      (e: unknown) => {
        console.error(`error while stopping: ${(e as Error).message}`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The banner's rules line: the watched folder's, or that published sets govern. */
function governingLine(server: RunningServer, rulesDir: string, folderLine: string): string {
  const health = server.rules.health();
  if (health.governs === 'folder') return folderLine;
  return `  rules: published sets govern (version ${health.live.version}, ${health.live.how}): edits of ${shownPath(rulesDir)} are not taken up`;
}

/**
 * On PGlite the server is the one process that may open its folder: `rules publish`, `rollback`,
 * `history` and `show` reach it through a control channel in that folder (cli/rules-control.ts).
 * One that cannot be opened (a path too long for a socket, say) leaves those commands refused
 * while the server runs, and the server serving.
 */
export async function withControlChannel(server: RunningServer, dataDir: string): Promise<RunningServer> {
  const log = (line: string): void => console.error(line);
  try {
    // The publishing code is loaded when a request comes, not at every start.
    const channel = await openControlChannel(dataDir, async (request) => (await import('./rules-publish.ts')).answerControl(server, request), log);
    const close = server.close;
    return { ...server, close: async () => {
      await channel.close();
      await close();
    } };
  } catch (e) {
    log(`rules: cannot open the control channel in ${shownPath(dataDir)}: ${(e as Error).message}; \`rules publish\` and \`rules rollback\` are refused while this server runs`);
    return server;
  }
}

export async function serveCommand(options: ServeOptions, cmd: Command): Promise<void> {
  const rulesDir = cmd.optsWithGlobals<{ rules?: string }>().rules ?? DEFAULT_RULES_DIR;
  const sources = readRuleSources(rulesDir);
  const rules = loadRuleSet(sources);
  const version = ruleSetVersion(sources);
  const settings = listenSettings(options);
  if (!settings) return;
  const { port, host, trustProxy } = settings;
  const choice = chooseDatabase(options.data);
  const workers = options.workers ?? 1;
  // Fewer, later full collections (server/heap.ts): in this process if it serves, and in the
  // workers, which start with its Node flags, so make the same choice and set the same.
  const heap = tuneHeapForServing();
  // With --workers, this runs in the primary and again in each process it forks (same arguments).
  const inWorker = workers > 1 && cluster.isWorker;
  if (choice.dataIgnored && !inWorker) console.error('note: DATABASE_URL is set, so --data is ignored');
  if (workers > 1 && !choice.url) {
    console.error(`error: ${pgliteWorkersRefusal(workers)}`);
    process.exitCode = 2;
    return;
  }
  const folderLine = `  rules: ${rules.files.length} files from ${shownPath(rulesDir)} (version ${shortVersion(version)}), watched: edits there go live`;
  const banner = (url: string, webUi: boolean, accounts: number, rulesLine = folderLine): string[] => {
    const lines = [
      `Shiftinator is running at ${url}`,
      `  database: ${choice.description}`,
      rulesLine,
      `  ${heap}`,
      `  API description: ${url}/api/openapi.json`,
      webUi ? `  web UI: ${url}/` : '  web UI: not built yet (web/dist is missing)',
    ];
    if (accounts === 0) lines.push('  no accounts yet: load the demo with `npx shiftinator db seed` (stop the server first when on PGlite)');
    return lines;
  };
  if (workers > 1 && cluster.isPrimary) {
    // The migrations run once, here, before the processes start (not in each at the same time).
    const db = await openChosenDatabase(choice);
    if (!db) {
      process.exitCode = 2;
      return;
    }
    await db.close();
    await runPrimary(workers, (ready) => banner(ready.url, ready.webUi, ready.accounts));
    return;
  }
  // Each serving process watches the folder itself: they all take up an edit within moments.
  const watch = watchRulesFolder(rulesDir, version);
  let server: RunningServer;
  try {
    server = await startServer({
      rules,
      rulesHash: version,
      ruleUpdates: watch,
      ...(options.ruleSource ? { ruleSource: options.ruleSource } : {}),
      port: port ?? DEFAULT_PORT,
      host,
      databaseUrl: choice.url,
      dataDir: choice.dataDir,
      trustProxy,
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE' ? `port ${port ?? DEFAULT_PORT} is already in use: pick another with --port or PORT` :
      code === 'EACCES' ? `not allowed to listen on port ${port ?? DEFAULT_PORT}` :
      (e as Error).message;
    watch.close();
    console.error(`error: cannot start the server (${choice.description}): ${reason}`);
    process.exitCode = 2;
    // A worker's channel to the primary would keep it running.
    if (inWorker) process.exit(2);
    return;
  }
  const accounts = async (): Promise<number> => {
    const rows = await server.db.em().getConnection().execute<{ n: string | number }[]>('select count(*) as n from accounts');
    return Number(rows[0]?.n ?? 0);
  };
  if (inWorker) {
    quitOnSignals(server);
    reportReady({ url: server.url, webUi: server.webUi, accounts: await accounts() });
    return;
  }
  if (choice.dataDir) server = await withControlChannel(server, choice.dataDir);
  // Listen for signals before saying the server is up: without a listener, a SIGTERM sent by
  // whoever read the address ends the process at once, before it can close the database.
  stopOnSignals(server);
  process.stdout.write([...banner(server.url, server.webUi, await accounts(), governingLine(server, rulesDir, folderLine)), 'Press Ctrl+C to stop.'].join('\n') + '\n');
}
