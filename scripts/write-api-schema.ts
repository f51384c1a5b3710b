// Rewrites web/src/api-schema.d.ts from /api/openapi.json (npm run api:schema).
import { writeFileSync } from 'node:fs';
import { API_SCHEMA_FILE, apiDocument, apiSchemaSource } from './api-schema.ts';

writeFileSync(API_SCHEMA_FILE, await apiSchemaSource(await apiDocument()));
console.log(`wrote ${API_SCHEMA_FILE}`);
