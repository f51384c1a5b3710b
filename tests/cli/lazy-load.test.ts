import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COVERING_FIXTURE, removeDir, runCli, tempDir } from './test-support.ts';

// The CLI imports a command's modules when the command runs (cli/main.ts, `lazy`): a listing or
// a replay loads the engine, not the server, the ORM or the database drivers.

const dir = tempDir();
afterAll(() => removeDir(dir));

/** The modules a CLI run loaded, by URL, as a preload sees them. */
async function loadedBy(args: string[]): Promise<string[]> {
  const list = join(dir, 'loaded.txt');
  const probe = join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = [];
registerHooks({ load(url, context, next) { seen.push(url); return next(url, context); } });
process.on('exit', () => writeFileSync(${JSON.stringify(list)}, seen.join('\\n')));
`,
  );
  const run = await runCli(args, { env: { ...process.env, NODE_OPTIONS: `--import ${probe}` } });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return readFileSync(list, 'utf8').split('\n');
}

const HEAVY = /\/(server\/|node_modules\/(@mikro-orm|@electric-sql|kysely|pg|hono|@hono|pino)\/)/;

describe('what a command loads', () => {
  it.each([
    ['rules list', ['rules', 'list']],
    ['replay of one file', ['replay', COVERING_FIXTURE]],
    ['check', ['check', COVERING_FIXTURE]],
    ['rules lint', ['rules', 'lint']],
  ])('%s: the engine and the CLI, none of the server, the ORM or the database drivers', async (_name, args) => {
    const loaded = await loadedBy(args);
    expect(loaded.some((url) => url.includes('/engine/index.ts'))).toBe(true);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });

  it('db seed --help still shows the command, its module unloaded', async () => {
    const loaded = await loadedBy(['db', 'seed', '--help']);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });
});
