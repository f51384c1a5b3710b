import type { EntityManager } from '@mikro-orm/core';
import { DateTime } from 'luxon';
import { BUSINESS_ZONE, type AgentAttributes, type Permissions } from '../../engine/index.ts';
import type { ActionContext } from '../action-runner.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import { idParam, ownAgentParam, READ_MESSAGES, ReadError, type ReadContext } from '../reads/http.ts';
import { activePosting, selectCoveragePostings, selectPickupPostings } from '../reads/records.ts';
import { epochMs, nowIso, query, sql, type Sql } from '../reads/sql.ts';
import { feature, type ReadRoute } from './feature.ts';
import { agentRole, groupSql, MEAL_BREAK } from './shared.ts';
import { CoveragePosting, Person, PickupPosting, ReleaseNote, TeamMember, TeamShift } from '../reads/shapes.ts';

/**
 * The Team Calendar (spec 1 sections 2 and 7), what the signed-in agent may do (rules/roles.json,
 * for the web UI), the recipient lists by rank (spec 3 sections 6 and 7) and the release notes
 * behind the footer's 'Version 154'. Shapes and choices: docs/decisions.md, "Team Calendar, roles
 * and release notes".
 */

export const TEAM_MESSAGES = {
  teamCalendar: 'You are unable to see the Team Calendar.',
};

/** Staff not past a termination, as getAgents lists them. */
const current = (now: string): Sql => sql`(a.termination_date is null or a.termination_date > ${now}::timestamptz)`;

async function people(em: EntityManager, where: Sql): Promise<Person[]> {
  const rows = await query<{ agentId: number; initials: string | null; firstName: string | null; lastName: string | null }>(
    em,
    sql`select a.agent_id as "agentId", a.initials, a.first_name as "firstName", a.last_name as "lastName"
        from agents a
        where ${where}
        order by a.initials collate "C", a.agent_id`,
  );
  return rows.map((r) => ({ agentId: r.agentId, initials: r.initials, fullName: [r.firstName, r.lastName].filter(Boolean).join(' ') }));
}

/** The current members of a roles.json group (a chat recipient category). */
function groupMembers(ctx: ActionContext, group: string): Promise<Person[]> {
  return people(ctx.db.em(), sql`${groupSql(ctx.rules, group)} and ${current(nowIso(ctx))}`);
}

/** A recipient list of the new-chat dialog: the current members of a roles.json group. */
export function groupRead<const P extends string>(path: P, group: string, summary: string) {
  return { path, summary, answer: Person, handler: (_c, ctx) => groupMembers(ctx, group) } satisfies ReadRoute<P>;
}

/** The signed-in agent's type, Spanish flag and exceptions; 404 when the session's agent has no agent record. */
async function me(c: ReadContext, em: EntityManager): Promise<{ agentId: number; agentType: number; spanish: boolean; attributes: AgentAttributes }> {
  const agentId = c.get('agentId');
  const row = await agentRole(em, agentId);
  if (!row) throw new ReadError(404, READ_MESSAGES.noAgent(agentId));
  return { agentId, ...row };
}

async function myPermissions(c: ReadContext, ctx: ActionContext): Promise<{ agentId: number; agentType: number; spanish: boolean; permissions: Permissions }> {
  const { agentId, agentType, spanish, attributes } = await me(c, ctx.db.em());
  return { agentId, agentType, spanish, permissions: ctx.rules.permissionsFor(agentType, spanish, attributes) };
}

/**
 * The caller's team for the Team Calendar: their own path only, and only for the agent types
 * rules/roles.json gives teamCalendar. The members are the current agents whose teamId is a team
 * the caller leads (teams.leaderId), or, when they lead none, the team they are on; never the
 * caller themself, whose own calendar shows their shifts.
 */
async function teamOf(c: ReadContext, ctx: ActionContext): Promise<Sql> {
  const leader = ownAgentParam(c);
  const em = ctx.db.em();
  const agent = await me(c, em);
  if (ctx.rules.permissionsFor(agent.agentType, agent.spanish, agent.attributes).teamCalendar !== true) throw new ReadError(403, TEAM_MESSAGES.teamCalendar);
  return sql`select a.agent_id from agents a
             where a.agent_id <> ${leader} and ${current(nowIso(ctx))} and a.team_id in (
               select t.id from teams t where t.leader_id = ${leader}
               union all
               select m.team_id from agents m
               where m.agent_id = ${leader} and m.team_id is not null and not exists (select 1 from teams l where l.leader_id = ${leader})
             )`;
}

async function allTeam(c: ReadContext, ctx: ActionContext): Promise<TeamMember[]> {
  const team = await teamOf(c, ctx);
  return query<TeamMember>(
    ctx.db.em(),
    sql`select a.agent_id as "agentId", a.initials, concat_ws(' ', a.first_name, a.last_name) as "fullName", a.agent_type as "agentType"
        from agents a
        where a.agent_id in (${team})
        order by a.initials collate "C", a.agent_id`,
  );
}

