import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ActionContext } from '../action-runner.ts';
import type { ActionRoute } from '../action-routes.ts';
import { BAD_INPUT, errorAnswer, NOT_SIGNED_IN, SERVER_ERROR } from '../contract.ts';
import type { ReadContext } from '../reads/http.ts';

type Shape = Record<string, z.ZodType>;

/**
 * A read call's definition: its path (OpenAPI style, '/api/getMyTexts/{agentId}'), what it answers
 * and which errors it can give. `readRoutes` makes it a route definition like any other
 * (server/api-routes.ts); its handler is the feature's, separate.
 */
export interface ReadDefinition<S extends Shape = Shape> {
  path: `/api/${string}`;
  summary: string;
  /** Path parameters and their schemas, in the path's order: the route validates them before its handler runs. */
  params?: S;
  /** The schema of one record of the answer (server/reads/shapes.ts). */
  answer: z.ZodType;
  /** One record (else a list, [] when there is nothing to show). */
  one?: boolean;
  /** 403 when the path names someone else's data. */
  forbidden?: boolean;
  /** 404 when the record named does not exist. */
  missing?: boolean;
}

declare const PARAMS: unique symbol;
/** A read's route definition; its parameters' parsed types ride along for its handler's (type only). */
export type ReadRouteConfig<S extends Shape = Shape> = RouteConfig & { method: 'get'; readonly [PARAMS]?: S };

/** What a read's handler gets: the request, the app's context, and its path parameters as its definition parsed them. */
export type ReadHandler<R extends ReadRouteConfig = ReadRouteConfig> = (
  c: ReadContext,
  ctx: ActionContext,
  params: R extends ReadRouteConfig<infer S> ? z.infer<z.ZodObject<S>> : never,
) => Promise<unknown>;

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });

/**
 * A feature's reads as route definitions, keyed by name (their operationId, the path's first
 * segment): the 200 is the answer's schema, one record or a list, beside the errors the flags name.
 */
export function readRoutes<const D extends Record<string, ReadDefinition>>(tag: string, reads: D): { [K in keyof D]: ReadRouteConfig<D[K] extends { params: infer S extends Shape } ? S : Record<never, never>> } {
  const routes: Record<string, ReadRouteConfig> = {};
  for (const [name, read] of Object.entries(reads)) {
    if (read.path !== `/api/${name}` && !read.path.startsWith(`/api/${name}/`)) throw new Error(`read ${name}: its path ${read.path} must be /api/${name}, then its parameters`);
    const responses: RouteConfig['responses'] = {
      200: { description: read.one ? 'The record' : 'The list ([] when there is nothing to show)', content: json(read.one ? read.answer : z.array(read.answer)) },
      401: NOT_SIGNED_IN,
      500: SERVER_ERROR,
    };
    if (read.params) responses[400] = BAD_INPUT;
    if (read.forbidden) responses[403] = errorAnswer("The path names someone else's data");
    if (read.missing) responses[404] = errorAnswer('There is no such record (the message names it)');
    routes[name] = {
      method: 'get',
      path: read.path,
      operationId: name,
      summary: read.summary,
      description: 'Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.',
      tags: ['reads', tag],
      ...(read.params ? { request: { params: z.object(read.params) } } : {}),
      responses,
    };
  }
  return routes as never;
}

/** A handler for each of the reads `R`, by name: one missing, or one for no read, fails the type check. */
export type ReadHandlers<R extends Record<string, ReadRouteConfig>> = { [K in keyof R]: ReadHandler<R[K]> };

/** One part of the API: its action calls (decided by rule files), and its reads' definitions with their handlers. */
export interface Feature {
  name: string;
  actions?: ActionRoute[];
  reads?: Record<string, ReadRouteConfig>;
  handlers?: Record<string, ReadHandler<never>>;
}

/** A feature whose every read has its handler. */
export const feature = <R extends Record<string, ReadRouteConfig> = Record<never, ReadRouteConfig>>(f: { name: string; actions?: ActionRoute[]; reads?: R; handlers?: ReadHandlers<R> }): Feature => f as Feature;
