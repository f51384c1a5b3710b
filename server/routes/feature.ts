import type { z } from 'zod';
import type { ActionContext } from '../action-runner.ts';
import type { ActionRoute } from '../action-routes.ts';
import type { ReadContext } from '../reads/http.ts';

/**
 * A read call: its path under /api (Hono style, '/getMyTexts/:agentId'), what it answers, and the
 * handler. Throw ReadError (server/reads/http.ts) for 400/403/404 answers.
 */
export interface ReadRoute {
  path: string;
  summary: string;
  /** Path parameters and the schemas the handler checks them with (for the OpenAPI document). */
  params?: Record<string, z.ZodType>;
  /** The schema of one record of the answer (server/reads/shapes.ts); an object of any fields when not given. */
  answer?: z.ZodType;
  /** One record (else a list, [] when there is nothing to show). */
  one?: boolean;
  /** 403 when the path names someone else's data. */
  forbidden?: boolean;
  /** 404 when the record named does not exist. */
  missing?: boolean;
  handler: (c: ReadContext, ctx: ActionContext) => Promise<unknown>;
}

/** One part of the API: its action calls (decided by rule files) and its read calls. */
export interface Feature {
  name: string;
  actions?: ActionRoute[];
  reads?: ReadRoute[];
}
