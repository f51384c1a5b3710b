import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { watchRulesFolder, type RulesWatch } from '../../cli/rules-watch.ts';

// The watch of serve's rules folder never dies in silence: whatever replaces the folder, it is
// watched again; while it is gone the watch says so and keeps the last good set; a link that
// leaves the folder is refused, and a refused file's content is never echoed.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');
const SECRET = 'root:x:0:0:do-not-echo-me';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function setup(): { parent: string; dir: string; watch: RulesWatch; logged: string[]; versions: string[] } {
  const parent = mkdtempSync(join(tmpdir(), 'shiftinator-watch-'));
  const dir = join(parent, 'rules');
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const logged: string[] = [];
  const versions: string[] = [];
  const watch = watchRulesFolder(dir, ruleSetVersion(readRuleSources(dir)), { log: (l) => logged.push(l), debounceMs: 50, pollMs: 100 });
  watch.subscribe(async (set) => {
    versions.push(set.rulesHash);
  });
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  cleanups.push(() => watch.close());
  return { parent, dir, watch, logged, versions };
}

function loginFile(message: string): string {
  const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'login.json'), 'utf8')) as { rules: { message: string }[] };
  for (const rule of json.rules) rule.message = message;
  return JSON.stringify(json, null, 2);
}

async function until(what: string, check: () => boolean, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the rules watch', () => {
  it('survives the folder being deleted and made again, saying so while it is gone', async () => {
    const { parent, dir, watch, logged, versions } = setup();
    const live = shortVersion(ruleSetVersion(readRuleSources(dir)));
    rmSync(dir, { recursive: true });
    await until('missing', () => watch.health().state === 'missing');
    expect(logged).toEqual([`rules: cannot watch ${dir}: it is gone or not a folder; version ${live} stays live; looking for it every second`]);
    cpSync(DEFAULT_RULES_DIR, join(parent, 'staging'), { recursive: true });
    writeFileSync(join(parent, 'staging', 'login.json'), loginFile('ERROR: after the deploy.'));
    cpSync(join(parent, 'staging'), dir, { recursive: true });
    await until('the new set', () => versions.length === 1);
    expect(versions[0]).toBe(ruleSetVersion(readRuleSources(dir)));
    expect(watch.health()).toEqual(expect.objectContaining({ state: 'watching', lastRefusal: null }));
    expect(logged).toContain(`rules: watching ${dir} again (it is back)`);
  });

  it('follows a folder renamed over the old one, and a checkout that rewrites every file', async () => {
    const { parent, dir, watch, versions } = setup();
    cpSync(DEFAULT_RULES_DIR, join(parent, 'next'), { recursive: true });
    writeFileSync(join(parent, 'next', 'login.json'), loginFile('ERROR: renamed in.'));
    renameSync(dir, join(parent, 'old'));
    renameSync(join(parent, 'next'), dir);
    await until('the renamed folder', () => versions.length === 1);
    expect(versions[0]).toBe(ruleSetVersion(readRuleSources(dir)));
    // Every file written again, one by one, the last one changed.
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), readFileSync(join(DEFAULT_RULES_DIR, name)));
    writeFileSync(join(dir, 'login.json'), loginFile('ERROR: checked out.'));
    await until('the checkout', () => versions.at(-1) === ruleSetVersion(readRuleSources(dir)));
    expect(watch.health().state).toBe('watching');
  });

  it('refuses a link that leaves the folder, and never echoes a refused file', async () => {
    const { parent, dir, watch, logged, versions } = setup();
    const outside = join(parent, 'passwd.json');
    writeFileSync(outside, SECRET);
    symlinkSync(outside, join(dir, 'aaa.json'));
    await until('the refusal', () => logged.length === 1);
    expect(logged[0]).toBe(`rules: refused the edit of ${dir}: ${join(dir, 'aaa.json')}: is a link to a file outside the rules folder: links that leave the folder are refused (copy the file in); version ${shortVersion(ruleSetVersion(readRuleSources(DEFAULT_RULES_DIR)))} stays live`);
    expect(watch.health().lastRefusal?.reason).toContain('is a link to a file outside the rules folder');
    rmSync(join(dir, 'aaa.json'));
    // A file in the folder that is not JSON: where, never what.
    writeFileSync(join(dir, 'aaa.json'), SECRET);
    await until('the second refusal', () => logged.length === 2);
    expect(logged[1]).toContain(`${join(dir, 'aaa.json')}: is not valid JSON: it does not read as JSON (an unexpected character)`);
    expect(logged.join('\n')).not.toContain('root:x');
    expect(versions).toEqual([]);
    // The same from `rules lint`, on stderr.
    const lint = spawnSync(NODE, [CLI, 'rules', 'lint', dir], { cwd: ROOT, encoding: 'utf8' });
    expect(lint.stderr).toBe(`error: ${join(dir, 'aaa.json')}: is not valid JSON: it does not read as JSON (an unexpected character)\n`);
    rmSync(join(dir, 'aaa.json'));
    symlinkSync(outside, join(dir, 'aaa.json'));
    const linked = spawnSync(NODE, [CLI, 'rules', 'lint', dir], { cwd: ROOT, encoding: 'utf8' });
    expect(linked.stderr).not.toContain('root:x');
    expect(linked.stderr).toContain('is a link to a file outside the rules folder');
    expect(linked.status).toBe(2);
  });

  it('follows a link within the folder', async () => {
    const { dir, versions } = setup();
    writeFileSync(join(dir, 'login.real'), loginFile('ERROR: through a link.'));
    rmSync(join(dir, 'login.json'));
    symlinkSync(join(dir, 'login.real'), join(dir, 'login.json'));
    await until('the linked file', () => versions.length === 1);
    expect(versions[0]).toBe(ruleSetVersion(readRuleSources(dir)));
  });
});
