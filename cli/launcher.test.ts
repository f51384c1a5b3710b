import { execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './test-support.ts';

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
});
