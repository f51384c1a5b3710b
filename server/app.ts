import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { timeout } from 'hono/timeout';
import { z } from 'zod';
import { formatInstant, isShiftinatorError, type PreparedWorld } from '../engine/index.ts';
import { BadRequest, body, ID_TEXT, idNumber, instantText, object, parse, says, text } from './http-input.ts';
import { decideOnSnapshot, result, runAction, type ActionContext } from './action-runner.ts';
import { inputFromQuery } from './decision-world.ts';
import { readerSlice, sliceRefusal } from './slice-visibility.ts';
import { matchedRoutes } from 'hono/route';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createSession, endSession, resumeSession, SessionEnded, SessionHints, SessionProbe, signIn, touchSession } from './auth.ts';
import { isOutOfResources } from './db/database.ts';
import { openApiDocument } from './openapi.ts';
import { requestGuards } from './middleware.ts';
import { reply } from './reads/http.ts';
import { FEATURES } from './routes/index.ts';
import { answer, registerActionRoutes, type ApiEnv as Env } from './action-routes.ts';
import { registerMyFeed, registerPublicFeed } from './calendar-feed/routes.ts';
import { registerInbox } from './inbox/routes.ts';
import { registerEvents } from './events/routes.ts';
import { endSessionStreams } from './events/hub.ts';

export const SESSION_COOKIE = 'shiftinator_session';

const MESSAGES = {
  credentialsWrong: 'ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.',
  notSignedIn: 'Please sign in.',
  notYours: 'You can only act for yourself here.',
  // Not in the spec, which has no slow-down: worded like its sign-in failure.
  signInLocked: 'ERROR: Too many failed sign-in attempts. Please wait a moment and try again. Contact Supervision if further assistance needed.',
  notFound: 'There is no such page or call.',
};

