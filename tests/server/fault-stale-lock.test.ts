import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../server/main.ts';

// A PGlite folder's lock left by a crash must not keep the next start out, even when the crashed
// process's pid now names another process, or the crashed process is a zombie not yet reaped; a
// lock whose process still runs keeps everyone else out.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const MAIN = join(ROOT, 'server', 'main.ts');

/** A process that takes the folder's lock as serve does, says so, then exits without letting go ('crash') or stays. */
const LOCKER = `
const [dir, then] = process.argv.slice(2);
const { lockDataDir } = await import(${JSON.stringify(MAIN)});
lockDataDir(dir, 'serve');
console.log('locked');
if (then === 'crash') process.exit(0);
setInterval(() => undefined, 1000);
`;

let parent: string;
let dir: string;
let locker: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'shiftinator-lock-'));
  dir = join(parent, 'data');
  locker = join(parent, 'locker.mjs');
  writeFileSync(locker, LOCKER);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(parent, { recursive: true, force: true });
});

function running(command: string, args: string[]): Promise<{ child: ChildProcess; firstLine: string }> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line !== undefined) resolve({ child, firstLine: line });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${String(code)} before saying anything`)));
  });
}

/** The lock file's owner as written. */
const lockText = (): Record<string, unknown> => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;

describe('the PGlite folder lock after a crash', () => {
  it("is taken over when the crashed process's pid now names another, unrelated process", async () => {
    // A server that took the lock and died without letting go of it.
    const crashed = spawnSync(NODE, [locker, dir, 'crash'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(crashed.stdout).toContain('locked');
    const left = lockText();
    expect(left.pid).toBe(crashed.pid);
    // Its pid handed to another process since: a live process that is not the one that locked.
    const other = await running('sh', ['-c', 'echo $$; exec sleep 60']);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ ...left, pid: Number(other.firstLine) }));

    const release = lockDataDir(dir, 'serve');
    expect(lockText()).toMatchObject({ pid: process.pid, what: 'serve' });
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('is taken over when the crashed process is a zombie its parent has not reaped', async () => {
    // The shell starts the locking process and becomes `sleep`, which never reaps it.
    const shell = await running('sh', ['-c', `"$0" "$1" "$2" crash >/dev/null & echo $!; exec sleep 60`, NODE, locker, dir]);
    const zombie = Number(shell.firstLine);
    await until(() => existsSync(join(dir, LOCK_FILE)) && /\) Z /.test(readFileSync(`/proc/${zombie}/stat`, 'utf8')));
    expect(lockText().pid).toBe(zombie);

    const release = lockDataDir(dir, 'serve');
    expect(lockText()).toMatchObject({ pid: process.pid, what: 'serve' });
    release();
  });

  it('still keeps others out while the process that locked it runs', async () => {
    const holder = await running(NODE, [locker, dir, 'stay']);
    expect(holder.firstLine).toBe('locked');
    expect(() => lockDataDir(dir, 'db seed')).toThrow(
      `another Shiftinator process (pid ${String(holder.child.pid)}, serve) is using ${dir}: stop it first, or use another --data folder`,
    );
    expect(lockText().pid).toBe(holder.child.pid);
  });
});

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
