import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { COLLECTIONS, loadRuleSet, parseInstant, type RuleSource, type Scenario } from '../../engine/index.ts';
import { actionScenarios, ID_ERROR, loadWorld, useTestServer } from './support.ts';

const RULES = loadRulesDir();
/** Every action with a fixture folder, but sign-in: it has no actor to give a slice to. */
const ACTIONS = RULES.actionNames().filter((a) => !RULES.action(a).file.anonymous && existsSync(join(import.meta.dirname, '..', '..', 'fixtures', a)));
const scenarios = actionScenarios(ACTIONS);

interface Slice {
  action: string;
  actor: number;
  now: string;
  input: Record<string, unknown>;
  world: Record<string, Record<string, unknown>[]>;
  facts?: Record<string, number | boolean | null>;
}

const server = useTestServer();

async function sliceFor(s: Scenario): Promise<{ status: number; body: Slice & { error?: string } }> {
  await loadWorld(server.db, s.world);
  server.setNow(parseInstant(s.now));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(s.input)) if (v !== null && v !== undefined) query.set(k, String(v));
  const res = await server.request(`/api/worldSlice/${s.action}?${query}`, { as: s.actor });
  return { status: res.status, body: (await res.json()) as Slice & { error?: string } };
}

describe('the world slice of an action is enough to decide it in the browser', () => {
  it.each(scenarios)('%s', async (_file, s) => {
    const { status, body } = await sliceFor(s);
    if (status === 403) {
      // Refused only where the action refuses too: the reader may not take it on that subject.
      expect(s.expect.outcome).toBe('error');
      expect(body.error).toEqual(expect.any(String));
      expect(body.world).toBeUndefined();
      return;
    }
    expect(status).toBe(200);
    // The slice echoes the action's declared input; a confirmation is the person's answer to the
    // engine's prompt, given in the browser, not part of the world.
    const input = s.input.confirmed === undefined ? body.input : { ...body.input, confirmed: s.input.confirmed };
    const d = await server.rules.action(s.action).decide({ world: body.world, now: body.now, actor: body.actor, input, facts: body.facts });
    expect(d.outcome).toBe(s.expect.outcome);
    if (s.expect.message !== undefined) expect(d.message).toBe(s.expect.message);
    if (s.expect.rule !== undefined) expect(d.rule).toBe(s.expect.rule);
  });
});

describe('what a slice shows of other people', () => {
  it('sends a head count of Spanish speakers on duty, not the people or their shifts', async () => {
    const s = scenarios.find(([f]) => f === 'claimOpenShift/error-bilingual-three-spanish.json')?.[1] as Scenario;
    expect(s, 'fixture claimOpenShift/error-bilingual-three-spanish.json').toBeDefined();
    const { body } = await sliceFor(s);
    // The three Spanish speakers on duty the fixture counts (110, also Spanish, is the open shift's creator, looked up by id).
    const spanish = new Set([601, 602, 603]);
    for (const id of spanish) expect((s.world?.agents as { agentId: number; spanish?: boolean }[]).find((a) => a.agentId === id)?.spanish).toBe(true);
    expect(body.world.agents?.filter((a) => spanish.has(a.agentId as number) || (a.agentId as number) > 2_000_000_000)).toEqual([]);
    expect(body.world.shifts?.filter((x) => spanish.has(x.agentId as number)) ?? []).toEqual([]);
    const whole = await server.rules.action(s.action).decide({ world: s.world, now: s.now, actor: s.actor, input: s.input, keepFacts: true });
    expect(body.facts?.spanishOnDuty).toBe(whole.facts?.spanishOnDuty);
    expect(body.facts?.spanishOnDuty).toBe(3);
  });

  it("sends the covering agent's minutes in the 18-hour windows, not their shifts", async () => {
    const s = scenarios.find(([f]) => f === 'acceptOffer/covering-over-600-after.json')?.[1] as Scenario;
    expect(s, 'fixture acceptOffer/covering-over-600-after.json').toBeDefined();
    const { body } = await sliceFor(s);
    const offer = (s.world?.offers as { id: number; coveringAgentId: number }[])[0] as { coveringAgentId: number };
    expect(offer.coveringAgentId).not.toBe(s.actor);
    const whole = await server.rules.action(s.action).decide({ world: s.world, now: s.now, actor: s.actor, input: s.input, keepFacts: true });
    expect(body.world.shifts?.filter((x) => x.agentId === offer.coveringAgentId) ?? []).toEqual([]);
    expect(body.facts?.coveringWorkedAfter).toBe(whole.facts?.coveringWorkedAfter);
    expect(body.facts?.coveringWorkedAfter).toBeGreaterThan(0);
  });

  it.each(scenarios)('%s: no record of anyone else held only to be counted is sent, only the sums', async (_file, s) => {
    const { status, body } = await sliceFor(s);
    if (status !== 200) return;
    for (const [collection, list] of Object.entries(body.world)) {
      const key = COLLECTIONS[collection]?.key ?? 'id';
      // Stand-in ids (server/decision-world.ts) mark such records: none is left.
      for (const r of list) for (const v of [r[key], r.agentId]) if (typeof v === 'number') expect(v, `${collection} ${JSON.stringify(r)}`).toBeLessThan(2_000_000_000);
    }
  });

  it('refuses an unknown action with 404 and a bad input with 400 naming the field', async () => {
    const unknown = await server.request('/api/worldSlice/teleport', { as: 1 });
    expect(unknown.status).toBe(404);
    const s = scenarios[0]?.[1] as Scenario;
    await loadWorld(server.db, s.world);
    const bad = await server.request('/api/worldSlice/acceptOffer?offerId=abc', { as: s.actor });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: `offerId: ${ID_ERROR}` });
  });
});

describe('GET /api/rules', () => {
  it('gives the rule files the server decides with, which load into the same rule set', async () => {
    const res = await server.request('/api/rules', { as: 1 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rulesHash: string; sources: RuleSource[] };
    expect(body.rulesHash).toBe('test');
    const loaded = loadRuleSet(body.sources);
    expect(loaded.actionNames()).toEqual(server.rules.actionNames());
    expect(loaded.roles).not.toBeNull();
  });

  it('needs a session', async () => {
    const res = await server.request('/api/rules');
    expect(res.status).toBe(401);
  });
});
