import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { migrate, openDatabase } from '../../server/db/database.ts';
import { LOCK_FILE, lockDataDir } from '../../server/main.ts';
import { loadWorld, startTestServer } from './support.ts';

// `log export` and `dry-run --from-log` read a PGlite folder they may not write (a backup, a
// read-only mount): they neither lock nor change it. The folder is a PGlite one whichever database
// the other tests run on. Root writes through any permission, so the commands run as `nobody`
// (setpriv) when this runs as root, and as this user otherwise.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
/**
 * As `nobody` only where `nobody` can run the project: a checkout inside a folder others cannot
 * enter (a 0700 temporary folder) is run as this user, and "unchanged" is then what is checked.
 */
const AS_NOBODY =
  process.getuid?.() === 0 &&
  existsSync('/usr/bin/setpriv') &&
  spawnSync('/usr/bin/setpriv', [...NOBODY, NODE, '-e', `require('node:fs').accessSync(${JSON.stringify(CLI)})`], { stdio: 'ignore' }).status === 0;

let work: string;
let dataDir: string;

/** Every file of the folder with its mode and a digest of its bytes: what "unchanged" means. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = (statSync(path).mode & 0o777).toString(8);
    out[relative(dir, path)] = entry.isFile() ? `${mode} ${createHash('sha256').update(readFileSync(path)).digest('hex')}` : mode;
  }
  return out;
}

function setMode(dir: string, dirs: number, files: number): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? dirs : files);
  chmodSync(dir, dirs);
}

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', HOME: tmpdir() };
  delete env.DATABASE_URL;
  const [command, prefix] = AS_NOBODY ? ['/usr/bin/setpriv', [...NOBODY, NODE]] : [NODE, []];
  return new Promise((done) => {
    execFile(command, [...prefix, CLI, ...args], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** A folder the command may write its output to. */
function outDir(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  return join(dir, 'out');
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'shiftinator-readonly-'));
  chmodSync(work, 0o755);
  dataDir = join(work, 'data');
  const server = await startTestServer(loadRulesDir(), {
    open: async () => {
      const db = await openDatabase({ dataDir });
      await migrate(db);
      return { db, drop: () => db.close() };
    },
  });
  try {
    await loadWorld(server.db, {
      agents: [{ agentId: 101, agentType: 30, initials: 'AB' }],
      openShifts: [{ id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 }],
    });
    server.setNow(Date.UTC(2025, 9, 14, 13) / 60_000);
    const claim = (id: number): Promise<Response> =>
      server.request('/api/claimOpenShift', { method: 'POST', as: 101, body: JSON.stringify({ coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: id }) });
    expect((await claim(999)).status).toBe(409);
    expect((await claim(501)).status).toBe(200);
  } finally {
    await server.drop();
  }
  // Read-only for everyone, as a backup or a read-only mount would be.
  setMode(dataDir, 0o555, 0o444);
}, 120_000);

afterAll(() => {
  setMode(dataDir, 0o755, 0o644);
  rmSync(work, { recursive: true, force: true });
});

describe('reading the decision log of a folder the reader cannot write', () => {
  it('log export writes the scenarios, and neither locks nor changes the folder', async () => {
    const before = snapshot(dataDir);
    const out = outDir('export');
    const run = await runCli(['log', 'export', '--data', dataDir, out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Exported 2 logged decisions from PGlite in ${dataDir} to ${out}:\n  claimOpenShift: 2\n`);
    expect(readdirSync(join(out, 'claimOpenShift')).sort()).toEqual(['2025-10-14-1.json', '2025-10-14-2.json']);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    expect(snapshot(dataDir)).toEqual(before);
  }, 120_000);

  it('dry-run --from-log replays the log, and neither locks nor changes the folder', async () => {
    const before = snapshot(dataDir);
    const run = await runCli(['dry-run', '--from-log', '--rules', join(ROOT, 'rules'), '--data', dataDir, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { counts: { decisions: number; changed: number } }).counts).toMatchObject({ decisions: 2, changed: 0 });
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    expect(snapshot(dataDir)).toEqual(before);
  }, 120_000);

  it('a folder a live process holds is still refused: its files change while they are read', async () => {
    setMode(dataDir, 0o755, 0o644);
    const release = lockDataDir(dataDir, 'serve');
    try {
      const run = await runCli(['log', 'export', '--data', dataDir, outDir('busy')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`error: another Shiftinator process (pid ${process.pid}, serve) is using ${dataDir}: stop it first, or use another --data folder\n`);
    } finally {
      release();
      setMode(dataDir, 0o555, 0o444);
    }
  }, 120_000);
});
