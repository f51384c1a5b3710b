import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { useTestServer } from './support.ts';

type Json = Record<string, unknown>;
interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: string; schema: Json }[];
  requestBody?: { content: { 'application/json': { schema: Json } } };
  responses: Record<string, Json>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const server = useTestServer();
let doc: Json;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  const res = await server.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Json;
  const app = createApp({ db: server.db, rules: server.rules, rulesHash: 'test', now: () => 0 });
  // Handlers the app registered, less its middleware (method ALL), as OpenAPI writes paths.
  routes = app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({ method: r.method.toLowerCase(), path: r.path.replace(/:(\w+)/g, '{$1}') }));
});

function operations(): [string, string, Operation][] {
  const out: [string, string, Operation][] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) out.push([method, path, op]);
  }
  return out;
}

/** A body that fits a JSON Schema: the first example, or the simplest value of its type. */
function sample(schema: Json): unknown {
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if (Array.isArray(schema.anyOf)) return sample((schema.anyOf as Json[]).find((s) => s.type !== 'null') ?? {});
  // OpenAPI 3.1 writes a nullable field as type: [T, 'null'].
  const type: unknown = Array.isArray(schema.type) ? (schema.type as unknown[]).find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'string':
      return 'AB';
    case 'boolean':
      return true;
    case 'object':
      return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([k, v]) => [k, sample(v)]));
    default:
      return null;
  }
}

function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'action' ? 'combineShifts' : '1'));
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served without a session', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.info as Json).title).toBe('Shiftinator API');
    expect(doc.components).toHaveProperty('securitySchemes.session', expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'shiftinator_session' }));
  });

  it('lists every route the app serves, and nothing it does not', () => {
    const served = routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    const documented = operations().map(([m, p]) => `${m.toUpperCase()} ${p}`).sort();
    expect(served.filter((r) => !documented.includes(r)), 'served but not in the document (mount them with define, server/contract.ts)').toEqual([]);
    expect(documented.filter((r) => !served.includes(r)), 'in the document but not served').toEqual([]);
    for (const route of ['POST /api/login', 'POST /api/logout', 'PUT /api/acceptOffer/{id}', 'PUT /api/acceptOfferHours/{id}', 'POST /api/claimOpenShift', 'POST /api/claimOpenTrainingShift', 'POST /api/combineShifts']) {
      expect(documented).toContain(route);
    }
  });

  it('names each operation once, describes each answer and declares each path parameter', () => {
    const ids = operations().map(([, , op]) => (op as Operation & { operationId?: string }).operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, path, op] of operations()) {
      for (const [code, answer] of Object.entries(op.responses)) expect(typeof (answer.description ?? answer.$ref), `${method} ${path} ${code}`).toBe('string');
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
    }
  });

  it('every $ref points at something in the document', () => {
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === '$ref' && typeof x === 'string') refs.push(x);
          else walk(x);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('the action routes answer 200, 400, 401, 409 and 422 (and the accepts and claims 403), with their rules\' messages', () => {
    const ops = new Map(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const actions: [string, string, boolean][] = [
      ['put /api/acceptOffer/{id}', 'acceptOffer', true],
      ['put /api/acceptOfferHours/{id}', 'acceptOfferHours', true],
      ['post /api/claimOpenShift', 'claimOpenShift', true],
      ['post /api/claimOpenTrainingShift', 'claimOpenTrainingShift', true],
      ['post /api/combineShifts', 'combineShifts', false],
    ];
    for (const [key, action, forbidden] of actions) {
      const op = ops.get(key) as Operation;
      const codes = Object.keys(op.responses);
      for (const code of ['200', '400', '401', '409', '422']) expect(codes, `${key} ${code}`).toContain(code);
      expect(codes.includes('403'), `${key} 403`).toBe(forbidden);
      const text = JSON.stringify(op.responses['403']) + JSON.stringify(op.responses['409']) + JSON.stringify(op.responses['422']);
      for (const rule of server.rules.action(action).file.rules) expect(text, rule.id).toContain(rule.id);
    }
    const login = ops.get('post /api/login') as Operation;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });

  it('an operation that needs a session answers 401 without one, and one that does not, does not', async () => {
    for (const [method, path, op] of operations()) {
      const res = await server.request(concrete(path), { method: method.toUpperCase(), ...(op.requestBody ? { body: '{}' } : {}) });
      const open = Array.isArray(op.security) && op.security.length === 0;
      if (open) expect(res.status, `${method} ${path}`).not.toBe(401);
      else expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("request bodies are the routes' own: leaving out a required field, or giving one the wrong type, is a 400 naming it", async () => {
    let checked = 0;
    for (const [method, path, op] of operations()) {
      const schema = op.requestBody?.content['application/json'].schema;
      if (!schema) continue;
      const as = op.security?.length === 0 ? {} : { as: 1 };
      const valid = sample(schema) as Json;
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      for (const field of (schema.required ?? []) as string[]) {
        const body = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));
        const res = await server.request(concrete(path), { method: method.toUpperCase(), ...as, body: JSON.stringify(body) });
        expect(res.status, `${path} without ${field}`).toBe(400);
        expect(((await res.json()) as { error: string }).error, `${path} without ${field}`).toMatch(new RegExp(`^${field}: `));
        checked++;
      }
      for (const [field, prop] of Object.entries(properties)) {
        // Fields the spec's screens send that the server does not read take any value.
        if (prop.deprecated === true) continue;
        const types = [prop, ...((prop.anyOf ?? []) as Json[])].flatMap((x) => x.type);
        const wrong = types.includes('string') ? 42 : 'not a number';
        const res = await server.request(concrete(path), { method: method.toUpperCase(), ...as, body: JSON.stringify({ ...valid, [field]: wrong }) });
        expect(res.status, `${path} with ${field}: ${JSON.stringify(wrong)}`).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(new RegExp(`^${field}: `));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('describes the Eastern time fields and the offer id as the routes read them', () => {
    const claim = (doc.paths as Record<string, Record<string, Operation>>)['/api/claimOpenShift']?.post as Operation;
    const body = claim.requestBody?.content['application/json'].schema as Json;
    expect(body.required).toEqual(expect.arrayContaining(['coverageStartDatetime', 'coverageEndDatetime', 'lookingForCoverageID']));
    expect((body.properties as Record<string, Json>).coverageStartDatetime).toMatchObject({ type: 'string', description: expect.stringContaining('America/New_York') });
    const accept = (doc.paths as Record<string, Record<string, Operation>>)['/api/acceptOffer/{id}']?.put as Operation;
    expect(accept.parameters?.[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });
});
