import { sql as kysql, type RawBuilder, type SqlBool } from 'kysely';
import type { AgentAttribute, WhoClause } from '../engine/index.ts';
import { joinSql, raw, sql, type Sql } from './reads/sql.ts';

/**
 * The "who" language of rules/roles.json in SQL: the engine parses a "who" list, groups put in,
 * into clauses (engine/roles.ts compileWho) and decides with them in JavaScript (whoMatches); here
 * the same clauses become one condition on an agents row. The permission reads
 * (routes/shared.ts), the group lists and the head counts' populations (world-loader.ts) all
 * compile through here, and tests/server/who-sql.test.ts runs one table of cases through both.
 */

/** The agents row's columns a condition is written over (fixed text, never input). */
export interface WhoColumns {
  agentType: string;
  spanish: string;
  /** The column of a person's exception; a clause asking one fails without it. */
  attribute?: (name: AgentAttribute) => string;
}

function clauseSql(c: WhoClause, cols: WhoColumns): Sql {
  const parts: Sql[] = [];
  if (c.agentTypes) parts.push(sql`${raw(cols.agentType)} in (${joinSql(c.agentTypes.map((t) => sql`${t}`), ', ')})`);
  if (c.min !== undefined) parts.push(sql`${raw(cols.agentType)} >= ${c.min}`);
  if (c.max !== undefined) parts.push(sql`${raw(cols.agentType)} <= ${c.max}`);
  if (c.spanish !== undefined) parts.push(sql`${raw(cols.spanish)} = ${c.spanish}`);
  for (const name of c.attributes ?? []) {
    if (!cols.attribute) throw new Error(`a "who" asking for the attribute ${name} needs its column`);
    parts.push(sql`${raw(cols.attribute(name))} = ${true}`);
  }
  return parts.length === 0 ? raw('true') : sql`(${joinSql(parts, ' and ')})`;
}

/** Clauses, any of which matches, as one condition; false for none. */
export function whoSql(clauses: readonly WhoClause[], cols: WhoColumns): Sql {
  return clauses.length === 0 ? raw('false') : sql`(${joinSql(clauses.map((c) => clauseSql(c, cols)), ' or ')})`;
}

/** A condition of whoSql as Kysely takes it in a where. */
export function kyselyCondition(condition: Sql): RawBuilder<SqlBool> {
  const texts = condition.text.split('?');
  const pieces = texts.flatMap((text, i) => (i < condition.params.length ? [kysql.raw(text), kysql`${condition.params[i]}`] : [kysql.raw(text)]));
  return kysql<SqlBool>`${kysql.join(pieces, kysql.raw(''))}`;
}
