import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `shiftinator rules ...` in its own process, as on another host, on PostgreSQL at `url` or else
 * PGlite (give `--data`): the servers of the test keep serving meanwhile.
 */
export function rulesCli(url: string | undefined, args: readonly string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '' };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const child = spawn(NODE, [CLI, 'rules', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/** What the server answers a sign-in with nothing filled in: rules/login.json's message. */
export async function emptySignInMessage(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return ((await res.json()) as { error: string }).error;
}
