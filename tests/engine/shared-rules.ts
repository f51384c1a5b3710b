import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleSource } from '../../engine/ruleset.ts';

const RULES_DIR = join(import.meta.dirname, '..', '..', 'rules');

/** The shared rule files of rules/ (checks and facts the action files use by name), for a test that loads a few action files alone. */
export function sharedRuleSources(): RuleSource[] {
  return readdirSync(RULES_DIR)
    .filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json'))
    .map((n) => ({ file: `rules/${n}`, json: JSON.parse(readFileSync(join(RULES_DIR, n), 'utf8')) as unknown }))
    .filter((s) => s.json !== null && typeof s.json === 'object' && 'library' in s.json);
}
