import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError } from '../api-error.ts';
import type { ActionContext } from '../action-runner.ts';
import { codesOf } from '../../engine/index.ts';
import type { ApiEnv } from '../action-routes.ts';
import { define, errorAnswer, NOT_SIGNED_IN, SERVER_ERROR } from '../contract.ts';
import { FeedAddress } from '../reads/shapes.ts';
import { agentOfToken, feedEvents, feedToken } from './feed.ts';
import { icsDocument } from './ics.ts';

/**
 * A person's shifts in their own calendar app (issue 21): signed in, they get a secret URL
 * (GET /api/myCalendarFeed) and may replace it (POST); the URL answers text/calendar with no
 * session, since a calendar app has none, and 404 once replaced.
 */

const FEED_PATH = '/api/calendarFeed/';
const NO_FEED = 'There is no such calendar feed. Copy the current address from Shiftinator.';

/** The feed's address as the person's browser reached this server. */
function feedUrl(c: Context<ApiEnv>, token: string, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwardedProto = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const origin = forwardedHost ? `${forwardedProto ?? url.protocol.replace(':', '')}://${forwardedHost}` : url.origin;
  return `${origin}${FEED_PATH}${token}.ics`;
}

const addressAnswer = { description: '{ url }', content: { 'application/json': { schema: FeedAddress } } };
const FEED_TAGS = ['calendar feed'];
const FEED_RESPONSES = { 200: addressAnswer, 401: NOT_SIGNED_IN, 500: SERVER_ERROR };

/** The feed's routes; their handlers are publicFeedApp's and myFeedApp's. */
const FEED_ROUTES = {
  feed: createRoute({
    method: 'get',
    path: `${FEED_PATH}{file}`,
    operationId: 'calendarFeed',
    summary: "A person's shifts and meal breaks as iCalendar (RFC 5545), in America/New_York with its VTIMEZONE; no session, the secret in the address is the key",
    tags: FEED_TAGS,
    security: [],
    request: { params: z.object({ file: z.string().describe('The secret, then .ics') }) },
    responses: {
      200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
      404: errorAnswer('No such feed (never given out, or replaced)'),
      500: SERVER_ERROR,
    },
  }),
  address: createRoute({
    method: 'get',
    path: '/api/myCalendarFeed',
    operationId: 'myCalendarFeed',
    summary: "The secret address of the signed-in person's calendar feed (made on first use), for a calendar app to subscribe to",
    tags: FEED_TAGS,
    responses: FEED_RESPONSES,
  }),
  replace: createRoute({
    method: 'post',
    path: '/api/myCalendarFeed',
    operationId: 'replaceMyCalendarFeed',
    summary: 'A new secret address for the feed; the old one answers 404 from now on',
    tags: FEED_TAGS,
    responses: FEED_RESPONSES,
  }),
};

/** The feed itself: mounted before the session check, answered by its secret alone. */
export function publicFeedApp(ctx: ActionContext): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  define(app, FEED_ROUTES.feed, async (c) => {
    const file = c.req.param('file') ?? '';
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : file;
    const em = ctx.db.em();
    const agentId = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await agentOfToken(em, token) : null;
    if (agentId === null) throw new ApiError('NOT_FOUND', NO_FEED);
    const events = await feedEvents(em, agentId, ctx.now(), codesOf(ctx.rules).mealBreakShiftType);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'inline; filename="shiftinator.ics"');
    return c.body(icsDocument('Shiftinator shifts', events, ctx.now() * 60_000));
  });
  return app;
}

/** The signed-in person's feed address, and its replacement. */
export function myFeedApp(ctx: ActionContext, trustProxy: boolean): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const now = (): Date => new Date(ctx.now() * 60_000);
  const address = (replace: boolean) => async (c: Context<ApiEnv>) => c.json({ url: feedUrl(c, await feedToken(ctx.db.em(), c.get('agentId'), now(), replace), trustProxy) });
  define(app, FEED_ROUTES.address, address(false));
  define(app, FEED_ROUTES.replace, address(true));
  return app;
}
