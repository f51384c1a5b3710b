import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../engine/index.ts';
import { createSession } from '../../server/auth.ts';
import { Random } from '../../server/demo/random.ts';
import { loadWorldAt, postedShiftWorld, useTestServer, withRecords } from './support.ts';

// A seeded property test: malformed input (wrong types, huge, negative and fractional numbers,
// bad dates, unicode, nulls, extra fields, bodies that are not JSON) sent to every operation of
// /api/openapi.json, signed in, in its path parameters, query and body. No answer may be a 5xx,
// and no 2xx may change the data. FUZZ_SEED and FUZZ_CASES explore further.

const server = useTestServer();
const SEED = Number(process.env.FUZZ_SEED ?? 27);
const CASES = Number(process.env.FUZZ_CASES ?? 5);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Values no field of the contract accepts as its kind, by kind (null: a required field's); `any`, for extra fields. */
const BAD: Record<'id' | 'number' | 'instant' | 'text' | 'boolean' | 'any', readonly Json[]> = {
  id: [2 ** 31, 2 ** 53, -1, 0, 1.5, 1e308, -1e308, '1', 'AB', null, true, [], {}],
  number: [2 ** 31, -(2 ** 31), 1e308, -1e308, 2 ** 53, 'seven', '0', null, false, [1], { n: 1 }],
  instant: ['2025-13-01 10:00', '2025-02-30 08:00', '0000-01-01 00:00', '2025-10-15 25:61', '2025-10-15T08:00+25:00', 'friday', '💥', '', 1760619600000, null, {}],
  text: [42, true, { a: 1 }, ['x'], 'x'.repeat(2_001), null],
  boolean: ['true', 1, 0, null, 'yes', []],
  any: [null, '\u0000', '日本語', '💩'.repeat(40), -0, 1e-300, JSON.parse('{"__proto__": {"admin": true}}') as Json, [null], ''],
};
/** Path and query text no parameter accepts. */
const BAD_TEXT = ['2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', '0x10', ' 1', 'abc', '%F0%9F%92%A9', '%00', 'null', '2025-13-01', '0000-01-01', '2025-02-30', "1'; drop table agents;--"];
/** Bodies that are not JSON. */
const NOT_JSON = ['{', 'hello', '[1,', '{"a":1}x', "{'a':1}", '\u0000', 'nul', '{"a":}'];
/** Good-looking values, so that one bad field is what the request gets wrong. */
const PLAUSIBLE: Record<'id' | 'number' | 'instant' | 'text' | 'boolean', Json> = { id: 10, number: 0, instant: '2025-10-15 08:00', text: 'x', boolean: false };

type Kind = keyof typeof PLAUSIBLE;
interface Schema {
  type?: string | string[];
  maxLength?: number;
  minimum?: number;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  required?: string[];
  anyOf?: Schema[];
}

const typesOf = (s: Schema): string[] => [s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat().filter((t): t is string => typeof t === 'string');
const nullable = (s: Schema): boolean => typesOf(s).includes('null');

/** What kind of value a property of the document takes. */
function kindOf(s: Schema): Kind {
  const types = typesOf(s);
  if (types.includes('integer') || s.minimum === 1 || s.anyOf?.some((a) => a.minimum === 1)) return 'id';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  if (s.maxLength === 40) return 'instant';
  return 'text';
}

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
}

/** One malformed request of an operation: its path, query and body (text, or undefined for none). */
function malformed(op: Operation, random: Random, inputsOf: (action: string) => string[]): { url: string; body?: string } {
  // Whether a path parameter was given a bad value: the body then need not have one.
  let badParam = false;
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    if (p.in === 'path') {
      const bad = !p.schema?.enum && random.next() < 0.5;
      badParam ||= bad;
      const good = p.schema?.enum ? String(random.pick(p.schema.enum)) : '10';
      url = url.replace(`{${p.name}}`, bad ? encodeURIComponent(decodeURIComponent(random.pick(BAD_TEXT))) : good);
    } else if (p.in === 'query' && p.schema?.type === 'object') {
      // The slices' input: the action's own fields, one of them wrong.
      const action = /\/api\/\w+\/(\w+)/.exec(url)?.[1] ?? '';
      for (const name of inputsOf(action)) query.set(name, random.next() < 0.4 ? decodeURIComponent(random.pick(BAD_TEXT)) : '10');
    } else if (p.in === 'query') {
      query.set(p.name, decodeURIComponent(random.pick(BAD_TEXT)));
    }
  }
  if (random.next() < 0.2) query.set(random.pick(['extra', '__proto__', 'constructor', 'confirmed']), random.pick(['1', 'true', 'x']));
  const search = query.toString();
  const full = search ? `${url}?${search}` : url;
  if (!op.body && op.method === 'get') return { url: full };
  if (!op.body || random.next() < 0.15) return { url: full, body: random.pick(NOT_JSON) };
  const body: Record<string, Json> = {};
  const props = Object.entries(op.body.properties ?? {});
  for (const [name, s] of props) body[name] = PLAUSIBLE[kindOf(s)] as Json;
  // One to three fields wrong (always one when the path was not), sometimes an extra field.
  const wrong = badParam ? Math.floor(random.next() * 3) : 1 + Math.floor(random.next() * 3);
  for (let i = 0; i < wrong && props.length > 0; i++) {
    const [name, s] = random.pick(props);
    // null is a value an optional field takes.
    body[name] = random.pick(BAD[kindOf(s)].filter((v) => v !== null || !nullable(s))) as Json;
  }
  // An extra field is ignored: it never makes a request malformed by itself.
  if (random.next() < 0.3) body[random.pick(['extra', 'isAdmin', 'agentId', 'id'])] = random.pick(BAD.any) as Json;
  if (random.next() < 0.1) return { url: full, body: JSON.stringify(random.pick([[body], 'body', 42, null])) };
  return { url: full, body: JSON.stringify(body) };
}

