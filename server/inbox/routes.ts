import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ApiError } from '../api-error.ts';
import type { ActionContext } from '../action-runner.ts';
import type { ApiEnv } from '../action-routes.ts';
import { BAD_INPUT, define, errorAnswer, NOT_SIGNED_IN, SERVER_ERROR } from '../contract.ts';
import { body, idParam, object, parse, says } from '../http-input.ts';
import { Inbox, NoticeSettings, UnreadCounts } from '../reads/shapes.ts';
import { inboxOf, markAllRead, markRead, summaryOf } from './notifications.ts';
import { noticeSettingsOf, saveNoticeSettings } from './settings.ts';

/**
 * A person's inbox (issue 21): the texts sent to them, and the navigation's unread counts. Each
 * call reads and marks the signed-in person's own items only.
 */

const INBOX_MESSAGES = {
  noItem: 'There is no such item in your inbox.',
};

/** The answers' shapes (server/reads/shapes.ts), for the OpenAPI document and the web's types. */
const INBOX_SCHEMAS = {
  list: Inbox,
  summary: UnreadCounts,
  unread: z.object({ unread: z.number().int().describe('Unread items left') }),
  settings: NoticeSettings,
};

/** A change of settings: every field, so that what is saved is what the person saw. */
const SettingsInput = object({ canTakeTexts: z.boolean(says('must be true or false')) });

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const tags = ['inbox'];

/** The inbox's routes; their handlers are inboxApp's. */
const INBOX_ROUTES = {
  list: createRoute({
    method: 'get',
    path: '/api/inbox',
    operationId: 'inbox',
    summary: "The signed-in person's inbox: every text sent to them, newest first, and how many are unread",
    tags,
    responses: { 200: { description: '{ unread, items }', content: json(INBOX_SCHEMAS.list) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
  summary: createRoute({
    method: 'get',
    path: '/api/inbox/summary',
    operationId: 'inboxSummary',
    summary: "The navigation's unread counts: inbox items and chat messages to the signed-in person",
    tags,
    responses: { 200: { description: '{ inbox, chat }', content: json(INBOX_SCHEMAS.summary) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
  settings: createRoute({
    method: 'get',
    path: '/api/inbox/settings',
    operationId: 'inboxSettings',
    summary: 'What the signed-in person chose to be told by text: whether a posting or an open shift they could take also comes as a text',
    tags,
    responses: { 200: { description: '{ canTakeTexts }', content: json(INBOX_SCHEMAS.settings) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
  changeSettings: createRoute({
    method: 'put',
    path: '/api/inbox/settings',
    operationId: 'changeInboxSettings',
    summary: "Changes the signed-in person's own settings; from then on, postings they could take come as texts too (or no longer)",
    tags,
    request: { body: { required: true, content: json(SettingsInput) } },
    responses: {
      200: { description: 'The settings as saved', content: json(INBOX_SCHEMAS.settings) },
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      500: SERVER_ERROR,
    },
  }),
  readAll: createRoute({
    method: 'post',
    path: '/api/inbox/read',
    operationId: 'readWholeInbox',
    summary: "Marks every item of the signed-in person's inbox read",
    tags,
    responses: { 200: { description: '{ unread: 0 }', content: json(INBOX_SCHEMAS.unread) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
  readItem: createRoute({
    method: 'post',
    path: '/api/inbox/{id}/read',
    operationId: 'readInboxItem',
    summary: "Marks one item of the signed-in person's inbox read (opened)",
    tags,
    request: { params: z.object({ id: idParam }) },
    responses: {
      200: { description: '{ unread }: what is left unread', content: json(INBOX_SCHEMAS.unread) },
      400: BAD_INPUT,
      401: NOT_SIGNED_IN,
      404: errorAnswer("No such item in their inbox (another person's is not theirs)"),
      500: SERVER_ERROR,
    },
  }),
};

/** The inbox's calls, after the session check. */
export function inboxApp(ctx: ActionContext): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const now = (): Date => new Date(ctx.now() * 60_000);
  define(app, INBOX_ROUTES.list, async (c) => c.json(await inboxOf(ctx.db.em(), c.get('agentId'))));
  define(app, INBOX_ROUTES.summary, async (c) => c.json(await summaryOf(ctx.db.em(), c.get('agentId'))));
  define(app, INBOX_ROUTES.settings, async (c) => c.json(await noticeSettingsOf(ctx.db.em(), c.get('agentId'))));
  define(app, INBOX_ROUTES.changeSettings, async (c) => {
    const settings = parse(SettingsInput, await body(c));
    const em = ctx.db.em();
    await saveNoticeSettings(em, c.get('agentId'), settings, now());
    return c.json(await noticeSettingsOf(em, c.get('agentId')));
  });
  define(app, INBOX_ROUTES.readAll, async (c) => {
    await markAllRead(ctx.db.em(), c.get('agentId'), now());
    return c.json({ unread: 0 });
  });
  define(app, INBOX_ROUTES.readItem, async (c) => {
    const id = parse(INBOX_ROUTES.readItem.request.params.shape.id, c.req.param('id'), 'id');
    const em = ctx.db.em();
    if (!(await markRead(em, c.get('agentId'), id, now()))) throw new ApiError('NOT_FOUND', INBOX_MESSAGES.noItem);
    return c.json({ unread: (await summaryOf(em, c.get('agentId'))).inbox });
  });
  return app;
}
