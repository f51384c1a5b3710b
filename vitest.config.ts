import { defineConfig } from 'vitest/config';

export const config = defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The migrated database each test file's own is copied from, made once for the run.
    globalSetup: ['tests/database-template.ts'],
    testTimeout: 60_000,
    // Creating and dropping a scratch PostgreSQL database can take many seconds on a busy machine.
    hookTimeout: 180_000,
    // The server's request and outbox lines (server/logger.ts) would bury the test output.
    env: { LOG_LEVEL: 'silent' },
  },
});

// Vitest reads the default export of its config file; the named export is the one we use elsewhere.
export { config as default };
