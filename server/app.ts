import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { isShiftinatorError } from '../engine/index.ts';
import { featuresApp, shapedActionApp, sliceApp } from './action-app.ts';
import type { ApiEnv as Env } from './action-routes.ts';
import type { ActionContext } from './action-runner.ts';
import { ApiError } from './api-error.ts';
import { PUBLIC_ROUTES } from './api-routes.ts';
import { SessionEnded } from './auth.ts';
import { myFeedApp, publicFeedApp } from './calendar-feed/routes.ts';
import { define, openApiDocument } from './contract.ts';
import { isOutOfResources } from './db/database.ts';
import { eventsApp } from './events/routes.ts';
import { inboxApp } from './inbox/routes.ts';
import { registerRulesHealth, type RulesHealth } from './live-rules.ts';
import { logger } from './logger.ts';
import { requestGuards } from './middleware.ts';
import { bounded, calledOff, REQUEST_TIMEOUT_MS, RequestsInFlight } from './request-bound.ts';
import { requestLog } from './request-log.ts';
import { loginApp, SESSION_COOKIE, sessionApp, Sessions } from './session-app.ts';

export { SESSION_COOKIE };

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

/** Any error as the API's: the engine's bad input and unknown action, an ended session, a full disk; anything else is a 500. */
function apiErrorOf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof SessionEnded) return new ApiError('NOT_SIGNED_IN');
  if (isShiftinatorError(err)) {
    if (err.code === 'INPUT_INVALID' || err.code === 'TIME_INVALID') return new ApiError('BAD_INPUT', err.message);
    if (err.code === 'UNKNOWN_ACTION') return new ApiError('NOT_FOUND', err.message);
  }
  // The request's log line carries the error (server/request-log.ts).
  if (isOutOfResources(err)) return new ApiError('DISK_FULL');
  return new ApiError('SERVER');
}

/** The answer to an error: `{ error }` with its code's status; a request called off (server/request-bound.ts) is its 503 whatever failed. */
function answerError(err: unknown, c: Context): Response {
  const e = calledOff(c) ?? apiErrorOf(err);
  for (const [name, value] of Object.entries(e.headers)) c.header(name, value);
  return c.json({ error: e.message }, e.status);
}


/** The rules' health read (server/live-rules.ts), as a sub-app. */
function healthApp(health: () => RulesHealth): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  registerRulesHealth(app, health);
  return app;
}

/**
 * The HTTP API over one database, one rule set and one clock, all passed in as values: one
 * sub-app per concern, mounted with app.route(). Mounting order is behaviour: the request log,
 * the body guards, the request's bound and PGlite's one-at-a-time come first; then what needs no
 * session (sign-in, this document, the calendar feed, the rules' health); then the session check;
 * then every call it guards.
 */
export function createApp(ctx: ActionContext, options: AppOptions = {}): OpenAPIHono<Env> {
  const app = new OpenAPIHono<Env>();
  const trustProxy = options.trustProxy ?? false;
  const sessions = new Sessions(ctx, trustProxy);
  app.use('*', requestLog(options.logger ?? logger));
  // The body arrives whole before the time to answer starts and before anything is locked.
  app.use('*', ...requestGuards(options.bodyTimeoutMs));
  // Whatever a request waits on (a lock, the database, PGlite's queue), it is answered in time.
  app.use('*', bounded(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, options.inFlight ?? new RequestsInFlight()));
  // One request's database work at a time on PGlite (see Database.exclusive).
  app.use('*', (c, next) => ctx.db.exclusive(() => next()));
  // Every answer other than 2xx is an error thrown, answered here (server/api-error.ts).
  app.onError(answerError);
  app.notFound((c) => answerError(new ApiError('NO_SUCH_CALL'), c));

  app.route('/', loginApp(ctx, sessions));
  // Built once, from the route definitions this app mounted.
  let openApi: Record<string, unknown> | undefined;
  define(app, PUBLIC_ROUTES.openapi, (c) => c.json((openApi ??= openApiDocument(app))));
  // A calendar app has no session: the feed's secret URL is its key.
  app.route('/', publicFeedApp(ctx));
  // An operator's monitor has no session either (docs/server.md says what it shows).
  if (options.rulesHealth) app.route('/', healthApp(options.rulesHealth));

  app.use('/api/*', sessions.check());
  app.route('/', sessionApp(ctx, sessions));
  app.route('/', sliceApp(ctx, sessions.probes));
  app.route('/', shapedActionApp(ctx, sessions.probes));
  app.route('/', myFeedApp(ctx, trustProxy));
  app.route('/', inboxApp(ctx));
  app.route('/', eventsApp(ctx, SESSION_COOKIE));
  app.route('/', featuresApp(ctx, sessions.probes));
  return app;
}
