import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInstant, type WorldRecord } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { closeEvents, hubOf } from '../../server/events/hub.ts';
import { changesWithin, open, type Stream } from './event-stream.ts';
import { loadWorld, readWorld, scratchPostgres, withRecords } from './support.ts';

/**
 * Issue 27 part 4: a live event names only records its recipient may read (the reads' own
 * permissions), the 4-streams-per-session limit holds across server processes on one database,
 * and a Last-Event-ID that is no event id is a 400.
 */

/** fixtures/acceptOffer/accept-full-coverage.json: CD (102) accepts AB's (101) offer 40 on posting 10, ending it; EF's (103) offer 41 is declined. */
const ACCEPT = JSON.parse(readFileSync(new URL('../../fixtures/acceptOffer/accept-full-coverage.json', import.meta.url), 'utf8')) as { now: string; world: Record<string, unknown[]> };
const STRANGER = 105;
const SUPERVISOR = 106;
const WORLD = withRecords(ACCEPT.world, {
  agents: [
    { agentId: STRANGER, agentType: 20, initials: 'ST' },
    { agentId: SUPERVISOR, agentType: 100, initials: 'SU' },
  ],
});
const NOW = parseInstant(ACCEPT.now);

const rules = loadRulesDir();
const url = process.env.DATABASE_URL;
let db: Database;
/** A second handle on the same database, as a second server process has (PGlite: the same one). */
let second: Database;
let drop: () => Promise<void> = async () => undefined;
type App = ReturnType<typeof createApp>;
const appOn = (d: Database): App => createApp({ db: d, rules, rulesHash: 'test', now: () => NOW });

beforeAll(async () => {
  if (url) {
    const scratch = await scratchPostgres(url, 'shiftinator_events_perm');
    db = await openDatabase({ url: scratch.url });
    await migrate(db);
    second = await openDatabase({ url: scratch.url });
    drop = async () => {
      for (const d of [db, second]) {
        await closeEvents(d);
        await d.close();
      }
      await scratch.drop();
    };
  } else {
    db = await openDatabase();
    await migrate(db);
    second = db;
    drop = async () => {
      await closeEvents(db);
      await db.close();
    };
  }
});
afterAll(() => drop());

const session = (agentId: number): Promise<string> => db.exclusive(() => createSession(db.em(), agentId, 20, new Date(NOW * 60_000)));

describe('an acceptOffer that ends a posting', () => {
  it('is sent to each person as they may read it: their own offers, log lines and texts, shifts only to their owner and supervision', async () => {
    const app = appOn(db);
    await db.exclusive(() => loadWorld(db, WORLD));
    const start = await hubOf(db).latest();
    const poster = await session(102);
    const res = await app.request('/api/acceptOffer/40?confirmed=true', { method: 'PUT', headers: { cookie: `shiftinator_session=${poster}` } });
    expect(res.status).toBe(200);
    const after = await readWorld(db);
    const byId = (collection: string, id: number): WorldRecord | undefined => after[collection]?.find((r) => r.id === id);
    const received: Record<number, Record<string, number[]>> = {};
    for (const person of [101, 102, 103, STRANGER, SUPERVISOR]) {
      const { stream } = await open(app, await session(person), start);
      const events = await changesWithin(stream);
      await stream.close();
      expect(events.map((e) => e.action), `events of ${person}`).toEqual(events.length ? ['acceptOffer'] : []);
      received[person] = events[0]?.records ?? {};
    }
    // Everyone learns that posting 10 left the calendar they saw it on; the stranger nothing else.
    expect(received[STRANGER]).toEqual({ coveragePostings: [10] });
    // EF, whose offer was declined: that offer, their log line; no other offer, line or text.
    const ef = received[103] ?? {};
    expect(ef.offers).toEqual([41]);
    expect((ef.offerLog ?? []).map((id) => byId('offerLog', id)?.agentId)).toEqual([103]);
    expect(ef.textMessages).toBeUndefined();
    expect(ef.shifts).toBeUndefined();
    // Every record anyone was sent is one they may read.
    for (const [who, records] of Object.entries(received)) {
      const me = Number(who);
      for (const id of records.offers ?? []) {
        const o = byId('offers', id) as WorldRecord;
        expect([o.offeringAgentId, o.coveringAgentId, byId('coveragePostings', o.postingId as number)?.agentId], `offer ${id} to ${me}`).toContain(me);
      }
      for (const id of records.offerLog ?? []) expect(me === SUPERVISOR || byId('offerLog', id)?.agentId === me, `log line ${id} to ${me}`).toBe(true);
      for (const id of records.textMessages ?? []) expect(byId('textMessages', id)?.toAgentId, `text ${id} to ${me}`).toBe(me);
      // The poster's deleted shift 1 and AB's new shift: their owners' and supervision's.
      for (const id of records.shifts ?? []) expect([1, 2].includes(id) && (me === SUPERVISOR || (id === 1 ? 102 : 101) === me), `shift ${id} to ${me}`).toBe(true);
    }
    expect(received[101]?.offers).toEqual([40]);
    expect(received[101]?.textMessages).toHaveLength(1);
    expect(received[102]?.offers?.sort()).toEqual([40, 41]);
    expect(received[SUPERVISOR]?.shifts?.sort()).toEqual([1, 2]);
  });
});

