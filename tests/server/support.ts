import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { COLLECTIONS, normalizeWorld, parseInstant, parseScenario, PreparedWorld, type NormalizedWorld, type RuleSet, type Scenario } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { entityOf, recordToRow, rowToRecord } from '../../server/db/world.entities.ts';
import { noticesSent } from '../../server/inbox/can-take.ts';

/** A new, empty PostgreSQL database on the server `url` names, and how to drop it. */
export async function scratchPostgres(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.orm.em.getConnection().execute(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** A new PostgreSQL database on the server `url` names, copied from the migrated template `template`, and how to drop it. */
async function postgresFromTemplate(url: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shiftinator_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url });
  await admin.orm.em.getConnection().execute(`create database ${name} template ${template}`);
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    url: copy.toString(),
    drop: async () => {
      await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/**
 * PostgreSQL when DATABASE_URL is set (a fresh database per test file), else in-memory PGlite. Each
 * starts as a copy of the migrated database vitest's global setup made for the run
 * (tests/database-template.ts); run without it, a new database is migrated here.
 */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const db = await openDatabase(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    await (template ? started(db) : migrate(db));
    return { db, drop: () => db.close() };
  }
  const template = inject('postgresTemplate');
  const scratch = template ? await postgresFromTemplate(url, template) : await scratchPostgres(url, 'shiftinator_test');
  const db = await openDatabase({ url: scratch.url });
  await (template ? started(db) : migrate(db));
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

/** The database connects (PGlite starts) on its first statement: here, as when migrate ran, not in a test's first request. */
async function started(db: Database): Promise<void> {
  await db.query({ text: 'select 1', params: [] });
}

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** The scenario files of some actions' fixture folders, named `action/file.json`. */
export function actionScenarios(actions: readonly string[]): [string, Scenario][] {
  return actions.flatMap((action) =>
    readdirSync(join(FIXTURES, action))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f): [string, Scenario] => [`${action}/${f}`, parseScenario(JSON.parse(readFileSync(join(FIXTURES, action, f), 'utf8')), f)]),
  );
}

/** A collection's table: its name in snake case. */
const tableOf = (collection: string): string => collection.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const TABLES = [
  ...Object.keys(COLLECTIONS).map(tableOf),
  'sessions',
  'decision_log',
  'accounts',
  'sign_in_throttle',
  'calendar_feeds',
  'notifications',
  'notice_settings',
  'events',
];

const quoted = (names: readonly string[]): string => names.map((t) => `'${t}'`).join(', ');

/** Which of the tables hold a row: one statement, where a TRUNCATE of an empty table still costs a new file per table and index. */
const NON_EMPTY = TABLES.map((t) => `select '${t}' as t where exists (select 1 from "${t}")`).join(' union all ');

/** Every sequence a column of the tables owns (serial ids) back to its start, as `truncate ... restart identity` does. */
const RESTART_SEQUENCES = `select setval(s.oid, q.seqstart, false) from pg_class s
  join pg_sequence q on q.seqrelid = s.oid
  join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
  join pg_class t on t.oid = d.refobjid
  where t.relname in (${quoted(TABLES)})`;

/**
 * Empties the tables and loads a scenario's world, numbering new rows after the largest id. Only
 * the tables holding rows are truncated: the schema has no foreign keys, and truncating all of
 * them each time was most of a fixture test's time (a file and its indexes made anew per table).
 */
export async function loadWorld(db: Database, world: unknown): Promise<void> {
  const normalized = normalizeWorld(world ?? {});
  const em = db.em();
  const conn = em.getConnection();
  // The last action's who-could-take notices run after its commit; a truncate beside their
  // transaction deadlocks on PostgreSQL.
  await noticesSent(db);
  const filled = ((await conn.execute(NON_EMPTY)) as { t: string }[]).map((r) => r.t);
  if (filled.length > 0) await conn.execute(`truncate ${filled.map((t) => `"${t}"`).join(', ')}`);
  await conn.execute(RESTART_SEQUENCES);
  const loaded: string[] = [];
  for (const [collection, records] of Object.entries(normalized)) {
    if (!COLLECTIONS[collection] || records.length === 0) continue;
    await em.insertMany(entityOf(collection), records.map((r) => recordToRow(collection, r)) as never[]);
    if (COLLECTIONS[collection].key === 'id') loaded.push(tableOf(collection));
  }
  // The tables left empty count from 1 already, as restarted above.
  if (loaded.length === 0) return;
  await conn.execute(
    `select ${loaded.map((t) => `setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false)`).join(', ')}`,
  );
}

/** The world as the database holds it now, normalised like the engine's. */
export async function readWorld(db: Database): Promise<NormalizedWorld> {
  const em = db.em();
  const out: NormalizedWorld = {};
  for (const collection of Object.keys(COLLECTIONS)) {
    const rows = (await em.find(entityOf(collection), {}, { disableIdentityMap: true })) as object[];
    out[collection] = rows.map((r) => rowToRecord(collection, r as Record<string, unknown>));
  }
  return out;
}

