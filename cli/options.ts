import { InvalidArgumentError } from 'commander';

// The parsers of the options whose commands load heavy modules (the server, the database, worker
// threads): the program is built with them before any command runs, so they live apart from
// those modules, which each command imports only when it runs (cli/main.ts).

/** A TCP port, 0 meaning any free one. */
export function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return port;
}

/** --jobs: how many threads decide the logged decisions. */
export function parseJobs(value: string): number {
  const n = /^\d{1,2}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= 64)) throw new InvalidArgumentError('must be a whole number from 1 to 64');
  return n;
}

/** --action may be given more than once or as a comma-separated list. */
export function collectActions(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}
