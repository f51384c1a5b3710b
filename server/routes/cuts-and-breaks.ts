import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { expressionBuilder, sql, type Expression, type Kysely, type NotNull, type QueryCreator, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { codesOf, type Permissions, type RuleSet } from '../../engine/index.ts';
import type { ActionContext } from '../action-runner.ts';
import { epochMsOf, kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { formatApiInstant, formatApiInstantOrNull } from '../reads/api-time.ts';
import { idParam, ownAgent, READ_MESSAGES, type ReadContext } from '../reads/http.ts';
import { feature, readRoutes, type ReadDefinition, type ReadHandler } from './feature.ts';
import { nowInstant, permissionsOf } from './shared.ts';
import { CutRequest, LunchRequest, MainShift, MyCutRequest, MyLunchRequest, SubShift } from '../reads/shapes.ts';
import { timesOf } from '../reads/columns.ts';

/**
 * Spec 3's cuts and meal breaks: agents ask to be cut early or for a different meal break,
 * supervision cuts, approves or denies from the wishlist, and owners remove their own requests.
 * The actions are their rule files (rules/requestCut.json, cutUser.json, denyCut.json,
 * denyCutSelf.json, requestLunch.json, approveLunch.json, denyLunch.json, denyLunchSelf.json); the
 * reads are the supervisor wishlist's queues and the personal wishlist's lists. Shapes and choices:
 * docs/decisions.md, "Cuts and meal breaks".
 */

const WISHLIST_MESSAGES = {
  supervisorsOnly: 'Only supervision can see the cut and break requests.',
  notYours: 'You can only see your own requests.',
  notYourShift: 'You can only see the requests on your own shifts (supervision: anyone\'s).',
};

/** The permission of rules/roles.json that opens the supervisor wishlist (spec 1 and spec 3 section 6). */
export const WISHLIST_PERMISSION = 'supervisorWishlist';

type Kind = 'cut' | 'lunch';

/** A request `r` (the columns both kinds have) and its shift `s`: what the queues' conditions are written over. */
type RequestScope = { r: Pick<ServerDatabase['cut_requests'], 'shift_id' | 'agent_id'>; s: ServerDatabase['shifts'] };
const onRequest = expressionBuilder<RequestScope, 'r' | 's'>();

/**
 * The wishlist's three tables, by spec 1 section 9's shift filters on the shift's Eastern wall
 * clock: 1st starts 7:00 to before 15:00; 2nd 15:00 to before 23:00; 3rd starts before 7:00, ends
 * at or after 23:00, or runs past midnight. They are the calendar's filters, so a shift that starts
 * in 2nd-shift hours and runs to 23:00 or later is in the 2nd and the 3rd list: the 3rd-shift
 * supervisor is on duty when it ends, which is when a cut is decided.
 */
const START = sql`(${onRequest.ref('s.start')} at time zone 'America/New_York')`;
const END = sql`(${onRequest.ref('s.end')} at time zone 'America/New_York')`;
const SHIFT_CLASSES = {
  First: sql<SqlBool>`${START}::time >= time '07:00' and ${START}::time < time '15:00'`,
  Second: sql<SqlBool>`${START}::time >= time '15:00' and ${START}::time < time '23:00'`,
  Third: sql<SqlBool>`(${START}::time < time '07:00' or ${END}::time >= time '23:00' or ${END}::date > ${START}::date)`,
} as const;

/**
 * Why an agent with these permissions (rules/roles.json) may not read other agents' cut and break
 * requests, or null: only the supervisor wishlist's people may. The one check of the wishlist's
 * reads and of the world slice (server/slice-visibility.ts).
 */
export function othersRequestsRefusal(permissions: Permissions | null): string | null {
  return permissions?.[WISHLIST_PERMISSION] === true ? null : WISHLIST_MESSAGES.supervisorsOnly;
}

/** Whether the signed-in agent gets the supervisor wishlist (rules/roles.json). */
async function isSupervision(em: EntityManager, ctx: ActionContext, agentId: number): Promise<boolean> {
  return othersRequestsRefusal(await permissionsOf(em, ctx.rules, agentId)) === null;
}

async function supervisionOnly(c: ReadContext, ctx: ActionContext): Promise<EntityManager> {
  const em = ctx.db.em();
  const refusal = othersRequestsRefusal(await permissionsOf(em, ctx.rules, c.get('agentId')));
  if (refusal !== null) throw new ApiError('FORBIDDEN', refusal);
  return em;
}

// ---- requests ----

interface RequestRow {
  shiftId: number;
  agentId: number;
  initials: string | null;
  requestedAt: number;
  requestedEnd: number | null;
  notes: string | null;
  start: number;
  end: number;
  breakStart: number | null;
  breakEnd: number | null;
}

/**
 * A kind's pending requests in one shape, as `r`: a cut's requested end and a lunch request's
 * notes, null on the other kind.
 */
function pendingOf(db: QueryCreator<ServerDatabase>, kind: Kind) {
  if (kind === 'cut') {
    return db
      .selectFrom('cut_requests')
      .select(['id', 'shift_id', 'agent_id', 'requested_at', 'requested_end', sql<string | null>`null::text`.as('notes')])
      .where('status', '=', 'pending')
      .as('r');
  }
  return db
    .selectFrom('lunch_requests')
    .select(['id', 'shift_id', 'agent_id', 'requested_at', sql<Date | string | null>`null::timestamptz`.as('requested_end'), 'notes'])
    .where('status', '=', 'pending')
    .as('r');
}

/** Pending requests matching `where` (over request r and its shift s), oldest first, with the shift's first meal break. */
function pendingRequests(em: EntityManager, rules: RuleSet, kind: Kind, where: Expression<SqlBool>): Promise<RequestRow[]> {
  const db = kyselyOf(em);
  return db
    .selectFrom(pendingOf(db, kind))
    .innerJoin('shifts as s', 's.id', 'r.shift_id')
    .leftJoin('agents as a', 'a.agent_id', 'r.agent_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('shifts as m')
          .select(['m.start', 'm.end'])
          .whereRef('m.parent_id', '=', 's.id')
          .where('m.shift_type', '=', codesOf(rules).mealBreakShiftType)
          .orderBy('m.start')
          .orderBy('m.id')
          .limit(1)
          .as('b'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'r.shift_id as shiftId',
      'r.agent_id as agentId',
      'a.initials',
      epochMsOf(eb.ref('r.requested_at')).as('requestedAt'),
      epochMsOf(eb.ref('r.requested_end')).as('requestedEnd'),
      'r.notes',
      ...timesOf(eb, 's'),
      epochMsOf(eb.ref('b.start')).as('breakStart'),
      epochMsOf(eb.ref('b.end')).as('breakEnd'),
    ])
    .where(where)
    .orderBy('r.requested_at')
    .orderBy('r.id')
    .execute();
}

function cutOut(r: RequestRow): CutRequest {
  return {
    timeScheduleItemID: r.shiftId,
    agentID: r.agentId,
    initials: r.initials,
    timestampRequested: formatApiInstant(r.requestedAt),
    requestedEndTime: formatApiInstant(r.requestedEnd as number),
  };
}

function lunchOut(r: RequestRow): LunchRequest {
  return { timeScheduleItemID: r.shiftId, agentID: r.agentId, initials: r.initials, timestampRequested: formatApiInstant(r.requestedAt), notes: r.notes };
}

const requestOut = (kind: Kind) => (r: RequestRow): CutRequest | LunchRequest => (kind === 'cut' ? cutOut(r) : lunchOut(r));

/** A request waits on the queues while its shift is not over: after that there is nothing to cut or move. */
const shiftNotOver = (now: Date): Expression<SqlBool> => onRequest('s.end', '>', now);

// ---- the queues' shifts ----

/** The shifts `s` that have a pending request of this kind and are not over. */
function queuedShifts(db: Kysely<ServerDatabase>, kind: Kind, now: Date): Expression<SqlBool> {
  return onRequest.and([onRequest('s.id', 'in', db.selectFrom(pendingOf(db, kind)).select('r.shift_id')), shiftNotOver(now)]);
}

async function mainShifts(em: EntityManager, kind: Kind, now: Date): Promise<MainShift[]> {
  const db = kyselyOf(em);
  const rows = await db
    .selectFrom('shifts as s')
    .select((eb) => ['s.id', ...timesOf(eb, 's')])
    .where(queuedShifts(db, kind, now))
    .orderBy('s.start')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ scheduleID: r.id, startDateTime: formatApiInstant(r.start), endDateTime: formatApiInstant(r.end) }));
}

