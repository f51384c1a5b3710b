import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadRulesDir } from '../cli/load-rules.ts';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/database.ts';
import { createLogger } from '../server/logger.ts';

/**
 * The browser's API types (web/src/api-schema.d.ts) are generated from /api/openapi.json, the
 * document the route definitions make, so the web's type check reads route types only and never
 * the server's modules. The file is checked in: a test (tests/web/api-schema.test.ts) fails when
 * it is no longer what the current routes and rules/ generate; `npm run api:schema` rewrites it.
 */
export const API_SCHEMA_FILE = join(import.meta.dirname, '..', 'web', 'src', 'api-schema.d.ts');

const HEADER = `/**
 * Generated from /api/openapi.json by \`npm run api:schema\` (scripts/api-schema.ts, openapi-typescript):
 * do not edit. The web's calls are typed from it (web/src/api.ts).
 */
`;

/** /api/openapi.json as the server built from this tree and rules/ serves it. */
export async function apiDocument(): Promise<Record<string, unknown>> {
  // The document needs no data, only an app: an empty in-memory database serves it.
  const db = await openDatabase({});
  try {
    const app = createApp({ db, rules: loadRulesDir(), rulesHash: 'api-schema', now: () => 0 }, { logger: createLogger('silent') });
    const res = await app.request('/api/openapi.json');
    if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  } finally {
    await db.close();
  }
}

/** The text of web/src/api-schema.d.ts for `doc`. */
export async function apiSchemaSource(doc: Record<string, unknown>): Promise<string> {
  const text = astToString(await openapiTS(doc as never, { alphabetize: false }));
  // The web reads `paths` and `components`; the rest stays in the file, unexported (knip counts unused exports).
  return HEADER + text.replace(/^export (type webhooks|type \$defs|interface operations)\b/gm, '$1');
}