/** Tables the data lives in: the world's collections and what people keep (not sessions, the decision log or the sign-in throttle, which requests write by design). */
const TABLES = [...Object.keys(COLLECTIONS).map((c) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)), 'accounts', 'calendar_feeds', 'notifications', 'notice_settings', 'events'];

/** A digest of every table's rows: any insert, update or delete changes it. */
async function digest(): Promise<string> {
  const text = TABLES.map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`).join(' union all ');
  const rows = await server.db.exclusive(() => server.db.query({ text, params: [] }));
  return rows.map((r) => `${String(r.t)}:${String(r.h)}`).join(' ');
}

const WORLD = withRecords(
  postedShiftWorld([{ id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', status: 'pending' }]),
  {
    agents: [{ agentId: 200, agentType: 450, initials: 'SV' }],
    shifts: [{ id: 2, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 }],
    pickupPostings: [{ id: 20, agentId: 102, start: '2025-10-17 00:00', end: '2025-10-17 23:59', type: 0 }],
  },
);

describe(`malformed input to every operation of /api/openapi.json (seed ${SEED})`, () => {
  const operations: Operation[] = [];
  beforeAll(async () => {
    await loadWorldAt(server, '2025-10-14 09:00', WORLD);
    const doc = (await (await server.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, unknown> }> }>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // The event stream stays open by design; signing out would end the session the rest uses.
        if (op.responses['200']?.content?.['text/event-stream'] || path === '/api/logout') continue;
        operations.push({ method, path, params: op.parameters ?? [], ...(op.requestBody ? { body: op.requestBody.content['application/json']?.schema ?? {} } : {}) });
      }
    }
  });

  it('answers no 5xx, and no 2xx changes the data', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const random = new Random(SEED);
    const inputsOf = (action: string): string[] => (server.rules.hasAction(action) ? Object.keys(server.rules.action(action).file.input) : []);
    // One session for the run, a supervisor's: the most the rules let through.
    const sid = await server.db.exclusive(() => createSession(server.db.em(), 200, 45, new Date(Date.UTC(2025, 9, 14, 13))));
    const headers = { cookie: `shiftinator_session=${sid}`, 'content-type': 'application/json' };
    let before = await digest();
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (let i = 0; i < CASES; i++) {
        const { url, body } = malformed(op, random, inputsOf);
        const res = await server.request(url, { method: op.method.toUpperCase(), headers, ...(body !== undefined ? { body } : {}) });
        const answer = await res.text();
        sent++;
        const shown = `${op.method.toUpperCase()} ${url} ${body?.slice(0, 200) ?? ''} -> ${res.status} ${answer.slice(0, 200)}`;
        if (res.status >= 500) failures.push(shown);
        // Made-up credentials are a 401; anywhere else it would mean the session was lost.
        if (res.status === 401 && op.path !== '/api/login') failures.push(`signed out: ${shown}`);
        if (op.method !== 'get' && res.status < 300) {
          const after = await digest();
          if (after !== before) failures.push(`changed the data: ${shown}`);
          before = after;
        }
      }
    }
    expect(failures, `seed ${SEED}, ${sent} requests`).toEqual([]);
  }, 180_000);
});
