/**
 * The request log's write cost (`npm run bench:log`): CPU per line of the server's log as it is
 * written (server/logger.ts, lines gathered and written in batches) against one write per line
 * (pino's own asynchronous destination), each line logged on its own turn of the event loop as a
 * server's requests are. Both write into /dev/null; the runs alternate, five of each.
 */
import { pino, type DestinationStream } from 'pino';
import { createLogger, logDestination } from '../server/logger.ts';

const LINES = 50_000;
const RUNS = 5;

/** Logs LINES request lines, one per event-loop turn; the CPU per line in µs. */
async function cpuPerLine(destination: DestinationStream): Promise<number> {
  const log = createLogger('info', destination);
  const start = process.cpuUsage();
  for (let i = 0; i < LINES; i++) {
    log.info({ reqId: `r${i}`, method: 'GET', path: '/api/worldSlice/acceptOffer', status: 200, ms: 1.234 }, 'request');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / LINES;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const kinds = {
  'one write per line': () => pino.destination({ dest: '/dev/null', sync: false }),
  'batched (server/logger.ts)': () => logDestination('/dev/null'),
};
const figures: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, make] of Object.entries(kinds)) figures[name]?.push(await cpuPerLine(make()));
}
console.log(`Request log: CPU per line, ${LINES.toLocaleString('en-US')} lines a run, one per event-loop turn, median of ${RUNS} alternating runs`);
for (const [name, xs] of Object.entries(figures)) console.log(`  ${name.padEnd(28)} ${median(xs).toFixed(2)} µs  (runs: ${xs.map((x) => x.toFixed(2)).join(', ')})`);
