import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint` fails on a boundary crossed (dependency-cruiser, .dependency-cruiser.mjs) and on
// an unused export (knip, knip.ts): each is run with the project's own configuration on a small
// project of files laid out like ours, which crosses every boundary once.

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules', '.bin');

const scratch = mkdtempSync(join(tmpdir(), 'shiftinator-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  const all = {
    'package.json': JSON.stringify({ name, type: 'module', private: true }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, verbatimModuleSyntax: true } }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function run(bin: string, args: string[], cwd: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(BIN, bin), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the boundaries (dependency-cruiser)', () => {
  const dir = project('boundaries', {
    'engine/pure.ts': "export const pure = 1;\n",
    'engine/io.ts': "import { readFileSync } from 'node:fs';\nimport { cli } from '../cli/tool.ts';\nexport const io = [readFileSync, cli];\n",
    'tests/engine/io.test.ts': "import { readFileSync } from 'node:fs';\nimport { cli } from '../../cli/tool.ts';\nimport { helper } from '../helper.ts';\nexport const t = [readFileSync, cli, helper];\n",
    'cli/tool.ts': "import { server } from '../server/app.ts';\nexport const cli = server;\n",
    'server/app.ts': "import { cli } from '../cli/tool.ts';\nimport { screen } from '../web/src/screen.ts';\nimport { world } from '../bench/world.ts';\nexport const server = [cli, screen, world];\n",
    'server/types.ts': 'export interface Answer { ok: boolean }\n',
    'web/src/screen.ts':
      "import { pure } from '../../engine/pure.ts';\nimport type { Answer } from '../../server/types.ts';\nexport const screen: Answer[] = [{ ok: pure === 1 }];\n",
    'web/src/leaky.ts': "import { server } from '../../server/app.ts';\nimport { cli } from '../../cli/tool.ts';\nimport { join } from 'node:path';\nexport const leaky = [server, cli, join];\n",
    'scripts/job.ts': "import { helper } from '../tests/helper.ts';\nimport { missing } from './missing.ts';\nexport const job = [helper, missing];\n",
    'bench/world.ts': 'export const world = 1;\n',
    'tests/helper.ts': "import { server } from '../server/app.ts';\nimport { world } from '../bench/world.ts';\nexport const helper = [server, world];\n",
  });

  it('names each import that crosses one, and nothing else; the command fails', () => {
    const { status, out } = run('depcruise', ['--config', join(ROOT, '.dependency-cruiser.mjs'), '--output-type', 'err', '.'], dir);
    expect(status).not.toBe(0);
    const found = [...out.matchAll(/error ([\w-]+): (\S+) → (\S+)/g)].map((m) => `${m[1]}: ${m[2]} → ${m[3]}`).sort();
    expect(found).toEqual(
      [
        'engine-is-pure: engine/io.ts → cli/tool.ts',
        'engine-has-no-io: engine/io.ts → fs',
        'server-not-cli-or-web: server/app.ts → cli/tool.ts',
        'server-not-cli-or-web: server/app.ts → web/src/screen.ts',
        'only-benches-import-benches: server/app.ts → bench/world.ts',
        'web-types-only-from-server: web/src/leaky.ts → server/app.ts',
        'web-imports-engine-and-itself: web/src/leaky.ts → cli/tool.ts',
        'web-imports-engine-and-itself: web/src/leaky.ts → path',
        'only-tests-import-tests: scripts/job.ts → tests/helper.ts',
        'resolvable: scripts/job.ts → ./missing.ts',
      ].sort(),
    );
  });
});

describe('unused exports (knip)', () => {
  it('an export no other file imports fails the command, named with its file', () => {
    const dir = project('unused', {
      'cli/main.ts': "import { used } from '../server/lib.ts';\nconsole.log(used());\n",
      'server/lib.ts': 'export function used(): number {\n  return helper();\n}\n\nexport function helper(): number {\n  return 1;\n}\n',
      'server/dead.ts': 'export const nobody = 1;\n',
    });
    const { status, out } = run('knip', ['--config', join(ROOT, 'knip.ts'), '--no-progress', '--include', 'files,exports'], dir);
    expect(status).toBe(1);
    expect(out).toMatch(/Unused files \(1\)\s+server\/dead\.ts/);
    expect(out).toMatch(/Unused exports \(1\)\s+helper\s+function\s+server\/lib\.ts:5:17/);
  });
});
