import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { dateOf, epochMsOf, kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { formatApiInstant, formatApiInstantOrNull } from '../reads/api-time.ts';
import { offerForItsPeople } from '../reads/details.ts';
import { idParam, ownAgent, READ_MESSAGES, type ReadContext } from '../reads/http.ts';
import { codesOf, groupsOf as rolesGroupsOf, parseInstant, type AgentAttributes, type RuleSet } from '../../engine/index.ts';
import { meSeesOthers } from '../reads/details.ts';
import { feature, readRoutes } from './feature.ts';
import { agentRole } from './shared.ts';
import { groupRead, groupReader } from './team.ts';
import { AgentIdOnly, ApprovedPersonal, LogLine, NudgedDate, Stats } from '../reads/shapes.ts';
import { timesOf } from '../reads/columns.ts';

/**
 * The History screen (spec 1: "History screen (offer log)", section 7 "History"; spec 3: Recent
 * Activity and its Stats), the sign-in log calls and the Call Out screen: what happened, to whom,
 * and who may read it. Shapes and choices: docs/decisions.md, "History".
 */

export const HISTORY_MESSAGES = {
  notYourLog: 'You can only see your own offer log, and the logs your rank opens (spec 1 section 6).',
  notYourStats: 'You can only see your own stats.',
  noInitials: (initials: string): string => `There is no agent with initials ${initials}.`,
};

/**
 * Spec 1 section 6, "Offer log selectors": rules/roles.json's offerLogs permission says which logs
 * a rank opens besides its own, each the log of one of its groups.
 */
const OFFER_LOG_GROUPS: Record<string, string> = { callSpecialists: 'callSpecialists', accountManagers: 'accountManagers', supervisors: 'supervision' };
/** Where History begins: rules/parameters.json's historyDays before `now`, as PostgreSQL counts days in the session's time zone. */
const historyStart = (rules: RuleSet, now: Date): RawBuilder<Date> => sql<Date>`${now}::timestamptz - make_interval(days => ${rules.numberParameter('historyDays')})`;

/** Where the company-wide stats start: rules/parameters.json's statsSince, Eastern midnight. */
function statsSince(rules: RuleSet): Date {
  const date = rules.parameter('statsSince');
  return new Date(parseInstant(`${String(date)} 00:00`) * 60_000);
}

const initialsParam = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, 'must be 1 to 16 letters or digits')
  .transform((s) => s.toUpperCase());

/** The rules/roles.json groups an agent belongs to. */
function groupsOf(rules: RuleSet, agent: { agentType: number; spanish: boolean; attributes: AgentAttributes }): string[] {
  return rules.roles ? rolesGroupsOf(rules.roles, agent.agentType, agent.spanish, agent.attributes) : [];
}

/** The groups whose offer logs an agent's rank opens (rules/roles.json, offerLogs). */
function openedGroups(rules: RuleSet, viewer: { agentType: number; spanish: boolean; attributes: AgentAttributes } | null): string[] {
  if (!viewer) return [];
  const logs = rules.permissionsFor(viewer.agentType, viewer.spanish, viewer.attributes).offerLogs;
  return (Array.isArray(logs) ? logs : []).flatMap((log) => (typeof log === 'string' && OFFER_LOG_GROUPS[log] ? [OFFER_LOG_GROUPS[log]] : []));
}


/**
 * When an offer was last nudged and when it may be again (rules/parameters.json
 * nudgeCooldownMinutes later, as rules/nudgeOffer.json decides): `[row]`, `[]` for no such offer;
 * its people only.
 */
async function nudgedDate(em: EntityManager, rules: RuleSet, me: number, offerId: number, now: Date): Promise<NudgedDate[]> {
  const row = await offerForItsPeople(em, me, offerId, (offer) =>
    offer.select((eb) => [
      'o.id',
      epochMsOf(eb.ref('o.nudged_at')).as('nudgedAt'),
      'o.status',
      eb.and([eb('o.status', '=', 'pending'), eb('o.expiration', 'is not', null), eb('o.expiration', '<=', now)]).$castTo<boolean>().as('expired'),
    ]),
  );
  if (!row) return [];
  return [
    {
      offerID: row.id,
      nudgedDate: formatApiInstantOrNull(row.nudgedAt),
      nextNudgeDate: row.nudgedAt === null ? null : formatApiInstant(row.nudgedAt + rules.numberParameter('nudgeCooldownMinutes') * 60_000),
      status: row.expired ? 'expired' : row.status,
    },
  ];
}

