import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import type { RuleSource } from '../../engine/index.ts';
import { recordSwitch } from '../../server/rule-history.ts';
import { loadWorld, useTestServer } from './support.ts';

/**
 * GET /api/rulesOverview, the Rules screen's read (issue 30): the checks of every rule file in
 * order with their messages and the named values they use, the live version and when it went
 * live, each recorded set's changes in the words of `rules diff`, and the parameters with their
 * spec sections for rules/roles.json permission ruleParameters alone.
 */

const server = useTestServer();
const TRAINEE = 1;
const MANAGER = 2;

interface Overview {
  version: string;
  liveAt: string | null;
  actions: { action: string; checks: { id: string; message: string; uses: { name: string; value: unknown; unit: string }[] }[] }[];
  parameters?: { name: string; spec: string }[];
  history: { version: string; liveAt: string; changes: string[] | null }[];
}

/** The live set's sources with maxWorkMinutes changed: a later set to record. */
function withMaxWork(sources: readonly RuleSource[], minutes: number): RuleSource[] {
  return sources.map((s) => {
    if (s.kind !== 'parameters') return s;
    const json = structuredClone(s.json) as { parameters: Record<string, { value: unknown }> };
    (json.parameters.maxWorkMinutes as { value: unknown }).value = minutes;
    return { ...s, json };
  });
}

describe('the Rules screen’s read', () => {
  it('lists every check in order with its message and values; the parameters only for managers; the history newest first', async () => {
    await loadWorld(server.db, {
      agents: [
        { agentId: TRAINEE, initials: 'TR', firstName: 'Tia', lastName: 'Rae', agentType: 10 },
        { agentId: MANAGER, initials: 'MG', firstName: 'Max', lastName: 'Gee', agentType: 102 },
      ],
    });
    const sources = server.rules.sources;
    await recordSwitch(server.db, { hash: 'an-older-set', files: withMaxWork(sources, 540), how: 'start', at: new Date('2026-11-01T12:00:00Z') });
    await recordSwitch(server.db, { hash: 'test', files: sources, how: 'edit', at: new Date('2026-11-02T12:00:00Z') });

    const res = await server.request('/api/rulesOverview', { as: TRAINEE });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Overview;
    expect(body.version).toBe('test');
    expect(body.liveAt).toBe('2026-11-02 07:00:00.0');
    expect(body.parameters).toBeUndefined();
    const rules = loadRulesDir();
    expect(body.actions.map((a) => a.action)).toEqual(rules.files.map((f) => f.action));
    const claim = body.actions.find((a) => a.action === 'claimOpenShift');
    expect(claim?.checks.map((c) => c.id)).toEqual(rules.files.find((f) => f.action === 'claimOpenShift')?.rules.map((r) => r.id));
    const maxAfter = claim?.checks.find((c) => c.id === 'claimOpenShift.maxAfter');
    expect(maxAfter?.message).toBe('You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.');
    expect(maxAfter?.uses.map((u) => [u.name, u.value, u.unit])).toEqual([
      ['maxWorkMinutes', 600, 'minutes'],
      ['workWindowHours', 18, 'hours'],
    ]);
    expect(body.history.map((h) => [h.version, h.changes])).toEqual([
      ['test', ['parameters: maxWorkMinutes 540 → 600']],
      ['an-older-set', null],
    ]);

    const managers = (await (await server.request('/api/rulesOverview', { as: MANAGER })).json()) as Overview;
    expect(managers.parameters?.find((p) => p.name === 'maxWorkMinutes')?.spec).toBe('spec 1 §9; spec 2 §5 Offering coverage; spec 3 §9');
  });
});
