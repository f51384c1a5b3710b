import type { EntityManager } from '@mikro-orm/core';
import type { InferKyselyDB, SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type ColumnType, type Expression, type Generated, type Kysely, type RawBuilder } from 'kysely';
import type { CollectionTable } from '../../engine/index.ts';
import type { SERVER_ENTITIES } from './server.entities.ts';

/** The server's own tables (accounts, sessions, sign-in throttle, decision log, rule sets), with their SQL table and column names. */
type ServerDB = InferKyselyDB<(typeof SERVER_ENTITIES)[number]>;

/**
 * A property name as MikroORM's underscore naming strategy writes its column (and
 * world.entities.ts its table): an underscore before a capital that follows a small letter, then
 * all small (`agentId` → `agent_id`, `canCoverDOCS` → `can_cover_docs`).
 */
type Underscore<S extends string, Prev extends string = ''> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : Prev extends Uppercase<Prev> ? Lowercase<C> : `_${Lowercase<C>}`}${Underscore<Rest, C>}`
  : S;

/**
 * Instants are timestamptz and dates are date: PostgreSQL's driver hands them back as Date,
 * PGlite as text, so a read converts them in SQL (epochMs) or from either.
 */
type Stored<Kind> = Kind extends 'id' | 'number'
  ? number
  : Kind extends 'bool'
    ? boolean
    : Kind extends 'string' | 'status'
      ? string
      : Kind extends 'instant' | 'date'
        ? ColumnType<Date | string, Date | string, Date | string>
        : never;

/** A field's column: null where the field may be, generated where the database fills it (a serial `id`, a default). */
type Column<F, Serial extends boolean> = F extends { type: infer Kind }
  ? Serial extends true
    ? Generated<number>
    : F extends { nullable: true }
      ? Stored<Kind> | null
      : F extends { default: unknown }
        ? Generated<Stored<Kind>>
        : Stored<Kind>
  : never;

type WorldTable<Spec extends { key: string; fields: object }> = {
  [F in keyof Spec['fields'] & string as Underscore<F>]: Column<Spec['fields'][F], F extends Spec['key'] & 'id' ? true : false>;
};

/** The world's tables, typed from the engine's collection table, as server/db/world.entities.ts makes them. */
type WorldDB = { [C in keyof CollectionTable & string as Underscore<C>]: WorldTable<CollectionTable[C]> };

/** Every table the server reads and writes, by its SQL name, with its columns' SQL names. */
export type ServerDatabase = ServerDB & WorldDB;

/**
 * MikroORM's Kysely over `em`'s connection, typed from the entities and the collection table:
 * inside `em.transactional` its queries run in that transaction. A misspelt table or column fails
 * the type check.
 */
export function kyselyOf(em: EntityManager): Kysely<ServerDatabase> {
  return (em as SqlEntityManager).getKysely<ServerDatabase>();
}

/**
 * An instant column as epoch milliseconds, for a typed select (`epochMsOf(eb.ref('s.start')).as('start')`).
 * PGlite hands timestamptz back as text and PostgreSQL as a Date; a number reads the same from both.
 */
export function epochMsOf<T extends Date | string | null>(column: Expression<T>): RawBuilder<null extends T ? number | null : number> {
  return sql<null extends T ? number | null : number>`(extract(epoch from ${column}) * 1000)::float8`;
}

/**
 * A date column as its 'YYYY-MM-DD' text, for a typed select. PGlite hands a date back as text and
 * PostgreSQL as a Date at the process's local midnight; the text reads the same from both.
 */
export function dateTextOf<T extends Date | string | null>(column: Expression<T>): RawBuilder<null extends T ? string | null : string> {
  return sql<null extends T ? string | null : string>`to_char(${column}, 'YYYY-MM-DD')`;
}

/** An instant in epoch minutes as the Date a typed query compares instant columns with (sql.ts's isoOf). */
export const dateOf = (minutes: number): Date => new Date(minutes * 60_000);
