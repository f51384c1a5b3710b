import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  AGENT_ATTRIBUTES,
  compileWho,
  flagWho,
  isShiftinatorError,
  parseInstant,
  SliceWorld,
  type AgentAttribute,
  type AgentAttributes,
  type Permissions,
  type PreparedWorld,
  type RuleSet,
  type Who,
} from '../../engine/index.ts';
import { dateParam, param, type ReadContext } from '../reads/http.ts';
import { kyselyOf, type ServerDatabase } from '../db/kysely.ts';
import { WorldLoader } from '../world-loader.ts';
import { kyselyCondition, whoSql, type WhoColumns } from '../who-sql.ts';

/** What the read calls of several feature modules share: path parameters, the clock, who the caller is. */

// ---- path parameters ----

/**
 * A time of day `HH:mm`, optionally `:ss` and `.S` (the spec's 'HH:mm:ss.S'). Hour 24 is hour 0
 * of the same date (spec 1 section 5: "hour 24 is treated as 0"): a clock that writes midnight
 * as 24 still means the date it was given. A wall-clock time in the fall-back hour means its
 * first pass; an offset ("01:30-05:00", as the API writes the second pass) names either.
 */
export const timeParam = z
  .string()
  .regex(
    /^([01][0-9]|2[0-4]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,3})?)?([+-][0-9]{2}:[0-9]{2})?$/,
    'must be a time as "HH:mm" (00:00 to 23:59, hour 24 read as 0), optionally with seconds and an offset',
  )
  .transform((text) => (text.startsWith('24') ? `00${text.slice(2)}` : text));

/** The instant a date and a time parameter name together; 400 naming the time when it does not exist. */
export function instantAt(c: ReadContext, dateName: string, timeName: string): number {
  const date = param(c, dateName, dateParam);
  const time = param(c, timeName, timeParam);
  const withOffset = /[+-][0-9]{2}:[0-9]{2}$/.test(time);
  try {
    return parseInstant(withOffset ? `${date}T${time}` : `${date} ${time}`);
  } catch (e) {
    if (!isShiftinatorError(e)) throw e;
    throw new ApiError('BAD_INPUT', withOffset ? `${timeName}: ${e.message}` : `${timeName}: ${time} does not exist on ${date} in America/New_York (the clocks skip that hour)`);
  }
}

export type Span = { start: number; end: number };

/** A window given as [date, time] parameters for its start and its end; the end must come after the start. */
export function spanAt(c: ReadContext, start: [string, string] = ['startDate', 'startTime'], end: [string, string] = ['endDate', 'endTime']): Span {
  const from = instantAt(c, ...start);
  const to = instantAt(c, ...end);
  if (!(to > from)) throw new ApiError('BAD_INPUT', `${end[1]}: must be after the start (${start[0]} ${start[1]})`);
  return { start: from, end: to };
}

/** The path parameters of a window as spanAt reads them by default (for the OpenAPI document). */
export const SPAN_PARAMS = { startDate: dateParam, startTime: timeParam, endDate: dateParam, endTime: timeParam };

// ---- who the caller is ----

/** An agents row as `a`, what the conditions below are written over. */
type AgentScope = { a: ServerDatabase['agents'] };
const agentsA = expressionBuilder<AgentScope, 'a'>();

/** The agents column of each of a person's exceptions (AGENT_ATTRIBUTES). */
const ATTRIBUTE_COLUMNS = {
  designatedAccountManager: 'designated_account_manager',
  mayRequestCutsAndLunches: 'may_request_cuts_and_lunches',
  ideasRecipient: 'ideas_recipient',
} as const satisfies Record<AgentAttribute, keyof ServerDatabase['agents']>;

/** An agent's type, Spanish flag and exceptions, what rules/roles.json decides by; null for no such agent. */
export async function agentRole(em: EntityManager, agentId: number): Promise<{ agentType: number; spanish: boolean; attributes: AgentAttributes } | null> {
  const row = await kyselyOf(em)
    .selectFrom('agents')
    .select(['agent_type', 'spanish', ...Object.values(ATTRIBUTE_COLUMNS)])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (!row) return null;
  return { agentType: row.agent_type, spanish: row.spanish, attributes: Object.fromEntries(AGENT_ATTRIBUTES.map((name) => [name, row[ATTRIBUTE_COLUMNS[name]]])) };
}

/** The agents row `a`'s columns, as the "who" language's SQL is written over them. */
export const AGENT_COLUMNS: WhoColumns = { agentType: 'a.agent_type', spanish: 'a.spanish', attribute: (name) => `a.${ATTRIBUTE_COLUMNS[name]}` };

/** A roles.json "who" list as a condition on the agents row `a` (false when empty). */
export function whoIs(who: readonly Who[], groups: Readonly<Record<string, { who: readonly Who[] }>>): Expression<SqlBool> {
  return kyselyCondition(whoSql(compileWho(who, groups), AGENT_COLUMNS));
}

/** The members of a rules/roles.json group by name, as a condition on the agents row `a`. */
export function groupMember(rules: RuleSet, group: string): Expression<SqlBool> {
  const groups = rules.roles?.groups;
  const g = groups?.[group];
  if (!groups || !g) throw new Error(`rules/roles.json has no group "${group}"`);
  return whoIs(g.who, groups);
}

/** The holders of a flag permission of rules/roles.json by name, as a condition on the agents row `a`. */
export function flagHolder(rules: RuleSet, permission: string): Expression<SqlBool> {
  if (!rules.roles) throw new Error('no rules/roles.json was loaded with these rules');
  return whoIs(flagWho(rules.roles, permission), rules.roles.groups);
}

/** The agents row `a` is staff at `at`: not past a termination, as getAgents lists them. */
export function employedAt(at: Date): Expression<SqlBool> {
  return agentsA.or([agentsA('a.termination_date', 'is', null), agentsA('a.termination_date', '>', at)]);
}

/** The agents row `a` as a person in a list: its id, initials and full name (first and last, either left out when null). */
export function personColumns() {
  return [
    agentsA.ref('a.agent_id').as('agentId'),
    agentsA.ref('a.initials').as('initials'),
    sql<string>`concat_ws(' ', ${agentsA.ref('a.first_name')}, ${agentsA.ref('a.last_name')})`.as('fullName'),
  ] as const;
}

/** The clock's now (epoch minutes) as the instant a query compares with. */
export const nowInstant = (clock: { now: () => number }): Date => new Date(clock.now() * 60_000);

/** An agent's permissions (rules/roles.json); null for no such agent. */
export async function permissionsOf(em: EntityManager, rules: RuleSet, agentId: number): Promise<Permissions | null> {
  const role = await agentRole(em, agentId);
  return role && rules.permissionsFor(role.agentType, role.spanish, role.attributes);
}

// ---- the engine over a slice of the database ----

/** How many rounds of loading a read may take (an action's decision takes at most a few). */
const MAX_ROUNDS = 8;

/**
 * Runs `compute` over a slice of the database: whatever the engine asks of the world (an agent's
 * shifts in a window, a shift's breaks, who is on duty) is loaded with the action path's own
 * queries, unlocked, and the computation runs again until it asks for nothing new. `what` names
 * the computation in the error of one that never settles.
 */
export async function onSlice<T>(em: EntityManager, what: string, compute: (world: PreparedWorld) => T): Promise<T> {
  const loader = new WorldLoader(em, { lock: false });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const world = new SliceWorld(loader.data, loader.answered);
    const value = compute(world);
    if (world.missing.length === 0) return value;
    await loader.load(world.missing);
  }
  throw new Error(`${what} kept asking for more of the world`);
}
