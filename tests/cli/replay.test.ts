import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COVERING_FIXTURE,
  COVERING_MESSAGE,
  coveringScenario,
  removeDir,
  runCli,
  summaryLine,
  tempDir,
  writeJson,
  type ScenarioJson,
} from './test-support.ts';

let dir: string;

/** Without agent 101's 16:30 shift the 480 offered minutes are all they work: the accept goes through. */
function okScenario(): ScenarioJson {
  const s = coveringScenario();
  s.name = 'accept: covering agent has nothing else that day';
  s.world.shifts = (s.world.shifts ?? []).filter((x) => x.id !== 2);
  s.expect = { outcome: 'ok' };
  return s;
}

function wrongMessageScenario(): ScenarioJson {
  const s = coveringScenario();
  s.name = 'accept: expects 300 minutes to cut <wrong> & "quoted"';
  s.expect = { outcome: 'error', message: COVERING_MESSAGE.replace('360', '300') };
  return s;
}

beforeAll(() => {
  dir = tempDir();
  writeJson(join(dir, 'good', 'covering.json'), coveringScenario());
  writeJson(join(dir, 'good', 'nested', 'deeper', 'ok.json'), okScenario());
  // A JSON Schema next to scenarios is not a scenario.
  writeJson(join(dir, 'good', 'scenario.schema.json'), { $schema: 'https://json-schema.org/draft/2020-12/schema' });
  writeJson(join(dir, 'good', 'README.md'), '# not JSON at all');
  writeJson(join(dir, 'mixed', 'a-pass.json'), coveringScenario());
  writeJson(join(dir, 'mixed', 'b-fail.json'), wrongMessageScenario());
  writeJson(join(dir, 'invalid', 'a-pass.json'), coveringScenario());
  writeJson(join(dir, 'invalid', 'b-broken.json'), '{ "name": "broken", ');
});

afterAll(() => removeDir(dir));

describe('shiftinator replay', () => {
  it('replays every *.json under a folder, recursively, skipping *.schema.json, and exits 0 when all match', async () => {
    const run = await runCli(['replay', join(dir, 'good')]);
    expect(run.code).toBe(0);
    expect(summaryLine(run.stdout)).toBe('2 passed, 0 failed');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
    expect(run.stdout).toMatch(/^PASS +\S*good\/covering\.json +accept: covering agent already over 600 minutes/m);
    expect(run.stdout).toMatch(/^PASS +\S*good\/nested\/deeper\/ok\.json +accept: covering agent has nothing else that day/m);
    expect(run.stdout).not.toContain('schema');
  });

  it('shows the differences and the actual answer of a failing scenario and exits 1', async () => {
    const run = await runCli(['replay', join(dir, 'mixed')]);
    expect(run.code).toBe(1);
    expect(summaryLine(run.stdout)).toBe('1 passed, 1 failed');
    expect(run.stdout).toMatch(/^FAIL +\S*mixed\/b-fail\.json +accept: expects 300 minutes/m);
    expect(run.stdout).toContain(`- message is ${JSON.stringify(COVERING_MESSAGE)}, expected ${JSON.stringify(COVERING_MESSAGE.replace('360', '300'))}`);
    expect(run.stdout).toContain('actual: {"outcome":"error"');
    expect(run.stdout).toContain('"rule":"acceptOffer.coveringMaxAfter"');
  });

  it('accepts several files and folders given by path, from any working folder', async () => {
    const run = await runCli(['replay', 'good/covering.json', 'mixed'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(summaryLine(run.stdout)).toBe('2 passed, 1 failed');
    expect(run.stdout).toMatch(/^PASS +good\/covering\.json /m);
  });

  it('replays the project fixtures when given no path', async () => {
    const run = await runCli(['replay']);
    expect(summaryLine(run.stdout)).toBeDefined();
    expect(run.stdout).toMatch(new RegExp(`^PASS +${COVERING_FIXTURE.replace(/\./g, '\\.')} `, 'm'));
  });

  it('--json prints only a machine-readable report', async () => {
    const run = await runCli(['replay', '--json', join(dir, 'mixed')]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ total: 2, passed: 1, failed: 1 });
    expect(report.results).toHaveLength(2);
    const [pass, fail] = report.results;
    expect(pass).toMatchObject({
      file: join(dir, 'mixed', 'a-pass.json'),
      name: 'accept: covering agent already over 600 minutes in the 18 hours after',
      passed: true,
      expected: { outcome: 'error', message: COVERING_MESSAGE },
      actual: { outcome: 'error', message: COVERING_MESSAGE, warnings: [] },
    });
    expect(fail).toMatchObject({
      file: join(dir, 'mixed', 'b-fail.json'),
      passed: false,
      expected: { outcome: 'error', message: COVERING_MESSAGE.replace('360', '300') },
      actual: { outcome: 'error', message: COVERING_MESSAGE, rule: 'acceptOffer.coveringMaxAfter' },
    });
  });

  it('--json reports an invalid file with an error and exits 2', async () => {
    const run = await runCli(['replay', '--json', join(dir, 'invalid')]);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ total: 2, passed: 1, failed: 1 });
    const broken = report.results[1];
    expect(broken.passed).toBe(false);
    expect(broken.file).toBe(join(dir, 'invalid', 'b-broken.json'));
    expect(broken.error).toContain(`${join(dir, 'invalid', 'b-broken.json')}: is not valid JSON`);
    expect(run.stderr).toContain(`error: ${join(dir, 'invalid', 'b-broken.json')}: is not valid JSON`);
  });

  it('--reporter junit writes one testsuite with one escaped testcase per scenario', async () => {
    const run = await runCli(['replay', '--reporter', 'junit', join(dir, 'mixed')]);
    expect(run.code).toBe(1);
    const xml = run.stdout;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite [^>]*tests="2" failures="1" errors="0"/);
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('<testcase classname="acceptOffer" name="accept: covering agent already over 600 minutes in the 18 hours after"');
    expect(xml).toContain('name="accept: expects 300 minutes to cut &lt;wrong&gt; &amp; &quot;quoted&quot;"');
    expect(xml).toContain('<failure message="message is &quot;ERROR: Covering agent is unable');
    expect(xml).toContain('actual: {&quot;outcome&quot;:&quot;error&quot;');
    // Nothing unescaped slips into the document.
    expect(xml).not.toMatch(/<wrong>|& /);
  });

  it('--output writes the JUnit report to a file and keeps the table on stdout', async () => {
    const out = join(dir, 'report.xml');
    const run = await runCli(['replay', '--reporter', 'junit', '--output', out, join(dir, 'good')]);
    expect(run.code).toBe(0);
    expect(summaryLine(run.stdout)).toBe('2 passed, 0 failed');
    const xml = readFileSync(out, 'utf8');
    expect(xml).toMatch(/<testsuite [^>]*tests="2" failures="0" errors="0"/);
    expect(xml).not.toContain('<failure');
  });

  it('reports a file or folder that does not exist and exits 2', async () => {
    const run = await runCli(['replay', join(dir, 'nowhere')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${join(dir, 'nowhere')}: no such file or folder\n`);
  });
});
