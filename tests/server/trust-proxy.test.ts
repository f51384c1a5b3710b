import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { AccountSchema } from '../../server/db/server.entities.ts';
import { loadWorld, scratchPostgres } from './support.ts';

// Issue 17: `serve --trust-proxy` (or TRUST_PROXY) behind a TLS proxy: the session cookie is
// Secure when the proxy says https, and sign-in tries are counted by the address it names.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const URL_LINE = /^Shiftinator is running at (http:\/\/\S+)$/m;
const AB = { initials: 'AB', cell: '5551234567', password: 'correct horse' };

/** A database holding one account, and the environment and arguments that point `serve` at it. */
async function target(): Promise<{ env: NodeJS.ProcessEnv; args: string[]; drop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', PORT: '', HOST: '', TRUST_PROXY: '' };
  const url = process.env.DATABASE_URL;
  let args: string[] = [];
  let drop: () => Promise<void>;
  let db;
  if (url) {
    const scratch = await scratchPostgres(url, 'shiftinator_proxy');
    env.DATABASE_URL = scratch.url;
    db = await openDatabase({ url: scratch.url });
    drop = scratch.drop;
  } else {
    const parent = mkdtempSync(join(tmpdir(), 'shiftinator-proxy-'));
    delete env.DATABASE_URL;
    args = ['--data', join(parent, 'data')];
    db = await openDatabase({ dataDir: join(parent, 'data') });
    drop = async () => rmSync(parent, { recursive: true, force: true });
  }
  try {
    await migrate(db);
    await loadWorld(db, { agents: [{ agentId: 101, agentType: 20, initials: 'AB', firstName: 'Alice' }] });
    await db.em().insertMany(AccountSchema, [{ agentId: 101, initials: 'AB', cell: AB.cell, passwordHash: await hashPassword(AB.password) }] as never[]);
  } finally {
    await db.close();
  }
  return { env, args, drop };
}

describe('serve --trust-proxy', () => {
  let t: Awaited<ReturnType<typeof target>>;
  let url: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    t = await target();
    const child = spawn(NODE, [CLI, 'serve', '--port', '0', '--trust-proxy', ...t.args], { cwd: ROOT, env: t.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    let out = '';
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve printed no URL within 90 s:\n${out}`)), 90_000);
      const read = (chunk: Buffer): void => {
        out += chunk.toString();
        const m = URL_LINE.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => reject(new Error(`serve exited before printing its URL:\n${out}`)));
    });
  }, 180_000);
  afterAll(async () => {
    await stop?.();
    await t?.drop();
  });

  const login = (body: object, headers: Record<string, string>): Promise<Response> =>
    fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('sets a Secure session cookie when the proxy says the client came over https, and not when it says http', async () => {
    const https = await login(AB, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.1' });
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const http = await login(AB, { 'x-forwarded-proto': 'http', 'x-forwarded-for': '192.0.2.1' });
    expect(http.status).toBe(200);
    expect(http.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it("counts sign-in tries by the address the proxy names, not the proxy's own", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login({ ...AB, password: 'nope' }, { 'x-forwarded-for': '198.51.100.7' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await login(AB, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('a value that is neither yes nor no: exit 2 naming it', () => {
    const run = spawnSync(NODE, [CLI, 'serve'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TRUST_PROXY: 'maybe' }, timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('error: TRUST_PROXY must be 1 or 0 (true/false, yes/no, on/off)');
  });
});

describe('LOG_LEVEL', () => {
  it('a level pino does not have: exit 2 naming the levels', () => {
    const run = spawnSync(NODE, [CLI, 'serve'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'loud' }, timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('error: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent');
  });
});
