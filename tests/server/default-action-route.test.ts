import { beforeAll, describe, expect, it } from 'vitest';
import { loadRuleSet } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { json, loadWorldAt, useTestServer } from './support.ts';

/** A rule file no ActionRoute names (server/routes/): its route comes with it (docs/architecture.md, "Common changes"). */
const noteRule = {
  action: 'leaveNote',
  description: 'Leave a note that changes nothing',
  input: { note: 'string' },
  facts: {},
  rules: [
    { id: 'leaveNote.notEmpty', when: { all: [{ fact: 'input', path: 'note', operator: 'equal', value: '' }] }, outcome: 'error', message: 'ERROR: Write a note.' },
  ],
  success: 'Noted.',
};

describe('a new rule file is a new route', () => {
  const server = useTestServer(loadRuleSet([...readRuleSources(DEFAULT_RULES_DIR), { file: 'extra/leaveNote.json', json: noteRule }]));

  beforeAll(() => loadWorldAt(server, '2025-10-14 09:00', { agents: [{ agentId: 101, agentType: 30, initials: 'AB' }] }));

  it('is served as POST /api/<action>, its body the input fields by name, and listed in /api/openapi.json', async () => {
    const ok = await server.request('/api/leaveNote', { method: 'POST', as: 101, body: json({ note: 'hello' }) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ outcome: 'ok', message: 'Noted.', rule: null, warnings: [] });
    const bad = await server.request('/api/leaveNote', { method: 'POST', as: 101, body: json({ note: 3 }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'note: must be text' });
    const refused = await server.request('/api/leaveNote', { method: 'POST', as: 101, body: json({ note: '' }) });
    expect(await refused.json()).toEqual({ outcome: 'error', message: 'ERROR: Write a note.', rule: 'leaveNote.notEmpty', warnings: [] });
    const doc = (await (await server.request('/api/openapi.json')).json()) as { paths: Record<string, { post?: { operationId: string } }> };
    expect(doc.paths['/api/leaveNote']?.post?.operationId).toBe('leaveNote');
  });
});
