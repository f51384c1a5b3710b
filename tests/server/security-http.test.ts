import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { json, loadWorldAt, scratchPostgres, useTestServer } from './support.ts';

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
});
