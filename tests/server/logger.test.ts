import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestination } from '../../server/logger.ts';

const loggerModule = new URL('../../server/logger.ts', import.meta.url).pathname;
const linesOf = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
}

describe('the server log (server/logger.ts)', () => {
  it('gathers lines and writes them out without waiting for more or for the process to end', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'server.log');
    // A descriptor, as the server's stdout is.
    const log = createLogger('info', logDestination(openSync(file, 'w')));
    log.info({ status: 200 }, 'first');
    log.info({ status: 404 }, 'second');
    expect(readFileSync(file, 'utf8')).toBe('');
    await eventually(() => linesOf(file).length === 2);
    expect(linesOf(file).map((l) => [l.msg, l.status])).toEqual([
      ['first', 200],
      ['second', 404],
    ]);
  });

  it('writes what it has gathered when the process exits', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-')), 'server.log');
    const script = `import { openSync } from 'node:fs';
      import { createLogger, logDestination } from ${JSON.stringify(loggerModule)};
      const log = createLogger('info', logDestination(openSync(${JSON.stringify(file)}, 'w')));
      for (let i = 0; i < 3; i++) log.info({ i }, 'line');
      process.exit(0);`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(linesOf(file).map((l) => l.i)).toEqual([0, 1, 2]);
  });
});
