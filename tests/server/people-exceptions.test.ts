import { beforeEach, describe, expect, it } from 'vitest';
import { client, loadWorldAt, readWorld, useTestServer } from './support.ts';

// The spec's single-person exceptions over HTTP: the Shiftinator Ideas recipient, the one agent
// above 80 who may ask for cuts and meal breaks, and the designated account manager are whoever
// has the attribute on their agent record. Agents 1259 and 1296, whom the rules once named by id,
// are here without it, and other people have it: the reads, the permissions and the decisions
// follow the records.

const D = '2025-10-15';
const NOW = `${D} 06:00`;

const WORLD = {
  agents: [
    { agentId: 301, agentType: 20, initials: 'CS', firstName: 'Cara', lastName: 'Sol' },
    { agentId: 1296, agentType: 450, initials: 'JS', firstName: 'Jess', lastName: 'Stone' },
    { agentId: 1300, agentType: 450, initials: 'NI', firstName: 'Nia', lastName: 'Ito', ideasRecipient: true },
    { agentId: 1259, agentType: 85, initials: 'AM', firstName: 'Al', lastName: 'Marsh' },
    { agentId: 1260, agentType: 85, initials: 'DA', firstName: 'Dee', lastName: 'Ash', designatedAccountManager: true, mayRequestCutsAndLunches: true },
  ],
  shifts: [
    { id: 1, agentId: 1259, start: `${D} 08:00`, end: `${D} 16:00`, shiftType: 0 },
    { id: 2, agentId: 1259, start: `${D} 12:00`, end: `${D} 12:30`, shiftType: 5, parentId: 1 },
    { id: 3, agentId: 1260, start: `${D} 08:00`, end: `${D} 16:00`, shiftType: 0 },
    { id: 4, agentId: 1260, start: `${D} 12:00`, end: `${D} 12:30`, shiftType: 5, parentId: 3 },
    { id: 5, agentId: 1259, start: '2025-10-17 08:00', end: '2025-10-17 16:00', shiftType: 0 },
    { id: 6, agentId: 1260, start: '2025-10-17 08:00', end: '2025-10-17 16:00', shiftType: 0 },
  ],
};

const server = useTestServer();
const { get, post } = client(server);
beforeEach(() => loadWorldAt(server, NOW, WORLD));

describe('the Shiftinator Ideas recipient is the agent with ideasRecipient', () => {
  it('GET /api/getJess lists them, not agent 1296', async () => {
    expect(await get('/api/getJess', 301)).toEqual({ status: 200, body: [{ agentId: 1300, initials: 'NI', fullName: 'Nia Ito' }] });
  });

  it('a call specialist may write to them; 1296, a 450 without it, is outside their categories', async () => {
    expect(await post('/api/sendMessage', 301, { AgentID: 301, toAgentID: 1300, Notes: 'A dark mode, please.' })).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await post('/api/sendMessage', 301, { AgentID: 301, toAgentID: 1296, Notes: 'A dark mode, please.' })).toEqual({
      status: 403,
      body: expect.objectContaining({ outcome: 'error', message: 'ERROR: You are unable to start a chat with this person.' }) as unknown,
    });
    expect((await readWorld(server.db)).chatMessages?.map((m) => [m.fromAgentId, m.toAgentId, m.message])).toEqual([[301, 1300, 'A dark mode, please.']]);
  });
});

describe('the agent with mayRequestCutsAndLunches asks for cuts and meal breaks whatever their rank', () => {
  it('GET /api/myPermissions gives them Request Cut and Request Lunch, and not 1259', async () => {
    expect(await get('/api/myPermissions', 1260)).toMatchObject({ status: 200, body: { agentId: 1260, agentType: 85, permissions: { requestCut: true, requestLunch: true } } });
    expect(await get('/api/myPermissions', 1259)).toMatchObject({ status: 200, body: { agentId: 1259, agentType: 85, permissions: { requestCut: false, requestLunch: false } } });
    expect(((await get('/api/myPermissions', 1260)).body as Record<string, unknown>).designatedAccountManager).toBeUndefined();
  });

  it('requestCut and requestLunch go through for them; 1259 is refused', async () => {
    expect(await post('/api/requestCut', 1260, { AgentID: 1260, TimeScheduleItemID: 3, EndTime: `${D} 14:00` })).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await post('/api/requestCut', 1259, { AgentID: 1259, TimeScheduleItemID: 1, EndTime: `${D} 14:00` })).toMatchObject({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: You are unable to request a cut through Shiftinator.' },
    });
    expect(await post('/api/requestLunch', 1260, { AgentID: 1260, TimeScheduleItemID: 3, Notes: 'Between 1p and 2p' })).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await post('/api/requestLunch', 1259, { AgentID: 1259, TimeScheduleItemID: 1, Notes: 'Between 1p and 2p' })).toMatchObject({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: You are unable to request a different lunch break through Shiftinator.' },
    });
    const world = await readWorld(server.db);
    expect(world.cutRequests?.map((r) => [r.agentId, r.shiftId])).toEqual([[1260, 3]]);
    expect(world.lunchRequests?.map((r) => [r.agentId, r.shiftId])).toEqual([[1260, 3]]);
  });
});

describe('the designated account manager is the agent with designatedAccountManager', () => {
  it('posts for coverage on an ordinary day; 1259, an account manager without it, may not', async () => {
    const body = (agentId: number, shiftId: number): Record<string, unknown> => ({
      AgentID: agentId,
      TimeScheduleItemID: shiftId,
      StartTime: '2025-10-17 08:00',
      EndTime: '2025-10-17 16:00',
      Notes: "Doctor's appointment",
      OpenToCots: 0,
      OpenToTrade: 0,
    });
    expect(await post('/api/postShift', 1260, body(1260, 6))).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    expect(await post('/api/postShift', 1259, body(1259, 5))).toMatchObject({
      body: { outcome: 'error', message: 'ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.' },
    });
    expect((await readWorld(server.db)).coveragePostings?.map((p) => [p.agentId, p.shiftId, p.type])).toEqual([[1260, 6, 0]]);
  });
});
