import { formatForDisplay, formatInstant, type RuleSet } from '../../engine/index.ts';
import { candidatesFor, type PostingKind } from '../candidates.ts';
import type { Database } from '../db/database.ts';
import { recordEvent, type ChangeEvent } from '../events/changes.ts';
import { hubOf } from '../events/hub.ts';
import { logger } from '../logger.ts';
import { query, sql } from '../reads/sql.ts';

/**
 * Who-could-take-it notices (issue 21): when a posting for coverage, a posting for hours or an
 * open shift is created, every colleague who could take it as posted gets an inbox item, once, and
 * the ineligible none. Deciding for everyone takes a few hundred milliseconds on a large staff,
 * so it runs after the action has committed, queued per database, and the poster's answer does not
 * wait for it. Texts through the outbox are not sent: there is no setting yet by which a person
 * opts in to them.
 */

/** The collections whose new records are offered to colleagues, and the kind each is decided as. */
const POSTED: Readonly<Record<string, PostingKind>> = {
  coveragePostings: 'coveragePosting',
  pickupPostings: 'pickupPosting',
  openShifts: 'openShift',
};

/** The inbox item's kind. */
const KIND = 'canTake';

const between = (start: number, end: number): string => `${formatForDisplay(start, 'dateTime')} - ${formatForDisplay(end, 'time')}`;

const NOTICE_TEXTS = {
  coveragePosting: (poster: string, start: number, end: number): string => `Shiftinator: ${poster} is looking for coverage ${between(start, end)}. You could cover it.`,
  pickupPosting: (poster: string, start: number, end: number): string => `Shiftinator: ${poster} is looking for hours ${between(start, end)}. You could give them yours.`,
  openShift: (start: number, end: number): string => `Shiftinator: a new open shift ${between(start, end)}. You could claim it.`,
  openTrainingShift: (start: number, end: number): string => `Shiftinator: a new open training shift ${between(start, end)}. You could claim it.`,
};

/** The web screen where it is taken (web/src/screens/*\/routes.ts): a posting's calendar day, an open shift's claim screen. */
function linkOf(kind: PostingKind, training: boolean, id: number, start: number): string {
  if (kind === 'openShift') return training ? `/coverOpenTrainingShift/${id}` : `/coverOpenShift/${id}`;
  return `/calendar?date=${formatInstant(start).slice(0, 10)}`;
}

/** Notices for one posting: one per colleague who could take it, never twice (the table's unique (agent_id, about)). */
export async function noticeCandidates(db: Database, rules: RuleSet, kind: PostingKind, id: number, now: number): Promise<number[]> {
  const found = await candidatesFor(db, rules, kind, id, now);
  if (!found) return [];
  const { record, takeable } = found;
  const to = found.rows.filter((r) => r.could).map((r) => r.agentId);
  if (to.length === 0) return [];
  const em = db.em();
  const [poster] = record.poster === null ? [] : await query<{ name: string }>(em, sql`select concat_ws(' ', first_name, last_name) as name from agents where agent_id = ${record.poster}`);
  const body =
    takeable === 'openShift' || takeable === 'openTrainingShift'
      ? NOTICE_TEXTS[takeable](record.start, record.end)
      : NOTICE_TEXTS[takeable](poster?.name ?? 'A colleague', record.start, record.end);
  const link = linkOf(kind, takeable === 'openTrainingShift', id, record.start);
  const about = `${kind}:${id}`;
  let event: ChangeEvent | undefined;
  const sent = await em.transactional(async (tx) => {
    const insert = sql`insert into notifications (agent_id, kind, body, link, created_at, read_at, about)
          select unnest(${`{${to.join(',')}}`}::int[]), ${KIND}, ${body}, ${link}, ${new Date(now * 60_000).toISOString()}::timestamptz, null, ${about}
          on conflict (agent_id, about) do nothing returning id, agent_id as "agentId"`;
    // In the transaction, as recordEvent's statement: its event exists exactly when its items do.
    const rows: { id: number; agentId: number }[] = await tx.getConnection().execute(insert.text, [...insert.params], 'all', tx.getTransactionContext());
    if (rows.length === 0) return [];
    // The recipients' screens learn of it as of any inbox item: their inbox and its count refresh.
    event = await recordEvent(tx, db, { action: 'inbox', actor: record.poster ?? 0, records: { notifications: rows.map((r) => r.id) }, audience: rows.map((r) => r.agentId).sort((a, b) => a - b) });
    return rows.map((r) => r.agentId);
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
export function queueNotices(db: Database, rules: RuleSet, created: Readonly<Record<string, readonly number[]>>, now: number): void {
  for (const [collection, kind] of Object.entries(POSTED)) {
    for (const id of created[collection] ?? []) {
      const next = (queues.get(db) ?? Promise.resolve()).then(() =>
        db.exclusive(() => noticeCandidates(db, rules, kind, id, now)).then(
          (to) => logger.debug({ kind, id, notified: to.length }, `who could take it: ${to.length} told of ${kind} ${id}`),
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
