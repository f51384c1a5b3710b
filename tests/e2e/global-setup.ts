import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { E2E_START, PROJECT_DIR, type DemoLogin } from './support.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    demo: { templateDir: string; webDir: string; logins: DemoLogin[] };
  }
}

/**
 * Builds the web UI as `npm start` serves it, and seeds one demo database that every test file
 * copies (seeding takes longer than copying a folder).
 */
export async function setup(project: TestProject): Promise<() => void> {
  // Built into a folder of this run's own, so runs side by side do not replace each other's files.
  const webDir = mkdtempSync(join(tmpdir(), 'shiftinator-e2e-web-'));
  await build({ configFile: join(PROJECT_DIR, 'web', 'vite.config.ts'), logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
  const templateDir = mkdtempSync(join(tmpdir(), 'shiftinator-e2e-demo-'));
  const out = execFileSync(process.execPath, [join(PROJECT_DIR, 'cli', 'shiftinator.mjs'), 'db', 'seed', '--data', templateDir, '--json', '--now', E2E_START], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  const seeded = JSON.parse(out) as { logins: DemoLogin[] };
  project.provide('demo', { templateDir, webDir, logins: seeded.logins });
  return () => {
    rmSync(templateDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  };
}

// Vitest reads the named setup and teardown of a global setup file.
export { setup as default };
