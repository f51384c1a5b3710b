import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuleSources } from '../../cli/load-rules.ts';
import { loadVersionedRules, ruleSetVersion, rulesLine } from '../../cli/rule-version.ts';
import { COVERING_FIXTURE, removeDir, ROOT, runCli, tempDir } from './test-support.ts';

describe('ruleSetVersion', () => {
  const sources = readRuleSources(join(ROOT, 'rules'));

  it('is sha256 hex over the files, whatever order they come in and however they are laid out', () => {
    const hash = ruleSetVersion(sources);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ruleSetVersion([...sources].reverse())).toBe(hash);
    expect(ruleSetVersion(sources.map((s) => ({ file: s.file, json: JSON.parse(JSON.stringify(s.json)) as unknown })))).toBe(hash);
  });

  it('changes when a rule changes', () => {
    const [first, ...rest] = sources;
    if (!first) throw new Error('no rule files');
    const changed = { file: first.file, json: { ...(first.json as object), description: 'changed' } };
    expect(ruleSetVersion([changed, ...rest])).not.toBe(ruleSetVersion(sources));
  });

  it('changes when the roles file changes', () => {
    const roles = sources.find((s) => s.kind === 'roles');
    if (!roles) throw new Error('no roles file');
    const changed = { ...roles, json: { ...(roles.json as object), description: 'changed' } };
    expect(ruleSetVersion(sources.map((s) => (s === roles ? changed : s)))).not.toBe(ruleSetVersion(sources));
  });

  it('changes when a value of parameters.json changes', () => {
    const params = sources.find((s) => s.kind === 'parameters');
    if (!params) throw new Error('no parameters file');
    const json = JSON.parse(JSON.stringify(params.json)) as { parameters: Record<string, { value: unknown }> };
    (json.parameters.maxWorkMinutes as { value: unknown }).value = 540;
    expect(ruleSetVersion(sources.map((s) => (s === params ? { ...params, json } : s)))).not.toBe(ruleSetVersion(sources));
  });

  it('is shown as the folder and the first 12 hex digits', () => {
    const loaded = loadVersionedRules(join(ROOT, 'rules'));
    expect(loaded.version).toBe(ruleSetVersion(sources));
    expect(rulesLine({ dir: 'rules', version: loaded.version })).toBe(`rules: rules (version ${loaded.version.slice(0, 12)})`);
  });
});

describe('every report names its rules and their version', () => {
  const version = loadVersionedRules(join(ROOT, 'rules')).version;
  const line = `rules: rules (version ${version.slice(0, 12)})`;
  let dir: string;
  let other: string;

  beforeAll(() => {
    dir = tempDir();
    other = join(dir, 'other-rules');
    cpSync(join(ROOT, 'rules'), other, { recursive: true });
    const file = join(other, 'parameters.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"maxWorkMinutes": { "value": 600,', '"maxWorkMinutes": { "value": 660,'));
  });

  afterAll(() => removeDir(dir));

  it('replay: the text report\'s first line, the JSON report\'s "rules", the JUnit suite\'s properties', async () => {
    const text = await runCli(['replay', COVERING_FIXTURE]);
    expect(text.stdout.split('\n')[0]).toBe(line);
    const json = await runCli(['replay', COVERING_FIXTURE, '--json']);
    expect((JSON.parse(json.stdout) as { rules: unknown }).rules).toEqual({ dir: 'rules', version });
    const junit = await runCli(['replay', COVERING_FIXTURE, '--reporter', 'junit']);
    expect(junit.stdout).toContain(`    <properties>\n      <property name="rules" value="rules"/>\n      <property name="rulesVersion" value="${version}"/>\n    </properties>\n`);
  });

  it('check, and any command given --rules: that folder and its own version', async () => {
    const check = await runCli(['check', COVERING_FIXTURE]);
    expect(check.stdout.split('\n')[0]).toBe(line);
    const otherVersion = loadVersionedRules(other).version;
    expect(otherVersion).not.toBe(version);
    const run = await runCli(['check', COVERING_FIXTURE, '--rules', other]);
    expect(run.stdout.split('\n')[0]).toBe(`rules: ${other} (version ${otherVersion.slice(0, 12)})`);
  });
});
