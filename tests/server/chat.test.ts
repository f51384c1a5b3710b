import { beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { READ_MESSAGES } from '../../server/reads/http.ts';
import { client, expectBadInput, expectNotYours, ID_ERROR, json, loadWorldAt, readWorld, useTestServer, type BadRequest } from './support.ts';

// Chat through HTTP (server/routes/chat.ts): what the scenarios in fixtures/sendMessage,
// readMessages and deleteThread cannot show. Malformed requests are 400s naming the field and
// decide nothing; acting for someone else and writing outside one's categories are 403s, for
// every rank; the reads answer exactly; a message sent is read, then deleted, as both people see it.

const server = useTestServer();
const { get, post } = client(server);

const NOW = '2025-10-14 09:00';
/** The people of fixtures/sendMessage (see its README), and one manager who has left. */
const AGENTS = [
  { agentId: 201, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Bell' },
  { agentId: 202, agentType: 20, initials: 'CD', firstName: 'Cal', lastName: 'Diaz' },
  { agentId: 203, agentType: 80, initials: 'EF', firstName: 'Eve', lastName: 'Ford' },
  { agentId: 204, agentType: 85, initials: 'GH', firstName: 'Gus', lastName: 'Hale' },
  { agentId: 205, agentType: 100, initials: 'IJ', firstName: 'Ida', lastName: 'Jones' },
  { agentId: 206, agentType: 240, initials: 'KL', firstName: 'Kim', lastName: 'Lee' },
  { agentId: 207, agentType: 75, initials: 'MN', firstName: 'Max', lastName: 'Noor' },
  { agentId: 208, agentType: 350, initials: 'OP', firstName: 'Otto', lastName: 'Park', terminationDate: '2025-10-01 00:00' },
  { agentId: 1296, agentType: 450, initials: 'JS', firstName: 'Jess', lastName: 'Stone', ideasRecipient: true },
];
const MESSAGES = [
  { id: 1, fromAgentId: 205, toAgentId: 201, message: 'Can you stay late today?', sentAt: '2025-10-14 08:00' },
  { id: 2, fromAgentId: 205, toAgentId: 201, message: 'Let me know by noon.', sentAt: '2025-10-14 08:05' },
  { id: 3, fromAgentId: 201, toAgentId: 205, message: 'Yes, until 6.', sentAt: '2025-10-14 08:10', readAt: '2025-10-14 08:20' },
  { id: 4, fromAgentId: 202, toAgentId: 201, message: 'Trade Friday?', sentAt: '2025-10-13 07:00', readAt: '2025-10-13 07:30', deletedBySender: true },
  { id: 5, fromAgentId: 201, toAgentId: 202, message: 'Sure.', sentAt: '2025-10-13 07:35', deletedByRecipient: true },
];

beforeEach(() => loadWorldAt(server, NOW, { agents: AGENTS, chatMessages: MESSAGES }));

describe('bad input: 400 naming the field, nothing decided', () => {
  const send = { AgentID: 201, toAgentID: 202, Notes: 'Hi' };
  const thread = { AgentID: 201, toAgentID: 205 };
  const cases: BadRequest[] = [
    ['sendMessage: no body', 'POST', '/api/sendMessage', undefined, 'body: must be JSON'],
    ['sendMessage: body not JSON', 'POST', '/api/sendMessage', '{"AgentID": 201,', 'body: must be JSON'],
    ['sendMessage: a JSON array', 'POST', '/api/sendMessage', json([send]), 'body: must be a JSON object'],
    ['sendMessage: AgentID missing', 'POST', '/api/sendMessage', json({ ...send, AgentID: undefined }), 'AgentID: is required'],
    ['sendMessage: AgentID as text', 'POST', '/api/sendMessage', json({ ...send, AgentID: '201' }), `AgentID: ${ID_ERROR}`],
    ['sendMessage: toAgentID as text', 'POST', '/api/sendMessage', json({ ...send, toAgentID: '202' }), `toAgentID: ${ID_ERROR}`],
    ['sendMessage: toAgentID 0', 'POST', '/api/sendMessage', json({ ...send, toAgentID: 0 }), `toAgentID: ${ID_ERROR}`],
    ['sendMessage: toAgentID a fraction', 'POST', '/api/sendMessage', json({ ...send, toAgentID: 202.5 }), `toAgentID: ${ID_ERROR}`],
    ['sendMessage: Notes a number', 'POST', '/api/sendMessage', json({ ...send, Notes: 42 }), 'Notes: must be text'],
    ['sendMessage: Notes far too long', 'POST', '/api/sendMessage', json({ ...send, Notes: 'x'.repeat(2001) }), 'Notes: must be at most 2000 characters'],
    ['sendMessage: confirmed not a flag', 'POST', '/api/sendMessage', json({ ...send, confirmed: 'yes' }), 'confirmed: must be true or false'],
    ['readMessages: no body', 'POST', '/api/readMessages', undefined, 'body: must be JSON'],
    ['readMessages: toAgentID missing', 'POST', '/api/readMessages', json({ AgentID: 201 }), 'toAgentID: is required'],
    ['readMessages: toAgentID null', 'POST', '/api/readMessages', json({ AgentID: 201, toAgentID: null }), 'toAgentID: is required'],
    ['readMessages: toAgentID too large', 'POST', '/api/readMessages', json({ ...thread, toAgentID: 2_147_483_648 }), `toAgentID: ${ID_ERROR}`],
    ['readMessages: AgentID null', 'POST', '/api/readMessages', json({ ...thread, AgentID: null }), 'AgentID: is required'],
    ['deleteThread: body JSON null', 'POST', '/api/deleteThread', 'null', 'body: must be a JSON object'],
    ['deleteThread: toAgentID missing', 'POST', '/api/deleteThread', json({ AgentID: 201 }), 'toAgentID: is required'],
    ['deleteThread: toAgentID negative', 'POST', '/api/deleteThread', json({ ...thread, toAgentID: -5 }), `toAgentID: ${ID_ERROR}`],
  ];
  it.each(cases)('%s', (...bad) => expectBadInput(server, bad, 201));

  it.each([
    ['/api/getMyTexts/AB', `agentId: must be a whole number from 1 to 2147483647`],
    ['/api/getMyTexts/0', 'agentId: must be a whole number from 1 to 2147483647'],
    ['/api/getMyTexts/1e3', 'agentId: must be a whole number from 1 to 2147483647'],
  ])('GET %s', async (path, error) => {
    expect(await get(path, 201)).toEqual({ status: 400, body: { error } });
  });

  it('answers 401 without a session', async () => {
    const res = await server.request('/api/getMyTexts/201');
    expect(res.status).toBe(401);
  });
});

describe('403: acting for someone else, reading someone else, writing outside one\'s categories', () => {
  it.each([
    ['/api/sendMessage', { AgentID: 202, toAgentID: 201, Notes: 'Hi' }],
    ['/api/readMessages', { AgentID: 205, toAgentID: 201 }],
    ['/api/deleteThread', { AgentID: 205, toAgentID: 201 }],
  ])('%s with another AgentID changes nothing', async (path, body) => {
    const before = await readWorld(server.db);
    await expectNotYours(server, 'POST', path, 201, body);
    expect((await readWorld(server.db)).chatMessages).toEqual(before.chatMessages);
  });

  it('getMyTexts of someone else, even for a manager', async () => {
    expect(await get('/api/getMyTexts/201', 206)).toEqual({ status: 403, body: { error: READ_MESSAGES.notYours } });
  });

  /** Who may start a chat with whom (spec 3 section 6), one sender of each rank band to one recipient of each category. */
  const senders: [number, string][] = [
    [201, 'call specialist (20)'],
    [207, 'assistant supervisor (75)'],
    [203, 'assistant supervisor (80)'],
    [204, 'account manager (85)'],
    [205, 'supervisor (100)'],
    [206, 'operations manager (240)'],
  ];
  const recipients: [number, string][] = [
    [202, 'callSpecialists'],
    [207, 'supervision'],
    [204, 'accountManagers'],
    [206, 'management'],
    [1296, 'ideas'],
  ];
  const offered: Record<number, string[]> = {
    201: ['callSpecialists', 'ideas'],
    207: ['callSpecialists', 'ideas'],
    203: ['callSpecialists', 'accountManagers', 'supervision', 'ideas'],
    204: ['callSpecialists', 'accountManagers', 'ideas'],
    205: ['callSpecialists', 'supervision', 'management', 'ideas'],
    206: ['callSpecialists', 'supervision', 'management', 'ideas'],
  };
  const table = senders.flatMap(([from, rank]) => recipients.filter(([to]) => to !== from).map(([to, category]) => [rank, category, from, to] as const));
  it.each(table)('a %s starting a chat in %s', async (_rank, category, from, to) => {
    const res = await post('/api/sendMessage', from, { AgentID: from, toAgentID: to, Notes: 'Hello' });
    if (offered[from]?.includes(category)) {
      expect(res).toEqual({ status: 200, body: { outcome: 'ok', message: 'Your message has been sent.', rule: null, warnings: [], created: { chatMessages: [6] } } });
    } else {
      expect(res).toEqual({
        status: 403,
        body: { outcome: 'error', message: 'ERROR: You are unable to start a chat with this person.', rule: 'sendMessage.recipientCategory', warnings: [] },
      });
    }
  });
});

describe('reads', () => {
  it("getMyTexts: AB's messages, sent and received, with both people's initials, oldest first", async () => {
    expect(await get('/api/getMyTexts/201', 201)).toEqual({
      status: 200,
      body: [
        { msgID: 4, fromEmpID: 202, toEmpID: 201, fromInitials: 'CD', toInitials: 'AB', message: 'Trade Friday?', dateTime: '2025-10-13 07:00:00.0', toReadDateTime: '2025-10-13 07:30:00.0' },
        { msgID: 5, fromEmpID: 201, toEmpID: 202, fromInitials: 'AB', toInitials: 'CD', message: 'Sure.', dateTime: '2025-10-13 07:35:00.0', toReadDateTime: null },
        { msgID: 1, fromEmpID: 205, toEmpID: 201, fromInitials: 'IJ', toInitials: 'AB', message: 'Can you stay late today?', dateTime: '2025-10-14 08:00:00.0', toReadDateTime: null },
        { msgID: 2, fromEmpID: 205, toEmpID: 201, fromInitials: 'IJ', toInitials: 'AB', message: 'Let me know by noon.', dateTime: '2025-10-14 08:05:00.0', toReadDateTime: null },
        { msgID: 3, fromEmpID: 201, toEmpID: 205, fromInitials: 'AB', toInitials: 'IJ', message: 'Yes, until 6.', dateTime: '2025-10-14 08:10:00.0', toReadDateTime: '2025-10-14 08:20:00.0' },
      ],
    });
  });

  it('getMyTexts: a thread one deleted is gone for them; someone with no messages gets []', async () => {
    expect(await get('/api/getMyTexts/202', 202)).toEqual({ status: 200, body: [] });
    expect(await get('/api/getMyTexts/206', 206)).toEqual({ status: 200, body: [] });
  });

  it('the recipient lists by category, current staff only, by initials', async () => {
    expect(await get('/api/getJess', 201)).toEqual({ status: 200, body: [{ agentId: 1296, initials: 'JS', fullName: 'Jess Stone' }] });
    // OP (350) left on 10/1.
    expect(await get('/api/getOpsManagement', 201)).toEqual({
      status: 200,
      body: [
        { agentId: 1296, initials: 'JS', fullName: 'Jess Stone' },
        { agentId: 206, initials: 'KL', fullName: 'Kim Lee' },
      ],
    });
    expect(await get('/api/getSups', 201)).toEqual({
      status: 200,
      body: [
        { agentId: 203, initials: 'EF', fullName: 'Eve Ford' },
        { agentId: 205, initials: 'IJ', fullName: 'Ida Jones' },
        { agentId: 207, initials: 'MN', fullName: 'Max Noor' },
      ],
    });
    expect(await get('/api/getAMs', 201)).toEqual({ status: 200, body: [{ agentId: 204, initials: 'GH', fullName: 'Gus Hale' }] });
  });
});

describe('a message sent, read and deleted, as both people see it', () => {
  const newMessage = (readAt: string | null): Record<string, unknown> => ({
    msgID: 6,
    fromEmpID: 202,
    toEmpID: 201,
    fromInitials: 'CD',
    toInitials: 'AB',
    message: 'Are you in on Friday?',
    dateTime: '2025-10-14 09:00:00.0',
    toReadDateTime: readAt,
  });
  const texts = async (agentId: number): Promise<unknown[]> => (await get(`/api/getMyTexts/${agentId}`, agentId)).body as unknown[];

  it('unread until AB opens the thread, then read at that time for both; deleting hides it from AB only', async () => {
    expect(await post('/api/sendMessage', 202, { AgentID: 202, toAgentID: 201, Notes: 'Are you in on Friday?' })).toEqual({
      status: 200,
      body: { outcome: 'ok', message: 'Your message has been sent.', rule: null, warnings: [], created: { chatMessages: [6] } },
    });
    expect(await texts(202)).toEqual([newMessage(null)]);
    expect((await texts(201)).at(-1)).toEqual(newMessage(null));

    server.setNow(parseInstant('2025-10-14 09:30'));
    expect(await post('/api/readMessages', 201, { AgentID: 201, toAgentID: 202 })).toEqual({ status: 200, body: { outcome: 'ok', message: null, rule: null, warnings: [] } });
    expect(await texts(202)).toEqual([newMessage('2025-10-14 09:30:00.0')]);
    expect((await texts(201)).at(-1)).toEqual(newMessage('2025-10-14 09:30:00.0'));
    // IJ's messages to AB are another thread: still unread.
    expect((await texts(201)).filter((m) => (m as { fromEmpID: number }).fromEmpID === 205).map((m) => (m as { toReadDateTime: unknown }).toReadDateTime)).toEqual([null, null]);

    expect(await post('/api/deleteThread', 201, { AgentID: 201, toAgentID: 202 })).toEqual({
      status: 200,
      body: { outcome: 'ok', message: 'You successfully deleted the thread.', rule: null, warnings: [] },
    });
    expect((await texts(201)).map((m) => (m as { msgID: number }).msgID)).toEqual([1, 2, 3]);
    expect(await texts(202)).toEqual([newMessage('2025-10-14 09:30:00.0')]);
    // 4 and 5 were deleted on both sides now: gone from the database.
    expect((await readWorld(server.db)).chatMessages?.map((m) => m.id).sort()).toEqual([1, 2, 3, 6]);
  });
});
