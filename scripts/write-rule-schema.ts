// Regenerates rules/rule-file.schema.json from the engine's zod schema (npm run schema).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleFileJsonSchema } from '../engine/index.ts';
import { DEFAULT_RULES_DIR } from '../cli/load-rules.ts';

const target = join(DEFAULT_RULES_DIR, 'rule-file.schema.json');
writeFileSync(target, JSON.stringify(ruleFileJsonSchema(), null, 2) + '\n');
console.log(`wrote ${target}`);