describe('Last-Event-ID', () => {
  it.each(['2147483648', '99999999999', '-1', '1.5', 'abc'])('%s is a 400 naming it, and the stream is not opened', async (value) => {
    const res = await appOn(db).request('/api/events', { headers: { cookie: `shiftinator_session=${await session(101)}`, 'last-event-id': value } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Last-Event-ID: must be a whole number from 1 to 2147483647, an id this server sent (or 0)' });
  });

  it('2147483647, the largest id, opens the stream', async () => {
    const { stream, ready } = await open(appOn(db), await session(101), 2_147_483_647);
    expect(ready.id).toBe('2147483647');
    await stream.close();
  });
});

describe('at most 4 streams per session, across server processes', () => {
  it('four streams through one app, four through another on the same database: the first four close', async () => {
    const [one, two] = [appOn(db), appOn(second)];
    const sid = await session(101);
    const streams: Stream[] = [];
    for (let i = 0; i < 4; i++) streams.push((await open(one, sid)).stream);
    for (let i = 0; i < 4; i++) streams.push((await open(two, sid)).stream);
    for (const s of streams.slice(0, 4)) expect(await s.next()).toBeNull();
    const rows = await db.query({ text: 'select count(*)::int as n from event_streams where session = ?', params: [sid] });
    expect(rows[0]?.n).toBe(4);
    // The newest four stay live.
    await appOn(second).request('/api/sendMessage', {
      method: 'POST',
      headers: { cookie: `shiftinator_session=${await session(103)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ AgentID: 103, toAgentID: 101, Notes: 'Hi' }),
    });
    for (const s of streams.slice(4)) expect((await s.change()).action).toBe('sendMessage');
    for (const s of streams.slice(4)) await s.close();
  });

  it("a dead process's streams stop counting once their heartbeat is overdue", async () => {
    const sid = await session(101);
    for (let i = 0; i < 4; i++) {
      await db.query({ text: `insert into event_streams (id, session, opened_at, seen_at) values (gen_random_uuid(), ?, now() - interval '1 hour', now() - interval '1 hour')`, params: [sid] });
    }
    const { stream } = await open(appOn(db), sid);
    const rows = await db.query({ text: 'select count(*)::int as n from event_streams where session = ?', params: [sid] });
    expect(rows[0]?.n).toBe(1);
    await stream.close();
  });

  it('a closed stream frees its slot', async () => {
    const sid = await session(101);
    const { stream } = await open(appOn(db), sid);
    await stream.close();
    await expect.poll(async () => (await db.query({ text: 'select count(*)::int as n from event_streams where session = ?', params: [sid] }))[0]?.n).toBe(0);
  });
});
