import { InvalidArgumentError, type Command } from 'commander';
import { loadRuleSet } from '../engine/index.ts';
import { DEFAULT_HOST, DEFAULT_PORT, rulesHash, startServer, type RunningServer } from '../server/main.ts';
import { chooseDatabase } from './db.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from './load-rules.ts';
import { shownPath } from './paths.ts';

/** A TCP port, 0 meaning any free one. */
export function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return port;
}

interface ServeOptions {
  port?: number;
  data?: string;
  host?: string;
}

export async function serveCommand(options: ServeOptions, cmd: Command): Promise<void> {
  const rulesDir = cmd.optsWithGlobals<{ rules?: string }>().rules ?? DEFAULT_RULES_DIR;
  const sources = readRuleSources(rulesDir);
  const rules = loadRuleSet(sources);
  let port = options.port;
  if (port === undefined && process.env.PORT) {
    try {
      port = parsePort(process.env.PORT);
    } catch (e) {
      console.error(`error: PORT ${(e as Error).message}`);
      process.exitCode = 2;
      return;
    }
  }
  const host = options.host ?? (process.env.HOST || DEFAULT_HOST);
  const choice = chooseDatabase(options.data);
  if (choice.dataIgnored) console.error('note: DATABASE_URL is set, so --data is ignored');
  let server: RunningServer;
  try {
    server = await startServer({ rules, rulesHash: rulesHash(sources), port: port ?? DEFAULT_PORT, host, databaseUrl: choice.url, dataDir: choice.dataDir });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE' ? `port ${port ?? DEFAULT_PORT} is already in use: pick another with --port or PORT` :
      code === 'EACCES' ? `not allowed to listen on port ${port ?? DEFAULT_PORT}` :
      (e as Error).message;
    console.error(`error: cannot start the server (${choice.description}): ${reason}`);
    process.exitCode = 2;
    return;
  }
  // Listen for signals before saying the server is up: without a listener, a SIGTERM sent by
  // whoever read the address ends the process at once, before it can close the database.
  const stop = (signal: NodeJS.Signals): void => {
    process.stdout.write(`${signal}: stopping\n`);
    // A second signal while closing stops at once.
    process.once(signal, () => process.exit(130));
    server.close().then(
      () => process.stdout.write('Stopped.\n'),
      (e: unknown) => {
        console.error(`error while stopping: ${(e as Error).message}`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const accounts = await server.db.em().getConnection().execute<{ n: string | number }[]>('select count(*) as n from accounts');
  const lines = [
    `Shiftinator is running at ${server.url}`,
    `  database: ${choice.description}`,
    `  rules: ${rules.files.length} files from ${shownPath(rulesDir)} (sha256 ${rulesHash(sources).slice(0, 12)})`,
    `  API description: ${server.url}/api/openapi.json`,
    server.webUi ? `  web UI: ${server.url}/` : '  web UI: not built yet (web/dist is missing)',
  ];
  if (Number(accounts[0]?.n ?? 0) === 0) lines.push('  no accounts yet: load the demo with `npx shiftinator db seed` (stop the server first when on PGlite)');
  lines.push('Press Ctrl+C to stop.');
  process.stdout.write(lines.join('\n') + '\n');
}
