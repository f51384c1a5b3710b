import type { z } from 'zod';
import type { ActionContext } from '../action-runner.ts';
import type { ActionRoute } from '../action-routes.ts';
import type { ReadContext } from '../reads/http.ts';

/**
 * A read call: its path under /api (Hono style, '/getMyTexts/:agentId'), what it answers, and the
 * handler. Throw ApiError (server/api-error.ts) for an answer other than 200. The type parameters keep
 * the path and the answer's schema as written, so the browser's read types can be derived from the
 * lists (ApiReads, server/contract.ts): write a feature's reads through `readList`.
 */
export interface ReadRoute<P extends string = string, A extends z.ZodType = z.ZodType> {
  path: P;
  summary: string;
  /** Path parameters and the schemas the handler checks them with (for the OpenAPI document). */
  params?: Record<string, z.ZodType>;
  /** The schema of one record of the answer (server/reads/shapes.ts); an object of any fields when not given. */
  answer?: A;
  /** One record (else a list, [] when there is nothing to show). */
  one?: boolean;
  /** 403 when the path names someone else's data. */
  forbidden?: boolean;
  /** 404 when the record named does not exist. */
  missing?: boolean;
  handler: (c: ReadContext, ctx: ActionContext) => Promise<unknown>;
}

/** A feature's reads with the literal types they are written with (paths, `one`, answer schemas), which ApiReads reads. */
export const readList = <const R extends readonly ReadRoute[]>(reads: R): R => reads;

/** One part of the API: its action calls (decided by rule files) and its read calls. */
export interface Feature<R extends readonly ReadRoute[] = readonly ReadRoute[]> {
  name: string;
  actions?: ActionRoute[];
  reads?: R;
}

/** A feature with its reads' literal types kept (see readList). */
export const feature = <const R extends readonly ReadRoute[]>(f: Feature<R>): Feature<R> => f;
