import cluster, { type Worker } from 'node:cluster';
import { InvalidArgumentError } from 'commander';

/** --workers: how many server processes share the port (node:cluster). */
export function parseServeWorkers(value: string): number {
  const n = /^\d{1,2}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= 64)) throw new InvalidArgumentError('must be a whole number from 1 to 64');
  return n;
}

/** Why PGlite runs in one process: told to whoever asks for more. */
export function pgliteWorkersRefusal(workers: number): string {
  return `--workers ${workers} needs PostgreSQL (set DATABASE_URL): PGlite is one process's database, so serve on it without --workers`;
}

/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  shiftinator: 'ready';
  url: string;
  webUi: boolean;
  accounts: number;
}

function isReady(message: unknown): message is WorkerReady {
  return typeof message === 'object' && message !== null && (message as WorkerReady).shiftinator === 'ready';
}

/** In a worker: says it listens (the primary prints the address once all do). */
export function reportReady(ready: Omit<WorkerReady, 'shiftinator'>): void {
  process.send?.({ shiftinator: 'ready', ...ready } satisfies WorkerReady);
}

/**
 * The primary of `serve --workers N`: forks N processes that run the server on one port (each
 * accepts connections from the port's shared queue), prints the address once every one listens, starts another if
 * one dies, and on SIGINT or SIGTERM stops them all and waits for them. The server keeps no state
 * between requests that another process would need (sessions, locks and the outbox are in
 * PostgreSQL), so any process can answer any request. A worker that fails to start has said why;
 * the primary then stops the others and exits 2.
 */
export function runPrimary(workers: number, banner: (ready: WorkerReady) => string[]): Promise<void> {
  // Each process accepts connections itself. Handed out by the primary (round robin), a
  // connection sent to a process that dies before taking it stays open in the primary for ever,
  // and its client waits with no answer; accepted here, it closes with the process that holds it.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  return new Promise((resolve) => {
    const live = new Set<Worker>();
    const ready = new Set<Worker>();
    let stopping: { signal: NodeJS.Signals | null } | null = null;
    let started = false;
    const fork = (): Worker => {
      const worker = cluster.fork();
      live.add(worker);
      worker.on('message', (message: unknown) => {
        if (!isReady(message) || stopping) return;
        ready.add(worker);
        if (!started && ready.size === workers) {
          started = true;
          process.stdout.write([...banner(message), `  processes: ${workers} (pids ${[...ready].map((w) => w.process.pid).join(', ')})`, 'Press Ctrl+C to stop.'].join('\n') + '\n');
        }
      });
      worker.on('exit', (code, signal) => {
        live.delete(worker);
        const wasReady = ready.delete(worker);
        if (stopping) {
          if (live.size === 0) {
            if (stopping.signal) process.stdout.write('Stopped.\n');
            resolve();
          }
          return;
        }
        if (!wasReady && !started) {
          // It said why on its way out: stop the others.
          stop(null, 2);
          return;
        }
        console.error(`worker ${String(worker.process.pid)} exited (${signal ?? `code ${String(code)}`}); starting another`);
        fork();
      });
      return worker;
    };
    const stop = (signal: NodeJS.Signals | null, exitCode = 0): void => {
      if (stopping) return;
      stopping = { signal };
      process.exitCode = exitCode;
      if (signal) {
        process.stdout.write(`${signal}: stopping\n`);
        // A second signal while closing stops at once.
        process.once(signal, () => process.exit(130));
      }
      if (live.size === 0) {
        resolve();
        return;
      }
      for (const w of live) w.process.kill('SIGTERM');
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    for (let i = 0; i < workers; i++) fork();
  });
}