export interface TestServer {
  db: Database;
  rules: RuleSet;
  request: (path: string, init?: RequestInit & { as?: number }) => Promise<Response>;
  setNow: (minutes: number) => void;
  drop: () => Promise<void>;
}

/** `options.open` gives another database (a PGlite folder a CLI can open after); `options.rulesHash` the version logged. */
export async function startTestServer(
  rules: RuleSet = loadRulesDir(),
  options: { open?: () => Promise<{ db: Database; drop: () => Promise<void> }>; rulesHash?: string } = {},
): Promise<TestServer> {
  const { db, drop } = await (options.open ?? openTestDatabase)();
  let now = 0;
  const app = createApp({ db, rules, rulesHash: options.rulesHash ?? 'test', now: () => now });
  return {
    db,
    rules,
    setNow: (minutes) => {
      now = minutes;
    },
    drop,
    request: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.as !== undefined) {
        const as = init.as;
        const sid = await db.exclusive(() => createSession(db.em(), as, 15, new Date(now * 60_000)));
        headers.set('cookie', `shiftinator_session=${sid}`);
      }
      if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return app.request(path, { ...init, headers });
    },
  };
}

/**
 * The test server of a test file, started before its tests and dropped after them. The object is
 * usable from the start (a file declares it once, at the top); it reaches the running server only
 * inside tests and hooks.
 */
export function useTestServer(rules?: RuleSet): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(rules);
  });
  afterAll(async () => {
    await started?.drop();
  });
  const running = (): TestServer => {
    if (!started) throw new Error('the test server starts in beforeAll: use it inside a test or a hook');
    return started;
  };
  return {
    get db() {
      return running().db;
    },
    get rules() {
      return running().rules;
    },
    request: (path, init) => running().request(path, init),
    setNow: (minutes) => running().setNow(minutes),
    drop: () => running().drop(),
  };
}

/** The clock at `now` (Eastern wall clock) and the database holding `world` alone: a test's start. */
export async function loadWorldAt(server: TestServer, now: string, world: unknown): Promise<void> {
  server.setNow(parseInstant(now));
  await loadWorld(server.db, world);
}

/** A copy of a scenario world with more records after those of some collections: a test's variation on its file's world. */
export function withRecords<W extends Record<string, unknown>>(world: W, extra: Record<string, readonly unknown[]>): W {
  const out: Record<string, unknown> = { ...world };
  for (const [collection, records] of Object.entries(extra)) out[collection] = [...((world[collection] as unknown[] | undefined) ?? []), ...records];
  return out as W;
}

export const json = (value: unknown): string => JSON.stringify(value);

/** An answer: its HTTP status and its JSON body. */
export interface Reply<B = unknown> {
  status: number;
  body: B;
}

/**
 * What an action call answers (server/action-routes.ts): the decision, or `{ error }` for a request
 * refused before the rules (400 bad input, 401 no session, 403 acting for someone else).
 */
export interface ActionAnswer {
  outcome?: string;
  message?: string | null;
  rule?: string | null;
  warnings?: string[];
  created?: Record<string, number[]>;
  error?: string;
}

/**
 * Calls signed in as the agent `as` names (undefined: without a session). A body that is a string
 * is sent as it is (for malformed JSON), anything else as JSON; undefined sends none.
 */
export interface Client {
  call: (method: string, path: string, as: number | undefined, body?: unknown) => Promise<Reply<ActionAnswer>>;
  post: (path: string, as: number, body?: unknown) => Promise<Reply<ActionAnswer>>;
  put: (path: string, as: number, body?: unknown) => Promise<Reply<ActionAnswer>>;
  get: (path: string, as?: number) => Promise<Reply>;
  /** A GET that must answer 200: its body. */
  ok: (path: string, as: number) => Promise<unknown>;
}

/** The calls of a test file; `prefix` goes before every path (a file whose paths leave out '/api'). */
export function client(server: TestServer, prefix = ''): Client {
  const call: Client['call'] = async (method, path, as, body) => {
    const init: RequestInit & { as?: number } = { method };
    if (as !== undefined) init.as = as;
    if (body !== undefined) init.body = typeof body === 'string' ? body : json(body);
    const res = await server.request(`${prefix}${path}`, init);
    return { status: res.status, body: (await res.json()) as ActionAnswer };
  };
  const get: Client['get'] = (path, as) => call('GET', path, as);
  return {
    call,
    post: (path, as, body) => call('POST', path, as, body),
    put: (path, as, body) => call('PUT', path, as, body),
    get,
    ok: async (path, as) => {
      const res = await get(path, as);
      expect(res.status, `${path}: ${json(res.body)}`).toBe(200);
      return res.body;
    },
  };
}

