import { beforeEach, describe, expect, it } from 'vitest';
import { loadRuleSet, parseInstant } from '../../engine/index.ts';
import { noticeCandidates, noticesSent } from '../../server/inbox/can-take.ts';
import { Outbox, type OutgoingText } from '../../server/outbox.ts';
import { client, loadWorldAt, useTestServer } from './support.ts';

/**
 * Issue 21 part 1: when a posting or an open shift is created, every colleague who could take it
 * is told once in their inbox, and nobody who could not.
 */

const server = useTestServer();
const { post, put, get, ok } = client(server);
const NOW = '2025-10-14 09:00';

const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Bell' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 104, agentType: 20, initials: 'GH' },
    { agentId: 105, agentType: 20, initials: 'IJ', terminationDate: '2025-10-01 00:00' },
    { agentId: 200, agentType: 100, initials: 'SU' },
    { agentId: 300, agentType: 102, initials: 'MG' },
    // QA reviews (training type 61) are for QA reviewers and up.
    { agentId: 107, agentType: 50, initials: 'QA' },
  ],
  shifts: [
    { id: 1, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 },
    // 102 works during the posting's hours: they cannot take it.
    { id: 2, agentId: 102, start: '2025-10-16 07:00', end: '2025-10-16 15:00', shiftType: 0 },
    { id: 3, agentId: 103, start: '2025-10-18 08:00', end: '2025-10-18 16:00', shiftType: 0 },
  ],
};

interface Item {
  kind: string | null;
  body: string;
  link: string;
}

interface Candidate {
  agentId: number;
  could: boolean;
}

const inboxOf = async (agentId: number): Promise<Item[]> => ((await ok('/api/inbox', agentId)) as { items: Item[] }).items.filter((i) => i.kind === 'canTake');

/** Who the server says could take it (the supervisor's list), and who not. */
async function decided(path: string): Promise<{ could: number[]; not: number[] }> {
  const people = ((await ok(path, 200)) as { people: Candidate[] }).people;
  return { could: people.filter((p) => p.could).map((p) => p.agentId), not: people.filter((p) => !p.could).map((p) => p.agentId) };
}

/** Every colleague who could has exactly one notice, with this text and link; the rest none. */
async function expectNotices(who: { could: number[]; not: number[] }, body: string, link: string): Promise<void> {
  expect(who.could.length).toBeGreaterThan(0);
  expect(who.not.length).toBeGreaterThan(0);
  for (const agentId of who.could) expect(await inboxOf(agentId), `agent ${agentId}`).toEqual([{ kind: 'canTake', body, link, createdAt: `${NOW}:00.0`, id: expect.any(Number), readAt: null }]);
  for (const agentId of [...who.not, 105]) expect(await inboxOf(agentId), `agent ${agentId}`).toEqual([]);
}

