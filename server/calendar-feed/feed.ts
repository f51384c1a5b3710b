import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { shiftTypeName } from '../../engine/index.ts';
import { kyselyOf } from '../db/kysely.ts';
import type { FeedEvent } from './ics.ts';
import { shiftItemColumns } from '../reads/columns.ts';

/**
 * A person's shifts as calendar events, and the secret that names their feed. The feed is read
 * without a session, by a calendar app polling it: the secret is the only key, so it is long,
 * random and replaceable, and the feed holds the person's own shifts only.
 */

/** How far back and ahead the feed reaches: the last pay periods and every posted schedule. */
const PAST_DAYS = 62;
const FUTURE_DAYS = 400;
const MINUTES_PER_DAY = 1440;

/** A new secret: 24 random bytes, URL-safe (32 characters). */
const newToken = (): string => randomBytes(24).toString('base64url');

/** The person's feed secret, made on first use; `replace` makes a new one, so the old URL stops working. */
export async function feedToken(em: EntityManager, agentId: number, now: Date, replace: boolean): Promise<string> {
  const feeds = kyselyOf(em);
  if (!replace) {
    const row = await feeds.selectFrom('calendar_feeds').select('token').where('agent_id', '=', agentId).executeTakeFirst();
    if (row) return row.token;
  }
  const token = newToken();
  await feeds
    .insertInto('calendar_feeds')
    .values({ agent_id: agentId, token, created_at: now })
    .onConflict((c) => c.column('agent_id').doUpdateSet((eb) => ({ token: eb.ref('excluded.token'), created_at: eb.ref('excluded.created_at') })))
    .execute();
  return token;
}

/** Whose feed a secret names; null for none (never made, or replaced). */
export async function agentOfToken(em: EntityManager, token: string): Promise<number | null> {
  const row = await kyselyOf(em).selectFrom('calendar_feeds').select('agent_id').where('token', '=', token).executeTakeFirst();
  return row?.agent_id ?? null;
}

/**
 * The person's shifts around `now` (epoch minutes): every main shift (their own, the ones they
 * cover, claimed open and training shifts) and each one's meal breaks.
 */
export async function feedEvents(em: EntityManager, agentId: number, now: number, mealBreakShiftType: number): Promise<FeedEvent[]> {
  const from = new Date((now - PAST_DAYS * MINUTES_PER_DAY) * 60_000);
  const to = new Date((now + FUTURE_DAYS * MINUTES_PER_DAY) * 60_000);
  const rows = await kyselyOf(em)
    .with('mains', (db) =>
      db.selectFrom('shifts').selectAll().where('agent_id', '=', agentId).where('parent_id', 'is', null).where('start', '>=', from).where('start', '<', to),
    )
    .selectFrom((db) =>
      db
        .selectFrom('mains')
        .selectAll()
        .unionAll(db.selectFrom('shifts as b').innerJoin('mains as m', 'm.id', 'b.parent_id').selectAll('b').where('b.shift_type', '=', mealBreakShiftType))
        .as('s'),
    )
    .select((eb) => [...shiftItemColumns(eb, 's'), 's.is_covering as isCovering'])
    .orderBy('s.start')
    .orderBy('s.parent_id', (o) => o.asc().nullsFirst())
    .orderBy('s.id')
    .execute();
  return rows.map((r) => {
    const meal = r.parentId !== null;
    const name = shiftTypeName(r.shiftType);
    return {
      uid: `shift-${r.id}@shiftinator`,
      start: r.start,
      end: r.end,
      summary: meal ? 'Meal Break' : r.isCovering ? `Covering: ${name}` : name,
      ...(meal ? {} : { description: r.isCovering ? 'A shift you cover or claimed, in Shiftinator.' : 'Your shift in Shiftinator.' }),
    };
  });
}
