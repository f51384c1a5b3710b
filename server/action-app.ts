import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { Context } from 'hono';
import { formatInstant, type PreparedWorld } from '../engine/index.ts';
import { result } from './action-result.ts';
import { answer, defaultActionRoute, registerActionRoutes, sliceInputSchema, type ApiEnv as Env } from './action-routes.ts';
import { runAction, type ActionContext } from './action-runner.ts';
import { ApiError } from './api-error.ts';
import { ClaimBody, CLAIMS, CombineBody, NOT_ACTION_ROUTES, shapedActionRoutes, sliceRoutes } from './api-routes.ts';
import { define } from './contract.ts';
import { readParams } from './reads/http.ts';
import { decideOnSnapshot } from './decide-on-snapshot.ts';
import { inputFromQuery } from './decision-world.ts';
import { body, parse } from './http-input.ts';
import type { Feature, ReadHandler } from './routes/feature.ts';
import { FEATURES } from './routes/index.ts';
import type { Sessions } from './session-app.ts';
import { readerSlice, sliceRefusal } from './slice-visibility.ts';

type Probes = Sessions['probes'];

/**
 * The world slice an action's rules read, for the web UI to run the same engine before it
 * submits: a scenario without its expectation, holding what server/slice-visibility.ts shows
 * this reader. None for an action the reader may not take on the records its input names.
 * As offered (offeredSlice), the input fields left out are still to be chosen: the slice is what
 * the rules that refuse whatever they turn out to be read (engine/offered.ts), for a screen to
 * tell before it offers the action whether it can be taken at all. And the rule files this
 * server decides with, so that the browser never previews with rules the server does not run.
 */
export function sliceApp(ctx: ActionContext, probes: Probes): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  const routes = sliceRoutes(ctx.rules);
  const sliceHandler = (asOffered: boolean) =>
    probes(async (c: Context<Env>) => {
      const action = c.req.param('action') ?? '';
      const file = ctx.rules.action(action).file;
      const agentId = c.get('agentId');
      const input = parse(sliceInputSchema(ctx.rules, action), inputFromQuery(file.input, c.req.query()), 'input') as Record<string, unknown>;
      const now = ctx.now();
      let refusal: { message: string; rule: string | null } | null = null;
      const alsoRead = (w: PreparedWorld): void => {
        // Each round decides again on more of the world: a refusal for a record not yet loaded is
        // only the last round's to give.
        const message = sliceRefusal(ctx.rules, file, w, agentId, input, now);
        refusal = message === null ? null : { message, rule: null };
      };
      const slice = await decideOnSnapshot(ctx.db, ctx.rules, { action, actor: agentId, input, now, session: c.get('session'), alsoRead, keepFacts: true, asOffered });
      const answered = result(ctx.rules, action, slice.decision);
      refusal ??= answered.status === 403 && answered.message ? { message: answered.message, rule: slice.decision.rule ?? null } : null;
      if (refusal !== null) {
        if (asOffered) return c.json({ refused: refusal.message, rule: refusal.rule });
        throw new ApiError('FORBIDDEN', refusal.message);
      }
      const sent = await readerSlice(ctx.rules, { action, actor: agentId, now, input, asOffered }, slice);
      if ('error' in sent) throw new ApiError('FORBIDDEN', sent.error);
      return c.json({ action, actor: agentId, now: formatInstant(now), input, world: sent.world, ...(sent.facts ? { facts: sent.facts } : {}), rulesHash: ctx.rulesHash });
    });
  define(app, routes.worldSlice, sliceHandler(false));
  define(app, routes.offeredSlice, sliceHandler(true));
  define(app, routes.rules, (c) => {
    c.header('Cache-Control', 'private, max-age=0, must-revalidate');
    return c.json({ rulesHash: ctx.rulesHash, sources: ctx.rules.sources });
  });
  return app;
}

/** The actions whose spec body is shaped otherwise than their rule file's input (server/api-routes.ts says which and why). */
export function shapedActionApp(ctx: ActionContext, probes: Probes): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  const routes = shapedActionRoutes(ctx.rules);
  for (const action of CLAIMS) {
    define(
      app,
      routes[action],
      probes(async (c: Context<Env>) => {
        const b = parse(ClaimBody, await body(c));
        const agentId = c.get('agentId');
        if ((b.offeringAgentID ?? agentId) !== agentId || (b.coveringAgentID ?? agentId) !== agentId) throw new ApiError('NOT_YOURS');
        const input = { openShiftId: b.lookingForCoverageID, start: b.coverageStartDatetime, end: b.coverageEndDatetime };
        return answer(c, await runAction(ctx, action, agentId, input, c.get('session')));
      }),
    );
  }
  define(
    app,
    routes.combineShifts,
    probes(async (c: Context<Env>) => {
      const b = parse(CombineBody, await body(c));
      return answer(c, await runAction(ctx, 'combineShifts', c.get('agentId'), { shift1Id: b.Shift1, shift2Id: b.Shift2 }, c.get('session')));
    }),
  );
  return app;
}

/**
 * Every feature's calls (server/routes/): its actions, each one ActionRoute over its rule file,
 * and its reads; then a rule file no feature lists, as its default route.
 */
export function featuresApp(ctx: ActionContext, probes: Probes): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  const routed = new Set(NOT_ACTION_ROUTES);
  for (const feature of FEATURES) {
    registerActionRoutes(app, ctx, feature.name, feature.actions ?? [], probes);
    for (const route of feature.actions ?? []) routed.add(route.action);
    mountReads(app, ctx, feature);
  }
  const unlisted = ctx.rules.actionNames().filter((action) => !routed.has(action));
  registerActionRoutes(app, ctx, 'rule files', unlisted.map((action) => defaultActionRoute(ctx.rules, action)), probes);
  return app;
}

/** A feature's reads: each definition's parameters validated, then its handler, its answer as JSON (an ApiError thrown is onError's). */
function mountReads(app: OpenAPIHono<Env>, ctx: ActionContext, feature: Feature): void {
  for (const [name, route] of Object.entries(feature.reads ?? {})) {
    const handler = feature.handlers?.[name] as ReadHandler | undefined;
    if (!handler) throw new Error(`read ${name} of ${feature.name} has no handler`);
    const params = route.request?.params as z.ZodObject | undefined;
    define(app, route, async (c) => c.json((await handler(c, ctx, params ? readParams(c, params) : {})) as never));
  }
}
