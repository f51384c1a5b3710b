import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTIONS, normalizeWorld, parseScenario, type NormalizedWorld, type RuleSet, type Scenario } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { entityOf, recordToRow, rowToRecord } from '../../server/db/world.entities.ts';

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

/** PostgreSQL when DATABASE_URL is set (a fresh database per test file), else in-memory PGlite. */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const scratch = await scratchPostgres(url, 'shiftinator_test');
  const db = await openDatabase({ url: scratch.url });
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
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

const TABLES = [
  ...Object.keys(COLLECTIONS).map((c) => c.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)),
  'sessions',
  'decision_log',
  'accounts',
];

/** Empties the tables and loads a scenario's world, numbering new rows after the largest id. */
export async function loadWorld(db: Database, world: unknown): Promise<void> {
  const normalized = normalizeWorld(world ?? {});
  const em = db.em();
  const conn = em.getConnection();
  await conn.execute(`truncate ${TABLES.map((t) => `"${t}"`).join(', ')} restart identity`);
  for (const [collection, records] of Object.entries(normalized)) {
    if (!COLLECTIONS[collection] || records.length === 0) continue;
    await em.insertMany(entityOf(collection), records.map((r) => recordToRow(collection, r)) as never[]);
  }
  for (const [collection, spec] of Object.entries(COLLECTIONS)) {
    if (spec.key !== 'id') continue;
    const table = collection.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    await conn.execute(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
    );
  }
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

export async function startTestServer(rules: RuleSet = loadRulesDir()): Promise<TestServer> {
  const { db, drop } = await openTestDatabase();
  let now = 0;
  const app = createApp({ db, rules, rulesHash: 'test', now: () => now });
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
        const sid = await db.exclusive(() => createSession(db.em(), as, 0, new Date(now * 60_000)));
        headers.set('cookie', `shiftinator_session=${sid}`);
      }
      if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return app.request(path, { ...init, headers });
    },
  };
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