async function subShifts(em: EntityManager, kind: Kind, now: Date): Promise<SubShift[]> {
  const db = kyselyOf(em);
  const rows = await db
    .selectFrom('shifts as b')
    .innerJoin('shifts as s', 's.id', 'b.parent_id')
    .select((eb) => ['b.parent_id as parentId', 'b.shift_type as shiftType', ...timesOf(eb, 'b')])
    .where(queuedShifts(db, kind, now))
    .orderBy('s.start')
    .orderBy('s.id')
    .orderBy('b.start')
    .orderBy('b.id')
    .$narrowType<{ parentId: NotNull }>()
    .execute();
  return rows.map((r) => ({ scheduleID: r.parentId, shiftType: r.shiftType, startDateTime: formatApiInstant(r.start), endDateTime: formatApiInstant(r.end) }));
}

// ---- routes ----

const CLASS_NAMES = { First: '1st', Second: '2nd', Third: '3rd' } as const;
const ID = { id: idParam };
const AGENT = { agentID: idParam };

/** A list of the supervisor wishlist: 403 for anyone without it (rules/roles.json), else the list as of now. */
const wishlistRead = (name: string, summary: string, answer: z.ZodType): ReadDefinition => ({ path: `/api/${name}`, summary, answer, forbidden: true });
const wishlistReader =
  (list: (em: EntityManager, now: Date, rules: RuleSet) => Promise<unknown[]>): ReadHandler =>
  async (c, ctx) =>
    list(await supervisionOnly(c, ctx), nowInstant(ctx), ctx.rules);

