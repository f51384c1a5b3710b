import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { formatInstant } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';

// `dry-run --scheduled`: what the next scheduled set would change, against the set in force,
// both read from the database.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const parent = mkdtempSync(join(tmpdir(), 'shiftinator-dry-scheduled-'));
const data = join(parent, 'data');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '' };
  delete env.DATABASE_URL;
  return spawnSync(NODE, [CLI, ...args], { cwd: ROOT, env, encoding: 'utf8' });
}

it('compares the set in force with the scheduled one', () => {
  const dir = join(parent, 'next');
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const login = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'login.json'), 'utf8')) as { rules: { message: string }[] };
  for (const rule of login.rules) rule.message = 'ERROR: From January, enter your initials, cell and password.';
  writeFileSync(join(dir, 'login.json'), JSON.stringify(login, null, 2));
  const fixtures = join(ROOT, 'fixtures', 'combineShifts');
  expect(run('rules', 'publish', DEFAULT_RULES_DIR, '--reason', 'the rules of today', '--fixtures', fixtures, '--data', data).status).toBe(0);
  const at = formatInstant(Math.floor(Date.now() / 60_000) + 60 * 24);
  const scheduled = run('rules', 'publish', dir, '--at', at, '--reason', 'from tomorrow', '--fixtures', fixtures, '--data', data);
  expect(scheduled.stderr).toBe('');
  const dry = run('dry-run', '--scheduled', '--data', data, '--fail-on-change', join(ROOT, 'fixtures', 'login'));
  expect(dry.stderr.split('\n')[0]).toBe(`dry-run: the set in force (${shortVersion(ruleSetVersion(readRuleSources(DEFAULT_RULES_DIR)))}) against the one scheduled for ${at}:00 (${shortVersion(ruleSetVersion(readRuleSources(dir)))})`);
  expect(dry.stdout).toContain('ERROR: From January, enter your initials, cell and password.');
  expect(dry.status).toBe(1);
}, 120_000);
