import type { Hono } from 'hono';
import { z } from 'zod';
import type { ActionContext } from '../action-runner.ts';
import type { ApiEnv } from '../action-routes.ts';
import { idParam, parse } from '../http-input.ts';
import { inboxOf, markAllRead, markRead, summaryOf } from './notifications.ts';

/**
 * A person's inbox (issue 21): the texts sent to them, and the navigation's unread counts. Each
 * call reads and marks the signed-in person's own items only.
 */

const INBOX_MESSAGES = {
  noItem: 'There is no such item in your inbox.',
};

const InboxItem = z.object({
  id: z.number().int(),
  kind: z.string().nullable().describe("What the text is about: the rule file's text kind (offer, nudge, cut, ...)"),
  body: z.string().describe('The text, word for word as sent'),
  link: z.string().describe("The web UI's path of the screen it concerns"),
  createdAt: z.string().describe('When it was sent, Eastern wall-clock text'),
  readAt: z.string().nullable().describe('When it was opened, or null'),
});
/** The answers' shapes, for the OpenAPI document. */
export const INBOX_SCHEMAS = {
  list: z.object({ unread: z.number().int().describe('Unread items of all the person has'), items: z.array(InboxItem).describe('The newest 100, newest first') }),
  summary: z.object({ inbox: z.number().int().describe('Unread inbox items'), chat: z.number().int().describe('Unread chat messages to the person') }),
  unread: z.object({ unread: z.number().int().describe('Unread items left') }),
};

export function registerInbox(app: Hono<ApiEnv>, ctx: ActionContext): void {
  const now = (): Date => new Date(ctx.now() * 60_000);
  app.get('/api/inbox', async (c) => c.json(await inboxOf(ctx.db.em(), c.get('agentId'))));
  app.get('/api/inbox/summary', async (c) => c.json(await summaryOf(ctx.db.em(), c.get('agentId'))));
  app.post('/api/inbox/read', async (c) => {
    await markAllRead(ctx.db.em(), c.get('agentId'), now());
    return c.json({ unread: 0 });
  });
  app.post('/api/inbox/:id/read', async (c) => {
    const id = parse(idParam, c.req.param('id'), 'id');
    const em = ctx.db.em();
    if (!(await markRead(em, c.get('agentId'), id, now()))) return c.json({ error: INBOX_MESSAGES.noItem }, 404);
    return c.json({ unread: (await summaryOf(em, c.get('agentId'))).inbox });
  });
}
