/**
 * The folders' boundaries, checked by `npm run lint` (dependency-cruiser). Rules name folders, not
 * files, so a new file is checked where it lands. Tests live under tests/ (a tree that mirrors the
 * code's folders) and may import anything; the rules below are about the code they test, so a test
 * file left beside the code is held to that folder's rules.
 */
const TEST = '^tests/';

/** A forbidden import: `from` files may not import `to` modules (dependency-cruiser's conditions). */
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    rule('engine-is-pure', 'The engine runs in browsers too and is used by everything else: it imports nothing of its users.', { path: '^engine/', pathNot: TEST }, { path: '^(server|cli|web|scripts|bench|tests)/' }),
    rule('engine-has-no-io', 'The engine is pure: no Node built-ins (files, network, processes).', { path: '^engine/', pathNot: TEST }, { dependencyTypes: ['core'] }),
    rule('server-not-cli-or-web', 'The CLI starts the server and the server serves the built web UI: never the reverse.', { path: '^server/', pathNot: TEST }, { path: '^(cli|web)/' }),
    rule('web-imports-engine-and-itself', 'The browser bundle holds the web UI, the engine and packages, no Node built-ins; the server only as types (next rule).', { path: '^web/src/', pathNot: TEST }, { path: '^(?!web/|engine/|server/|node_modules/)' }),
    rule('web-types-only-from-server', 'Types from the server (`import type`, erased from the bundle) keep the browser in step with it; a value would drag server code into the bundle.', { path: '^web/src/', pathNot: TEST }, { path: '^server/', dependencyTypesNot: ['type-only'] }),
    rule('only-tests-import-tests', 'Test helpers are for tests: scripts, benches and the product never depend on them.', { pathNot: TEST }, { path: '^tests/' }),
    rule('only-benches-import-benches', 'bench/ measures the product; nothing else depends on it.', { pathNot: `(^bench/|${TEST})` }, { path: '^bench/' }),
    rule('resolvable', 'An import that resolves to nothing fails at run time.', {}, { couldNotResolve: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results)/' },
    // Type-only imports are kept in the graph (and marked so), for the web-from-server rule.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
