import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { loadRulesDir } from '../cli/load-rules.ts';
import { tuneHeapForServing } from '../server/heap.ts';
import type { Logger } from 'pino';
import { createLogger, logDestination } from '../server/logger.ts';
import { startServer } from '../server/main.ts';

/**
 * One server process of the PostgreSQL bench (bench/server.bench.ts forks BENCH_WORKERS of these
 * with node:cluster, as `shiftinator serve --workers N` does, so they share one port): the real
 * server on the bench's database, with the clock frozen at the bench world's `now`, alone in its
 * process as in production (not beside the bench's copy of the world, whose heap would slow every
 * garbage collection of the server's).
 */
export interface BenchWorkerConfig {
  databaseUrl: string;
  now: number;
  rulesHash: string;
}

export const BENCH_WORKER_ENV = 'SHIFTINATOR_BENCH_WORKER';

/** The server's log as `serve` writes it (LOG_LEVEL, asynchronously), into /dev/null: its cost is measured, its lines not shown. */
export function benchLogger(): Logger {
  return createLogger(undefined, logDestination('/dev/null'));
}

/** Messages from the bench: a CPU profile over an open-loop run (BENCH_PROFILE); the full collections so far. */
export type BenchWorkerRequest = { profile: 'start' } | { profile: 'stop'; file: string } | { gcs: true };
export type BenchWorkerReply = { port: number } | { profiling: true } | { profiled: string } | { fullGcs: number };

/** Counts this process's full (mark-compact) garbage collections from now on; the function returned reads the count. */
export function countFullGcs(): () => number {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => count;
}

/** A CPU profile of this process from now on; the function returned stops it and writes it to `file`. */
export async function startCpuProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  if (process.env.BENCH_PROFILE_HEAP) {
    // What was allocated, collected objects included: the collector's share follows allocation.
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: process.env.BENCH_PROFILE_HEAP !== 'promoted' });
    return async (file) => {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(profile));
    };
  }
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
  };
}

if (import.meta.main) {
  const config = JSON.parse(process.env[BENCH_WORKER_ENV] ?? '{}') as BenchWorkerConfig;
  // The heap setting `shiftinator serve` gives its processes (server/heap.ts).
  tuneHeapForServing();
  const server = await startServer({ rules: loadRulesDir(), rulesHash: config.rulesHash, port: 0, host: '127.0.0.1', databaseUrl: config.databaseUrl, now: () => config.now, logger: benchLogger() });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  const fullGcs = countFullGcs();
  let stopProfile: ((file: string) => Promise<void>) | null = null;
  const reply = (message: BenchWorkerReply): void => void process.send?.(message);
  process.on('message', (message: BenchWorkerRequest) => {
    void (async () => {
      if ('gcs' in message) reply({ fullGcs: fullGcs() });
      else if (message.profile === 'start') {
        stopProfile = await startCpuProfile();
        reply({ profiling: true });
      } else if (stopProfile) {
        await stopProfile(message.file);
        stopProfile = null;
        reply({ profiled: message.file });
      }
    })();
  });
  reply({ port: server.port });
}
