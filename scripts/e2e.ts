import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests need Chromium (Debian's, at /usr/bin/chromium or CHROMIUM_PATH): without it
 * they are skipped, and the run says so plainly rather than passing in silence. CI installs it.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (!existsSync(chromium)) {
  console.log(`\nBROWSER TESTS SKIPPED: no Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH, then run npm run test:e2e.\n`);
  process.exit(0);
}
// Playwright Test's command line, on this Node (the project's own Node 24, not the machine's).
const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
const run = spawnSync(process.execPath, [playwright, 'test', '--config', join(root, 'playwright.config.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
