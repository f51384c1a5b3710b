import type { EntityManager } from '@mikro-orm/core';
import type { InferKyselyDB, Kysely, SqlEntityManager } from '@mikro-orm/postgresql';
import type { SERVER_ENTITIES } from './server.entities.ts';

/** The server's own tables (accounts, sessions, sign-in throttle, decision log, rule sets), with their SQL table and column names. */
type ServerDB = InferKyselyDB<(typeof SERVER_ENTITIES)[number]>;

/**
 * MikroORM's Kysely over `em`'s connection, typed from the entities: inside `em.transactional`
 * its queries run in that transaction. For the statements the entity manager has no verb for
 * (insert ... on conflict, arithmetic updates), in place of SQL text.
 */
export function kyselyOf(em: EntityManager): Kysely<ServerDB> {
  return (em as SqlEntityManager).getKysely<ServerDB>();
}
