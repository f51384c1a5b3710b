import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * The load generator of the server bench, run as its own process so that its work does not count
 * against the server's event loop: N clients, each sending its next request as soon as the last
 * one is answered, over keep-alive connections, for a fixed time. Reads a job (JSON) from the file
 * named on the command line and prints the latencies and status counts as JSON.
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
  const client = async (): Promise<void> => {
    while (performance.now() < stopAt) {
      const r = job.requests[next++ % job.requests.length] as LoadRequest;
      const t = performance.now();
      try {
        const status = await send(agent, job.port, r);
        const after = performance.now();
        if (t >= measureFrom && after <= stopAt) {
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