const LoginBody = object({ initials: text(16), cell: text(32), password: text(200) });
const ClaimBody = object({
  offeringAgentID: idNumber().optional(),
  coveringAgentID: idNumber().optional(),
  coverageStartDatetime: instantText,
  coverageEndDatetime: instantText,
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
}

/** How long a request may take once received before it is answered 503 (docs/server.md, "Faults"). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The HTTP API over one database, one rule set and one clock, all passed in as values. */
export function createApp(ctx: ActionContext, options: AppOptions = {}): Hono<Env> {
  const app = new Hono<Env>();
  // Whatever a request waits on (a lock, the database, PGlite's queue), it is answered in time.
  const bound = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const tooLong = `The server took longer than ${bound / 1000} seconds to answer. A change you sent may still be saved: look before sending it again.`;
  app.use('*', timeout(bound, () => new HTTPException(503, { res: Response.json({ error: tooLong }, { status: 503 }) })));
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
  /** Handlers that take the session as a probe, checked in their decision's first statement. */
  const probing = new WeakSet<object>();
  const probes = <H extends object>(handler: H): H => {
    probing.add(handler);
    return handler;
  };

  app.use('*', ...requestGuards);
  // One request's database work at a time on PGlite (see Database.exclusive).
  app.use('*', (c, next) => ctx.db.exclusive(() => next()));

  app.onError((err, c) => {
    if (err instanceof SessionEnded) return c.json({ error: MESSAGES.notSignedIn }, 401);
    if (err instanceof BadRequest) return c.json({ error: err.message }, 400);
    if (err instanceof HTTPException && err.status === 503) return err.getResponse();
    if (isShiftinatorError(err)) {
      if (err.code === 'INPUT_INVALID' || err.code === 'TIME_INVALID') return c.json({ error: err.message }, 400);
      if (err.code === 'UNKNOWN_ACTION') return c.json({ error: err.message }, 404);
    }
    if (isOutOfResources(err)) {
      console.error(err);
      return c.json({ error: 'The database has no room to save anything (disk full); nothing was saved. Try again later.' }, 503);
    }
    console.error(err);
    return c.json({ error: 'Something went wrong on our side; nothing was saved.' }, 500);
  });

  app.post('/api/login', async (c) => {
    const b = parse(LoginBody, await body(c));
    // The required-fields check is rules/login.json's. Not logged: its input holds the password.
    const check = await ctx.rules.action('login').decide({
      world: {},
      now: ctx.now(),
      actor: 0,
      input: { initials: b.initials ?? null, cell: b.cell ?? null, password: b.password ?? null },
    });
    if (check.outcome === 'error') return c.json({ error: check.message }, 400);
    const em = ctx.db.em();
    const result = await signIn(em, b.initials ?? '', b.cell ?? '', b.password ?? '', clientAddress(c), nowDate());
    if (!result.ok && result.locked) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json({ error: MESSAGES.signInLocked }, 429);
    }
    if (!result.ok) return c.json({ error: MESSAGES.credentialsWrong }, 401);
    const agent = await em.getConnection().execute<{ agent_type: number; first_name: string | null; probation_until: string | null }[]>(
      'select agent_type, first_name, probation_until from agents where agent_id = ?',
      [result.agentId],
    );
    const row = agent[0];
    const sid = await createSession(em, result.agentId, row?.agent_type ?? 0, nowDate());
    hints.set(sid, result.agentId);
    setCookie(c, SESSION_COOKIE, sid, cookieOptions(c));
    return c.json({ agentId: result.agentId, agentType: row?.agent_type ?? null, firstName: row?.first_name ?? null, probationUntil: row?.probation_until ?? null });
  });

  app.notFound((c) => c.json({ error: MESSAGES.notFound }, 404));

  // Served without a session; built once, from the schemas above and the rule set's messages.
  let openApi: Record<string, unknown> | undefined;
  app.get('/api/openapi.json', (c) =>
    c.json((openApi ??= openApiDocument({ login: LoginBody, claim: ClaimBody, combine: CombineBody }, ctx.rules))),
  );

  // A calendar app has no session: the feed's secret URL is its key.
  registerPublicFeed(app, ctx);

  app.use('/api/*', async (c, next) => {
    // The spec's GET /login/{initials}/{cell}/{password} would put passwords in URLs (logs,
    // history): it does not exist, with or without a session (docs/decisions.md, Server).
    if (c.req.path.startsWith('/api/login')) return next();
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
        c.res = c.json({ error: MESSAGES.notSignedIn }, 401);
      }
      return;
    }
    const agentId = sid ? await resumeSession(ctx.db, sid, nowDate()) : null;
    if (agentId === null) {
      if (sid) hints.forget(sid);
      return c.json({ error: MESSAGES.notSignedIn }, 401);
    }
    if (sid) hints.set(sid, agentId);
    c.set('agentId', agentId);
    await next();
  });

  app.post('/api/logout', async (c) => {
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
  app.get('/api/session', async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    if (sid) await touchSession(ctx.db, sid, nowDate());
    return c.json({ agentId: c.get('agentId') });
  });

  // The world slice an action's rules read, for the web UI to run the same engine before it
  // submits: a scenario without its expectation, holding what server/slice-visibility.ts shows
  // this reader. None for an action the reader may not take on the records its input names.
  app.get(
    '/api/worldSlice/:action',
    probes(async (c: Context<Env, '/api/worldSlice/:action'>) => {
      const action = c.req.param('action');
      const file = ctx.rules.action(action).file;
      const agentId = c.get('agentId');
      const input = inputFromQuery(file.input, c.req.query());
      const now = ctx.now();
      let refusal: string | null = null;
      const alsoRead = (w: PreparedWorld): void => {
        refusal = sliceRefusal(file, w, agentId, input);
      };
      const slice = await decideOnSnapshot(ctx.db, ctx.rules, { action, actor: agentId, input, now, session: c.get('session'), alsoRead, keepFacts: true });
      const answer = result(ctx.rules, action, slice.decision);
      refusal ??= answer.status === 403 ? (answer.message ?? null) : null;
      if (refusal !== null) return c.json({ error: refusal }, 403);
      const sent = await readerSlice(ctx.rules, { action, actor: agentId, now, input }, slice);
      return c.json({ action, actor: agentId, now: formatInstant(now), input, world: sent.world, ...(sent.facts ? { facts: sent.facts } : {}), rulesHash: ctx.rulesHash });
    }),
  );

  // The rule files this server decides with, for the web UI's engine: it must not preview with
  // rules the server does not run (serve --rules), so the browser never bundles its own copy.
  app.get('/api/rules', (c) => {
    c.header('Cache-Control', 'private, max-age=0, must-revalidate');
    return c.json({ rulesHash: ctx.rulesHash, sources: ctx.rules.sources });
  });

  for (const action of ['claimOpenShift', 'claimOpenTrainingShift'] as const) {
    app.post(
      `/api/${action}`,
      probes(async (c: Context<Env>) => {
        const b = parse(ClaimBody, await body(c));
        const agentId = c.get('agentId');
        if ((b.offeringAgentID ?? agentId) !== agentId || (b.coveringAgentID ?? agentId) !== agentId) return c.json({ error: MESSAGES.notYours }, 403);
        const input = { openShiftId: b.lookingForCoverageID, start: b.coverageStartDatetime, end: b.coverageEndDatetime };
        return answer(c, await runAction(ctx, action, agentId, input, c.get('session')));
      }),
    );
  }
  app.post(
    '/api/combineShifts',
    probes(async (c: Context<Env>) => {
      const b = parse(CombineBody, await body(c));
      return answer(c, await runAction(ctx, 'combineShifts', c.get('agentId'), { shift1Id: b.Shift1, shift2Id: b.Shift2 }, c.get('session')));
    }),
  );

  registerMyFeed(app, ctx, trustProxy);
  registerInbox(app, ctx);
  registerEvents(app, ctx, SESSION_COOKIE);

  for (const feature of FEATURES) {
    registerActionRoutes(app, ctx, feature.actions ?? [], probes);
    for (const read of feature.reads ?? []) app.get(`/api${read.path}`, reply((c) => read.handler(c, ctx)));
  }

  return app;
}
