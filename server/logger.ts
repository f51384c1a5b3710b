import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * A log of JSON lines, one object per line (pino): stdout by default, written asynchronously so a
 * busy request path never waits on the terminal or a pipe; what is still buffered is flushed on
 * exit. LOG_LEVEL picks the level (info by default; the tests run with silent, vitest.config.ts).
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = { level, base: { pid: process.pid } };
  return destination ? pino(options, destination) : pino(options);
}

/** The server process's log. */
export const logger: Logger = createLogger();