describe('who could take it is told', () => {
  beforeEach(() => loadWorldAt(server, NOW, WORLD));

  it('tells the colleagues who could cover a posting, once, and nobody else', async () => {
    const res = await post('/api/postShift', 101, { AgentID: 101, StartTime: '2025-10-16 08:00', EndTime: '2025-10-16 16:00', Notes: '', OpenToCots: 0, OpenToTrade: 0, TimeScheduleItemID: 1, Type: 0 });
    expect(res.body.outcome, JSON.stringify(res.body)).toBe('ok');
    await noticesSent(server.db);
    const id = res.body.created?.coveragePostings?.[0] as number;
    const who = await decided(`/api/whoCouldTakeCoveragePosting/${id}`);
    expect(who.not).toContain(102);
    await expectNotices(who, 'Shiftinator: Ann Bell is looking for coverage 10/16/2025 8:00 AM - 4:00 PM. You could cover it.', '/calendar?date=2025-10-16');
    // The poster is not told of their own posting.
    expect(await inboxOf(101)).toEqual([]);
    // Deciding the same posting again sends nothing more.
    expect(await server.db.exclusive(() => noticeCandidates(server.db, server.rules, 'coveragePosting', id, parseInstant(NOW)))).toEqual({ to: [], texts: [] });
    await expectNotices(who, 'Shiftinator: Ann Bell is looking for coverage 10/16/2025 8:00 AM - 4:00 PM. You could cover it.', '/calendar?date=2025-10-16');
  });

  it('tells the colleagues who could give hours to a posting for hours', async () => {
    const res = await post('/api/postWantWork', 101, { AgentID: 101, StartTime: '2025-10-18 08:00', EndTime: '2025-10-18 16:00', Notes: '', Type: null });
    expect(res.body.outcome, JSON.stringify(res.body)).toBe('ok');
    await noticesSent(server.db);
    const id = res.body.created?.pickupPostings?.[0] as number;
    const who = await decided(`/api/whoCouldTakePickupPosting/${id}`);
    // Only 103 works that day: only they have hours to give.
    expect(who.could).toEqual([103]);
    await expectNotices(who, 'Shiftinator: Ann Bell is looking for hours 10/18/2025 8:00 AM - 4:00 PM. You could give them yours.', '/calendar?date=2025-10-18');
  });

  it('tells the colleagues who could claim an open shift', async () => {
    const res = await post('/api/postOpenShift', 200, { AgentID: 200, StartTime: '2025-10-16 09:00', EndTime: '2025-10-16 13:00', Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null });
    expect(res.body.outcome, JSON.stringify(res.body)).toBe('ok');
    await noticesSent(server.db);
    const id = res.body.created?.openShifts?.[0] as number;
    const who = await decided(`/api/whoCouldTakeOpenShift/${id}`);
    expect(who.not).toEqual(expect.arrayContaining([101, 102]));
    await expectNotices(who, 'Shiftinator: a new open shift 10/16/2025 9:00 AM - 1:00 PM. You could claim it.', `/coverOpenShift/${id}`);
  });

  it('tells the colleagues who could claim an open training shift, linking to its claim screen', async () => {
    const res = await post('/api/postOpenTrainingShift', 300, { AgentID: 300, StartTime: '2025-10-17 09:00', EndTime: '2025-10-17 12:00', Type: 61, ShiftCredits: 0, Quantity: 1 });
    expect(res.body.outcome, JSON.stringify(res.body)).toBe('ok');
    await noticesSent(server.db);
    const id = res.body.created?.openShifts?.[0] as number;
    const who = await decided(`/api/whoCouldTakeOpenShift/${id}`);
    expect(who.could.length).toBeGreaterThan(0);
    const told: number[] = [];
    for (const agentId of [...who.could, ...who.not]) {
      const items = await inboxOf(agentId);
      if (items.length > 0) told.push(agentId);
      for (const item of items) expect(item).toMatchObject({ body: 'Shiftinator: a new open training shift 10/17/2025 9:00 AM - 12:00 PM. You could claim it.', link: `/coverOpenTrainingShift/${id}` });
    }
    expect(told.sort()).toEqual([...who.could].sort());
  });
});

const POST_COVERAGE = { AgentID: 101, StartTime: '2025-10-16 08:00', EndTime: '2025-10-16 16:00', Notes: '', OpenToCots: 0, OpenToTrade: 0, TimeScheduleItemID: 1, Type: 0 };
const COVERAGE_TEXT = 'Shiftinator: Ann Bell is looking for coverage 10/16/2025 8:00 AM - 4:00 PM. You could cover it.';

/** What the outbox hands its sender when it drains now. */
async function drained(): Promise<Omit<OutgoingText, 'id'>[]> {
  const got: Omit<OutgoingText, 'id'>[] = [];
  const sender = { name: 'test', send: ({ toAgentId, cell, kind, body }: OutgoingText) => Promise.resolve(void got.push({ toAgentId, cell, kind, body })) };
  await new Outbox({ db: server.db, sender, now: () => parseInstant(NOW) }).drain();
  return got.sort((a, b) => a.toAgentId - b.toAgentId);
}

