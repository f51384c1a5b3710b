import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { sql, type NotNull, type QueryCreator } from 'kysely';
import { DateTime } from 'luxon';
import { BUSINESS_ZONE, codesOf, type AgentAttributes, type Permissions } from '../../engine/index.ts';
import type { ActionContext } from '../action-runner.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import { idParam, ownAgent, READ_MESSAGES, type ReadContext } from '../reads/http.ts';
import { activeCoveragePosting, activePickupPosting, selectCoveragePostings, selectPickupPostings } from '../reads/records.ts';
import { epochMsOf, kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { feature, readRoutes, type ReadHandler } from './feature.ts';
import { agentRole, employedAt, groupMember, nowInstant, personColumns } from './shared.ts';
import { CoveragePosting, MyPermissions, Person, PickupPosting, ReleaseNote, TeamMember, TeamShift } from '../reads/shapes.ts';
import { shiftColumns } from '../reads/columns.ts';

/**
 * The Team Calendar (spec 1 sections 2 and 7), what the signed-in agent may do (rules/roles.json,
 * for the web UI), the recipient lists by rank (spec 3 sections 6 and 7) and the release notes
 * behind the footer's 'Version 154'. Shapes and choices: docs/decisions.md, "Team Calendar, roles
 * and release notes".
 */

export const TEAM_MESSAGES = {
  teamCalendar: 'You are unable to see the Team Calendar.',
};

/** The current members of a roles.json group (a chat recipient category), by initials. */
async function groupMembers(ctx: ActionContext, group: string): Promise<Person[]> {
  const rows = await kyselyOf(ctx.db.em())
    .selectFrom('agents as a')
    .select(['a.agent_id as agentId', 'a.initials', 'a.first_name as firstName', 'a.last_name as lastName'])
    .where(groupMember(ctx.rules, group))
    .where(employedAt(nowInstant(ctx)))
    .orderBy('a.initials', (o) => o.collate('C'))
    .orderBy('a.agent_id')
    .execute();
  return rows.map((r) => ({ agentId: r.agentId, initials: r.initials, fullName: [r.firstName, r.lastName].filter(Boolean).join(' ') }));
}

/** A recipient list of the new-chat dialog: the current members of a roles.json group (its handler: groupReader). */
export const groupRead = <const P extends `/api/${string}`>(path: P, summary: string) => ({ path, summary, answer: Person });
export const groupReader =
  (group: string): ReadHandler =>
  (_c, ctx) =>
    groupMembers(ctx, group);

type Own = { agentId: number };

/** The signed-in agent's type, Spanish flag and exceptions; 404 when the session's agent has no agent record. */
async function me(c: ReadContext, em: EntityManager): Promise<{ agentId: number; agentType: number; spanish: boolean; attributes: AgentAttributes }> {
  const agentId = c.get('agentId');
  const row = await agentRole(em, agentId);
  if (!row) throw new ApiError('NOT_FOUND', READ_MESSAGES.noAgent(agentId));
  return { agentId, ...row };
}

async function myPermissions(c: ReadContext, ctx: ActionContext): Promise<{ agentId: number; agentType: number; spanish: boolean; permissions: Permissions }> {
  const { agentId, agentType, spanish, attributes } = await me(c, ctx.db.em());
  return { agentId, agentType, spanish, permissions: ctx.rules.permissionsFor(agentType, spanish, attributes) };
}

/**
 * The caller, once they may see their team on the Team Calendar: their own path only, and only
 * for the agent types rules/roles.json gives teamCalendar.
 */
async function teamLeader(c: ReadContext, ctx: ActionContext, agentId: number): Promise<number> {
  const leader = ownAgent(c, agentId);
  const agent = await me(c, ctx.db.em());
  if (ctx.rules.permissionsFor(agent.agentType, agent.spanish, agent.attributes).teamCalendar !== true) throw new ApiError('FORBIDDEN', TEAM_MESSAGES.teamCalendar);
  return leader;
}

/**
 * The leader's team members' ids, as a subquery: the current agents whose teamId is a team the
 * leader leads (teams.leaderId), or, when they lead none, the team they are on; never the leader
 * themself, whose own calendar shows their shifts.
 */
function teamIds(db: QueryCreator<ServerDatabase>, leader: number, now: Date) {
  const ledOrOwn = db
    .selectFrom('teams as t')
    .select('t.id')
    .where('t.leader_id', '=', leader)
    .unionAll(
      db
        .selectFrom('agents as m')
        .select('m.team_id as id')
        .where('m.agent_id', '=', leader)
        .where('m.team_id', 'is not', null)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('teams as l').select('l.id').where('l.leader_id', '=', leader))))
        .$narrowType<{ id: NotNull }>(),
    );
  return db.selectFrom('agents as a').select('a.agent_id').where('a.agent_id', '<>', leader).where(employedAt(now)).where('a.team_id', 'in', ledOrOwn);
}

async function allTeam(c: ReadContext, ctx: ActionContext, { agentId }: Own): Promise<TeamMember[]> {
  const leader = await teamLeader(c, ctx, agentId);
  const db = kyselyOf(ctx.db.em());
  return db
    .selectFrom('agents as a')
    .select([...personColumns(), 'a.agent_type as agentType'])
    .where('a.agent_id', 'in', teamIds(db, leader, nowInstant(ctx)))
    .orderBy('a.initials', (o) => o.collate('C'))
    .orderBy('a.agent_id')
    .execute();
}

/**
 * The team's shifts starting from the first day of last month to the end of next month (Eastern):
 * the five-week grid around today and a month either way. With their meal breaks, in time order,
 * as on the agent's own calendar (userMonthShifts), so daily hours are worked out the same way.
 */
