import { defineConfig } from 'vitest/config';

/**
 * The browser tests (issue 5 and 6): Playwright drives Debian's Chromium against the real server
 * on a seeded embedded database. One file at a time: each starts its own server and browser, and
 * the machine has two cores.
 */
export const config = defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    // The server runs in the test process: its request log would bury the test output.
    env: { LOG_LEVEL: 'silent' },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});

// Vitest reads the default export of its config file.
export { config as default };
