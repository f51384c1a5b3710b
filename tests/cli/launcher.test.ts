import { execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, removeDir, ROOT, runCli, tempDir, writeJson } from './test-support.ts';

/** The machine's own Node, outside node_modules, when it is one too old to run the CLI's TypeScript. */
function oldSystemNode(): string | undefined {
  const path = (process.env.PATH ?? '').split(delimiter).filter((p) => !p.includes('node_modules')).join(delimiter);
  try {
    const node = execFileSync('sh', ['-c', 'command -v node'], { env: { PATH: path }, encoding: 'utf8' }).trim();
    const [major = 0, minor = 0] = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.').map(Number);
    return major < 22 || (major === 22 && minor < 18) ? node : undefined;
  } catch {
    return undefined;
  }
}

const oldNode = oldSystemNode();

describe('the shiftinator launcher', () => {
  it.skipIf(!oldNode)('hands over from an old Node to the pinned one, passing arguments and the exit code', async () => {
    const ok = await runCli(['rules', 'lint'], { node: oldNode });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK: \d+ rule files, \d+ rules\n$/);
    const missing = await runCli(['replay', join(ROOT, 'no-such-folder')], { node: oldNode });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: ${join(ROOT, 'no-such-folder')}: no such file or folder\n`);
  });

  it('runs as an executable file', () => {
    const out = execFileSync(CLI, ['--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toContain('Usage: shiftinator');
  });

  it('exits 2 on a command it does not know', async () => {
    const run = await runCli(['frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("error: unknown command 'frobnicate'");
  });

  describe('commands that read the decision log through', () => {
    // A preload every Node of the run gets (NODE_OPTIONS is inherited): the one the launcher hands over to says how it was started.
    const dir = tempDir();
    const probe = writeJson(join(dir, 'probe.mjs'), "if (process.env.SHIFTINATOR_REEXEC) process.stderr.write(`started with ${JSON.stringify(process.execArgv)}\\n`);");
    const env = { ...process.env, NODE_OPTIONS: `--import ${probe}`, DATABASE_URL: undefined, DATA_DIR: join(dir, 'no-data') };
    afterAll(() => removeDir(dir));

    it.each([
      [['dry-run', '--from-log', '--rules', 'rules']],
      [['log', 'export', join(dir, 'out')]],
    ])('%j runs in a Node whose WebAssembly stays on the baseline compiler and whose heap is capped, passing its error and exit code', async (args) => {
      const run = await runCli(args, { env });
      expect(run.stderr).toContain('started with ["--liftoff-only","--max-old-space-size=256","--max-semi-space-size=8"]');
      expect(run.stderr).toContain(`error: ${join(dir, 'no-data')} holds no Shiftinator database`);
      expect(run.code).toBe(2);
    });

    it('other commands run in the first Node', async () => {
      const run = await runCli(['rules', 'lint'], { env });
      expect(run.code).toBe(0);
      expect(run.stderr).not.toContain('started with');
    });
  });
});
