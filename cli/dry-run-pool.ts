import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ShiftinatorError, type ErrorCode } from '../engine/index.ts';
import type { RowOutcome } from './dry-run-replay.ts';
import type { LoggedRow } from './logged-decision.ts';

/**
 * The worker threads `dry-run --from-log` decides on (docs/performance.md): the main thread reads
 * the log and records the outcomes, in log order; each worker loads the two rule sets from their
 * folders itself and decides the chunks of rows it is sent (cli/dry-run-worker.ts). A bounded
 * number of chunks is out at a time, so memory does not grow with the log.
 */

/** A rule folder as a worker loads it, and the version the main thread loaded from it. */
interface PoolSide {
  dir: string;
  version: string;
}

export interface WorkerSetup {
  current: PoolSide;
  candidate: PoolSide;
}

/** An error, across the thread boundary: ours keep their code and where; others go as the structured clone of the error. */
export type Failure = { kind: 'shiftinator'; code: ErrorCode; message: string; where?: string } | { kind: 'error'; error: unknown };

export type FromWorker = { kind: 'decided'; outcomes: RowOutcome[] } | { kind: 'failed'; failure: Failure };

export function failureOf(e: unknown): Failure {
  if (e instanceof ShiftinatorError) return { kind: 'shiftinator', code: e.code, message: e.message, ...(e.where !== undefined ? { where: e.where } : {}) };
  return { kind: 'error', error: e };
}

/** The error the worker hit, as the main thread would have hit it deciding on its own. */
function errorOf(failure: Failure): unknown {
  if (failure.kind === 'error') return failure.error;
  const { code, message, where } = failure;
  return new ShiftinatorError(code, where !== undefined && message.startsWith(`${where}: `) ? message.slice(where.length + 2) : message, where);
}

/**
 * Each worker's own heap: the rule sets, a chunk's slices and what deciding them makes. The caps
 * keep a worker that went wrong from taking the machine's memory; measured need: docs/performance.md.
 */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 24 } as const;

/** The --max-old-space-size this process was started with (the launcher gives one, cli/shiftinator.mjs), if any. */
function oldSpaceFlag(): string | undefined {
  // The command line's comes after NODE_OPTIONS', and wins.
  const given = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...process.execArgv].join(' ');
  return [...given.matchAll(/--max[-_]old[-_]space[-_]size[= ](\d+)/g)].at(-1)?.[1];
}

/**
 * V8 takes a heap-size flag over a worker's resourceLimits, so under the launcher's
 * --max-old-space-size every worker would get the main thread's cap. The flag is set to the
 * workers' cap while their heaps are made (the main thread's was sized when it started), and put
 * back once every worker runs.
 */
function withWorkerHeapCap(start: () => Slot[]): Slot[] {
  const given = oldSpaceFlag();
  if (given === undefined) return start();
  setFlagsFromString(`--max-old-space-size=${WORKER_RESOURCE_LIMITS.maxOldGenerationSizeMb}`);
  const slots = start();
  let starting = slots.length;
  const started = (): void => {
    if (--starting === 0) setFlagsFromString(`--max-old-space-size=${given}`);
  };
  // Running, or failed to start: either way its heap is made or never will be.
  for (const { worker } of slots) {
    let once = false;
    const mark = (): void => {
      if (once) return;
      once = true;
      started();
    };
    worker.once('online', mark);
    worker.once('exit', mark);
  }
  return slots;
}

/** Rows sent at a time: a message per row would cost more than the decision of a cheap one. */
export const CHUNK_ROWS = 25;
/** Chunks out per worker: one being decided and more waiting, so a worker never idles for the reader. */
const CHUNKS_PER_WORKER = 3;

/** --jobs by default: two workers where there are two cores or more (docs/performance.md). */
export function defaultJobs(): number {
  return Math.min(2, availableParallelism());
}

interface Slot {
  worker: Worker;
  /** The chunks sent and not yet answered, oldest first: a worker answers in the order it is sent. */
  waiting: { resolve: (outcomes: RowOutcome[]) => void; reject: (e: unknown) => void }[];
  failure: { error: unknown } | null;
  decided: number;
}

export class DryRunPool {
  private readonly slots: Slot[];
  private closing = false;

