import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_SCHEMA_FILE, apiDocument, apiSchemaSource } from '../../scripts/api-schema.ts';

// The web's call types are the checked-in web/src/api-schema.d.ts: a route, field or answer
// changed on the server without `npm run api:schema` would leave the web typed against the old API.
it('web/src/api-schema.d.ts is what the current /api/openapi.json generates (npm run api:schema rewrites it)', async () => {
  const generated = await apiSchemaSource(await apiDocument());
  expect(readFileSync(API_SCHEMA_FILE, 'utf8') === generated, 'web/src/api-schema.d.ts is out of date: run npm run api:schema').toBe(true);
}, 60_000);
