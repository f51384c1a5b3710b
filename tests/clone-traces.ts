import { registerHooks } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Run as a child process by tests/engine/rule-library-traces.test.ts: replays every fixture as
 * `replay --trace` does and prints each file's result (decision, trace, changes), one JSON line per
 * file, after a first line naming the `clone` json-rules-engine loaded. The hook is in place
 * before the engine is imported.
 */
const ROOT = join(import.meta.dirname, '..');
let loaded = '';
registerHooks({
  resolve(specifier, context, next) {
    const fromEngine = specifier === 'clone' && (context.parentURL ?? '').includes('/json-rules-engine/');
    const resolved = next(specifier, context);
    if (fromEngine) loaded = relative(ROOT, fileURLToPath(resolved.url));
    return resolved;
  },
});

const { loadRulesDir } = await import('../cli/load-rules.ts');
const { DEFAULT_FIXTURES_DIR, findScenarioFiles, replayFile } = await import('../cli/scenario-files.ts');

const rules = loadRulesDir();
const lines = [JSON.stringify({ clone: loaded })];
for (const path of findScenarioFiles([DEFAULT_FIXTURES_DIR])) lines.push(JSON.stringify(await replayFile(rules, path, { trace: true })));
process.stdout.write(`${lines.join('\n')}\n`);