/** The reads of a kind and their handlers; `queued` and `mine` are its request's schemas on the queues and in one's own list. */
function queueReads(kind: Kind, queued: z.ZodType, mine: z.ZodType) {
  const noun = kind === 'cut' ? 'Cuts' : 'Lunches';
  const what = kind === 'cut' ? 'cut requests' : 'break (lunch) requests';
  const single = kind === 'cut' ? 'Cut' : 'Lunch';
  const reads: Record<string, ReadDefinition> = {};
  const handlers: Record<string, ReadHandler> = {};
  for (const name of Object.keys(SHIFT_CLASSES) as (keyof typeof SHIFT_CLASSES)[]) {
    reads[`get${name}Shift${noun}`] = wishlistRead(`get${name}Shift${noun}`, `Supervisor wishlist: pending ${what} on ${CLASS_NAMES[name]}-shift shifts not over yet, oldest first`, queued);
    handlers[`get${name}Shift${noun}`] = wishlistReader(async (em, now, rules) => (await pendingRequests(em, rules, kind, onRequest.and([shiftNotOver(now), SHIFT_CLASSES[name]]))).map(requestOut(kind)));
  }
  reads[`get${single}MainShifts`] = wishlistRead(`get${single}MainShifts`, `Supervisor wishlist: the shifts with pending ${what}: { scheduleID, startDateTime, endDateTime }`, MainShift);
  handlers[`get${single}MainShifts`] = wishlistReader((em, now) => mainShifts(em, kind, now));
  reads[`get${single}SubShifts`] = wishlistRead(
    `get${single}SubShifts`,
    `Supervisor wishlist: the sub-shifts (meal breaks, ...) of the shifts with pending ${what}: { scheduleID, shiftType, startDateTime, endDateTime }`,
    SubShift,
  );
  handlers[`get${single}SubShifts`] = wishlistReader((em, now) => subShifts(em, kind, now));
  reads[`lookup${single}`] = {
    path: `/api/lookup${single}/{id}`,
    answer: queued,
    summary: `The pending ${what} on a shift (id: the shift's), for its owner and supervision`,
    params: ID,
    forbidden: true,
    missing: true,
  };
  handlers[`lookup${single}`] = async (c, ctx, p) => {
    const shiftId = p.id as number;
    const em = ctx.db.em();
    const shift = await kyselyOf(em).selectFrom('shifts').select('agent_id as agentId').where('id', '=', shiftId).executeTakeFirst();
    if (!shift) throw new ApiError('NOT_FOUND', READ_MESSAGES.noShift(shiftId));
    const me = c.get('agentId');
    if (shift.agentId !== me && !(await isSupervision(em, ctx, me))) throw new ApiError('FORBIDDEN', WISHLIST_MESSAGES.notYourShift);
    return (await pendingRequests(em, ctx.rules, kind, onRequest('r.shift_id', '=', shiftId))).map(requestOut(kind));
  };
  reads[`getMy${single}Requests`] = {
    path: `/api/getMy${single}Requests/{agentID}`,
    answer: mine,
    summary: `Personal wishlist: one's own pending ${what} on shifts not over yet, oldest first, with the shift${kind === 'lunch' ? ' and its current meal break' : ''}`,
    params: AGENT,
    forbidden: true,
  };
  handlers[`getMy${single}Requests`] = async (c, ctx, p) => {
    const agentId = ownAgent(c, p.agentID as number, WISHLIST_MESSAGES.notYours);
    const rows = await pendingRequests(ctx.db.em(), ctx.rules, kind, onRequest.and([onRequest('r.agent_id', '=', agentId), shiftNotOver(nowInstant(ctx))]));
    return rows.map((r) => {
      const shift = { startDateTime: formatApiInstant(r.start), endDateTime: formatApiInstant(r.end) };
      if (kind === 'cut') return { ...cutOut(r), ...shift };
      return { ...lunchOut(r), ...shift, breakStartDateTime: formatApiInstantOrNull(r.breakStart), breakEndDateTime: formatApiInstantOrNull(r.breakEnd) };
    });
  };
  return { reads, handlers };
}

