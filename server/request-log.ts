import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/** The header that carries a request's id both ways: a proxy's id is kept, the server's is sent back. */
const REQUEST_ID_HEADER = 'X-Request-Id';

// An id from outside goes into every log line about its request: only a short token is taken, so
// a client cannot forge log lines or fill the log with its own text.
const SANE_ID = /^[\w.:-]{1,64}$/;

/**
 * One log line per request, when it is answered: its id, method, path, status and duration in
 * milliseconds (from arrival, so waits for the database count). An error that made a 5xx is in
 * the same line, at level error.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const reqId = incoming !== undefined && SANE_ID.test(incoming) ? incoming : randomUUID();
    await next();
    // On the response's own headers: c.header() would copy the response, reading its body, and
    // @hono/node-server could then no longer write a body it holds as text straight out.
    try {
      c.res.headers.set(REQUEST_ID_HEADER, reqId);
    } catch {
      // Headers that cannot change (a fetched response): a copy of it, then.
      c.header(REQUEST_ID_HEADER, reqId);
    }
    const status = c.res.status;
    const line = { reqId, method: c.req.method, path: c.req.path, status, durationMs: Math.round((performance.now() - start) * 10) / 10 };
    if (status >= 500) log.error(c.error ? { ...line, err: c.error } : line, 'request failed');
    else log.info(line, 'request');
  };
}