/**
 * The team's shifts starting from the first day of last month to the end of next month (Eastern):
 * the five-week grid around today and a month either way. With their meal breaks, in time order,
 * as on the agent's own calendar (userMonthShifts), so daily hours are worked out the same way.
 */
async function teamShifts(c: ReadContext, ctx: ActionContext): Promise<TeamShift[]> {
  const team = await teamOf(c, ctx);
  const month = DateTime.fromMillis(ctx.now() * 60_000, { zone: BUSINESS_ZONE }).startOf('month');
  const from = month.minus({ months: 1 }).toUTC().toISO() as string;
  const to = month.plus({ months: 2 }).toUTC().toISO() as string;
  const rows = await query<{ id: number; parentId: number | null; agentId: number; initials: string | null; start: number; end: number; shiftType: number; isCovering: boolean; payRate: number; cots: number }>(
    ctx.db.em(),
    sql`with mains as (
          select * from shifts
          where agent_id in (${team}) and parent_id is null and start >= ${from}::timestamptz and start < ${to}::timestamptz
        ), items as (
          select * from mains
          union all
          select b.* from shifts b join mains m on b.parent_id = m.id where b.shift_type = ${MEAL_BREAK}
        )
        select i.id, i.parent_id as "parentId", i.agent_id as "agentId", a.initials, ${epochMs('i.start', 'start')}, ${epochMs('i."end"', 'end')},
          i.shift_type as "shiftType", i.is_covering as "isCovering", i.pay_rate as "payRate", i.cots
        from items i join agents a on a.agent_id = i.agent_id
        order by i.start, i.parent_id nulls first, i.id`,
  );
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

async function teamCoverage(c: ReadContext, ctx: ActionContext): Promise<CoveragePosting[]> {
  const team = await teamOf(c, ctx);
  return selectCoveragePostings(ctx.db.em(), sql`${activePosting('p', nowIso(ctx))} and p.agent_id in (${team})`);
}

async function teamHours(c: ReadContext, ctx: ActionContext): Promise<PickupPosting[]> {
  const team = await teamOf(c, ctx);
  return selectPickupPostings(ctx.db.em(), sql`${activePosting('h', nowIso(ctx))} and h.agent_id in (${team})`);
}

/** The release notes table (date, version, update details), newest first. */
async function releaseNotes(ctx: ActionContext): Promise<ReleaseNote[]> {
  const rows = await query<{ id: number; version: number; date: string; releasedAt: number; notes: string | null }>(
    ctx.db.em(),
    sql`select r.id, r.version, to_char(r.released_at at time zone 'America/New_York', 'YYYY-MM-DD') as date,
          ${epochMs('r.released_at', 'releasedAt')}, r.notes
        from release_notes r
        order by r.version desc, r.released_at desc, r.id desc`,
  );
  return rows.map((r) => ({ ...r, releasedAt: formatApiInstant(r.releasedAt) }));
}

const OWN = { agentId: idParam };

export const team = feature({
  name: 'team',
  reads: [
    {
      path: '/myPermissions',
      summary: "What the signed-in agent may see and do (rules/roles.json): { agentId, agentType, spanish, permissions: { name: true | false | [values] } }",
      one: true,
      missing: true,
      handler: myPermissions,
    },
    {
      path: '/getAllTeam/:agentId',
      summary: "The caller's team members (Team Calendar, agent types 100, 102, 103): agentId, initials, fullName, agentType",
      answer: TeamMember,
      params: OWN,
      forbidden: true,
      handler: allTeam,
    },
    {
      path: '/userTeamShifts/:agentId',
      summary: "The team members' shifts and meal breaks from the start of last month to the end of next month",
      answer: TeamShift,
      params: OWN,
      forbidden: true,
      handler: teamShifts,
    },
    {
      path: '/teamLookingForCov/:agentId',
      summary: "The team members' active postings for coverage",
      answer: CoveragePosting,
      params: OWN,
      forbidden: true,
      handler: teamCoverage,
    },
    {
      path: '/teamLookingForHours/:agentId',
      summary: "The team members' active postings to pick up hours",
      answer: PickupPosting,
      params: OWN,
      forbidden: true,
      handler: teamHours,
    },
    groupRead('/getSups', 'supervision', 'Supervision (assistant supervisors and supervisors, rules/roles.json groups.supervision): agentId, initials, fullName'),
    groupRead('/getAMs', 'accountManagers', 'Account managers (rules/roles.json groups.accountManagers): agentId, initials, fullName'),
    {
      path: '/releaseNotes',
      answer: ReleaseNote,
      summary: 'The release notes, newest first: id, version, date (Eastern YYYY-MM-DD), releasedAt, notes',
      handler: (_c, ctx) => releaseNotes(ctx),
    },
  ],
});
