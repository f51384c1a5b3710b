import { pino, type DestinationStream, type Logger } from 'pino';

/** The levels LOG_LEVEL may name, the most said first. */
export const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

/** LOG_LEVEL's level: info when unset; undefined when it names none (`serve` refuses to start then). */
export function logLevelOf(value: string | undefined): string | undefined {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  return LOG_LEVELS.includes(level) ? level : undefined;
}

/**
 * A log of JSON lines, one object per line (pino): stdout by default, written asynchronously so a
 * busy request path never waits on the terminal or a pipe; what is still buffered is flushed on
 * exit. LOG_LEVEL picks the level (info by default; the tests run with silent, vitest.config.ts).
 */
export function createLogger(level: string = logLevelOf(process.env.LOG_LEVEL) ?? 'info', destination?: DestinationStream): Logger {
  const options = { level, base: { pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}

/** The server process's log. */
export const logger: Logger = createLogger();
