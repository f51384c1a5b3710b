import type { EntityManager } from '@mikro-orm/core';
import type { Change } from '../../engine/index.ts';
import { epochMsOf, kyselyOf } from '../db/kysely.ts';
import { NotificationSchema } from '../db/server.entities.ts';
import { recordToRow } from '../db/world.entities.ts';
import { formatApiInstant, formatApiInstantOrNull } from '../reads/api-time.ts';

/**
 * The web screen a text concerns, by the text's kind (the rule files' `text` effect names it):
 * offers wait in Pending Activity, a changed schedule shows on the calendar, a claimed open shift
 * on its poster's Team Calendar. Paths are the web UI's (the routes.ts of each web/src/screens folder).
 */
const LINKS: Readonly<Record<string, string>> = {
  offer: '/pending',
  counterOffer: '/pending',
  nudge: '/pending',
  offerMessage: '/pending',
  offerDeclined: '/pending',
  offerWithdrawn: '/pending',
  offerAccepted: '/calendar',
  cut: '/calendar',
  lunch: '/calendar',
  openShiftClaimed: '/teamCalendar',
};
const DEFAULT_LINK = '/calendar';

const linkOf = (kind: string | null): string => (kind !== null && LINKS[kind]) || DEFAULT_LINK;

/** The texts among an action's changes: one inbox item each, to its recipient. */
function textsOf(changes: readonly Change[]): { toAgentId: number; kind: string | null; body: string; createdAt: Date }[] {
  const out: { toAgentId: number; kind: string | null; body: string; createdAt: Date }[] = [];
  for (const change of changes) {
    if (change.op !== 'insert' || change.collection !== 'textMessages') continue;
    const row = recordToRow('textMessages', change.record) as { toAgentId: number; kind?: string | null; body?: string | null; createdAt: Date };
    out.push({ toAgentId: row.toAgentId, kind: row.kind ?? null, body: row.body ?? '', createdAt: row.createdAt });
  }
  return out;
}

/**
 * Keeps every text an action sends as an inbox item, in the action's transaction: an item exists
 * exactly when its text does.
 */
export async function writeNotifications(em: EntityManager, changes: readonly Change[]): Promise<void> {
  const texts = textsOf(changes);
  if (texts.length === 0) return;
  await em.insertMany(
    NotificationSchema,
    texts.map((t) => ({ agentId: t.toAgentId, kind: t.kind, body: t.body, link: linkOf(t.kind), createdAt: t.createdAt, readAt: null })) as never[],
  );
}

interface InboxItem {
  id: number;
  kind: string | null;
  body: string;
  link: string;
  /** Eastern wall-clock text, as every call writes times. */
  createdAt: string;
  readAt: string | null;
}

/** Most items one list answers: the newest. */
const INBOX_PAGE = 100;

/** One person's items, newest first, and how many of all theirs are unread. */
export async function inboxOf(em: EntityManager, agentId: number): Promise<{ unread: number; items: InboxItem[] }> {
  const rows = await kyselyOf(em)
    .selectFrom('notifications as n')
    .select((eb) => [
      'n.id',
      'n.kind',
      'n.body',
      'n.link',
      epochMsOf(eb.ref('n.created_at')).as('createdAt'),
      epochMsOf(eb.ref('n.read_at')).as('readAt'),
      eb
        .selectFrom('notifications as u')
        .select((u) => u.cast<number>(u.fn.countAll(), 'integer').as('n'))
        .where('u.agent_id', '=', agentId)
        .where('u.read_at', 'is', null)
        .as('unread'),
    ])
    .where('n.agent_id', '=', agentId)
    .orderBy('n.id', 'desc')
    .limit(INBOX_PAGE)
    .execute();
  return {
    // No rows: no items, none unread.
    unread: rows[0]?.unread ?? 0,
    items: rows.map((r) => ({ id: r.id, kind: r.kind, body: r.body, link: r.link, createdAt: formatApiInstant(r.createdAt), readAt: formatApiInstantOrNull(r.readAt) })),
  };
}

/** The navigation's counts, in one statement: unread inbox items and unread chat messages to this person. */
export async function summaryOf(em: EntityManager, agentId: number): Promise<{ inbox: number; chat: number }> {
  const row = await kyselyOf(em)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('notifications')
        .select((n) => n.cast<number>(n.fn.countAll(), 'integer').as('n'))
        .where('agent_id', '=', agentId)
        .where('read_at', 'is', null)
        .as('inbox'),
      eb
        .selectFrom('chat_messages')
        .select((c) => c.cast<number>(c.fn.countAll(), 'integer').as('n'))
        .where('to_agent_id', '=', agentId)
        .where('read_at', 'is', null)
        .where((c) => c.not(c.ref('deleted_by_recipient')))
        .as('chat'),
    ])
    .executeTakeFirst();
  return { inbox: row?.inbox ?? 0, chat: row?.chat ?? 0 };
}

/** Marks one of this person's items read (another's is not theirs to mark: false, as for none). */
export async function markRead(em: EntityManager, agentId: number, id: number, at: Date): Promise<boolean> {
  const rows = await kyselyOf(em)
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(at)) }))
    .where('id', '=', id)
    .where('agent_id', '=', agentId)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Marks all this person's items read. */
export async function markAllRead(em: EntityManager, agentId: number, at: Date): Promise<void> {
  await kyselyOf(em).updateTable('notifications').set({ read_at: at }).where('agent_id', '=', agentId).where('read_at', 'is', null).execute();
}
