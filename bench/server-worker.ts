import { loadRulesDir } from '../cli/load-rules.ts';
import { startServer } from '../server/main.ts';

/**
 * One server process of `BENCH_WORKERS=N` (bench/server.bench.ts forks N of these with
 * node:cluster, as `shiftinator serve --workers N` does, so they share one port): the real server
 * on the bench's database, with the clock frozen at the bench world's `now`.
 */
export interface BenchWorkerConfig {
  databaseUrl: string;
  now: number;
  rulesHash: string;
}

export const BENCH_WORKER_ENV = 'SHIFTINATOR_BENCH_WORKER';

if (import.meta.main) {
  const config = JSON.parse(process.env[BENCH_WORKER_ENV] ?? '{}') as BenchWorkerConfig;
  const server = await startServer({ rules: loadRulesDir(), rulesHash: config.rulesHash, port: 0, host: '127.0.0.1', databaseUrl: config.databaseUrl, now: () => config.now });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ port: server.port });
}
