import { describe, expect, it } from 'vitest';
import { type Scenario } from '../../engine/index.ts';
import type { ActionRoute } from '../../server/action-routes.ts';
import { FEATURES } from '../../server/routes/index.ts';
import { actionScenarios, client, decisionCount, loadWorldAt, postedShiftWorld, readWorld, useTestServer } from './support.ts';

/**
 * One answer for one kind of refusal: someone the offer was not made to (or not made by) is
 * refused with 403 by every offer action, and every action that asks for a confirmation takes it
 * from the query or the JSON body alike.
 */
const server = useTestServer();
const api = client(server);

const NOW = '2025-10-14 09:00';

describe('an offer action by someone it is not theirs to take answers 403, whichever action', () => {
  // CD (102) posted shift 1; AB (101) offered to cover it; EF (103) is neither.
  const coverage = postedShiftWorld([
    { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
  ]);
  // GH (201) asked to pick up hours; IJ (202) offered shift 1; KL (203) is neither.
  const hours = {
    agents: [
      { agentId: 201, agentType: 20, initials: 'GH' },
      { agentId: 202, agentType: 20, initials: 'IJ' },
      { agentId: 203, agentType: 20, initials: 'KL' },
    ],
    shifts: [{ id: 1, agentId: 202, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 }],
    pickupPostings: [{ id: 20, agentId: 201, start: '2025-10-15 06:00', end: '2025-10-15 18:00', type: 0 }],
    offers: [
      { id: 50, pickupPostingId: 20, offeringAgentId: 202, coveringAgentId: 201, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
    ],
  };
  const cases: [string, Record<string, unknown>, string, number, string, string][] = [
    ['acceptOffer', coverage, '/api/acceptOffer/40', 103, 'acceptOffer.recipient', 'ERROR: Only the person this offer was made to can accept it.'],
    ['acceptOffer by the offer\'s maker', coverage, '/api/acceptOffer/40', 101, 'acceptOffer.recipient', 'ERROR: Only the person this offer was made to can accept it.'],
    ['rejectOffer', coverage, '/api/rejectOffer/40', 103, 'rejectOffer.recipient', 'ERROR: Only the person this offer was made to can decline it.'],
    ['withdrawOffer', coverage, '/api/withdrawOffer/40', 103, 'withdrawOffer.maker', 'ERROR: Only the person who made this offer can withdraw it.'],
    ['nudgeOffer', coverage, '/api/nudgeOffer/40', 103, 'nudgeOffer.maker', 'ERROR: Only the person who made this offer can nudge it.'],
    ['acceptOfferHours', hours, '/api/acceptOfferHours/50', 203, 'acceptOfferHours.recipient', 'ERROR: Only the person this offer was made to can accept it.'],
    ['rejectOfferHours', hours, '/api/rejectOfferHours/50', 203, 'rejectOfferHours.recipient', 'ERROR: Only the person this offer was made to can decline it.'],
    ['withdrawOffer on hours', hours, '/api/withdrawOffer/50', 203, 'withdrawOffer.maker', 'ERROR: Only the person who made this offer can withdraw it.'],
    ['nudgeOffer on hours', hours, '/api/nudgeOffer/50', 203, 'nudgeOffer.maker', 'ERROR: Only the person who made this offer can nudge it.'],
  ];

  it.each(cases)('%s', async (_name, world, path, as, rule, message) => {
    await loadWorldAt(server, NOW, world);
    const before = await readWorld(server.db);
    // Confirmed, so that a prompt cannot stand in front of the refusal.
    expect(await api.put(`${path}?confirmed=true`, as)).toEqual({ status: 403, body: { outcome: 'error', message, rule, warnings: [] } });
    expect(await readWorld(server.db)).toEqual(before);
  });

  it('the OpenAPI document lists the recipient checks of both accepts under 403, not 422', async () => {
    const doc = (await api.get('/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    for (const [path, rule] of [['/api/acceptOffer/{id}', 'acceptOffer.recipient'], ['/api/acceptOfferHours/{id}', 'acceptOfferHours.recipient']] as const) {
      const responses = doc.paths[path]?.put?.responses ?? {};
      expect(responses['403']?.description, path).toContain(`\`${rule}\`: ERROR: Only the person this offer was made to can accept it.`);
      expect(responses['422']?.description, path).not.toContain(rule);
    }
  });
});

/** Every action served by a route whose rule file asks for a confirmation, with its route. */
const routes = new Map<string, ActionRoute>();
for (const feature of FEATURES) for (const route of feature.actions ?? []) if (!routes.has(route.action)) routes.set(route.action, route);

/** For each prompting action, a scenario of its fixtures that goes through once confirmed. */
function promptingScenarios(): [string, Scenario][] {
  const out: [string, Scenario][] = [];
  for (const [action] of routes) {
    if (!server.rules.action(action).file.rules.some((r) => r.outcome === 'confirm')) continue;
    const found = actionScenarios([action]).find(([, s]) => s.expect.outcome === 'ok' && (s.input as Record<string, unknown>).confirmed === true);
    if (!found) throw new Error(`${action} asks for a confirmation and has no confirmed scenario that goes through`);
    out.push(found);
  }
  return out;
}

/** The request of a scenario without its confirmation: path (parameters filled) and body fields. */
function requestOf(route: ActionRoute, s: Scenario): { path: string; body: Record<string, unknown> | undefined } {
  const input = s.input as Record<string, unknown>;
  let path = route.path;
  for (const [name, target] of Object.entries(route.params ?? {})) path = path.replace(`:${name}`, String(name === route.actor ? s.actor : input[target]));
  const hasBody = route.body !== undefined || (route.actor !== undefined && !route.params?.[route.actor]);
  if (!hasBody) return { path: `/api${path}`, body: undefined };
  const body: Record<string, unknown> = {};
  for (const [field, target] of Object.entries(route.body ?? {})) if (target !== null && input[target] !== undefined) body[field] = input[target];
  if (route.actor && !route.params?.[route.actor]) body[route.actor] = s.actor;
  return { path: `/api${path}`, body };
}

describe('every action that asks for a confirmation takes it from the query or the JSON body', () => {
  // Resolved when the tests run: the rules come with the server.
  const names = ['denyCut', 'denyCutSelf', 'denyLunchSelf', 'editCoverage', 'nudgeOffer', 'postShift', 'rejectOffer', 'rejectOfferHours', 'removeOpenShift', 'removePosting', 'removeShiftFromCoverage', 'withdrawOffer'];

  it('the list below is every routed action whose rules prompt', () => {
    expect(promptingScenarios().map(([, s]) => s.action).sort()).toEqual([...names].sort());
  });

  const scenarioOf = (action: string): Scenario => (promptingScenarios().find(([, s]) => s.action === action) as [string, Scenario])[1];

  /** Sends the scenario's request with the confirmation in `query` and `confirmed` in the body (undefined: left out). */
  async function send(s: Scenario, query: string, confirmed: unknown): Promise<{ status: number; body: Record<string, unknown>; before: unknown; decisions: number }> {
    const route = routes.get(s.action) as ActionRoute;
    await loadWorldAt(server, s.now, s.world);
    const before = await readWorld(server.db);
    const decisions = await decisionCount(server);
    const { path, body } = requestOf(route, s);
    const sent = confirmed === undefined ? body : { ...body, confirmed };
    const res = await api.call(route.method.toUpperCase(), `${path}${query}`, s.actor, sent);
    return { status: res.status, body: res.body as Record<string, unknown>, before, decisions };
  }

  it.each(names)('%s: confirmed in the JSON body goes through, as in the query', async (action) => {
    const s = scenarioOf(action);
    for (const [query, confirmed] of [['', true], ['?confirmed=true', undefined], ['?confirmed=true', true]] as const) {
      const res = await send(s, query, confirmed);
      expect([res.status, res.body.outcome], `${query} ${String(confirmed)}`).toEqual([200, 'ok']);
      expect(res.body.message).toBe(server.rules.action(action).file.success ?? res.body.message);
    }
  });

  it.each(names)('%s: unconfirmed, or confirmed false, asks first and saves nothing', async (action) => {
    const s = scenarioOf(action);
    for (const [query, confirmed] of [['', undefined], ['', false], ['?confirmed=false', undefined], ['?confirmed=false', false]] as const) {
      const res = await send(s, query, confirmed);
      expect([res.status, res.body.outcome], `${query} ${String(confirmed)}`).toEqual([200, 'confirm']);
      expect(await readWorld(server.db), `${query} ${String(confirmed)}`).toEqual(res.before);
    }
  });

  it.each(names)('%s: a query and a body that disagree, or a query that is not true or false, are a 400 naming confirmed', async (action) => {
    const s = scenarioOf(action);
    const cases = [
      ['?confirmed=true', false, 'confirmed: the query says true and the body false; send one, or both alike'],
      ['?confirmed=false', true, 'confirmed: the query says false and the body true; send one, or both alike'],
      ['?confirmed=yes', undefined, 'confirmed: must be true or false'],
    ] as const;
    for (const [query, confirmed, error] of cases) {
      const res = await send(s, query, confirmed);
      expect({ status: res.status, body: res.body }, `${query} ${String(confirmed)}`).toEqual({ status: 400, body: { error } });
      expect(await decisionCount(server)).toBe(res.decisions);
      expect(await readWorld(server.db)).toEqual(res.before);
    }
  });

  it('the OpenAPI document describes the confirmation, in the query and in the body, on every prompting action', async () => {
    const doc = (await api.get('/api/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; description?: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { description?: string }> } }> } }>>;
    };
    for (const action of names) {
      const route = routes.get(action) as ActionRoute;
      const op = doc.paths[`/api${route.path.replace(/:(\w+)/g, '{$1}')}`]?.[route.method];
      const query = op?.parameters?.find((p) => p.name === 'confirmed' && p.in === 'query');
      expect(query?.description, action).toMatch(/JSON body or as the query parameter \?confirmed=true\|false.*disagree are a 400/);
      expect(op?.requestBody?.content['application/json']?.schema.properties?.confirmed?.description, action).toBe(query?.description);
    }
  });
});