  constructor(workers: number, setup: WorkerSetup) {
    this.slots = withWorkerHeapCap(() => Array.from({ length: workers }, () => this.start(setup)));
  }

  private start(setup: WorkerSetup): Slot {
    const worker = new Worker(new URL('./dry-run-worker.ts', import.meta.url), { workerData: setup, resourceLimits: WORKER_RESOURCE_LIMITS });
    const slot: Slot = { worker, waiting: [], failure: null, decided: 0 };
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'failed') return this.fail(slot, errorOf(message.failure));
      slot.decided++;
      slot.waiting.shift()?.resolve(message.outcomes);
    });
    // An exception outside a chunk, a worker out of its heap, a message that does not arrive.
    worker.on('error', (e) => this.fail(slot, e));
    worker.on('messageerror', (e) => this.fail(slot, e));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(slot, new Error(`a dry-run worker stopped (exit code ${code}) before it had decided every row sent to it`));
    });
    return slot;
  }

  /**
   * A worker that failed answers none of what it was sent, the chunk it failed on and those after
   * it; the others go on, so the caller, taking answers in log order, meets the first failure in
   * log order: the error a single thread would have stopped at.
   */
  private fail(slot: Slot, error: unknown): void {
    if (slot.failure) return;
    slot.failure = { error };
    for (const waiting of slot.waiting.splice(0)) waiting.reject(error);
  }

  /** How many chunks may be out at a time. */
  get capacity(): number {
    return this.slots.length * CHUNKS_PER_WORKER;
  }

  /** What each worker's heap may grow to, in bytes. */
  heapLimits(): Promise<number[]> {
    return Promise.all(this.slots.map(async (s) => (await s.worker.getHeapStatistics()).heap_size_limit));
  }

  /** How many chunks each worker has decided. */
  get decidedPerWorker(): number[] {
    return this.slots.map((s) => s.decided);
  }

  /** The rows' outcomes, in their order, from the worker with the least waiting. */
  decide(rows: LoggedRow[]): Promise<RowOutcome[]> {
    const healthy = this.slots.filter((s) => !s.failure);
    const slot = healthy.reduce<Slot | undefined>((best, s) => (!best || s.waiting.length < best.waiting.length ? s : best), undefined);
    const outcomes = slot
      ? new Promise<RowOutcome[]>((resolve, reject) => {
          slot.waiting.push({ resolve, reject });
          slot.worker.postMessage(rows);
        })
      : Promise.reject(this.slots[0]?.failure?.error ?? new Error('the dry-run pool has no worker'));
    // Taken in log order: one that fails while an earlier chunk is awaited is not unhandled.
    outcomes.catch(() => undefined);
    return outcomes;
  }

  /** Stops every worker (done, or on an error): none outlives the command. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The rows with their outcomes, in the rows' order, decided by the pool `chunkRows` at a time,
 * at most `pool.capacity` chunks out at once.
 */
export async function* decideInOrder(pool: DryRunPool, rows: AsyncIterable<LoggedRow>, chunkRows = CHUNK_ROWS): AsyncGenerator<[LoggedRow, RowOutcome]> {
  const out: { rows: LoggedRow[]; outcomes: Promise<RowOutcome[]>; done: boolean }[] = [];
  async function* oldest(): AsyncGenerator<[LoggedRow, RowOutcome]> {
    const head = out.shift();
    if (!head) return;
    const outcomes = await head.outcomes;
    for (let i = 0; i < head.rows.length; i++) yield [head.rows[i] as LoggedRow, outcomes[i] as RowOutcome];
  }
  const send = (chunk: LoggedRow[]): void => {
    const entry = { rows: chunk, outcomes: pool.decide(chunk), done: false };
    // What is back is recorded at once: the report keeps up, and the chunks out stay few.
    entry.outcomes.then(
      () => (entry.done = true),
      () => undefined,
    );
    out.push(entry);
  };
  let chunk: LoggedRow[] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length < chunkRows) continue;
    send(chunk);
    chunk = [];
    while (out.length && (out.length >= pool.capacity || out[0]?.done)) yield* oldest();
  }
  if (chunk.length) send(chunk);
  while (out.length) yield* oldest();
}