/** How many decisions the decision log holds. */
export async function decisionCount(server: TestServer): Promise<number> {
  const rows = await server.db.exclusive(() => server.db.em().getConnection().execute<{ n: number }[]>('select count(*)::int as n from decision_log'));
  return rows[0]?.n ?? -1;
}

/** The texts of the field checks every action call makes (server/action-routes.ts), for the bad-input tables. */
export const ID_ERROR = 'must be a whole number from 1 to 2147483647';
export const TIME_TYPE_ERROR = 'must be text, a date and time as "YYYY-MM-DD HH:mm" (Eastern)';
export const NUMBER_ERROR = 'must be a number';
/** The 403 of a request naming another agent than the one signed in. */
export const NOT_YOURS = 'You can only act for yourself here.';

/** A malformed request of a bad-input table: its name, the call, its body as sent (undefined: none), the 400's error, and who sends it. */
export type BadRequest = [name: string, method: string, path: string, body: string | undefined, error: string, as?: number];

/** A bad-input row of one body: `patch` over a good body (a field set to undefined is left out), a raw body text, or undefined for none. */
export type BodyPatch = Record<string, unknown> | string | undefined;

/** A good body with `patch` over it (a field set to undefined is left out), as sent. */
export function patched(good: Record<string, unknown>, patch: Record<string, unknown>): string {
  return json({ ...good, ...patch });
}

/** The rows `[name, patch, error]` of one POST action as bad requests, named `action: name`. */
export function bodyCases(action: string, good: Record<string, unknown>, rows: readonly (readonly [string, BodyPatch, string])[], as?: number): BadRequest[] {
  return rows.map(([name, patch, error]): BadRequest => [
    `${action}: ${name}`,
    'POST',
    `/api/${action}`,
    typeof patch === 'object' ? patched(good, patch) : patch,
    error,
    as,
  ]);
}

/** Sends a malformed request: a 400 whose `{ error }` names the field, and no decision logged. */
export async function expectBadInput(server: TestServer, [, method, path, body, error, as]: BadRequest, signedIn: number): Promise<void> {
  const before = await decisionCount(server);
  expect(await client(server).call(method, path, as ?? signedIn, body)).toEqual({ status: 400, body: { error } });
  expect(await decisionCount(server)).toBe(before);
}

/** A request naming another agent than the one signed in: a 403 before the rules, and no decision logged. */
export async function expectNotYours(server: TestServer, method: string, path: string, as: number, body?: unknown): Promise<void> {
  const before = await decisionCount(server);
  expect(await client(server).call(method, path, as, body)).toEqual({ status: 403, body: { error: NOT_YOURS } });
  expect(await decisionCount(server)).toBe(before);
}

/**
 * A named shared fixture: CD (102) posted shift 1 (2025-10-15 08:00-16:00) for coverage (posting
 * 10); AB (101) and EF (103) are free agents. The offers on it are the caller's.
 */
export function postedShiftWorld(offers: Record<string, unknown>[]): Record<string, unknown> {
  return {
    agents: [
      { agentId: 101, agentType: 20, initials: 'AB' },
      { agentId: 102, agentType: 20, initials: 'CD' },
      { agentId: 103, agentType: 20, initials: 'EF' },
    ],
    shifts: [{ id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 }],
    coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 0 }],
    offers,
  };
}

/**
 * The pending offers of a world whose recipient could not accept them, as the engine decides
 * (`offer N: message`): the poster, or the covering agent of a counteroffer; for hours, the
 * poster, or the owner of the shift offered back.
 */
export async function refusedPendingOffers(rules: RuleSet, world: NormalizedWorld, now: number): Promise<{ pending: number; refused: string[] }> {
  const list = (name: string): Record<string, unknown>[] => world[name] ?? [];
  const prepared = new PreparedWorld(world);
  const coverage = new Map(list('coveragePostings').map((p) => [p.id, p]));
  const pickup = new Map(list('pickupPostings').map((p) => [p.id, p]));
  const shifts = new Map(list('shifts').map((s) => [s.id, s]));
  const pending = list('offers').filter((o) => o.status === 'pending');
  const refused: string[] = [];
  for (const offer of pending) {
    let action: string;
    let actor: number;
    if (offer.postingId !== null) {
      const poster = coverage.get(offer.postingId)?.agentId as number;
      action = 'acceptOffer';
      actor = offer.offeringAgentId === poster ? (offer.coveringAgentId as number) : poster;
    } else {
      const poster = pickup.get(offer.pickupPostingId)?.agentId as number;
      action = 'acceptOfferHours';
      actor = offer.offeringAgentId === poster ? (shifts.get(offer.shiftId)?.agentId as number) : poster;
    }
    const d = await rules.action(action).decide({ world: prepared, now, actor, input: { offerId: offer.id } });
    if (d.outcome !== 'ok') refused.push(`offer ${String(offer.id)}: ${d.message ?? ''}`);
  }
  return { pending: pending.length, refused };
}
