import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { startTestServer, type TestServer } from './support.ts';

/**
 * Every call named in section 7 of the three spec documents is served under /api, with the method
 * the spec gives it. The exceptions are deliberate and say where they went.
 */
const SPEC_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'spec');

const NOT_SERVED: Record<string, string> = {
  // GET /login/{initials}/{cell}/{password} would put passwords in URLs and logs: POST /api/login instead (docs/decisions.md).
  login: 'POST',
};
/** The spec's unnamed `/{hash}/...` window-before calls, under the names docs/decisions.md gives them. */
const RENAMED: Record<string, string> = { '{hash}': 'getMin18HourPeriodBefore' };

function specCalls(): { method: string; name: string }[] {
  const out = new Map<string, { method: string; name: string }>();
  for (const doc of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.md'))) {
    const body = readFileSync(join(SPEC_DIR, doc), 'utf8');
    const section = /^## 7\..*?(?=^## 8)/ms.exec(body)?.[0] ?? '';
    for (const line of section.split('\n')) {
      // "GET /a/{x}, /b/{y}": a method applies to the paths after it on its line, until the next method.
      let method = 'GET';
      for (const m of line.matchAll(/(?:\b(GET|POST|PUT)\s+)?(?:\/api)?\/([A-Za-z{][A-Za-z0-9]*\}?)/g)) {
        if (m[1]) method = m[1];
        const name = m[2] as string;
        const previous = line.slice(0, m.index).trimEnd();
        // A path segment after another one (/{agentId}) is a parameter of the call before it.
        if (name.startsWith('{') && name !== '{hash}') continue;
        if (/[}\w]$/.test(previous) && !/\b(GET|POST|PUT)$/.test(previous)) continue;
        // "/removeOpenShift/{id}/{id2} (PUT)": a method may follow the path instead.
        const after = /^[^\s,;]*\s*\((GET|POST|PUT)\)/.exec(line.slice((m.index ?? 0) + m[0].length))?.[1];
        const verb = after ?? method;
        out.set(`${verb} ${name}`, { method: verb, name: RENAMED[name] ?? name });
      }
    }
  }
  return [...out.values()];
}

let server: TestServer;
let served: Set<string>;
beforeAll(async () => {
  server = await startTestServer();
  const app = createApp({ db: server.db, rules: server.rules, rulesHash: 'test', now: () => 0 });
  served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.split('/')[2] ?? ''}`));
}, 120_000);
afterAll(async () => {
  await server.drop();
});

describe('the calls of spec section 7', () => {
  const calls = specCalls();

  it('finds them in the three documents', () => {
    expect(calls.length).toBeGreaterThan(100);
  });

  it.each(calls.map((c) => [`${c.method} /api/${c.name}`, c]))('%s is served', (_label, call) => {
    if (NOT_SERVED[call.name] !== undefined) {
      expect(served.has(`${call.method} ${call.name}`)).toBe(false);
      expect(served.has(`${NOT_SERVED[call.name]} ${call.name}`)).toBe(true);
      return;
    }
    expect(served.has(`${call.method} ${call.name}`), `${call.method} /api/${call.name}`).toBe(true);
  });
});
