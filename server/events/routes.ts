import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { ApiError } from '../api-error.ts';
import type { ActionContext } from '../action-runner.ts';
import { sessionLive } from '../auth.ts';
import type { ApiEnv } from '../action-routes.ts';
import { BAD_INPUT, define, NOT_SIGNED_IN, SERVER_ERROR } from '../contract.ts';
import { readerOf } from '../slice-visibility.ts';
import { agentRole } from '../routes/shared.ts';
import { eventFor, type ChangeEvent } from './changes.ts';
import { hubOf } from './hub.ts';
import { closeStream, HEARTBEAT_MS, openStream, STREAMS_PER_SESSION, touchStream } from './streams.ts';
import { ID_TEXT, idParam } from '../http-input.ts';

/**
 * GET /api/events (issue 21): a signed-in browser's one server-sent-events stream. Each action
 * that commits sends an event (`change`, its id the event's) to the people it concerns; a stream
 * that reconnects with Last-Event-ID is first sent what it missed, or `reset` when that is no
 * longer known. A comment line every HEARTBEAT_MS keeps proxies from closing it; the session is
 * checked then too (without marking it used), and the stream ends with it.
 */

const EVENTS_PATH = '/api/events';
/** How long a browser waits before reconnecting (the `retry` field). */
const RETRY_MS = 2_000;

/** What a `change` event carries: the action, who took it, and the records it touched. */
const wire = (e: ChangeEvent): string => JSON.stringify({ action: e.action, actor: e.actor, records: e.records });
/**
 * A `rules` event: the version of the rule set live now, sent when one goes live and on a
 * reconnect (a switch may have come while the stream was away). No id: it is not one of the
 * changes a reconnect counts from.
 */
const rulesFrame = (version: string): { event: string; data: string } => ({ event: 'rules', data: JSON.stringify({ version }) });

/** The stream's route; its handler is eventsApp's. */
const EVENTS_ROUTE = createRoute({
  method: 'get',
  path: EVENTS_PATH,
  operationId: 'events',
  summary:
    `The signed-in person's live updates, as server-sent events: \`ready\` (its id is where a reconnect starts), then a \`change\` ({ action, actor, records: { collection: ids } }, id increasing) for each committed action that concerns them, naming only records they may read, and \`reset\` when a reconnect's Last-Event-ID is too old (refresh everything). A comment line every ${HEARTBEAT_MS / 1000} s; at most ${STREAMS_PER_SESSION} streams per session across every server process, the oldest closed; \`rules\` ({ version }, no id) when another rule set goes live, and on a reconnect`,
  tags: ['live updates'],
  parameters: [{ name: 'Last-Event-ID', in: 'header', required: false, description: 'The last event id received: what came after it is sent first', schema: { type: 'string' } }],
  responses: { 200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, 400: BAD_INPUT, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
});

export function eventsApp(ctx: ActionContext, sessionCookie: string): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  define(app, EVENTS_ROUTE, (c) => {
    const agentId = c.get('agentId');
    const session = getCookie(c, sessionCookie) ?? '';
    const header = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    // Ids are those the server gave (an event's, or 0 before the first): anything else was never sent.
    const parsed = header === undefined ? null : header === '0' ? { success: true as const, data: 0 } : idParam.safeParse(header);
    if (parsed && !parsed.success) throw new ApiError('BAD_INPUT', `Last-Event-ID: ${ID_TEXT}, an id this server sent (or 0)`);
    const lastSeen = parsed ? parsed.data : null;
    // The handler returns at once with the stream: the request's timeout and PGlite's queue are
    // let go, and each read below takes the queue for itself alone.
    return streamSSE(c, async (stream) => {
      const hub = hubOf(ctx.db);
      await hub.start();
      const role = await ctx.db.exclusive(() => agentRole(ctx.db.em(), agentId));
      const reader = readerOf(ctx.rules, agentId, role && { agentType: role.agentType, spanish: role.spanish, ...role.attributes });
      let done: () => void = () => undefined;
      const ended = new Promise<void>((resolve) => (done = resolve));
      // Events heard before the missed ones are sent wait, so that they go in order and once.
      let held: ChangeEvent[] | null = [];
      const sent = new Set<number>();
      const send = (e: ChangeEvent): void => {
        if (held === null && sent.size === 0) {
          void stream.writeSSE({ event: 'change', id: String(e.id), data: wire(e) });
          return;
        }
        // While the missed ones go out, and for what was held meanwhile: each event once.
        if (sent.has(e.id)) return;
        sent.add(e.id);
        void stream.writeSSE({ event: 'change', id: String(e.id), data: wire(e) });
      };
      const opened = await openStream(ctx.db, session);
      const remove = hub.add({
        reader,
        session,
        stream: opened.id,
        send: (e) => (held ? held.push(e) : send(e)),
        close: () => done(),
        rules: (version) => void stream.writeSSE(rulesFrame(version)),
      });
      hub.closeStreams(opened.evicted);
      stream.onAbort(() => done());
      try {
        // Its id is where a reconnect starts from, even if no event came before the connection dropped.
        await stream.writeSSE({ event: 'ready', data: String(agentId), id: String(lastSeen ?? (await hub.latest())), retry: RETRY_MS });
        if (lastSeen !== null) {
          await stream.writeSSE(rulesFrame(ctx.rulesHash));
          const missed = await hub.since(lastSeen, agentId);
          if (missed.reset) await stream.writeSSE({ event: 'reset', data: '{}', id: String(missed.at(-1)?.id ?? (await hub.latest())) });
          for (const e of missed) {
            const readable = eventFor(e, reader);
            if (readable) send(readable);
          }
        }
        for (const e of held) send(e);
        held = null;
        sent.clear();
        void hub.prune().catch(() => undefined);
        for (;;) {
          const beat = new Promise<'beat'>((resolve) => setTimeout(() => resolve('beat'), HEARTBEAT_MS).unref());
          if ((await Promise.race([beat, ended.then(() => 'end' as const)])) === 'end') break;
          if (!(await ctx.db.exclusive(() => sessionLive(ctx.db, session, new Date(ctx.now() * 60_000))))) break;
          // Its row refreshed; gone when a newer stream of the session, in any process, took its place.
          if (!(await touchStream(ctx.db, opened.id))) break;
          await stream.write(': heartbeat\n\n');
        }
      } finally {
        remove();
        await closeStream(ctx.db, opened.id).catch(() => undefined);
      }
    });
  });
  return app;
}
