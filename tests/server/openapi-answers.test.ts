import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './support.ts';

/**
 * Issue 31 item 2: every 2xx answer of /api/openapi.json names its fields. An answer (or each
 * record of a list) described as an object without properties, or as a map of anything, tells a
 * reader of the document, and the browser's types, nothing: the route's zod answer schema names
 * them instead (server/reads/shapes.ts).
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const server = useTestServer();
let doc: Json;

beforeAll(async () => {
  const res = await server.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Json;
});

/** A schema with its $ref followed to the component it names. */
function resolved(schema: Json): Json {
  let s = schema;
  while (typeof s.$ref === 'string') s = (doc.components as { schemas: Record<string, Json> }).schemas[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

const isAny = (s: unknown): boolean => s === true || (typeof s === 'object' && s !== null && Object.keys(s).length === 0);

/** Why an answer's record names no fields, or null when it does. */
function unnamed(schema: Json): string | null {
  const s = resolved(schema);
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : [s.type];
  if (types.includes('array') && s.items) return unnamed(s.items as Json);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const part of (s[key] ?? []) as Json[]) {
      const why = unnamed(part);
      if (why) return why;
    }
  }
  if (!types.includes('object')) return null;
  if (isAny(s.additionalProperties)) return 'an object of any fields (additionalProperties of anything)';
  if (Object.keys((s.properties ?? {}) as Json).length === 0 && !s.additionalProperties) return 'an object without properties';
  return null;
}

/** Each 2xx answer of each operation: where, and its schema. */
function answers(): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: Json }> }> }>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      for (const [code, response] of Object.entries(op.responses)) {
        if (!code.startsWith('2')) continue;
        for (const [type, content] of Object.entries(response.content ?? {})) if (content.schema) out.push([`${method.toUpperCase()} ${path} ${code} ${type}`, content.schema]);
      }
    }
  }
  return out;
}

describe('GET /api/openapi.json: the answers', () => {
  it('every 2xx answer names its fields: none is an object without properties or a map of anything', () => {
    const all = answers();
    expect(all.length).toBeGreaterThan(100);
    const bare = all.flatMap(([where, schema]) => {
      const why = unnamed(schema);
      return why ? [`${where}: ${why}`] : [];
    });
    expect(bare).toEqual([]);
  });

  it('the spec\'s lookups name their fields, as they answer', () => {
    const answerOf = (path: string): Json => resolved(((doc.paths as Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Json }> }> }>>)[path]?.get?.responses['200']?.content['application/json']?.schema ?? {}));
    const fields = (path: string): string[] => {
      const s = answerOf(path);
      return Object.keys((resolved((s.items as Json | undefined) ?? s).properties ?? {}) as Json).sort();
    };
    expect(fields('/api/getIsSpanish/{agentId}')).toEqual(['spanish']);
    expect(fields('/api/getDayDetails/{date}')).toEqual(['holiday']);
    expect(fields('/api/getMin18HourPeriodAfter/{agentId}/{date}/{time}')).toEqual(['minutesWorked']);
    expect(fields('/api/lookupShift/{id}')).toEqual(['agentId', 'coveringShift', 'endDateTime', 'id', 'scheduleId', 'shiftType', 'startDateTime']);
    expect(fields('/api/myPermissions')).toEqual(['agentId', 'agentType', 'permissions', 'spanish']);
    expect(fields('/api/getPersonalVacaUsage/{startDate}/{endDate}/{rank}/{shiftClass}')).toEqual(['count']);
    expect(fields('/api/getNudgedDate/{offerId}')).toEqual(['nextNudgeDate', 'nudgedDate', 'offerID', 'status']);
  });
});