async function teamShifts(c: ReadContext, ctx: ActionContext, { agentId }: Own): Promise<TeamShift[]> {
  const leader = await teamLeader(c, ctx, agentId);
  const month = DateTime.fromMillis(ctx.now() * 60_000, { zone: BUSINESS_ZONE }).startOf('month');
  const from = month.minus({ months: 1 }).toJSDate();
  const to = month.plus({ months: 2 }).toJSDate();
  const rows = await kyselyOf(ctx.db.em())
    .with('mains', (db) =>
      db
        .selectFrom('shifts')
        .selectAll()
        .where('agent_id', 'in', teamIds(db, leader, nowInstant(ctx)))
        .where('parent_id', 'is', null)
        .where('start', '>=', from)
        .where('start', '<', to),
    )
    .with('items', (db) =>
      db
        .selectFrom('mains')
        .selectAll()
        .unionAll(db.selectFrom('shifts as b').innerJoin('mains as m', 'm.id', 'b.parent_id').selectAll('b').where('b.shift_type', '=', codesOf(ctx.rules).mealBreakShiftType)),
    )
    .selectFrom('items as i')
    .innerJoin('agents as a', 'a.agent_id', 'i.agent_id')
    .select((eb) => [
      ...shiftColumns(eb, 'i'),
      'a.initials',
    ])
    .orderBy('i.start')
    .orderBy('i.parent_id', (o) => o.asc().nullsFirst())
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    scheduleId: r.parentId ?? r.id,
    agentID: r.agentId,
    initials: r.initials,
    title: r.parentId === null ? ' My Shift' : 'Meal Break',
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.shiftType,
    isCovering: r.isCovering,
    payRate: r.payRate,
    cots: r.cots,
  }));
}

async function teamCoverage(c: ReadContext, ctx: ActionContext, { agentId }: Own): Promise<CoveragePosting[]> {
  const leader = await teamLeader(c, ctx, agentId);
  const now = nowInstant(ctx);
  return selectCoveragePostings(ctx.db.em(), (eb) => eb.and([activeCoveragePosting(eb, now), eb('p.agent_id', 'in', teamIds(kyselyOf(ctx.db.em()), leader, now))]));
}

async function teamHours(c: ReadContext, ctx: ActionContext, { agentId }: Own): Promise<PickupPosting[]> {
  const leader = await teamLeader(c, ctx, agentId);
  const now = nowInstant(ctx);
  return selectPickupPostings(ctx.db.em(), (eb) => eb.and([activePickupPosting(eb, now), eb('h.agent_id', 'in', teamIds(kyselyOf(ctx.db.em()), leader, now))]));
}

/** The release notes table (date, version, update details), newest first; the date is the release's Eastern day. */
async function releaseNotes(ctx: ActionContext): Promise<ReleaseNote[]> {
  const rows = await kyselyOf(ctx.db.em())
    .selectFrom('release_notes as r')
    .select((eb) => [
      'r.id',
      'r.version',
      sql<string>`to_char(${eb.ref('r.released_at')} at time zone 'America/New_York', 'YYYY-MM-DD')`.as('date'),
      epochMsOf(eb.ref('r.released_at')).as('releasedAt'),
      'r.notes',
    ])
    .orderBy('r.version', 'desc')
    .orderBy('r.released_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, releasedAt: formatApiInstant(r.releasedAt) }));
}

const OWN = { agentId: idParam };

const TEAM_READS = readRoutes('team', {
  myPermissions: {
    path: '/api/myPermissions',
    summary: "What the signed-in agent may see and do (rules/roles.json): { agentId, agentType, spanish, permissions: { name: true | false | [values] } }",
    answer: MyPermissions,
    one: true,
    missing: true,
  },
  getAllTeam: {
    path: '/api/getAllTeam/{agentId}',
    summary: "The caller's team members (Team Calendar, agent types 100, 102, 103): agentId, initials, fullName, agentType",
    answer: TeamMember,
    params: OWN,
    forbidden: true,
  },
  userTeamShifts: {
    path: '/api/userTeamShifts/{agentId}',
    summary: "The team members' shifts and meal breaks from the start of last month to the end of next month",
    answer: TeamShift,
    params: OWN,
    forbidden: true,
  },
  teamLookingForCov: { path: '/api/teamLookingForCov/{agentId}', summary: "The team members' active postings for coverage", answer: CoveragePosting, params: OWN, forbidden: true },
  teamLookingForHours: { path: '/api/teamLookingForHours/{agentId}', summary: "The team members' active postings to pick up hours", answer: PickupPosting, params: OWN, forbidden: true },
  getSups: groupRead('/api/getSups', 'Supervision (assistant supervisors and supervisors, rules/roles.json groups.supervision): agentId, initials, fullName'),
  getAMs: groupRead('/api/getAMs', 'Account managers (rules/roles.json groups.accountManagers): agentId, initials, fullName'),
  releaseNotes: {
    path: '/api/releaseNotes',
    answer: ReleaseNote,
    summary: 'The release notes, newest first: id, version, date (Eastern YYYY-MM-DD), releasedAt, notes',
  },
});

export const team = feature({
  name: 'team',
  reads: TEAM_READS,
  handlers: {
    myPermissions,
    getAllTeam: allTeam,
    userTeamShifts: teamShifts,
    teamLookingForCov: teamCoverage,
    teamLookingForHours: teamHours,
    getSups: groupReader('supervision'),
    getAMs: groupReader('accountManagers'),
    releaseNotes: (_c, ctx) => releaseNotes(ctx),
  },
});
