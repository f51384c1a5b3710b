import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LOCK_FILE, startServer, WEB_DIST_DIR, type RunningServer } from '../../server/main.ts';
import { seedDemo, type DemoLogin } from '../../server/demo/seed.ts';
import { scratchPostgres } from './support.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const URL_LINE = /^Shiftinator is running at (http:\/\/\S+)$/m;

interface Target {
  /** The environment and arguments that point `serve` at this database. */
  env: NodeJS.ProcessEnv;
  args: string[];
  url?: string;
  dataDir?: string;
  drop: () => Promise<void>;
}

/** A fresh PostgreSQL database when DATABASE_URL is set, else a new PGlite folder (not yet created). */
async function freshTarget(): Promise<Target> {
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', PORT: '', HOST: '' };
  const url = process.env.DATABASE_URL;
  if (!url) {
    const parent = mkdtempSync(join(tmpdir(), 'shiftinator-serve-'));
    const dataDir = join(parent, 'data');
    delete base.DATABASE_URL;
    return { env: base, args: ['--data', dataDir], dataDir, drop: async () => rmSync(parent, { recursive: true, force: true }) };
  }
  const scratch = await scratchPostgres(url, 'shiftinator_serve');
  return { env: { ...base, DATABASE_URL: scratch.url }, args: [], url: scratch.url, drop: scratch.drop };
}

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `shiftinator serve` and waits for the URL it prints. */
function startCli(args: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(NODE, [CLI, 'serve', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve printed no URL within 90 s:\n${out}`));
    }, 90_000);
    const check = (): void => {
      const m = URL_LINE.exec(out);
      if (!m?.[1]) return;
      clearTimeout(timer);
      resolve({ child, url: m[1], output: () => out, exited });
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)} before printing its URL:\n${out}`));
    });
  });
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function seed(target: Target): Promise<DemoLogin[]> {
  const db = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  try {
    await migrate(db);
    return (await seedDemo(db, { now: Math.floor(Date.now() / 60_000), rules: loadRulesDir() })).logins;
  } finally {
    await db.close();
  }
}

