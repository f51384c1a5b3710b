import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant, type RuleSet } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { recordEvent } from '../../server/events/changes.ts';
import { closeEvents, hubOf } from '../../server/events/hub.ts';
import { act, open } from './event-stream.ts';
import { loadWorld, scratchPostgres, withRecords } from './support.ts';

/**
 * Issue 21 part 3: GET /api/events streams, to each signed-in person, what committed actions
 * changed that concerns them; a reconnect with Last-Event-ID gets what it missed; a session holds
 * at most 4 streams; the stream holds neither the request timeout nor PGlite's queue. With
 * PostgreSQL, an action in one app (its own database handle) reaches a stream of another.
 */

/** fixtures/rejectOffer/poster-declines.json: AB (101) offered to cover CD's (102) posting 10; EF (103), GH (104) are colleagues. */
const DECLINE = JSON.parse(readFileSync(new URL('../../fixtures/rejectOffer/poster-declines.json', import.meta.url), 'utf8')) as { now: string; world: Record<string, unknown[]> };
const WORLD = withRecords(DECLINE.world, {});
const NOW = parseInstant(DECLINE.now);

type App = ReturnType<typeof createApp>;
const rules: RuleSet = loadRulesDir();
const url = process.env.DATABASE_URL;
let db: Database;
let app: App;
let drop: () => Promise<void> = async () => undefined;
const extra: Database[] = [];

/** A timeout far shorter than a stream lives: the stream must not be bound by it. */
const TIMEOUT_MS = 300;
const appOn = (d: Database): App => createApp({ db: d, rules, rulesHash: 'test', now: () => NOW }, { requestTimeoutMs: TIMEOUT_MS });

beforeAll(async () => {
  if (url) {
    const scratch = await scratchPostgres(url, 'shiftinator_events');
    db = await openDatabase({ url: scratch.url });
    await migrate(db);
    drop = async () => {
      for (const d of [db, ...extra]) {
        await closeEvents(d);
        await d.close();
      }
      await scratch.drop();
    };
    // A second handle on the same database, as a second server process has.
    extra.push(await openDatabase({ url: scratch.url }));
  } else {
    db = await openDatabase();
    await migrate(db);
    drop = async () => {
      await closeEvents(db);
      await db.close();
    };
  }
  app = appOn(db);
});
afterAll(() => drop());
beforeEach(() => db.exclusive(() => loadWorld(db, WORLD)));

const session = (agentId: number): Promise<string> => db.exclusive(() => createSession(db.em(), agentId, 20, new Date(NOW * 60_000)));

const decline = (on: App, sid: string): Promise<unknown> => act(on, sid, 'PUT', '/api/rejectOffer/40?confirmed=true');
const chat = (on: App, sid: string, from: number, to: number, notes: string): Promise<unknown> => act(on, sid, 'POST', '/api/sendMessage', { AgentID: from, toAgentID: to, Notes: notes });

