import { expect } from 'vitest';
import type { createApp } from '../../server/app.ts';

/** A test's view of GET /api/events: its frames as they come, and the calls that make events. */

type App = ReturnType<typeof createApp>;

export interface Frame {
  event: string;
  id?: string;
  data: string;
}

/** An open stream: its frames as they come (heartbeat comments left out). */
export class Stream {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private buffer = '';
  private readonly decoder = new TextDecoder();
  ended = false;
  readonly status: number;
  readonly type: string | null;

  constructor(res: Response) {
    this.status = res.status;
    this.type = res.headers.get('content-type');
    this.reader = (res.body as ReadableStream<Uint8Array>).getReader();
  }

  /** The next frame, or null once the server ended the stream. */
  async next(): Promise<Frame | null> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const frame: Frame = { event: 'message', data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const [field, ...rest] = line.split(': ');
          const value = rest.join(': ');
          if (field === 'event') frame.event = value;
          else if (field === 'id') frame.id = value;
          else if (field === 'data') frame.data = value;
        }
        if (block.split('\n').every((l) => l.startsWith(':') || l.startsWith('retry'))) continue;
        return frame;
      }
      const { done, value } = await this.reader.read();
      if (done) {
        this.ended = true;
        return null;
      }
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next `change` event's id and content. */
  async change(): Promise<{ id: number; action: string; actor: number; records: Record<string, number[]> }> {
    for (;;) {
      const f = await this.next();
      if (f === null) throw new Error('the stream ended');
      if (f.event === 'change') return { id: Number(f.id), ...(JSON.parse(f.data) as { action: string; actor: number; records: Record<string, number[]> }) };
    }
  }

  close(): Promise<void> {
    return this.reader.cancel();
  }
}

/** Opens a stream of a session (and waits for its `ready`, whose id is where a reconnect starts). */
export async function open(on: App, sid: string, lastEventId?: number): Promise<{ stream: Stream; ready: Frame }> {
  const headers: Record<string, string> = { cookie: `shiftinator_session=${sid}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const stream = new Stream(await on.request('/api/events', { headers }));
  expect(stream.status).toBe(200);
  expect(stream.type).toBe('text/event-stream');
  const ready = await stream.next();
  expect(ready?.event).toBe('ready');
  return { stream, ready: ready as Frame };
}

export async function act(on: App, sid: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await on.request(path, {
    method,
    headers: { cookie: `shiftinator_session=${sid}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { outcome?: string };
  expect(answer.outcome, JSON.stringify(answer)).toBe('ok');
  return answer;
}


/** The `change` events a stream is sent within `ms` of quiet, in order. */
export async function changesWithin(stream: Stream, ms = 400): Promise<{ id: number; action: string; records: Record<string, number[]> }[]> {
  const got: { id: number; action: string; records: Record<string, number[]> }[] = [];
  for (;;) {
    const next = await Promise.race([stream.change(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
    if (next === null) return got;
    got.push(next);
  }
}
