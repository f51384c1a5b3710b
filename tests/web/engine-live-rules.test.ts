import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRuleSources } from '../../cli/load-rules.ts';
import type { RuleSource } from '../../engine/index.ts';

// The browser's engine holds the rule set it fetched; when the server's rules go live anew, the
// slice names another set, and the engine fetches the rules again before it decides.

const REQUIRED = 'ERROR: Must enter valid credentials.';
const EDITED = 'ERROR: Initials, cell and password are all required.';

function withLoginMessage(sources: RuleSource[], message: string): RuleSource[] {
  return sources.map((s) => {
    const json = s.json as { action?: string; rules?: { message?: string }[] };
    if (json.action !== 'login') return s;
    return { ...s, json: { ...json, rules: json.rules?.map((r) => ({ ...r, message })) } };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the web engine follows the server\'s live rule set', () => {
  it('decides with the set the slice names, fetching the rules again when it changed', async () => {
    const original = readRuleSources('rules');
    const sets: Record<string, RuleSource[]> = { A: original, B: withLoginMessage(original, EDITED) };
    let serving = 'A';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url.split('?')[0] ?? url);
      const body = url === '/api/rules'
        ? { rulesHash: serving, sources: sets[serving] }
        : { action: 'login', actor: 0, now: '2026-11-26 12:00', input: { initials: null, cell: null, password: null }, world: {}, rulesHash: serving };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    const { previewDecision } = await import('../../web/src/engine.ts');

    expect(await previewDecision('login', {})).toMatchObject({ outcome: 'error', message: REQUIRED, rule: 'login.credentialsRequired' });
    expect(await previewDecision('login', {})).toMatchObject({ message: REQUIRED });
    expect(fetched.filter((u) => u === '/api/rules')).toHaveLength(1);

    serving = 'B';
    expect(await previewDecision('login', {})).toMatchObject({ outcome: 'error', message: EDITED, rule: 'login.credentialsRequired' });
    expect(fetched.filter((u) => u === '/api/rules')).toHaveLength(2);
    expect(await previewDecision('login', {})).toMatchObject({ message: EDITED });
    expect(fetched.filter((u) => u === '/api/rules')).toHaveLength(2);
  });
});

describe('a `rules` event (GET /api/events) names the live version', () => {
  it('of another set: the set is fetched again and every read is asked again; of the set held: nothing', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const sources = readRuleSources('rules');
    let serving = 'A';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url.split('?')[0] ?? url);
      const body = url === '/api/rules'
        ? { rulesHash: serving, sources }
        : { action: 'login', actor: 0, now: '2026-11-26 12:00', input: {}, world: {}, rulesHash: serving };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    const { previewDecision, rulesWentLive } = await import('../../web/src/engine.ts');
    const client = new QueryClient();
    const read = ['userMonthShifts', '5', '2026-11'];
    client.setQueryData(read, []);
    expect(await previewDecision('login', {})).toMatchObject({ rulesHash: 'A' });
    const rulesFetches = (): number => fetched.filter((u) => u === '/api/rules').length;
    expect(rulesFetches()).toBe(1);

    rulesWentLive(client, 'A');
    expect(client.getQueryState(read)?.isInvalidated).toBe(false);
    expect(await previewDecision('login', {})).toMatchObject({ rulesHash: 'A' });
    expect(rulesFetches()).toBe(1);

    serving = 'B';
    rulesWentLive(client, 'B');
    await vi.waitFor(() => expect(client.getQueryState(read)?.isInvalidated).toBe(true));
    expect(await previewDecision('login', {})).toMatchObject({ rulesHash: 'B' });
    expect(rulesFetches()).toBe(2);
  });
});
