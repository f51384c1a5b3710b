import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', 'coverage/', '**/dist/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: { window: 'readonly', document: 'readonly', console: 'readonly', fetch: 'readonly' } },
  },
  {
    // The browser bundle holds the engine and the web's own code: the server's types may be named
    // (they are erased), its code never imported.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/cli/**', 'node:*'], allowTypeImports: true, message: 'The browser bundle never includes server or CLI code: import their types only (import type).' },
          ],
        },
      ],
    },
  },
  {
    // The engine runs in browsers too: no Node built-ins, no I/O.
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'url', 'worker_threads'], message: 'The engine is pure: no Node built-ins or I/O.' },
            { group: ['../cli/*', '../server/*', '../web/*', '../../cli/*', '../../server/*', '../../web/*'], message: 'Nothing depends the engine on its users.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
  {
    // A CommonJS package json-rules-engine requires (npm overrides): see vendor/clone-fast/index.js.
    files: ['vendor/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', Buffer: 'readonly' } },
  },
  {
    files: ['cli/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