/** An agent's offer log of the last historyDays days, newest first, for the agent or a rank that opens it. */
async function offerHistory(em: EntityManager, rules: RuleSet, me: number, agentId: number, now: Date): Promise<LogLine[]> {
  if (agentId !== me) {
    const opened = openedGroups(rules, await agentRole(em, me));
    // A rank that opens nobody's log is refused whoever the path names, existing or not.
    if (opened.length === 0) throw new ApiError('FORBIDDEN', HISTORY_MESSAGES.notYourLog);
    const target = await agentRole(em, agentId);
    if (!target) throw new ApiError('NOT_FOUND', READ_MESSAGES.noAgent(agentId));
    if (!groupsOf(rules, target).some((g) => opened.includes(g))) throw new ApiError('FORBIDDEN', HISTORY_MESSAGES.notYourLog);
  }
  const rows = await kyselyOf(em)
    .selectFrom('offer_log as l')
    .select((eb) => ['l.id', epochMsOf(eb.ref('l.at')).as('at'), 'l.message'])
    .where('l.agent_id', '=', agentId)
    .where('l.at', '>', historyStart(rules, now))
    .where('l.at', '<=', now)
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, dateTime: formatApiInstant(r.at), message: r.message }));
}

/** Personal time approved in the last historyDays days: one's own, or everyone's for supervision. */
async function approvedPersonal(em: EntityManager, rules: RuleSet, me: number, now: Date): Promise<ApprovedPersonal[]> {
  const everyone = await meSeesOthers(em, rules, me);
  const rows = await kyselyOf(em)
    .selectFrom('personal_requests as r')
    .leftJoin('agents as a', 'a.agent_id', 'r.agent_id')
    .select((eb) => [
      'r.id',
      'r.agent_id as agentId',
      'a.initials',
      'r.shift_id as shiftId',
      ...timesOf(eb, 'r'),
      'r.minutes',
      epochMsOf(eb.ref('r.requested_at')).as('requestedAt'),
    ])
    .where('r.status', '=', 'approved')
    .$if(!everyone, (q) => q.where('r.agent_id', '=', me))
    .where('r.requested_at', '>', historyStart(rules, now))
    .where('r.requested_at', '<=', now)
    .orderBy('r.requested_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    agentID: r.agentId,
    initials: r.initials,
    timeScheduleItemID: r.shiftId,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    minutes: r.minutes,
    requestedAt: formatApiInstant(r.requestedAt),
  }));
}

/** Minutes (a number) of the rows' `seconds` summed, 0 for no rows. */
const summedMinutes = (seconds: Expression<number>): RawBuilder<number> => sql<number>`coalesce(sum(${seconds}), 0)::float8 / 60`;

/** Seconds from the latest of `starts` and `since` to the earliest of `ends` and now: negative when those do not meet. */
function secondsCounted(starts: Expression<Date | string>[], ends: Expression<Date | string>[], since: Date, now: Date): RawBuilder<number> {
  return sql<number>`extract(epoch from (least(${sql.join([...ends, now])}) - greatest(${sql.join([...starts, since])})))`;
}

/** The Stats table: one agent's totals, or everyone's (`agentId` null). `[stats]`: the spec reads the first element. */
async function stats(em: EntityManager, rules: RuleSet, agentId: number | null, now: Date): Promise<Stats[]> {
  const since = statsSince(rules);
  /** Main shifts `s` picked up (of the agent), begun by now and ending after `since`. */
  const covering = (eb: ExpressionBuilder<{ s: ServerDatabase['shifts'] }, 's'>) =>
    eb.and([
      eb.ref('s.is_covering'),
      eb('s.parent_id', 'is', null),
      eb('s.start', '<', now),
      eb('s.end', '>', since),
      ...(agentId === null ? [] : [eb('s.agent_id', '=', agentId)]),
    ]);
  const worked = await kyselyOf(em)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('shifts as s')
        .where(covering)
        .select((s) => summedMinutes(secondsCounted([s.ref('s.start')], [s.ref('s.end')], since, now)).as('minutes'))
        .as('shifts'),
      eb
        .selectFrom('shifts as s')
        .innerJoin('shifts as b', (join) => join.onRef('b.parent_id', '=', 's.id').on('b.shift_type', '=', codesOf(rules).mealBreakShiftType))
        .where(covering)
        .select((s) => summedMinutes(sql<number>`greatest(0, ${secondsCounted([s.ref('b.start'), s.ref('s.start')], [s.ref('b.end'), s.ref('s.end')], since, now)})`).as('minutes'))
        .as('breaks'),
    ])
    .executeTakeFirst();
  let accepted = kyselyOf(em)
    .selectFrom('offers as o')
    .leftJoin('coverage_postings as p', 'p.id', 'o.posting_id')
    .leftJoin('pickup_postings as h', 'h.id', 'o.pickup_posting_id')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('o.status', '=', 'accepted')
    .where('o.start', '>=', since);
  if (agentId !== null) {
    accepted = accepted.where((eb) =>
      eb.or([eb('o.offering_agent_id', '=', agentId), eb('o.covering_agent_id', '=', agentId), eb('p.agent_id', '=', agentId), eb('h.agent_id', '=', agentId)]),
    );
  }
  const changes = await accepted.executeTakeFirst();
  return [{ minWorked: Math.round(Number(worked?.shifts ?? 0) - Number(worked?.breaks ?? 0)), shiftChanges: Number(changes?.n ?? 0) }];
}

