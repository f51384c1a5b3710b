import { pino, type DestinationStream, type Logger } from 'pino';

/** The levels LOG_LEVEL may name, the most said first. */
export const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

/** LOG_LEVEL's level: info when unset; undefined when it names none (`serve` refuses to start then). */
export function logLevelOf(value: string | undefined): string | undefined {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  return LOG_LEVELS.includes(level) ? level : undefined;
}

/**
 * How lines reach the log's file or pipe: gathered until 4 KB or a second has passed, then written
 * in one call. One write per line costs a request twice the CPU (about 11 against 5 µs a line,
 * docs/performance.md, "The request log"), and a line is still out within a second; pino flushes
 * what is left when the process exits.
 */
const BATCH = { minLength: 4096, periodicFlush: 1000 } as const;

/** The log's destination (a file descriptor or a path), written asynchronously and in batches. */
export function logDestination(dest: number | string): DestinationStream {
  return pino.destination({ dest, sync: false, ...BATCH });
}

/**
 * A log of JSON lines, one object per line (pino): stdout by default, written asynchronously so a
 * busy request path never waits on the terminal or a pipe. LOG_LEVEL picks the level (info by
 * default; the tests run with silent, vitest.config.ts).
 */
export function createLogger(level: string = logLevelOf(process.env.LOG_LEVEL) ?? 'info', destination: DestinationStream = logDestination(1)): Logger {
  return pino({ level, base: { pid: process.pid } }, destination);
}

/** The server process's log. */
export const logger: Logger = createLogger();
