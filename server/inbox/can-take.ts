import { formatInstant, TAKING_ACTIONS, type RuleSet } from '../../engine/index.ts';
import { candidatesFor, type PostingKind } from '../candidates.ts';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { kyselyOf } from '../db/kysely.ts';
import { recordEvent, type ChangeEvent } from '../events/changes.ts';
import { hubOf } from '../events/hub.ts';
import { logger } from '../logger.ts';

/**
 * Who-could-take-it notices (issue 21): when a posting for coverage, a posting for hours or an
 * open shift is created, every colleague who could take it as posted gets an inbox item, once, and
 * the ineligible none. Deciding for everyone takes a few hundred milliseconds on a large staff,
 * so it runs after the action has committed, queued per database, and the poster's answer does not
 * wait for it. Its text is the taking action's rule file's "notice" (rules/postOfferCoverage.json
 * and the others of TAKING_ACTIONS). Whoever opted in (settings.ts) gets it as a text through the
 * outbox too, written with their inbox item, so that it too goes once.
 */

/** The collections whose new records are offered to colleagues, and the kind each is decided as. */
const POSTED: Readonly<Record<string, PostingKind>> = {
  coveragePostings: 'coveragePosting',
  pickupPostings: 'pickupPosting',
  openShifts: 'openShift',
};

/** The inbox item's kind. */
const KIND = 'canTake';


/** The web screen where it is taken (web/src/screens/*\/routes.ts): a posting's calendar day, an open shift's claim screen. */
function linkOf(kind: PostingKind, training: boolean, id: number, start: number): string {
  if (kind === 'openShift') return training ? `/coverOpenTrainingShift/${id}` : `/coverOpenShift/${id}`;
  return `/calendar?date=${formatInstant(start).slice(0, 10)}`;
}

/** What one posting's notices sent: who got an inbox item, and the ids of the texts written. */
export interface NoticesSent {
  to: number[];
  texts: number[];
}

/**
 * Notices for one posting: one per colleague who could take it, never twice (the table's unique
 * (agent_id, about)), and a text to each of them who opted in, written with their item.
 */
export async function noticeCandidates(db: Database, rules: RuleSet, kind: PostingKind, id: number, now: number): Promise<NoticesSent> {
  const none: NoticesSent = { to: [], texts: [] };
  const found = await candidatesFor(db, rules, kind, id, now);
  if (!found) return none;
  const { record, takeable } = found;
  const to = found.rows.filter((r) => r.could).map((r) => r.agentId);
  if (to.length === 0) return none;
  const em = db.em();
  const poster =
    record.poster === null
      ? undefined
      : await kyselyOf(em)
          .selectFrom('agents')
          .select((eb) => eb.fn<string>('concat_ws', [eb.val(' '), 'first_name', 'last_name']).as('name'))
          .where('agent_id', '=', record.poster)
          .executeTakeFirst();
  const body = rules.action(TAKING_ACTIONS[takeable]).noticeText({ poster: poster?.name ?? '', start: record.start, end: record.end });
  // A rule set without the notice tells nobody.
  if (body === null) return none;
  const link = linkOf(kind, takeable === 'openTrainingShift', id, record.start);
  const about = `${kind}:${id}`;
  const at = new Date(now * 60_000);
  let event: ChangeEvent | undefined;
  const sent = await em.transactional(async (tx): Promise<NoticesSent> => {
    const k = kyselyOf(tx);
    const rows = await k
      .insertInto('notifications')
      .columns(['agent_id', 'kind', 'body', 'link', 'created_at', 'read_at', 'about'])
      .expression(
        k.selectNoFrom((eb) => [
          eb.fn<number>('unnest', [eb.cast(eb.val(to), sql`int[]`)]).as('agent_id'),
          eb.val(KIND).as('kind'),
          eb.val(body).as('body'),
          eb.val(link).as('link'),
          eb.cast(eb.val(at), 'timestamptz').as('created_at'),
          eb.lit(null).as('read_at'),
          eb.val(about).as('about'),
        ]),
      )
      .onConflict((c) => c.columns(['agent_id', 'about']).doNothing())
      .returning(['id', 'agent_id as agentId'])
      .execute();
    if (rows.length === 0) return none;
    // Only those whose item is new: a text goes once per posting, as the item does.
    const told = rows.map((r) => r.agentId).sort((a, b) => a - b);
    const texts = await k
      .insertInto('text_messages')
      .columns(['to_agent_id', 'kind', 'body', 'created_at', 'sent_at'])
      .expression(
        k
          .selectFrom('notice_settings as s')
          .select((eb) => ['s.agent_id', eb.val(KIND).as('kind'), eb.val(body).as('body'), eb.cast(eb.val(at), 'timestamptz').as('created_at'), eb.lit(null).as('sent_at')])
          .where('s.can_take_texts', '=', true)
          .where((eb) => eb('s.agent_id', '=', eb.fn.any(eb.cast<number[]>(eb.val(told), sql`int[]`))))
          .orderBy('s.agent_id'),
      )
      .returning('id')
      .execute();
    // The recipients' screens learn of it as of any inbox item: their inbox and its count refresh.
    // Last in the transaction, as recordEvent must be: its event exists exactly when its items do.
    event = await recordEvent(tx, db, { action: 'inbox', actor: record.poster ?? 0, records: { notifications: rows.map((r) => r.id) }, audience: told,
      // Each is told of their own item only.
      readers: { notifications: Object.fromEntries(rows.map((r) => [r.id, [r.agentId]])) },
    });
    return { to: told, texts: texts.map((t) => Number(t.id)) };
  });
  if (event) hubOf(db).committed(event);
  return sent;
}

/** Each database's queue of notices still to decide: one posting at a time, after the others. */
const queues = new WeakMap<Database, Promise<void>>();

/**
 * After an action committed, with the ids it inserted: queues the notices of the postings and open
 * shifts among them. On PGlite each runs in `db.exclusive`, between requests, as they do.
 */
export function queueNotices(
  db: Database,
  rules: RuleSet,
  created: Readonly<Record<string, readonly number[]>>,
  now: number,
  /** Told of the texts the notices wrote once they committed (the server wakes its outbox). */
  committed?: (created: Readonly<Record<string, readonly number[]>>) => void,
): void {
  for (const [collection, kind] of Object.entries(POSTED)) {
    for (const id of created[collection] ?? []) {
      const next = (queues.get(db) ?? Promise.resolve()).then(() =>
        db.exclusive(() => noticeCandidates(db, rules, kind, id, now)).then(
          ({ to, texts }) => {
            logger.debug({ kind, id, notified: to.length, texts: texts.length }, `who could take it: ${to.length} told of ${kind} ${id}, ${texts.length} by text`);
            if (texts.length > 0) committed?.({ textMessages: texts });
          },
          // The posting stands without its notices; the operator learns they were not sent.
          (err: unknown) => logger.error({ err, kind, id }, `who could take it: could not notify colleagues of ${kind} ${id}`),
        ),
      );
      queues.set(db, next);
    }
  }
}

/** Resolves once every notice queued so far is sent: for tests, and for a server that stops. */
export function noticesSent(db: Database): Promise<void> {
  return queues.get(db) ?? Promise.resolve();
}
