import type { KnipConfig } from 'knip';

/**
 * Dead files, unused exports and unused dependencies, checked by `npm run lint` (knip). An export
 * is for another file: one used only in its own file loses its `export`. Entry points are every
 * way the code is started; folders, not file lists, so a new file is checked where it lands.
 */
const config: KnipConfig = {
  // Besides what knip's plugins find: package.json's bin, web/index.html's script (Vite), vitest.config.ts.
  entry: [
    'cli/main.ts',
    // Started as a worker thread by path (cli/dry-run-pool.ts).
    'cli/dry-run-worker.ts',
    'server/main.ts',
    // Loaded by MikroORM's migrator from its folder (server/db/database.ts).
    'server/db/migrations/*.ts',
    'scripts/*.ts',
    'bench/*.{ts,mjs}',
    '**/*.test.ts',
    'tests/**/*.ts',
  ],
  project: ['{engine,server,cli,scripts,bench,tests}/**/*.{ts,mjs}', 'web/**/*.{ts,tsx}', '*.ts'],
};

// knip reads the default export of its config file; the lint allows named exports only.
export { config as default };
