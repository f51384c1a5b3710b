import { COLLECTIONS } from '../../engine/collections.ts';
import { hashPassword } from '../auth.ts';
import type { Database } from '../db/database.ts';
import { writeNotifications } from '../inbox/notifications.ts';
import { pendingOfferTexts } from './inbox.ts';
import { AccountSchema } from '../db/server.entities.ts';
import { entityOf, recordToRow } from '../db/world.entities.ts';
import type { DemoLogin } from './people.ts';
import { codesOf, type RuleSet } from '../../engine/index.ts';
import { DEMO_PASSWORD } from './settings.ts';

export { DEMO_PASSWORD } from './settings.ts';
import { buildDemoWorld } from './world.ts';

export { buildDemoWorld,  } from './world.ts';
export type { DemoLogin } from './people.ts';


export interface SeedSummary {
  agents: number;
  shifts: number;
  mealBreaks: number;
  days: number;
  coveragePostings: number;
  pickupPostings: number;
  openShifts: number;
  offers: number;
  pendingOffers: number;
  teams: number;
  releaseNotes: number;
  chatMessages: number;
  unreadChatMessages: number;
  cutRequests: number;
  lunchRequests: number;
  personalRequests: number;
  notices: number;
  offerLog: number;
  /** Inbox items of the pending offers (the texts their making sent). */
  inboxItems: number;
  from: string;
  to: string;
  logins: DemoLogin[];
}

const INSERT_CHUNK = 1000;

/**
 * Empties every table of the database (not the migrations' own) and loads the demo world, with
 * the inbox items its pending offers would have made under `rules` (server/demo/inbox.ts).
 */
export async function seedDemo(db: Database, options: { now: number; rules: RuleSet }): Promise<SeedSummary> {
  const demo = await buildDemoWorld(options.now, options.rules);
  const { texts } = await pendingOfferTexts(options.rules, demo.world);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.em().transactional(async (em) => {
    // Inside the transaction: on PGlite a query outside it would wait for it to end.
    const run = (sql: string): Promise<unknown> => em.getConnection().execute(sql, [], 'run', em.getTransactionContext());
    const tables = [...db.orm.getMetadata().getAll().values()].map((m) => m.tableName).filter(Boolean);
    await run(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity`);
    for (const [collection, records] of Object.entries(demo.world)) {
      const rows = records.map((r) => recordToRow(collection, r));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await em.insertMany(entityOf(collection), rows.slice(i, i + INSERT_CHUNK) as never[]);
    }
    const accounts = demo.accounts.map((a) => ({ ...a, passwordHash }));
    for (let i = 0; i < accounts.length; i += INSERT_CHUNK) await em.insertMany(AccountSchema, accounts.slice(i, i + INSERT_CHUNK) as never[]);
    await writeNotifications(em, texts);
    // New rows (accepted offers' shifts, chat messages, ...) are numbered after the demo's.
    const numbered = Object.entries(COLLECTIONS).filter(([, spec]) => spec.key === 'id').map(([name]) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    for (const table of numbered) {
      await run(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`);
    }
  });
  // The planner's statistics of what was just loaded: PGlite runs no autovacuum, so without this
  // it plans every read on tables it has never counted; PostgreSQL's would come only later.
  await db.em().getConnection().execute('analyze');
  const shifts = demo.world.shifts ?? [];
  const offers = demo.world.offers ?? [];
  return {
    agents: demo.world.agents?.length ?? 0,
    shifts: shifts.filter((s) => s.parentId === null).length,
    mealBreaks: shifts.filter((s) => s.shiftType === codesOf(options.rules).mealBreakShiftType).length,
    days: demo.world.days?.length ?? 0,
    coveragePostings: demo.world.coveragePostings?.length ?? 0,
    pickupPostings: demo.world.pickupPostings?.length ?? 0,
    openShifts: demo.world.openShifts?.length ?? 0,
    offers: offers.length,
    inboxItems: texts.length,
    pendingOffers: offers.filter((o) => o.status === 'pending').length,
    teams: demo.world.teams?.length ?? 0,
    releaseNotes: demo.world.releaseNotes?.length ?? 0,
    chatMessages: demo.world.chatMessages?.length ?? 0,
    unreadChatMessages: (demo.world.chatMessages ?? []).filter((m) => m.readAt === null).length,
    cutRequests: demo.world.cutRequests?.length ?? 0,
    lunchRequests: demo.world.lunchRequests?.length ?? 0,
    personalRequests: demo.world.personalRequests?.length ?? 0,
    notices: demo.world.notices?.length ?? 0,
    offerLog: demo.world.offerLog?.length ?? 0,
    from: demo.from,
    to: demo.to,
    logins: demo.logins,
  };
}
