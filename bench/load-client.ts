import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The load generator of the server bench, run as its own process so that its work does not count
 * against the server's event loop: N clients over keep-alive connections, for a fixed time. Closed
 * loop by default (each client sends its next request as soon as the last is answered: the most
 * the server answers); with `ratePerSecond`, open loop (requests due on a fixed schedule, taken by
 * whichever client is free). Reads a job (JSON) from the file named on the command line and prints
 * the latencies and status counts as JSON.
 */

export interface LoadRequest {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  cookie: string;
  body?: unknown;
}

export interface LoadJob {
  /** Always 127.0.0.1: the bench never sends load elsewhere. */
  port: number;
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  requests: LoadRequest[];
  /**
   * Requests per second due, evenly spaced, all clients together. A request's latency runs from
   * when it was due, not when a client got to send it: were every client busy, the wait counts
   * (a server that falls behind is not measured only on the requests it kept up with).
   */
  ratePerSecond?: number;
}

export interface LoadResult {
  /** Milliseconds, one per answered request after the warm-up. */
  latencies: number[];
  wallMs: number;
  statuses: Record<string, number>;
  errors: number;
  firstError: string | null;
}

function send(agent: Agent, port: number, r: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: r.method,
        path: r.path,
        agent,
        headers: {
          cookie: r.cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        // The body is read in full (the server's serialisation counts) and dropped.
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const started = performance.now();
  const measureFrom = started + job.warmupMs;
  const stopAt = measureFrom + job.durationMs;
  const spacing = job.ratePerSecond ? 1000 / job.ratePerSecond : 0;
  let due = 0;
  /** When the client's next request is due to go; null when the run is over. */
  const nextDue = async (): Promise<number | null> => {
    if (!spacing) return performance.now() < stopAt ? performance.now() : null;
    const at = started + due++ * spacing;
    if (at >= stopAt) return null;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return at;
  };
  const client = async (): Promise<void> => {
    for (let t = await nextDue(); t !== null; t = await nextDue()) {
      const r = job.requests[next++ % job.requests.length] as LoadRequest;
      try {
        const status = await send(agent, job.port, r);
        const after = performance.now();
        // Open loop: every request due in the window counts, answered when it may.
        if (t >= measureFrom && (spacing || after <= stopAt)) {
          latencies.push(after - t);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } catch (e) {
        errors++;
        firstError ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, client));
  agent.destroy();
  return { latencies, wallMs: job.durationMs, statuses, errors, firstError };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/load-client.ts <job.json>');
  const result = await runLoad(JSON.parse(readFileSync(file, 'utf8')) as LoadJob);
  process.stdout.write(JSON.stringify(result));
}
