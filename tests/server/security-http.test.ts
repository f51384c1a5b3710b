import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { json, loadWorldAt, readWorld, scratchPostgres, useTestServer } from './support.ts';

// Cross-site requests, body sizes and security headers (server/middleware.ts; docs/server.md,
// "Cross-site requests, body sizes and headers"): what a page on another site, an oversized body
// or a cache sees, through the app and through a running server.

const server = useTestServer();

const NOW = '2025-10-14 09:00';
const AGENTS = [
  { agentId: 201, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Bell' },
  { agentId: 202, agentType: 20, initials: 'CD', firstName: 'Cal', lastName: 'Diaz' },
];
const SEND = { AgentID: 201, toAgentID: 202, Notes: 'Hi' };
const CROSS_SITE = 'This request came from another site; Shiftinator only accepts changes made from its own pages.';
const NOT_JSON = 'Content-Type: a request that changes something must send its body as application/json.';
const TOO_LARGE = 'body: must be at most 64 KB';

beforeEach(() => loadWorldAt(server, NOW, { agents: AGENTS }));

const HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

function expectSecurityHeaders(res: Response, what: string): void {
  for (const [name, value] of Object.entries(HEADERS)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain('unsafe-inline');
}

describe('every answer carries the security headers; personal API data is not cached', () => {
  it.each([
    ['a read of personal data', '/api/getMyTexts/201', 200],
    ["someone else's read", '/api/getMyTexts/202', 403],
    ['a bad path id', '/api/getMyTexts/x', 400],
    ['no such call', '/api/nothing', 404],
  ])('%s', async (what, path, status) => {
    const res = await server.request(path, { as: 201 });
    expect(res.status, what).toBe(status);
    expectSecurityHeaders(res, what);
    expect(res.headers.get('cache-control'), what).toBe('no-store');
  });

  it('without a session (401)', async () => {
    const res = await server.request('/api/getMyTexts/201');
    expect(res.status).toBe(401);
    expectSecurityHeaders(res, '401');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('an action answer', async () => {
    const res = await server.request('/api/sendMessage', { method: 'POST', as: 201, body: json(SEND) });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, 'action');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the rule files keep their own caching', async () => {
    const res = await server.request('/api/rules', { as: 201 });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res, 'rules');
    expect(res.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
  });
});

async function messageCount(): Promise<number> {
  return (await readWorld(server.db)).chatMessages?.length ?? 0;
}

/** sendMessage as 201 with these headers (content-type JSON unless given). */
async function send(headers: Record<string, string>, body: string = json(SEND)): Promise<{ status: number; body: unknown }> {
  const res = await server.request('/api/sendMessage', { method: 'POST', as: 201, headers, body });
  return { status: res.status, body: await res.json() };
}

describe('a state-changing call from another site is refused (403), and nothing is saved', () => {
  const foreign: [string, Record<string, string>][] = [
    ['another port of this host', { origin: 'http://localhost:3250' }],
    ['a sibling subdomain', { origin: 'http://evil.localhost' }],
    ['another scheme', { origin: 'https://localhost' }],
    ['an opaque origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a same-origin claim with a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3250' }],
  ];
  it.each(foreign)('%s', async (_, headers) => {
    expect(await send(headers)).toEqual({ status: 403, body: { error: CROSS_SITE } });
    expect(await messageCount()).toBe(0);
  });

  it('a form posted from another site is refused before its content type is looked at', async () => {
    const res = await send({ origin: 'http://127.0.0.1:3250', 'content-type': 'text/plain' }, json(SEND));
    expect(res).toEqual({ status: 403, body: { error: CROSS_SITE } });
    expect(await messageCount()).toBe(0);
  });

  it('signing in from another site is refused, and no session cookie is set', async () => {
    const res = await server.request('/api/login', {
      method: 'POST',
      headers: { origin: 'http://localhost:3250' },
      body: json({ initials: 'AB', cell: '5550000201', password: 'pw' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: CROSS_SITE });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the refusal carries the security headers and is not cached', async () => {
    const res = await server.request('/api/sendMessage', { method: 'POST', as: 201, headers: { origin: 'http://localhost:3250' }, body: json(SEND) });
    expect(res.status).toBe(403);
    expectSecurityHeaders(res, '403');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the web UI, a proxy in front of it, and non-browser clients are let through', () => {
  const allowed: [string, Record<string, string>][] = [
    ['the same origin', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
    ['the same origin, as the Host header names it', { origin: 'http://shifts.example:8080', host: 'shifts.example:8080' }],
    ['a TLS proxy on another host name', { origin: 'https://shifts.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shifts.example' }],
    ['a typed address (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['no Origin at all (curl, the CLI)', {}],
  ];
  it.each(allowed)('%s', async (_, headers) => {
    const res = await send(headers);
    expect(res.status, json(res.body)).toBe(200);
    expect(await messageCount()).toBe(1);
  });

  it('reads are not checked: a GET with a foreign Origin answers as usual', async () => {
    const res = await server.request('/api/getMyTexts/201', { as: 201, headers: { origin: 'http://localhost:3250', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('a state-changing call sends JSON or nothing (415 otherwise), and nothing is saved', () => {
  const types = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/json'];
  it.each(types)('Content-Type: %s', async (type) => {
    expect(await send({ 'content-type': type })).toEqual({ status: 415, body: { error: NOT_JSON } });
    expect(await messageCount()).toBe(0);
  });

  it('signing in with a text/plain body', async () => {
    const res = await server.request('/api/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: json({ initials: 'AB', cell: '5550000201', password: 'pw' }) });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: NOT_JSON });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('JSON with a charset is JSON', async () => {
    expect((await send({ 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('a call without a body needs no Content-Type', async () => {
    const res = await server.request('/api/logout', { method: 'POST', as: 201 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

/** A body of `size` bytes that is made only as it is read; `pulled()` says how much was. */
function lazyBody(size: number, chunk = 16 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}

describe('bodies over 64 KB are refused (413) before they are read whole', () => {
  it('a Content-Length over the limit, before sign-in: refused unread', async () => {
    const body = lazyBody(100 * 1024 * 1024);
    const res = await server.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: TOO_LARGE });
    expectSecurityHeaders(res, '413');
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024 + 2 * 16 * 1024);
  });

  it('a body without a Content-Length: read only up to the limit, and nothing is saved', async () => {
    const body = lazyBody(100 * 1024 * 1024);
    const res = await server.request('/api/sendMessage', {
      method: 'POST',
      as: 201,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: TOO_LARGE });
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024 + 2 * 16 * 1024);
    expect((await server.request('/api/getMyTexts/201', { as: 201 }).then((r) => r.json())) as unknown[]).toEqual([]);
  });

  it('a body just under the limit is read (and answered on its merits)', async () => {
    const res = await server.request('/api/sendMessage', { method: 'POST', as: 201, body: json({ ...SEND, Notes: 'x'.repeat(60 * 1024) }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Notes: must be at most 2000 characters' });
  });
});

describe('through a running server with a built web UI', () => {
  let webDir: string;
  let running: RunningServer;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'shiftinator-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Shiftinator UI</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log("ui");');
    writeFileSync(join(webDir, 'assets', 'app.js.map'), '{"version":3,"sources":["../src/app.ts"],"sourcesContent":["secret"]}');
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_security');
      databaseUrl = scratch.url;
      drop = scratch.drop;
    }
    running = await startServer({ rules: loadRulesDir(), rulesHash: 'test', port: 0, databaseUrl, webDir });
  }, 120_000);
  afterAll(async () => {
    await running.close();
    await drop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('the page, its scripts, a missing file and the API document carry the security headers', async () => {
    for (const path of ['/', '/calendar', '/assets/app.js', '/assets/missing.js', '/api/openapi.json']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status, path).toBe(path === '/assets/missing.js' ? 404 : 200);
      expectSecurityHeaders(res, path);
    }
  });

  it('a body without a Content-Type is refused (415)', async () => {
    // A byte body goes out with no type at all (a string would get text/plain).
    const res = await fetch(`${running.url}/api/login`, { method: 'POST', body: new TextEncoder().encode(json({ initials: 'AB', cell: '5550000201', password: 'pw' })) });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: NOT_JSON });
  });

  it('a chunked body without a Content-Length is refused at the limit, before sign-in', async () => {
    const limit = 100 * 1024 * 1024;
    const { status, text, sent } = await new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
      const req = httpRequest(new URL('/api/login', running.url), { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = (): void => {
        // The server answers long before 100 MB; whatever it has not asked for stays unsent.
        while (!answered && sent < limit) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        if (!answered) req.end();
      };
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, text, sent });
        });
      });
      req.on('error', (e) => (answered ? undefined : reject(e)));
      write();
    });
    expect(status).toBe(413);
    expect(JSON.parse(text)).toEqual({ error: TOO_LARGE });
    expect(sent).toBeLessThan(limit);
  }, 60_000);

  it('source maps are not served', async () => {
    for (const path of ['/assets/app.js.map', '/app.js.map', '/assets/missing.js.map']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('secret');
      expectSecurityHeaders(res, path);
    }
  });
});
