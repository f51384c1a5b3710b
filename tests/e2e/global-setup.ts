import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { DATA_ROOT, DEMO_ENV, E2E_START, PROJECT_DIR, type Demo, type DemoLogin } from './support.ts';

/**
 * Builds the web UI as `npm start` serves it, and seeds one demo database that every test file
 * copies (seeding takes longer than copying a folder). The workers read where through the
 * environment, which they inherit from this process.
 */
export async function setup(): Promise<() => void> {
  // The server runs in the test workers: its request log would bury the test output.
  process.env.LOG_LEVEL ??= 'silent';
  // Built into a folder of this run's own, so runs side by side do not replace each other's files.
  const webDir = mkdtempSync(join(tmpdir(), 'shiftinator-e2e-web-'));
  await build({ configFile: join(PROJECT_DIR, 'web', 'vite.config.ts'), logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
  const templateDir = mkdtempSync(join(DATA_ROOT, 'shiftinator-e2e-demo-'));
  const out = execFileSync(process.execPath, [join(PROJECT_DIR, 'cli', 'shiftinator.mjs'), 'db', 'seed', '--data', templateDir, '--json', '--now', E2E_START], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  const seeded = JSON.parse(out) as { logins: DemoLogin[] };
  const demo: Demo = { templateDir, webDir, logins: seeded.logins };
  process.env[DEMO_ENV] = JSON.stringify(demo);
  return () => {
    rmSync(templateDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  };
}

// Playwright reads the default export of its global setup file; what it returns is the teardown.
export { setup as default };
