import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { formatInstant, type PreparedWorld } from '../engine/index.ts';
import { body, ID_TEXT, idNumber, instantText, object, parse, says, text } from './http-input.ts';
import { result } from './action-result.ts';
import { runAction, type ActionContext } from './action-runner.ts';
import { decideOnSnapshot } from './decide-on-snapshot.ts';
import { inputFromQuery } from './decision-world.ts';
import { readerSlice, sliceRefusal } from './slice-visibility.ts';
import { matchedRoutes } from 'hono/route';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createSession, endSession, resumeSession, SessionHints, SessionProbe, signIn, touchSession } from './auth.ts';
import { answerError, ApiError } from './api-error.ts';
import { actionResponses, BAD_INPUT, define, errorAnswer, INSTANT_META, NOT_SIGNED_IN, openApiDocument, readRoute, SERVER_ERROR } from './contract.ts';
import { PersonalTimeCharger } from './personal-time.ts';
import { requestGuards } from './middleware.ts';
import { logger } from './logger.ts';
import { requestLog } from './request-log.ts';
import type { Logger } from 'pino';
import { reply } from './reads/http.ts';
import { FEATURES } from './routes/index.ts';
import { answer, registerActionRoutes, sliceInputSchema, type ApiEnv as Env } from './action-routes.ts';
import { registerMyFeed, registerPublicFeed } from './calendar-feed/routes.ts';
import { registerInbox } from './inbox/routes.ts';
import { registerEvents } from './events/routes.ts';
import { endSessionStreams } from './events/hub.ts';
import { OpenApiDocument } from './reads/shapes.ts';
import { registerRulesHealth, type RulesHealth } from './live-rules.ts';
import { bounded, REQUEST_TIMEOUT_MS, RequestsInFlight } from './request-bound.ts';

export const SESSION_COOKIE = 'shiftinator_session';

const LoginBody = object({ initials: text(16), cell: text(32), password: text(200) });
const ClaimBody = object({
  offeringAgentID: idNumber().optional(),
  coveringAgentID: idNumber().optional(),
  coverageStartDatetime: instantText.meta(INSTANT_META),
  coverageEndDatetime: instantText.meta(INSTANT_META),
  lookingForCoverageID: idNumber(),
  status: z.number(says('must be a whole number')).int('must be a whole number').optional(),
});
const SHIFT_TEXT = `${ID_TEXT}, or null when no shift is selected`;
const shiftId = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required (null when no shift is selected)' : SHIFT_TEXT) })
  .int(SHIFT_TEXT)
  .min(1, SHIFT_TEXT)
  .max(2_147_483_647, SHIFT_TEXT)
  .nullable();
const CombineBody = object({ Shift1: shiftId, Shift2: shiftId });

const LoginAnswer = z.object({
  agentId: z.number().int(),
  agentType: z.number().int().nullable().describe('The rank: what the person may see and do'),
  firstName: z.string().nullable(),
  probationUntil: z.string().nullable().describe('The last day of probation, or null'),
});
const WorldSliceAnswer = z.object({
  action: z.string(),
  actor: z.number().int(),
  now: z.string().describe('The server clock, Eastern wall-clock text'),
  input: z.record(z.string(), z.unknown()),
  world: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).describe('The records the rules read, in the scenario format; people only counted are anonymised'),
  facts: z.record(z.string(), z.unknown()).optional().describe('Facts the rules read that the slice cannot recompute'),
  rulesHash: z.string().describe('sha256 of the rule files that decide'),
});
const OfferedRefusal = z.object({
  refused: z.string().describe("The message of the rule that refuses the action whatever is chosen, word for word"),
  rule: z.string().nullable().describe('That rule (null when the refusal is that the records are not the reader\'s)'),
});
const RulesAnswer = z.object({
  rulesHash: z.string().describe('sha256 of the rule files that decide'),
  sources: z.array(z.object({ file: z.string(), json: z.unknown(), kind: z.string().optional() })),
});
const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const CLAIM_SUMMARIES = {
  claimOpenShift: 'Claim an open shift, whole or in part (lookingForCoverageID is the open shift)',
  claimOpenTrainingShift: 'Claim an opening of an open training shift (QA Reviews, Training Class, Watch Week)',
};

export interface AppOptions {
  /**
   * Whether a reverse proxy in front says who the client is and how it came: X-Forwarded-For's
   * last address is taken as the client's (sign-in throttling), and X-Forwarded-Proto: https
   * makes the session cookie Secure. Off by default: without such a proxy the headers are the
   * client's own, and a guesser could name a new address on every try.
   */
  trustProxy?: boolean;
  /** How long a request may take once received before it is answered 503; REQUEST_TIMEOUT_MS by default. */
  requestTimeoutMs?: number;
  /** How long a body may take to arrive once the headers have before it is answered 408; BODY_TIMEOUT_MS by default. */
  bodyTimeoutMs?: number;
  /** Where the requests being answered are kept, for a server that stops to call them off (server/main.ts). */
  inFlight?: RequestsInFlight;
  /** Where the request lines go (server/request-log.ts); the process's logger by default. */
  logger?: Logger;
  /** The rule set's health read, served without a session (server/live-rules.ts). */
  rulesHealth?: () => RulesHealth;
}

