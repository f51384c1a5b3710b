import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { kyselyOf } from '../db/kysely.ts';
import { EVENTS_CHANNEL } from './changes.ts';

/**
 * The live streams of every process, in the database (`event_streams`), so that a session's limit
 * of streams holds across processes and hosts: a row per open stream, refreshed at each of its
 * heartbeats. A row not refreshed for STREAM_EXPIRES_SECONDS is a stream of a process that died
 * (or lost its database) and no longer counts, so a killed process leaks no slot for longer.
 */

/** Streams one session may hold at once, in all processes together; the oldest is closed when another opens. */
export const STREAMS_PER_SESSION = 4;
/** A stream's heartbeat, which also refreshes its row. */
export const HEARTBEAT_MS = 15_000;
/** Three heartbeats missed: its process is gone. */
const STREAM_EXPIRES_SECONDS = (3 * HEARTBEAT_MS) / 1000;

/** What a NOTIFY on the events channel carries to close other processes' streams. */
export interface CloseStreams {
  closeStreams: string[];
}

/**
 * Records a new stream of `session` and returns its id and the ids of the session's streams it
 * pushes past the limit, oldest first, whose rows are gone. On PostgreSQL every process hears
 * (NOTIFY, at commit) which to close; on PGlite the caller's process holds them all. Streams of a
 * session open one at a time everywhere: the session's row is locked for the count.
 */
export async function openStream(db: Database, session: string): Promise<{ id: string; evicted: string[] }> {
  const id = randomUUID();
  const evicted = await db.exclusive(() =>
    db.em().transactional(async (em) => {
      const k = kyselyOf(em);
      await k.selectFrom('sessions').select('id').where('id', '=', session).forUpdate().execute();
      await k
        .deleteFrom('event_streams')
        .where('session', '=', session)
        .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${STREAM_EXPIRES_SECONDS})`)
        .execute();
      await k.insertInto('event_streams').values({ id, session, opened_at: sql<Date>`clock_timestamp()`, seen_at: sql<Date>`now()` }).execute();
      const over = await k
        .selectFrom('event_streams')
        .select('id')
        .where('session', '=', session)
        .orderBy('opened_at', 'desc')
        .orderBy('id', 'desc')
        .offset(STREAMS_PER_SESSION)
        .execute();
      const ids = over.map((r) => r.id);
      if (ids.length === 0) return ids;
      await k.deleteFrom('event_streams').where('id', 'in', ids).execute();
      if (db.kind === 'postgresql') {
        const payload: CloseStreams = { closeStreams: ids };
        await k.selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(EVENTS_CHANNEL), eb.val(JSON.stringify(payload))]).as('notified')).execute();
      }
      return ids;
    }),
  );
  return { id, evicted };
}

/** A heartbeat: refreshes the stream's row; false when it is gone (closed by a newer stream elsewhere). */
export async function touchStream(db: Database, id: string): Promise<boolean> {
  const rows = await db.exclusive(() => kyselyOf(db.em()).updateTable('event_streams').set({ seen_at: sql<Date>`now()` }).where('id', '=', id).returning('id').execute());
  return rows.length > 0;
}

/** The stream ended: its slot is free. */
export async function closeStream(db: Database, id: string): Promise<void> {
  await db.exclusive(() => kyselyOf(db.em()).deleteFrom('event_streams').where('id', '=', id).execute());
}
