import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWorld, parseInstant, type Scenario } from '../../engine/index.ts';
import type { ActionRoute } from '../../server/action-routes.ts';
import { FEATURES } from '../../server/routes/index.ts';
import { actionScenarios, loadWorld, readWorld, useTestServer, type TestServer } from './support.ts';

/**
 * Every scenario of every action served by a route of server/routes goes through the HTTP API, the
 * request built from the route's own data (path parameters and the spec's body names), and gets
 * the recorded answer, status and resulting rows.
 */
const routes = new Map<string, ActionRoute>();
for (const feature of FEATURES) for (const route of feature.actions ?? []) if (!routes.has(route.action)) routes.set(route.action, route);
const withFixtures = [...routes.keys()].filter((a) => existsSync(join(import.meta.dirname, '..', '..', 'fixtures', a)));
const scenarios = actionScenarios(withFixtures);

/** The request the web UI sends for a scenario, from the route's mapping of input fields. */
export function requestFor(route: ActionRoute, s: Scenario): { method: string; path: string; body?: unknown } {
  const input = s.input as Record<string, unknown>;
  let path = route.path;
  for (const [name, target] of Object.entries(route.params ?? {})) {
    path = path.replace(`:${name}`, String(name === route.actor ? s.actor : input[target]));
  }
  const body: Record<string, unknown> = {};
  for (const [field, target] of Object.entries(route.body ?? {})) {
    if (target !== null && input[target] !== undefined) body[field] = input[target];
  }
  if (route.actor && !route.params?.[route.actor]) body[route.actor] = s.actor;
  if (input.confirmed === true) body.confirmed = true;
  const hasBody = route.body !== undefined || (route.actor !== undefined && !route.params?.[route.actor]);
  // A call without a body (a PUT of the spec) confirms in the query, as the server reads it.
  if (!hasBody && input.confirmed === true) path += '?confirmed=true';
  return { method: route.method.toUpperCase(), path: `/api${path}`, ...(hasBody ? { body } : {}) };
}

function statusFor(s: Scenario, server: TestServer): number {
  if (s.expect.outcome !== 'error') return 200;
  const rule = server.rules.action(s.action).file.rules.find((r) => r.id === s.expect.rule);
  return rule?.forbidden ? 403 : rule?.conflict ? 409 : 422;
}

const server = useTestServer();

describe('every scenario of the routed actions through the HTTP API gives the recorded answer', () => {
  it('covers at least one action', () => {
    expect(scenarios.length).toBeGreaterThan(0);
  });

  it.each(scenarios)('%s', async (_file, s) => {
    await loadWorld(server.db, s.world);
    server.setNow(parseInstant(s.now));
    const call = requestFor(routes.get(s.action) as ActionRoute, s);
    const res = await server.request(call.path, {
      method: call.method,
      as: s.actor,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    });
    const json = (await res.json()) as { outcome: string; message: string | null; rule: string | null; warnings: string[] };
    expect(json.outcome, JSON.stringify(json)).toBe(s.expect.outcome);
    if (s.expect.rule !== undefined) expect(json.rule).toBe(s.expect.rule);
    expect(res.status).toBe(s.expect.rule !== undefined || s.expect.outcome !== 'error' ? statusFor(s, server) : res.status);
    if (s.expect.outcome !== 'ok' && s.expect.message !== undefined) expect(json.message).toBe(s.expect.message);
    if (s.expect.warnings !== undefined) expect(json.warnings).toEqual(s.expect.warnings);
    if (s.expect.world) expect(compareWorld(await readWorld(server.db), s.expect.world, {})).toEqual([]);
  });
});
