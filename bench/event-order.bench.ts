import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { EVENTS_CHANNEL, recordEvent } from '../server/events/changes.ts';

/**
 * What committing live events in id order costs on PostgreSQL (server/events/changes.ts): every
 * writer of an event holds one advisory lock from taking its id to its commit. WRITERS concurrent
 * connections each commit transactions that write a row and then their event, as an action does;
 * once with recordEvent (the lock), once with the same insert and NOTIFY without it (what the
 * server did before). Printed: transactions per second and each transaction's p50 and p99, by
 * number of writers. Needs DATABASE_URL (a scratch database is made and dropped). Figures are
 * printed, never asserted.
 */

const TOTAL = Number(process.env.BENCH_TRANSACTIONS ?? 600);
const WRITERS = (process.env.BENCH_WRITERS ?? '1,4,16').split(',').map(Number);

const event = { action: 'sendMessage', actor: 1, records: { chatMessages: [1] }, audience: [1, 2] };

/** The event written as before the lock: the same statements, in the same place. */
async function unordered(db: Database): Promise<void> {
  await db.em().transactional(async (em) => {
    const conn = em.getConnection();
    const tx = em.getTransactionContext();
    await conn.execute("insert into notifications (agent_id, kind, body, link, created_at) values (1, 'bench', 'x', '/', now())", [], 'run', tx);
    const rows = await conn.execute<{ id: number }[]>(
      'insert into events (created_at, action, actor, records, audience) values (now(), ?, ?, ?::jsonb, ?::jsonb) returning id',
      [event.action, event.actor, JSON.stringify(event.records), JSON.stringify(event.audience)],
      'all',
      tx,
    );
    await conn.execute('select pg_notify(?, ?)', [EVENTS_CHANNEL, JSON.stringify({ id: rows[0]?.id, ...event })], 'all', tx);
  });
}

async function ordered(db: Database): Promise<void> {
  await db.em().transactional(async (em) => {
    await em.getConnection().execute("insert into notifications (agent_id, kind, body, link, created_at) values (1, 'bench', 'x', '/', now())", [], 'run', em.getTransactionContext());
    await recordEvent(em, db, event);
  });
}

async function run(db: Database, writers: number, write: (db: Database) => Promise<void>): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  let left = TOTAL;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        await write(db);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { perSecond: (times.length / wall) * 1000, p50: at(0.5), p99: at(0.99) };
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('event-order bench: set DATABASE_URL (PostgreSQL); PGlite runs one transaction at a time and takes no lock');
} else {
  const admin = await openDatabase({ url });
  const name = `shiftinator_event_order_${randomBytes(4).toString('hex')}`;
  await admin.orm.em.getConnection().execute(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openDatabase({ url: scratch.toString() });
  try {
    await migrate(db);
    // Warm the pool and the plans.
    await run(db, Math.max(...WRITERS), unordered);
    console.log(`${TOTAL} transactions (a row, then the event), by concurrent writers:`);
    console.log('writers  without lock: tx/s   p50 ms   p99 ms   in id order: tx/s   p50 ms   p99 ms');
    for (const writers of WRITERS) {
      const before = await run(db, writers, unordered);
      const after = await run(db, writers, ordered);
      const cols = (r: { perSecond: number; p50: number; p99: number }): string => `${r.perSecond.toFixed(0).padStart(18)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`;
      console.log(`${String(writers).padStart(7)} ${cols(before)}  ${cols(after)}`);
    }
  } finally {
    await db.close();
    await admin.orm.em.getConnection().execute(`drop database if exists ${name} with (force)`);
    await admin.close();
  }
}
