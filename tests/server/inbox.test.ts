import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { NotificationSchema } from '../../server/db/server.entities.ts';
import { client, ID_ERROR, loadWorldAt, useTestServer, withRecords } from './support.ts';

/**
 * Issue 21 part 2: every text an action sends is also an item in its recipient's inbox, written
 * in the action's transaction; the navigation reads unread inbox items and chat messages in one
 * call; each person reads and marks their own items only.
 */

const server = useTestServer();
const { call, get, post } = client(server);

/** fixtures/rejectOffer/poster-declines.json: AB (101) offered to cover CD's (102) shift; CD declines. */
const DECLINE = JSON.parse(readFileSync(new URL('../../fixtures/rejectOffer/poster-declines.json', import.meta.url), 'utf8')) as { now: string; world: Record<string, unknown[]> };
const DECLINED_TEXT = 'Shiftinator: CD declined your offer for 10/15/2025 8:00 AM - 10/15/2025 4:00 PM. Open Pending Activity to see your offers.';

const WORLD = withRecords(DECLINE.world, {
  chatMessages: [
    { id: 1, fromAgentId: 102, toAgentId: 101, message: 'About Wednesday', sentAt: '2025-10-14 08:00' },
    { id: 2, fromAgentId: 102, toAgentId: 101, message: 'Read already', sentAt: '2025-10-14 08:01', readAt: '2025-10-14 08:02' },
    { id: 3, fromAgentId: 103, toAgentId: 101, message: 'Deleted by AB', sentAt: '2025-10-14 08:03', deletedByRecipient: true },
    { id: 4, fromAgentId: 101, toAgentId: 102, message: 'To CD', sentAt: '2025-10-14 08:04' },
  ],
});

/** An item from before the test's action: older, already in AB's inbox. */
async function olderItem(agentId: number): Promise<void> {
  await server.db.exclusive(() =>
    server.db.em().insert(NotificationSchema, { agentId, kind: 'nudge', body: 'an older text', link: '/pending', createdAt: new Date('2025-10-13T12:00:00Z'), readAt: null } as never),
  );
}

interface Inbox {
  unread: number;
  items: { id: number; kind: string | null; body: string; link: string; createdAt: string; readAt: string | null }[];
}

beforeEach(() => loadWorldAt(server, DECLINE.now, WORLD));

describe('inbox', () => {
  it("keeps a decline's text in the maker's inbox, newest first, linked to Pending Activity", async () => {
    await olderItem(101);
    expect((await call('PUT', '/api/rejectOffer/40?confirmed=true', 102)).body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offer declined.' });
    const inbox = (await get('/api/inbox', 101)).body as Inbox;
    expect(inbox).toEqual({
      unread: 2,
      items: [
        { id: 2, kind: 'offerDeclined', body: DECLINED_TEXT, link: '/pending', createdAt: '2025-10-14 09:00:00.0', readAt: null },
        { id: 1, kind: 'nudge', body: 'an older text', link: '/pending', createdAt: '2025-10-13 08:00:00.0', readAt: null },
      ],
    });
    // The text itself went to the outbox in the same transaction.
    const texts = await server.db.exclusive(() => server.db.em().getConnection().execute('select to_agent_id, body from text_messages'));
    expect(texts).toEqual([{ to_agent_id: 101, body: DECLINED_TEXT }]);
    // The decliner was sent nothing.
    expect((await get('/api/inbox', 102)).body).toEqual({ unread: 0, items: [] });
  });

  it('writes nothing when the action is refused or only asks to confirm', async () => {
    expect((await call('PUT', '/api/rejectOffer/40', 102)).body).toMatchObject({ outcome: 'confirm' });
    expect((await call('PUT', '/api/rejectOffer/40?confirmed=true', 101)).status).toBe(403);
    expect((await get('/api/inbox', 101)).body).toEqual({ unread: 0, items: [] });
  });

  it("counts unread inbox items and chat messages to the person in one call", async () => {
    expect(await get('/api/inbox/summary', 101)).toEqual({ status: 200, body: { inbox: 0, chat: 1 } });
    await call('PUT', '/api/rejectOffer/40?confirmed=true', 102);
    expect(await get('/api/inbox/summary', 101)).toEqual({ status: 200, body: { inbox: 1, chat: 1 } });
    expect((await post('/api/readMessages', 101, { AgentID: 101, toAgentID: 102 })).status).toBe(200);
    expect(await get('/api/inbox/summary', 101)).toEqual({ status: 200, body: { inbox: 1, chat: 0 } });
    expect(await get('/api/inbox/summary', 102)).toEqual({ status: 200, body: { inbox: 0, chat: 1 } });
  });

  it('marks one item read when opened, then all', async () => {
    await olderItem(101);
    await call('PUT', '/api/rejectOffer/40?confirmed=true', 102);
    server.setNow(parseInstant('2025-10-14 09:30'));
    expect(await post('/api/inbox/2/read', 101)).toEqual({ status: 200, body: { unread: 1 } });
    const inbox = (await get('/api/inbox', 101)).body as Inbox;
    expect(inbox.unread).toBe(1);
    expect(inbox.items.map((i) => i.readAt)).toEqual(['2025-10-14 09:30:00.0', null]);
    // Opening it again keeps the first time.
    server.setNow(parseInstant('2025-10-14 10:00'));
    expect(await post('/api/inbox/2/read', 101)).toEqual({ status: 200, body: { unread: 1 } });
    expect(await post('/api/inbox/read', 101)).toEqual({ status: 200, body: { unread: 0 } });
    expect(((await get('/api/inbox', 101)).body as Inbox).items.map((i) => i.readAt)).toEqual(['2025-10-14 09:30:00.0', '2025-10-14 10:00:00.0']);
    expect(await get('/api/inbox/summary', 101)).toEqual({ status: 200, body: { inbox: 0, chat: 1 } });
  });

  it("shows and marks only one's own items", async () => {
    await call('PUT', '/api/rejectOffer/40?confirmed=true', 102);
    // CD may not open AB's item: answered as if it did not exist, and it stays unread.
    expect(await post('/api/inbox/1/read', 102)).toEqual({ status: 404, body: { error: 'There is no such item in your inbox.' } });
    expect(await post('/api/inbox/99/read', 101)).toEqual({ status: 404, body: { error: 'There is no such item in your inbox.' } });
    expect(await post('/api/inbox/read', 102)).toEqual({ status: 200, body: { unread: 0 } });
    expect(((await get('/api/inbox', 101)).body as Inbox).unread).toBe(1);
  });

  it('refuses a bad id and anyone not signed in', async () => {
    expect(await post('/api/inbox/abc/read', 101)).toEqual({ status: 400, body: { error: `id: ${ID_ERROR}` } });
    for (const [method, path] of [['GET', '/api/inbox'], ['GET', '/api/inbox/summary'], ['POST', '/api/inbox/read'], ['POST', '/api/inbox/1/read']] as const) {
      expect(await call(method, path, undefined)).toEqual({ status: 401, body: { error: 'Please sign in.' } });
    }
  });
});
