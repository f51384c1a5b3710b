import type { Context, Hono } from 'hono';
import type { ActionContext } from '../action-runner.ts';
import type { ApiEnv } from '../action-routes.ts';
import { agentOfToken, feedEvents, feedToken } from './feed.ts';
import { icsDocument } from './ics.ts';

/**
 * A person's shifts in their own calendar app (issue 21): signed in, they get a secret URL
 * (GET /api/myCalendarFeed) and may replace it (POST); the URL answers text/calendar with no
 * session, since a calendar app has none, and 404 once replaced.
 */

export const FEED_PATH = '/api/calendarFeed/';
const NO_FEED = 'There is no such calendar feed. Copy the current address from Shiftinator.';

/** The feed's address as the person's browser reached this server. */
function feedUrl(c: Context<ApiEnv>, token: string, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const forwardedProto = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const origin = forwardedHost ? `${forwardedProto ?? url.protocol.replace(':', '')}://${forwardedHost}` : url.origin;
  return `${origin}${FEED_PATH}${token}.ics`;
}

/** The feed itself: mounted before the session check, answered by its secret alone. */
export function registerPublicFeed(app: Hono<ApiEnv>, ctx: ActionContext): void {
  app.get(`${FEED_PATH}:file`, async (c) => {
    const file = c.req.param('file');
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : file;
    const em = ctx.db.em();
    const agentId = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await agentOfToken(em, token) : null;
    if (agentId === null) return c.json({ error: NO_FEED }, 404);
    const events = await feedEvents(em, agentId, ctx.now());
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'inline; filename="shiftinator.ics"');
    return c.body(icsDocument('Shiftinator shifts', events, ctx.now() * 60_000));
  });
}

/** The signed-in person's feed address, and its replacement. */
export function registerMyFeed(app: Hono<ApiEnv>, ctx: ActionContext, trustProxy: boolean): void {
  const now = (): Date => new Date(ctx.now() * 60_000);
  app.get('/api/myCalendarFeed', async (c) => c.json({ url: feedUrl(c, await feedToken(ctx.db.em(), c.get('agentId'), now(), false), trustProxy) }));
  app.post('/api/myCalendarFeed', async (c) => c.json({ url: feedUrl(c, await feedToken(ctx.db.em(), c.get('agentId'), now(), true), trustProxy) }));
}
