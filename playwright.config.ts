import { defineConfig } from '@playwright/test';

/**
 * The browser tests (`npm run test:e2e`): Playwright Test drives Debian's Chromium against the
 * real server on a seeded embedded database. Each test file starts its own server on its own copy
 * of the demo (tests/e2e/support.ts `useBrowserServer`); a worker runs one file at a time, its
 * tests in order.
 */
export const config = defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // One file at a time, as before the move to Playwright Test: two workers (`--workers 2`) are not
  // yet measured on a quiet machine, and on a starved one they doubled each test's time against
  // its 120 s limit (docs/performance.md, "Browser tests").
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  // Traces, error context and the report stay under test-results/ (git-ignored); screenshots of
  // the screens go to test-results/screenshots/, which this folder leaves alone.
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads fail on this network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The network is closed here: background connections would only fail, many at a time.
      // (`--headless` is Playwright's own, from `headless`, true by default.)
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // Recorded for every test, kept for a failed one: about a quarter of the run's CPU
    // (docs/performance.md, "Browser tests"). The screencast is left out; the DOM snapshot of each
    // step, which a failure is read from, stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});

// Playwright reads the default export of its config file.
export { config as default };
