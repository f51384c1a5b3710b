import { Hono } from 'hono';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { requestLog } from '../../server/request-log.ts';
import { openTestDatabase } from './support.ts';

type Line = Record<string, unknown>;

/** The server's logger at level info, its lines landing, parsed, in `lines`. */
function capture(): { log: Logger; lines: Line[] } {
  const lines: Line[] = [];
  return { log: createLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as Line) }), lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request log of the app', () => {
  const { log, lines } = capture();
  let app: ReturnType<typeof createApp>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    app = createApp({ db: opened.db, rules: loadRulesDir(), rulesHash: 'test', now: () => 0 }, { logger: log });
  });
  afterAll(() => drop());

  it('one JSON line per request: its id (sent back as X-Request-Id), method, path, status and duration', async () => {
    lines.length = 0;
    const res = await app.request('/api/session?x=1');
    expect(res.status).toBe(401);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(lines).toHaveLength(1);
    const { time, pid, durationMs, ...rest } = lines[0] ?? {};
    expect(rest).toEqual({ level: 30, msg: 'request', reqId: id, method: 'GET', path: '/api/session', status: 401 });
    expect(typeof time).toBe('number');
    expect(pid).toBe(process.pid);
    expect(durationMs).toEqual(expect.any(Number));
    expect(durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a proxy's sane request id is kept; anything else is replaced by the server's own", async () => {
    lines.length = 0;
    const kept = await app.request('/api/session', { headers: { 'X-Request-Id': 'lb-7f3a.2:9_x' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:9_x');
    for (const bad of ['a b', 'x'.repeat(65), 'id"}{"level":60', '']) {
      const res = await app.request('/api/session', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(UUID);
    }
    expect(lines.map((l) => l.reqId)).toEqual([
      'lb-7f3a.2:9_x',
      ...lines.slice(1).map((l) => {
        expect(l.reqId).toMatch(UUID);
        return l.reqId;
      }),
    ]);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(5);
  });

  it('an unknown path is logged with its 404 too', async () => {
    lines.length = 0;
    const res = await app.request('/nothing-here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(lines).toEqual([expect.objectContaining({ method: 'POST', path: '/nothing-here', status: 404, reqId: res.headers.get('x-request-id') })]);
  });
});

describe('a request that fails', () => {
  it('is logged at level error with its id and the error, in its one line', async () => {
    const { log, lines } = capture();
    const app = new Hono();
    app.use('*', requestLog(log));
    app.get('/boom', () => {
      throw new Error('the disk caught fire');
    });
    app.onError((_err, c) => c.json({ error: 'Something went wrong on our side; nothing was saved.' }, 500));
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? {};
    expect(line).toMatchObject({ level: 50, msg: 'request failed', reqId: res.headers.get('x-request-id'), method: 'GET', path: '/boom', status: 500 });
    expect(line.err).toMatchObject({ type: 'Error', message: 'the disk caught fire' });
    expect((line.err as { stack: string }).stack).toContain('request-log.test.ts');
  });
});

describe('the id header', () => {
  it("goes on the handler's own response, not a copy (a copy reads the body, which @hono/node-server would have written as text)", async () => {
    const { log } = capture();
    const app = new Hono();
    app.use('*', requestLog(log));
    let made: Response | undefined;
    app.get('/x', (c) => (made = c.json({ ok: true })));
    const res = await app.request('/x');
    expect(res).toBe(made);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(await res.json()).toEqual({ ok: true });
  });
});