describe('the notice is the rule file\'s text', () => {
  beforeEach(() => loadWorldAt(server, NOW, WORLD));

  it('says what rules/postOfferCoverage.json "notice" says, as edited there', async () => {
    const res = await post('/api/postShift', 101, POST_COVERAGE);
    await noticesSent(server.db);
    const id = res.body.created?.coveragePostings?.[0] as number;
    expect((await inboxOf(103)).map((i) => i.body)).toEqual([COVERAGE_TEXT]);
    // A manager edits the text in the rule file: the next notice says the new words.
    const sources = server.rules.sources.map((s) => {
      const json = s.json as { action?: string; notice?: { message: string } };
      if (json.action !== 'postOfferCoverage') return s;
      return { ...s, json: { ...json, notice: { ...json.notice, message: 'Shiftinator: cover for {poster}? {start} to {end}.' } } };
    });
    await server.db.exclusive(() => server.db.em().getConnection().execute('delete from notifications'));
    await server.db.exclusive(() => noticeCandidates(server.db, loadRuleSet(sources), 'coveragePosting', id, parseInstant(NOW)));
    expect((await inboxOf(103)).map((i) => i.body)).toEqual(['Shiftinator: cover for Ann Bell? 10/16/2025 8:00 AM to 4:00 PM.']);
  });

  it('refuses a rule file whose notice names a value it does not define', () => {
    const sources = server.rules.sources.map((s) => {
      const json = s.json as { action?: string; notice?: { message: string } };
      return json.action === 'claimOpenShift' ? { ...s, json: { ...json, notice: { ...json.notice, message: 'Shiftinator: {where} is open.' } } } : s;
    });
    expect(() => loadRuleSet(sources)).toThrow('notice uses {where} but its "values" does not define it');
  });
});

describe('who opted in is also sent a text', () => {
  beforeEach(() => loadWorldAt(server, NOW, WORLD));

  it('starts off, and is each person\'s own to change', async () => {
    expect(await ok('/api/inbox/settings', 103)).toEqual({ canTakeTexts: false });
    expect(await put('/api/inbox/settings', 103, { canTakeTexts: true })).toEqual({ status: 200, body: { canTakeTexts: true } });
    expect(await ok('/api/inbox/settings', 103)).toEqual({ canTakeTexts: true });
    expect(await ok('/api/inbox/settings', 104)).toEqual({ canTakeTexts: false });
    expect(await put('/api/inbox/settings', 103, { canTakeTexts: false })).toEqual({ status: 200, body: { canTakeTexts: false } });
    expect(await ok('/api/inbox/settings', 103)).toEqual({ canTakeTexts: false });
  });

  it('refuses a setting that is not true or false, changing nothing', async () => {
    await put('/api/inbox/settings', 103, { canTakeTexts: true });
    expect(await put('/api/inbox/settings', 103, { canTakeTexts: 'yes' })).toEqual({ status: 400, body: { error: 'canTakeTexts: must be true or false' } });
    expect(await put('/api/inbox/settings', 103, {})).toEqual({ status: 400, body: { error: 'canTakeTexts: is required' } });
    expect(await put('/api/inbox/settings', 103)).toEqual({ status: 400, body: { error: 'body: must be JSON' } });
    expect(await ok('/api/inbox/settings', 103)).toEqual({ canTakeTexts: true });
    expect((await get('/api/inbox/settings')).status).toBe(401);
  });

  it('texts the eligible who opted in, once per posting, and never the ineligible', async () => {
    // 103 and 104 could cover it; 102 works then and cannot. 104 did not opt in.
    for (const agentId of [102, 103]) expect((await put('/api/inbox/settings', agentId, { canTakeTexts: true })).status).toBe(200);
    const res = await post('/api/postShift', 101, POST_COVERAGE);
    expect(res.body.outcome, JSON.stringify(res.body)).toBe('ok');
    await noticesSent(server.db);
    const id = res.body.created?.coveragePostings?.[0] as number;
    const who = await decided(`/api/whoCouldTakeCoveragePosting/${id}`);
    expect(who.could).toEqual(expect.arrayContaining([103, 104]));
    expect(who.not).toContain(102);
    expect(await drained()).toEqual([{ toAgentId: 103, cell: null, kind: 'canTake', body: COVERAGE_TEXT }]);
    // Everyone who could still has their inbox item, texted or not.
    expect((await inboxOf(104)).map((i) => i.body)).toEqual([COVERAGE_TEXT]);
    // Deciding the posting again sends no second text.
    expect(await server.db.exclusive(() => noticeCandidates(server.db, server.rules, 'coveragePosting', id, parseInstant(NOW)))).toEqual({ to: [], texts: [] });
    expect(await drained()).toEqual([]);
    const [{ n }] = await server.db.exclusive(() => server.db.em().getConnection().execute<{ n: number }[]>("select count(*)::int as n from text_messages where kind = 'canTake'"));
    expect(n).toBe(1);
  });
});