const cutReads = queueReads('cut', CutRequest, MyCutRequest);
const lunchReads = queueReads('lunch', LunchRequest, MyLunchRequest);
/** The wishlists' reads, per kind: each shift class's queue, the shifts and sub-shifts they are on, one shift's, one's own. */
const WISHLIST_READS = readRoutes('cuts and breaks', { ...cutReads.reads, ...lunchReads.reads });

/** Spec 3 section 7, "Personal time, notice, cuts, lunches" (the cut and lunch calls) and the wishlist reads. */
export const cutsAndBreaks = feature({
  name: 'cuts and breaks',
  actions: [
    {
      action: 'requestCut',
      method: 'post',
      path: '/requestCut',
      summary: 'Ask to be cut early from one of your shifts (EndTime: when you would stop), within 24 hours of its start',
      body: { EndTime: 'endTime', TimeScheduleItemID: 'timeScheduleItemId' },
      actor: 'AgentID',
    },
    {
      action: 'cutUser',
      method: 'post',
      path: '/cutUser',
      summary: "Supervision cuts an agent's shift: the entire shift (StartTime and EndTime null) or part of it (the hours kept); AgentID is the supervisor",
      body: { StartTime: 'startTime', EndTime: 'endTime', TimeScheduleItemID: 'timeScheduleItemId' },
      actor: 'AgentID',
    },
    {
      action: 'denyCut',
      method: 'put',
      path: '/denyCut/:shiftId/:agentId',
      summary: "Supervision denies the agent's pending cut request on the shift, after confirming (body or query confirmed=true)",
      params: { shiftId: 'shiftId', agentId: 'agentId' },
      body: {},
    },
    {
      action: 'denyCutSelf',
      method: 'put',
      path: '/denyCutSelf/:shiftID/:agentID',
      summary: 'Remove your own pending cut request on the shift, after confirming (body or query confirmed=true)',
      params: { shiftID: 'shiftId', agentID: 'agentId' },
      actor: 'agentID',
      body: {},
    },
    {
      action: 'requestLunch',
      method: 'post',
      path: '/requestLunch',
      summary: 'Ask for a different meal break on one of your shifts, with a note of the times that suit you (at least lunchNotesMinLength characters, under messageMaxLength: rules/parameters.json)',
      body: { TimeScheduleItemID: 'timeScheduleItemId', Notes: 'notes' },
      actor: 'AgentID',
    },
    {
      action: 'approveLunch',
      method: 'post',
      path: '/approveLunch',
      summary: "Supervision approves a pending break request: the shift's meal break starts at StartTime; AgentID is the supervisor",
      body: { StartTime: 'startTime', TimeScheduleItemID: 'timeScheduleItemId' },
      actor: 'AgentID',
    },
    {
      action: 'denyLunch',
      method: 'put',
      path: '/denyLunch/:shiftId/:agentId',
      summary: "Supervision denies the agent's pending break request on the shift",
      params: { shiftId: 'shiftId', agentId: 'agentId' },
      body: {},
    },
    {
      action: 'denyLunchSelf',
      method: 'put',
      path: '/denyLunchSelf/:shiftID/:agentID',
      summary: 'Remove your own pending break request on the shift, after confirming (body or query confirmed=true)',
      params: { shiftID: 'shiftId', agentID: 'agentId' },
      actor: 'agentID',
      body: {},
    },
  ],
  reads: WISHLIST_READS,
  handlers: { ...cutReads.handlers, ...lunchReads.handlers },
});