describe('GET /api/events', () => {
  it('refuses anyone not signed in', async () => {
    const res = await app.request('/api/events');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Please sign in.' });
  });

  it("sends one person's action to the other people it concerns, and not to the others", async () => {
    const [ab, cd, ef] = [await session(101), await session(102), await session(103)];
    const maker = await open(app, ab);
    const stranger = await open(app, ef);
    // The stream is open well past the request timeout, and PGlite answers other requests meanwhile.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    await decline(app, cd);
    const got = await maker.stream.change();
    expect(got).toMatchObject({ action: 'rejectOffer', actor: 102 });
    expect(got.records.offers).toEqual([40]);
    expect(got.records.textMessages).toHaveLength(1);
    // EF's next event is EF's own chat message, not CD's decline.
    await chat(app, ef, 103, 101, 'Lunch?');
    expect(await stranger.stream.change()).toMatchObject({ action: 'sendMessage', actor: 103, records: { chatMessages: [1] } });
    // And AB, its recipient, gets it too.
    expect(await maker.stream.change()).toMatchObject({ action: 'sendMessage', actor: 103 });
    await maker.stream.close();
    await stranger.stream.close();
  });

  it('a reconnect with Last-Event-ID is sent, in order, what it missed', async () => {
    const [ab, cd, ef] = [await session(101), await session(102), await session(103)];
    const first = await open(app, ab);
    await first.stream.close();
    await decline(app, cd);
    await chat(app, ef, 103, 101, 'Saw your offer was declined');
    await chat(app, ef, 103, 104, 'Not for AB');
    const again = await open(app, ab, Number(first.ready.id));
    expect(again.ready.id).toBe(first.ready.id);
    const missed = [await again.stream.change(), await again.stream.change()];
    expect(missed.map((e) => e.action)).toEqual(['rejectOffer', 'sendMessage']);
    expect(missed[1]?.id).toBeGreaterThan(missed[0]?.id ?? Infinity);
    // Then live: the next is new.
    await chat(app, cd, 102, 101, 'Sorry');
    expect(await again.stream.change()).toMatchObject({ action: 'sendMessage', actor: 102 });
    await again.stream.close();
  });

  it('a session holds at most 4 streams: a fifth closes the oldest', async () => {
    const ab = await session(101);
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push((await open(app, ab)).stream);
    expect(await streams[0]?.next()).toBeNull();
    // The other four still get events.
    await decline(app, await session(102));
    for (const s of streams.slice(1)) expect(await s.change()).toMatchObject({ action: 'rejectOffer' });
    // Another session of the same person has its own four.
    const other = await open(app, await session(101));
    await chat(app, await session(103), 103, 101, 'Hi');
    expect(await other.stream.change()).toMatchObject({ action: 'sendMessage' });
    for (const s of [...streams.slice(1), other.stream]) await s.close();
  });

  it("signing out ends the session's streams", async () => {
    const ab = await session(101);
    const { stream } = await open(app, ab);
    const res = await app.request('/api/logout', { method: 'POST', headers: { cookie: `shiftinator_session=${ab}`, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await stream.next()).toBeNull();
    const again = await app.request('/api/events', { headers: { cookie: `shiftinator_session=${ab}` } });
    expect(again.status).toBe(401);
  });

  it.runIf(url)('with PostgreSQL, an action through one app reaches a stream of another app on its own database handle (LISTEN/NOTIFY)', async () => {
    const second = appOn(extra[0] as Database);
    const ab = await session(101);
    const cd = await session(102);
    const onSecond = await open(second, ab);
    const onFirst = await open(app, ab);
    await decline(app, cd);
    expect(await onSecond.stream.change()).toMatchObject({ action: 'rejectOffer', actor: 102 });
    expect(await onFirst.stream.change()).toMatchObject({ action: 'rejectOffer', actor: 102 });
    await chat(second, cd, 102, 101, 'From the other process');
    expect(await onFirst.stream.change()).toMatchObject({ action: 'sendMessage', actor: 102 });
    await onSecond.stream.close();
    await onFirst.stream.close();
  });

  it.runIf(url)('with PostgreSQL, an event that commits after one with a higher id is not lost to a reconnect', async () => {
    const other = extra[0] as Database;
    const start = await hubOf(db).latest();
    const event = { action: 'sendMessage', actor: 102, records: {}, audience: [101] };
    // Two writers in two processes: the first takes its event id, then holds its transaction open
    // while the second writes its own and commits.
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    let firstId = 0;
    let first: Promise<void> = Promise.resolve();
    await new Promise<void>((inserted) => {
      first = db.em().transactional(async (em) => {
        firstId = (await recordEvent(em, db, event)).id;
        inserted();
        await held;
      });
    });
    let secondId = 0;
    const second = other
      .em()
      .transactional(async (em) => (secondId = (await recordEvent(em, other, event)).id))
      .then(() => secondId);
    await Promise.race([second, new Promise((r) => setTimeout(r, 500))]);
    // A client reading now (a stream, or a reconnect) sees what has committed; it remembers the largest id.
    const seen = await hubOf(other).since(start, 101);
    const lastSeen = Math.max(start, ...seen.map((e) => e.id));
    release();
    await first;
    await second;
    // It reconnects with that id as Last-Event-ID: what it is sent then, with what it saw, is every event.
    const replayed = await hubOf(other).since(lastSeen, 101);
    expect([...seen, ...replayed].map((e) => e.id).sort((a, b) => a - b)).toEqual([firstId, secondId].sort((a, b) => a - b));
  });
});