/** The agent id of current staff with these initials (the lowest id if two share them). */
async function agentByInitials(em: EntityManager, initials: string, now: Date): Promise<{ agentId: number }> {
  const row = await kyselyOf(em)
    .selectFrom('agents')
    .select('agent_id as agentId')
    .where('initials', '=', initials)
    .where((eb) => eb.or([eb('termination_date', 'is', null), eb('termination_date', '>', now)]))
    .orderBy('agent_id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', HISTORY_MESSAGES.noInitials(initials));
  return row;
}

const me = (c: ReadContext): number => c.get('agentId');

const HISTORY_READS = readRoutes('history', {
  getNudgedDate: {
    path: '/api/getNudgedDate/{offerId}',
    summary: "When an offer was last nudged and may be again, and its status ('expired' once past its expiration): [row], [] for no such offer",
    answer: NudgedDate,
    params: { offerId: idParam },
    forbidden: true,
  },
  getOfferHistory: {
    path: '/api/getOfferHistory/{agentId}',
    summary: "An agent's offer log of the last historyDays days (rules/parameters.json), newest first ({ id, dateTime, message }): one's own, or others' by rank (spec 1 section 6)",
    answer: LogLine,
    params: { agentId: idParam },
    forbidden: true,
    missing: true,
  },
  approvedPersonal: {
    path: '/api/approvedPersonal',
    summary: "Personal time approved in the last historyDays days (rules/parameters.json), newest first: the caller's own, everyone's for the holders of rules/roles.json's seesOthers",
    answer: ApprovedPersonal,
  },
  getMyStats: {
    path: '/api/getMyStats/{agentId}',
    summary: "The caller's stats since statsSince (rules/parameters.json): [{ minWorked (minutes on picked-up shifts), shiftChanges (accepted offers) }]",
    answer: Stats,
    params: { agentId: idParam },
    forbidden: true,
  },
  getAllStats: { path: '/api/getAllStats', summary: "Everyone's stats since statsSince (rules/parameters.json): [{ minWorked, shiftChanges }]", answer: Stats },
  // The Call Specialist Offer Log's selector lists the agents whose log it opens: getAgents lists
  // everyone, whose logs outside the group would only answer 403.
  getCallSpecialists: groupRead(
    '/api/getCallSpecialists',
    "The Call Specialist Offer Log's agents (rules/roles.json groups.callSpecialists, below the assistant supervisors): agentId, initials, fullName",
  ),
  initials: {
    path: '/api/initials/{initials}',
    summary: 'The agent id of current staff with these initials (letters and digits, any case): { agentId }',
    answer: AgentIdOnly,
    params: { initials: initialsParam },
    one: true,
    missing: true,
  },
});

export const history = feature({
  name: 'history',
  actions: [
    {
      action: 'callOut',
      method: 'post',
      path: '/callOut',
      summary:
        "Call out of one's own shift with a log entry (spec 1, Call Out screen; the spec does not show this call): PersonalTime 0 uses personal time, 1 or null takes the points. With ViolationType 0 (spec 3's give-notice fields) a Reason is required, and VacationApplied where vacation is offered; without it the reason is 10, Other",
      body: {
        TimeScheduleItemID: 'shiftId',
        PersonalTime: 'personalTime',
        Message: 'message',
        ViolationType: 'violationType',
        Reason: 'reason',
        VacationApplied: 'vacationApplied',
      },
      actor: 'AgentID',
    },
    {
      action: 'handlePendingChange',
      method: 'post',
      path: '/handlePendingChange',
      summary: 'Answer a message sent about an offer: mark it handled with notes, and send the answer to its author as a History line',
      body: { OfferMessageID: 'offerMessageId', Notes: 'notes', Message: 'message' },
      actor: 'AgentID',
    },
    {
      action: 'loggingInLog',
      method: 'post',
      path: '/loggingInLog',
      summary: 'Record that the signed-in agent signed in (AgentID must be the signed-in agent)',
      actor: 'AgentID',
    },
    {
      action: 'loggingOutLog',
      method: 'post',
      path: '/loggingOutLog',
      summary: 'Record that the signed-in agent signs out, before POST /api/logout (AgentID must be the signed-in agent)',
      actor: 'AgentID',
    },
  ],
  reads: HISTORY_READS,
  handlers: {
    getNudgedDate: (c, ctx, { offerId }) => nudgedDate(ctx.db.em(), ctx.rules, me(c), offerId, dateOf(ctx.now())),
    getOfferHistory: (c, ctx, { agentId }) => offerHistory(ctx.db.em(), ctx.rules, me(c), agentId, dateOf(ctx.now())),
    approvedPersonal: (c, ctx) => approvedPersonal(ctx.db.em(), ctx.rules, me(c), dateOf(ctx.now())),
    getMyStats: (c, ctx, { agentId }) => stats(ctx.db.em(), ctx.rules, ownAgent(c, agentId, HISTORY_MESSAGES.notYourStats), dateOf(ctx.now())),
    getAllStats: (_c, ctx) => stats(ctx.db.em(), ctx.rules, null, dateOf(ctx.now())),
    getCallSpecialists: groupReader(OFFER_LOG_GROUPS.callSpecialists as string),
    initials: (_c, ctx, { initials }) => agentByInitials(ctx.db.em(), initials, dateOf(ctx.now())),
  },
});
