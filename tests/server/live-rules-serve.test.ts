import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { scratchPostgres } from './support.ts';

// `shiftinator serve` itself, in one process and in several: an edit of its rules folder decides
// the next requests in every process, and a broken one is refused on stderr.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const URL_LINE = /^Shiftinator is running at (http:\/\/\S+)$/m;

const REQUIRED = 'ERROR: Must enter valid credentials.';
const EDITED = 'ERROR: Enter your initials, cell and password.';

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function serve(args: string[], env: NodeJS.ProcessEnv): Promise<Served> {
  const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL within 90 s:\n${out}`)), 90_000);
    const check = (): void => {
      // With --workers the banner comes once every process listens; it ends with this line.
      const m = URL_LINE.exec(out);
      if (!m?.[1] || !out.includes('Press Ctrl+C to stop.')) return;
      clearTimeout(timer);
      resolve({ child, url: m[1], output: () => out, exited });
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}:\n${out}`));
    });
  });
}

/** Signing in with nothing filled in, on a new connection (the primary hands each to a worker in turn): rules/login.json's message. */
function emptySignIn(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/login`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(`${res.statusCode} ${(JSON.parse(text) as { error: string }).error}`));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A copy of rules/ to edit, and how to save one of its files as an editor does (a new file renamed over it). */
function rulesCopy(): { dir: string; saveLogin: (message: string) => void; save: (name: string, text: string) => void } {
  const parent = mkdtempSync(join(tmpdir(), 'shiftinator-live-serve-'));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const dir = join(parent, 'rules');
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const save = (name: string, text: string): void => {
    writeFileSync(join(dir, `.${name}.swp`), text);
    renameSync(join(dir, `.${name}.swp`), join(dir, name));
  };
  const saveLogin = (message: string): void => {
    const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'login.json'), 'utf8')) as { rules: { message: string }[] };
    for (const rule of json.rules) rule.message = message;
    save('login.json', JSON.stringify(json, null, 2));
  };
  return { dir, saveLogin, save };
}

async function database(): Promise<{ args: string[]; env: NodeJS.ProcessEnv }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', PORT: '', HOST: '' };
  const url = process.env.DATABASE_URL;
  if (!url) {
    delete env.DATABASE_URL;
    const parent = mkdtempSync(join(tmpdir(), 'shiftinator-live-data-'));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    return { args: ['--data', join(parent, 'data')], env };
  }
  const scratch = await scratchPostgres(url, 'shiftinator_live_serve');
  cleanups.push(scratch.drop);
  return { args: [], env: { ...env, DATABASE_URL: scratch.url } };
}

describe('shiftinator serve watches its rules folder', () => {
  it('takes up an edit without a restart, and keeps a broken one out', async () => {
    const rules = rulesCopy();
    const db = await database();
    const served = await serve(['--rules', rules.dir, 'serve', '--port', '0', ...db.args], db.env);
    expect(served.output()).toContain(`(version ${shortVersion(ruleSetVersion(readRuleSources(rules.dir)))}), watched: edits there go live`);
    expect(await emptySignIn(served.url)).toBe(`400 ${REQUIRED}`);

    rules.saveLogin(EDITED);
    const edited = shortVersion(ruleSetVersion(readRuleSources(rules.dir)));
    await until('the edited message', async () => (await emptySignIn(served.url)) === `400 ${EDITED}`);
    await until('the log line', () => served.output().includes(`rules: version ${edited} is live (`));

    rules.save('login.json', '{ "action": "login", "rules": [');
    await until('the refusal', () => served.output().includes('rules: refused the edit of '));
    expect(served.output()).toMatch(new RegExp(`rules: refused the edit of \\S+: \\S+login\\.json: is not valid JSON: .+; version ${edited} stays live\\n`));
    expect(await emptySignIn(served.url)).toBe(`400 ${EDITED}`);
  });

  it.skipIf(!process.env.DATABASE_URL)('with --workers, every process takes up the edit', async () => {
    const rules = rulesCopy();
    const db = await database();
    const served = await serve(['--rules', rules.dir, 'serve', '--port', '0', '--workers', '2', ...db.args], db.env);
    rules.saveLogin(EDITED);
    const edited = shortVersion(ruleSetVersion(readRuleSources(rules.dir)));
    await until('both processes saying so', () => served.output().split(`rules: version ${edited} is live (`).length - 1 === 2);
    // Each connection goes to the next process: both answer with the edit.
    const answers = await Promise.all(Array.from({ length: 6 }, () => emptySignIn(served.url)));
    expect(new Set(answers)).toEqual(new Set([`400 ${EDITED}`]));
  });
});
