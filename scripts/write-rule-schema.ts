// Regenerates rules/rule-file.schema.json, rules/roles.schema.json and rules/parameters.schema.json from the engine's zod schemas (npm run schema).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parametersJsonSchema, ruleFileJsonSchema, rolesJsonSchema } from '../engine/index.ts';
import { DEFAULT_RULES_DIR } from '../cli/load-rules.ts';

for (const [name, schema] of [
  ['rule-file.schema.json', ruleFileJsonSchema()],
  ['roles.schema.json', rolesJsonSchema()],
  ['parameters.schema.json', parametersJsonSchema()],
] as const) {
  const target = join(DEFAULT_RULES_DIR, name);
  writeFileSync(target, JSON.stringify(schema, null, 2) + '\n');
  console.log(`wrote ${target}`);
}
