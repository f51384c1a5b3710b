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
    // The engine runs in browsers too: no Node globals. Its imports (no Node built-ins, nothing of
    // its users) are checked with every other folder's boundary in .dependency-cruiser.mjs.
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts'],
    rules: {
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
