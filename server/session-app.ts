import { OpenAPIHono } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import { ApiError } from './api-error.ts';
import type { ApiEnv as Env } from './action-routes.ts';
import { runAction, type ActionContext } from './action-runner.ts';
import { LoginBody, PUBLIC_ROUTES, SESSION_ROUTES } from './api-routes.ts';
import { createSession, endSession, resumeSession, SessionHints, SessionProbe, signIn, touchSession } from './auth.ts';
import { define } from './contract.ts';
import { endSessionStreams } from './events/hub.ts';
import { body, parse } from './http-input.ts';
import { PersonalTimeCharger } from './personal-time.ts';

export const SESSION_COOKIE = 'shiftinator_session';

/**
 * Sessions: signing in and out, the session check every call after sign-in goes through, and
 * what they share (which agent each session id was last found to be, the cookie's options).
 */
export class Sessions {
  readonly hints = new SessionHints();
  readonly #probing = new WeakSet<object>();
  readonly #ctx: ActionContext;
  readonly #trustProxy: boolean;
  readonly #personalTime: PersonalTimeCharger;

  constructor(ctx: ActionContext, trustProxy: boolean) {
    this.#ctx = ctx;
    this.#trustProxy = trustProxy;
    this.#personalTime = new PersonalTimeCharger(ctx.db, ctx.now);
  }

  /** Marks a handler that takes the session as a probe, checked in its decision's first statement. */
  readonly probes = <H extends object>(handler: H): H => {
    this.#probing.add(handler);
    return handler;
  };

  nowDate(): Date {
    return new Date(this.#ctx.now() * 60_000);
  }

  /** Who is asking, as far as the server can tell: its sign-in tries are counted by this. */
  clientAddress(c: Context<Env>): string {
    const forwarded = this.#trustProxy ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    if (forwarded) return forwarded;
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // A request that came through no socket (app.request, in tests and tools).
      return 'unknown';
    }
  }

  cookieOptions(c: Context<Env>) {
    const proto = this.#trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
    return { httpOnly: true, sameSite: 'Strict', path: '/', secure: c.req.url.startsWith('https:') || proto === 'https' } as const;
  }

  /**
   * The session check: mounted after sign-in and the calls that need no session, before every
   * other. A probing handler's session is checked in its decision's first statement instead.
   */
  check(): MiddlewareHandler<Env> {
    const ctx = this.#ctx;
    return async (c, next) => {
      // The spec's GET /login/{initials}/{cell}/{password} would put passwords in URLs (logs,
      // history): it does not exist, with or without a session (docs/decisions.md, Server).
      if (c.req.path.startsWith('/api/login')) return next();
      await this.#personalTime.settle();
      const sid = getCookie(c, SESSION_COOKIE);
      const hint = sid === undefined ? undefined : this.hints.get(sid);
      // The first route handler (not a middleware) answers: the web UI's catch-all for GET, mounted
      // after the API, never runs for an API call that has a handler.
      const handler = matchedRoutes(c).find((r) => r.method !== 'ALL')?.handler;
      if (sid !== undefined && hint !== undefined && handler && this.#probing.has(handler)) {
        // The handler reads for the hinted agent with the session's row in the same statement and
        // stops there if it is not theirs (SessionProbe); whatever it answered, the session decides.
        const session = new SessionProbe(ctx.db, sid, hint, this.nowDate(), this.hints);
        c.set('agentId', hint);
        c.set('session', session);
        await next();
        if (!(await session.valid())) {
          // Its answer goes, headers and all: the 401 is onError's.
          c.res = undefined;
          throw new ApiError('NOT_SIGNED_IN');
        }
        return;
      }
      const agentId = sid ? await resumeSession(ctx.db, sid, this.nowDate()) : null;
      if (agentId === null) {
        if (sid) this.hints.forget(sid);
        throw new ApiError('NOT_SIGNED_IN');
      }
      if (sid) this.hints.set(sid, agentId);
      c.set('agentId', agentId);
      await next();
    };
  }
}

/** POST /api/login: mounted before the session check. */
export function loginApp(ctx: ActionContext, sessions: Sessions): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  define(app, PUBLIC_ROUTES.login, async (c) => {
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
    const result = await signIn(em, b.initials ?? '', b.cell ?? '', b.password ?? '', sessions.clientAddress(c), sessions.nowDate());
    if (!result.ok && result.locked) throw new ApiError('SIGN_IN_LOCKED', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
    // The failure's text is the rule file's (login.credentialsMatch), told only the verdict.
    if (!result.ok) throw new ApiError('SIGN_IN_REFUSED', (await login(false)).message);
    const agent = await em.getConnection().execute<{ agent_type: number; first_name: string | null; probation_until: string | null }[]>(
      'select agent_type, first_name, probation_until from agents where agent_id = ?',
      [result.agentId],
    );
    const row = agent[0];
    const sid = await createSession(em, result.agentId, ctx.rules.inactivityMinutesFor(row?.agent_type ?? 0), sessions.nowDate());
    sessions.hints.set(sid, result.agentId);
    setCookie(c, SESSION_COOKIE, sid, sessions.cookieOptions(c));
    return c.json({ agentId: result.agentId, agentType: row?.agent_type ?? null, firstName: row?.first_name ?? null, probationUntil: row?.probation_until ?? null });
  });
  return app;
}

/** The signed-in session's own calls: signing out, and the browser's keep-alive. */
export function sessionApp(ctx: ActionContext, sessions: Sessions): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  define(app, SESSION_ROUTES.logout, async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    try {
      // A leave-early notice takes effect when its agent logs out (spec 3 section 4): rules/logout.json.
      if (ctx.rules.hasAction('logout')) await runAction(ctx, 'logout', c.get('agentId'), {});
    } finally {
      // The session ends even when applying fails (a 500): the notices then wait for the next log out.
      if (sid) {
        sessions.hints.forget(sid);
        await endSession(ctx.db.em(), sid);
        endSessionStreams(ctx.db, sid);
      }
      deleteCookie(c, SESSION_COOKIE, sessions.cookieOptions(c));
    }
    return c.json({ ok: true });
  });
  // The browser's keep-alive while its person works on a page that makes no calls: the session
  // check has checked the session; this marks it used now (web/src/session.tsx).
  define(app, SESSION_ROUTES.session, async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    if (sid) await touchSession(ctx.db, sid, sessions.nowDate());
    return c.json({ agentId: c.get('agentId') });
  });
  return app;
}