describe('shiftinator serve, over real HTTP', () => {
  let target: Target;
  let logins: DemoLogin[];
  let running: Running;

  beforeAll(async () => {
    target = await freshTarget();
    logins = await seed(target);
    running = await startCli(['--port', String(await freePort()), ...target.args], target.env);
  }, 180_000);
  afterAll(async () => {
    if (running?.child.exitCode === null) await stop(running);
    await target?.drop();
  });

  it('prints where it runs: the URL, the database, the rules and the API description', () => {
    const out = running.output();
    expect(out).toMatch(process.env.DATABASE_URL ? /database: PostgreSQL at 127\.0\.0\.1:5432\/shiftinator_serve_\w+ \(DATABASE_URL\)/ : /database: PGlite in .*data/);
    expect(out).toMatch(/rules: \d+ files from rules \(version [0-9a-f]{12}\)/);
    expect(out).toContain('V8 heap: --heap-growing-percent=300 (fewer full collections under load: docs/server.md)');
    expect(out).toContain(`API description: ${running.url}/api/openapi.json`);
    // Never the password of a database URL.
    expect(out).not.toContain('postgres@');
  });

  it('answers GET /api/openapi.json without a session', async () => {
    const res = await fetch(`${running.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('signs in with a seeded account, and the session cookie carries the next call', async () => {
    const l = logins.find((x) => x.agentType === 20) as DemoLogin;
    const res = await fetch(`${running.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ initials: l.initials, cell: l.cell, password: l.password }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ agentId: l.agentId, agentType: 20 });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^shiftinator_session=[0-9a-f]{64}$/);

    const combine = await fetch(`${running.url}/api/combineShifts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ Shift1: null, Shift2: null }),
    });
    expect(combine.status).toBe(422);
    expect(await combine.json()).toMatchObject({ outcome: 'error', message: 'ERROR: Select a shift to combine.' });
    const anonymous = await fetch(`${running.url}/api/combineShifts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  // `npm run build` (and `npm start`) writes web/dist; a clean clone's test run has none.
  it.runIf(existsSync(join(WEB_DIST_DIR, 'index.html')))('answers / and the client-side routes with the built web UI', async () => {
    for (const path of ['/', '/calendar', '/combine/2025-11-20']) {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it.skipIf(existsSync(join(WEB_DIST_DIR, 'index.html')))('answers / with a plain page: the web UI is not built yet, and where the API is described', async () => {
    const res = await fetch(`${running.url}/`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('The web UI is not built yet');
    expect(page).toContain('href="/api/openapi.json"');
  });

  it('stops cleanly on SIGTERM: exit code 0', async () => {
    expect(await stop(running)).toBe(0);
    expect(running.output()).toContain('Stopped.');
  }, 30_000);
});

describe.skipIf(process.env.DATABASE_URL)('shiftinator serve on a fresh data folder (PGlite)', () => {
  it('creates the folder, migrates, and says there are no accounts yet', async () => {
    const target = await freshTarget();
    try {
      expect(existsSync(target.dataDir as string)).toBe(false);
      const running = await startCli(['--port', '0', ...target.args], target.env);
      try {
        expect(existsSync(join(target.dataDir as string, 'PG_VERSION'))).toBe(true);
        expect(running.output()).toContain('no accounts yet: load the demo with `npx shiftinator db seed`');
        const res = await fetch(`${running.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ initials: 'AB', cell: '5551000001', password: 'demo1234' }),
        });
        expect(res.status).toBe(401);
      } finally {
        expect(await stop(running)).toBe(0);
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('keeps a second process off a folder in use (PGlite would be corrupted), and takes over a lock whose process is gone', async () => {
    const target = await freshTarget();
    const dataDir = target.dataDir as string;
    try {
      const running = await startCli(['--port', '0', ...target.args], target.env);
      try {
        const seed = spawnSync(NODE, [CLI, 'db', 'seed', '--data', dataDir], { cwd: ROOT, env: target.env, encoding: 'utf8', timeout: 60_000 });
        expect(seed.status).toBe(2);
        expect(seed.stderr).toContain(`error: another Shiftinator process (pid ${String(running.child.pid)}, serve) is using ${dataDir}: stop it first`);
      } finally {
        expect(await stop(running)).toBe(0);
      }
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      // A lock left behind by a process that was killed outright.
      const gone = spawnSync(NODE, ['-e', 'process.exit(0)']);
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: gone.pid, what: 'serve' }));
      const again = await startCli(['--port', '0', ...target.args], target.env);
      expect(await stop(again)).toBe(0);
    } finally {
      await target.drop();
    }
  }, 180_000);
});

describe('shiftinator serve refuses what it cannot do', () => {
  it('a port that is taken: exit 2 and says so', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const target = await freshTarget();
    try {
      const run = spawnSync(NODE, [CLI, 'serve', '--port', String(port), ...target.args], { cwd: ROOT, env: target.env, encoding: 'utf8', timeout: 90_000 });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`error: cannot start the server`);
      expect(run.stderr).toContain(`port ${port} is already in use: pick another with --port or PORT`);
    } finally {
      blocker.close();
      await target.drop();
    }
  }, 120_000);

  it.each([['abc'], ['70000'], ['-1']])('--port %s: a usage error (exit 2)', (port) => {
    const run = spawnSync(NODE, [CLI, 'serve', '--port', port], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('must be a port number from 0 to 65535');
  });

  it('a bad PORT: exit 2 naming it', () => {
    const run = spawnSync(NODE, [CLI, 'serve'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PORT: 'eighty' }, timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('error: PORT must be a port number from 0 to 65535');
  });
});

describe('the server module', () => {
  let server: RunningServer;
  let webDir: string;
  let target: Target;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'shiftinator-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Shiftinator UI</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log("ui");');
    target = await freshTarget();
    server = await startServer({ rules: loadRulesDir(), rulesHash: 'test', port: 0, databaseUrl: target.url, dataDir: target.dataDir, webDir });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
    await target.drop();
  });

  it('serves a built web UI: its files, and index.html for its client-side routes', async () => {
    expect(server.webUi).toBe(true);
    for (const path of ['/', '/calendar', '/combine/2026-11-26']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Shiftinator UI</title>');
    }
    const js = await fetch(`${server.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    // The API is still the API.
    expect((await fetch(`${server.url}/api/openapi.json`)).headers.get('content-type')).toContain('application/json');
    const unknown = await fetch(`${server.url}/api/nothing`);
    expect(unknown.status).not.toBe(200);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it('close() is safe to call twice', async () => {
    // In memory on PGlite: a second PGlite must not open the first one's folder.
    const other = await startServer({ rules: loadRulesDir(), rulesHash: 'test', port: 0, databaseUrl: target.url, webDir });
    await Promise.all([other.close(), other.close()]);
    await expect(fetch(`${other.url}/api/openapi.json`)).rejects.toThrow();
  });
});
