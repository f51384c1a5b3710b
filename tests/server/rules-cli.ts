import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RULES_DIR } from '../../cli/load-rules.ts';

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

/**
 * A copy of rules/ in `parent`/`name` with the sign-in messages (login.json) set to `login`, and
 * the combine limit's message to `combine` (its fixtures then fail); null leaves one as it is.
 */
export function ruleVariant(parent: string, name: string, login: string | null, combine: string | null = null): string {
  const dir = join(parent, name);
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const edit = (file: string, message: string, only?: string): void => {
    const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, file), 'utf8')) as { rules: { id: string; message: string }[] };
    for (const rule of json.rules) if (!only || rule.id === only) rule.message = message;
    writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  };
  if (login !== null) edit('login.json', login);
  if (combine !== null) edit('combineShifts.json', combine, 'combineShifts.maxLength');
  return dir;
}
