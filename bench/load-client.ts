import { connect, type Socket } from 'node:net';
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
  /** This process's CPU time over the run, and the requests it sent (the warm-up's too). */
  cpuMs: number;
  sent: number;
}

/**
 * One keep-alive connection speaking just enough HTTP/1.1 for the bench: requests are written as
 * prepared bytes and an answer is read up to its status and its length (Content-Length, or chunked
 * to the last chunk). node:http's client cost about 0.25 ms of CPU per request, on the two cores
 * the server and PostgreSQL share; this costs a fraction of that, as autocannon's does.
 */
class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(port: number) {
    this.socket = connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.read();
    });
    const fail = (e: Error): void => {
      this.failure = e;
      this.waiting?.reject(e);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  send(bytes: Buffer): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  /** Answers the waiting request once its whole answer is in the buffer. */
  private read(): void {
    const head = this.buffer.indexOf('\r\n\r\n');
    if (head < 0 || !this.waiting) return;
    const headers = this.buffer.toString('latin1', 0, head);
    const status = Number(headers.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
    let end: number;
    if (length) end = head + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(headers)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', head + 2);
      end = last < 0 ? Infinity : last + 7;
    } else end = head + 4;
    if (this.buffer.length < end) return;
    this.buffer = this.buffer.subarray(end);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve(status);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** A request as the bytes a connection writes. */
function requestBytes(port: number, r: LoadRequest): Buffer {
  const body = r.body === undefined ? '' : JSON.stringify(r.body);
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: 127.0.0.1:${port}`, `cookie: ${r.cookie}`, 'connection: keep-alive'];
  if (body) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
  else if (r.method !== 'GET') lines.push('content-length: 0');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const prepared = job.requests.map((r) => requestBytes(job.port, r));
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const cpu0 = process.cpuUsage();
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
    let connection = new Connection(job.port);
    for (let t = await nextDue(); t !== null; t = await nextDue()) {
      const bytes = prepared[next++ % prepared.length] as Buffer;
      try {
        const status = await connection.send(bytes);
        const after = performance.now();
        // Open loop: every request due in the window counts, answered when it may.
        if (t >= measureFrom && (spacing || after <= stopAt)) {
          latencies.push(after - t);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } catch (e) {
        errors++;
        firstError ??= (e as Error).message;
        connection.close();
        connection = new Connection(job.port);
      }
    }
    connection.close();
  };
  await Promise.all(Array.from({ length: job.concurrency }, client));
  const cpu = process.cpuUsage(cpu0);
  return { latencies, wallMs: job.durationMs, statuses, errors, firstError, cpuMs: (cpu.user + cpu.system) / 1000, sent: next };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/load-client.ts <job.json>');
  const result = await runLoad(JSON.parse(readFileSync(file, 'utf8')) as LoadJob);
  process.stdout.write(JSON.stringify(result));
}
