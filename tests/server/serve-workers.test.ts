import { loadRulesDir } from '../../cli/load-rules.ts';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/main.ts';
import { pgliteWorkersRefusal } from '../../cli/serve-workers.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { scratchPostgres } from './support.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const PIDS_LINE = /^ {2}processes: 2 \(pids (\d+), (\d+)\)$/m;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
}

/** One request on a new connection (the primary hands each connection to a worker in turn). */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('shiftinator serve --workers', () => {
  it('on PGlite: refused with the reason, exit 2, and the data folder is left alone', () => {
    const parent = mkdtempSync(join(tmpdir(), 'shiftinator-workers-'));
    const dataDir = join(parent, 'data');
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', PORT: '', HOST: '' };
      delete env.DATABASE_URL;
      const run = spawnSync(NODE, [CLI, 'serve', '--workers', '2', '--port', '0', '--data', dataDir], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`error: ${pgliteWorkersRefusal(2)}`);
      expect(run.stderr).toContain('--workers 2 needs PostgreSQL (set DATABASE_URL): PGlite is one process\'s database, so serve on it without --workers');
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 90_000);

  it.each([['0'], ['65'], ['two']])('--workers %s: a usage error (exit 2)', (n) => {
    const run = spawnSync(NODE, [CLI, 'serve', '--workers', n], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('must be a whole number from 1 to 64');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL: two processes answer on one port, one that dies is replaced, and SIGTERM stops them all',
    async () => {
      const scratch = await scratchPostgres(process.env.DATABASE_URL as string, 'shiftinator_workers');
      const db = await openDatabase({ url: scratch.url });
      await migrate(db);
      const login = (await seedDemo(db, { now: Math.floor(Date.now() / 60_000), rules: loadRulesDir() })).logins[0];
      await db.close();
      const child = spawn(NODE, [CLI, 'serve', '--workers', '2', '--port', '0'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: scratch.url, PORT: '', HOST: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await until(() => out.includes('Press Ctrl+C to stop.'), 'the banner', 90_000);
        const url = /^Shiftinator is running at (http:\/\/\S+)$/m.exec(out)?.[1] as string;
        const pids = PIDS_LINE.exec(out)?.slice(1).map(Number) ?? [];
        expect(pids).toHaveLength(2);
        for (const pid of pids) expect(parentOf(pid)).toBe(child.pid);
        expect(out).toContain('database: PostgreSQL at');

        const statuses = await Promise.all(Array.from({ length: 12 }, () => get(`${url}/api/openapi.json`)));
        expect(statuses).toEqual(Array(12).fill(200));
        // Sign-in writes a session one process made and another reads: the state is in PostgreSQL.
        const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ initials: login?.initials, cell: login?.cell, password: login?.password }) });
        expect(res.status).toBe(200);
        const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
        for (let i = 0; i < 6; i++) expect((await fetch(`${url}/api/getMyStats/${String(login?.agentId)}`, { headers: { cookie } })).status).toBe(200);

        process.kill(pids[0] as number, 'SIGKILL');
        await until(() => out.includes(`worker ${pids[0]} exited (SIGKILL); starting another`), 'the replacement');
        expect(await get(`${url}/api/openapi.json`)).toBe(200);

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(out).toMatch(/SIGTERM: stopping\nStopped\.\n$/);
        for (const pid of pids) expect(alive(pid)).toBe(false);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        await scratch.drop();
      }
    },
    180_000,
  );
});