/** The HTTP API over one database, one rule set and one clock, all passed in as values. */
// eslint-disable-next-line max-lines-per-function -- mounting order is behaviour (guards, login before the session check, the routes after it) and the routes share its closures (hints, cookies, probes)
export function createApp(ctx: ActionContext, options: AppOptions = {}): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  app.use('*', requestLog(options.logger ?? logger));
  const trustProxy = options.trustProxy ?? false;
  /** Who is asking, as far as the server can tell: its sign-in tries are counted by this. */
  const clientAddress = (c: Context<Env>): string => {
    const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    if (forwarded) return forwarded;
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // A request that came through no socket (app.request, in tests and tools).
      return 'unknown';
    }
  };
  const cookieOptions = (c: Context<Env>) =>
    ({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: c.req.url.startsWith('https:') || (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'),
    }) as const;
  const nowDate = (): Date => new Date(ctx.now() * 60_000);
  const hints = new SessionHints();
  const personalTime = new PersonalTimeCharger(ctx.db, ctx.now);
  /** Handlers that take the session as a probe, checked in their decision's first statement. */
  const probing = new WeakSet<object>();
  const probes = <H extends object>(handler: H): H => {
    probing.add(handler);
    return handler;
  };

  // The body arrives whole before the time to answer starts and before anything is locked.
  app.use('*', ...requestGuards(options.bodyTimeoutMs));
  // Whatever a request waits on (a lock, the database, PGlite's queue), it is answered in time.
  app.use('*', bounded(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, options.inFlight ?? new RequestsInFlight()));
  // One request's database work at a time on PGlite (see Database.exclusive).
  app.use('*', (c, next) => ctx.db.exclusive(() => next()));

  // Every answer other than 2xx is an error thrown, answered here (server/api-error.ts).
  app.onError(answerError);

  const loginRoute = createRoute({
    method: 'post',
    path: '/api/login',
    operationId: 'login',
    summary: 'Sign in (spec 1, Log In): initials and cell are stripped to letters and digits, initials upper-cased',
    tags: ['session'],
    security: [],
    request: { body: { required: true, content: json(LoginBody) } },
    responses: {
      200: {
        description: 'Signed in; the session cookie is set',
        headers: { 'Set-Cookie': { description: 'shiftinator_session=...; HttpOnly; SameSite=Strict', schema: { type: 'string' } } },
        content: json(LoginAnswer),
      },
      400: errorAnswer('A field is missing ("ERROR: Must enter valid credentials.") or is not valid'),
      401: errorAnswer('No such initials, cell and password'),
      429: {
        ...errorAnswer('Too many failed tries from this address, or at this account from this address: wait and try again (docs/server.md)'),
        headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
      },
      500: SERVER_ERROR,
    },
  });
  define(app, loginRoute, async (c) => {
    const b = parse(LoginBody, await body(c));
    // The required-fields check is rules/login.json's. Not logged: its input holds the password.
    const login = (authenticated: boolean | null) =>
      ctx.rules.action('login').decide({
        world: {},
        now: ctx.now(),
        actor: 0,
        input: { initials: b.initials ?? null, cell: b.cell ?? null, password: b.password ?? null, authenticated },
      });
    const check = await login(null);
    if (check.outcome === 'error') throw new ApiError('BAD_INPUT', check.message);
    const em = ctx.db.em();
    const result = await signIn(em, b.initials ?? '', b.cell ?? '', b.password ?? '', clientAddress(c), nowDate());
    if (!result.ok && result.locked) throw new ApiError('SIGN_IN_LOCKED', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
    if (!result.ok) {
      // The failure's text is the rule file's (login.credentialsMatch), told only the verdict.
      const refused = await login(false);
      throw new ApiError('SIGN_IN_REFUSED', refused.message);
    }
    const agent = await em.getConnection().execute<{ agent_type: number; first_name: string | null; probation_until: string | null }[]>(
      'select agent_type, first_name, probation_until from agents where agent_id = ?',
      [result.agentId],
    );
    const row = agent[0];
    const sid = await createSession(em, result.agentId, ctx.rules.inactivityMinutesFor(row?.agent_type ?? 0), nowDate());
    hints.set(sid, result.agentId);
    setCookie(c, SESSION_COOKIE, sid, cookieOptions(c));
    return c.json({ agentId: result.agentId, agentType: row?.agent_type ?? null, firstName: row?.first_name ?? null, probationUntil: row?.probation_until ?? null });
  });

  app.notFound((c) => answerError(new ApiError('NO_SUCH_CALL'), c));

  // Served without a session; built once, from the route definitions this app mounted.
  let openApi: Record<string, unknown> | undefined;
  define(
    app,
    {
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'openapi',
      summary: 'This document',
      tags: ['meta'],
      security: [],
      responses: { 200: { description: 'The OpenAPI 3.1 document', content: json(OpenApiDocument) } },
    },
    (c) => c.json((openApi ??= openApiDocument(app))),
  );

  // A calendar app has no session: the feed's secret URL is its key.
  registerPublicFeed(app, ctx);
  // An operator's monitor has no session either (docs/server.md says what it shows).
  if (options.rulesHealth) registerRulesHealth(app, options.rulesHealth);

  app.use('/api/*', async (c, next) => {
    // The spec's GET /login/{initials}/{cell}/{password} would put passwords in URLs (logs,
    // history): it does not exist, with or without a session (docs/decisions.md, Server).
    if (c.req.path.startsWith('/api/login')) return next();
    await personalTime.settle();
    const sid = getCookie(c, SESSION_COOKIE);
    const hint = sid === undefined ? undefined : hints.get(sid);
    // The first route handler (not a middleware) answers: the web UI's catch-all for GET, mounted
    // after the API, never runs for an API call that has a handler.
    const handler = matchedRoutes(c).find((r) => r.method !== 'ALL')?.handler;
    if (sid !== undefined && hint !== undefined && handler && probing.has(handler)) {
      // The handler reads for the hinted agent with the session's row in the same statement and
      // stops there if it is not theirs (SessionProbe); whatever it answered, the session decides.
      const session = new SessionProbe(ctx.db, sid, hint, nowDate(), hints);
      c.set('agentId', hint);
      c.set('session', session);
      await next();
      if (!(await session.valid())) {
        c.res = undefined;
        c.res = answerError(new ApiError('NOT_SIGNED_IN'), c);
      }
      return;
    }
    const agentId = sid ? await resumeSession(ctx.db, sid, nowDate()) : null;
    if (agentId === null) {
      if (sid) hints.forget(sid);
      throw new ApiError('NOT_SIGNED_IN');
    }
    if (sid) hints.set(sid, agentId);
    c.set('agentId', agentId);
    await next();
  });

  const logoutRoute = createRoute({
    method: 'post',
    path: '/api/logout',
    operationId: 'logout',
    summary: "Sign out: the agent's leave-early notices take effect (spec 3 section 4, rules/logout.json), then the session ends and its cookie is cleared",
    tags: ['session'],
    responses: { 200: { description: 'Signed out', content: json(z.object({ ok: z.literal(true) })) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  });
  define(app, logoutRoute, async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    try {
      // A leave-early notice takes effect when its agent logs out (spec 3 section 4): rules/logout.json.
      if (ctx.rules.hasAction('logout')) await runAction(ctx, 'logout', c.get('agentId'), {});
    } finally {
      // The session ends even when applying fails (a 500): the notices then wait for the next log out.
      if (sid) {
        hints.forget(sid);
        await endSession(ctx.db.em(), sid);
        endSessionStreams(ctx.db, sid);
      }
      deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
    }
    return c.json({ ok: true });
  });

  // The browser's keep-alive while its person works on a page that makes no calls: the session
  // middleware has checked the session; this marks it used now (web/src/session.tsx).
  const sessionRoute = createRoute({
    method: 'get',
    path: '/api/session',
    operationId: 'session',
    summary: "Who is signed in; marks the session used now (the web UI's keep-alive while its person works without making calls)",
    tags: ['session'],
    responses: { 200: { description: '{ agentId }', content: json(z.object({ agentId: z.number().int() })) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  });
  define(app, sessionRoute, async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    if (sid) await touchSession(ctx.db, sid, nowDate());
    return c.json({ agentId: c.get('agentId') });
  });

  // The world slice an action's rules read, for the web UI to run the same engine before it
  // submits: a scenario without its expectation, holding what server/slice-visibility.ts shows
  // this reader. None for an action the reader may not take on the records its input names.
  // As offered (offeredSlice), the input fields left out are still to be chosen: the slice is what
  // the rules that refuse whatever they turn out to be read (engine/offered.ts), for a screen to
  // tell before it offers the action whether it can be taken at all.
  const sliceInput = {
    name: 'input',
    in: 'query' as const,
    description: "The action's input fields (its rule file's `input`), one query parameter each",
    style: 'form' as const,
    explode: true,
    schema: { type: 'object' as const, additionalProperties: { type: 'string' as const } },
  };
  const sliceResponses = {
    200: { description: 'The slice, as a scenario without its expectation', content: json(WorldSliceAnswer) },
    400: BAD_INPUT,
    401: NOT_SIGNED_IN,
    403: errorAnswer('The reader may not take this action on the records its input names'),
    404: errorAnswer('No such action'),
    500: SERVER_ERROR,
  };
  const actionParam = { params: z.object({ action: z.enum(ctx.rules.actionNames() as [string, ...string[]]) }) };
  const worldSliceRoute = createRoute({
    method: 'get',
    path: '/api/worldSlice/{action}',
    operationId: 'worldSlice',
    summary: "The world slice an action's rules read, for the web UI to run the same engine before it submits",
    tags: ['actions'],
    request: actionParam,
    // Which query parameters it takes depends on the action: an object of them, as OpenAPI writes one.
    parameters: [sliceInput],
    responses: sliceResponses,
  });
  const offeredSliceRoute = createRoute({
    method: 'get',
    path: '/api/offeredSlice/{action}',
    operationId: 'offeredSlice',
    summary: "The world slice an action's rules read as it is offered, the input fields left out still to be chosen: for the web UI to tell whether to offer it",
    tags: ['actions'],
    request: actionParam,
    parameters: [sliceInput],
    // Working out what is refused is no error: a refusal is an answer like the slice (issue 30).
    responses: {
      200: { description: 'The slice, as a scenario without its expectation; or, when the rules refuse the action whatever is chosen, their message', content: json(z.union([WorldSliceAnswer, OfferedRefusal])) },
      400: sliceResponses[400],
      401: sliceResponses[401],
      404: sliceResponses[404],
      500: sliceResponses[500],
    },
  });
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
      const answer = result(ctx.rules, action, slice.decision);
      refusal ??= answer.status === 403 && answer.message ? { message: answer.message, rule: slice.decision.rule ?? null } : null;
      if (refusal !== null) {
        if (asOffered) return c.json({ refused: refusal.message, rule: refusal.rule });
        throw new ApiError('FORBIDDEN', refusal.message);
      }
      const sent = await readerSlice(ctx.rules, { action, actor: agentId, now, input, asOffered }, slice);
      if ('error' in sent) throw new ApiError('FORBIDDEN', sent.error);
      return c.json({ action, actor: agentId, now: formatInstant(now), input, world: sent.world, ...(sent.facts ? { facts: sent.facts } : {}), rulesHash: ctx.rulesHash });
    });
  define(app, worldSliceRoute, sliceHandler(false));
  define(app, offeredSliceRoute, sliceHandler(true));

  // The rule files this server decides with, for the web UI's engine: it must not preview with
  // rules the server does not run (serve --rules), so the browser never bundles its own copy.
  const rulesRoute = createRoute({
    method: 'get',
    path: '/api/rules',
    operationId: 'rules',
    summary: 'The rule files this server decides with (and their sha256), for the web UI to run the same engine before it submits',
    tags: ['actions'],
    responses: { 200: { description: '{ rulesHash, sources: [{ file, json, kind? }] }', content: json(RulesAnswer) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  });
  define(app, rulesRoute, (c) => {
    c.header('Cache-Control', 'private, max-age=0, must-revalidate');
    return c.json({ rulesHash: ctx.rulesHash, sources: ctx.rules.sources });
  });

  for (const action of ['claimOpenShift', 'claimOpenTrainingShift'] as const) {
    define(
      app,
      {
        method: 'post',
        path: `/api/${action}`,
        operationId: action,
        summary: CLAIM_SUMMARIES[action],
        tags: ['actions'],
        request: { body: { required: true, content: json(ClaimBody) } },
        responses: actionResponses(ctx.rules, action, true),
      },
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
    {
      method: 'post',
      path: '/api/combineShifts',
      operationId: 'combineShifts',
      summary: 'Combine two of your shifts into one (Shift1 and Shift2 are shift ids; null when not selected)',
      tags: ['actions'],
      request: { body: { required: true, content: json(CombineBody) } },
      responses: actionResponses(ctx.rules, 'combineShifts', false),
    },
    probes(async (c: Context<Env>) => {
      const b = parse(CombineBody, await body(c));
      return answer(c, await runAction(ctx, 'combineShifts', c.get('agentId'), { shift1Id: b.Shift1, shift2Id: b.Shift2 }, c.get('session')));
    }),
  );

  registerMyFeed(app, ctx, trustProxy);
  registerInbox(app, ctx);
  registerEvents(app, ctx, SESSION_COOKIE);

  for (const feature of FEATURES) {
    registerActionRoutes(app, ctx, feature.name, feature.actions ?? [], probes);
    for (const read of feature.reads ?? []) define(app, readRoute(read, feature.name), reply((c) => read.handler(c, ctx)));
  }

  return app;
}
