import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { ApiError } from './api-error.ts';
import { fromSocket, hasBody, keepBody } from './http-input.ts';
import { Deadlines } from './request-bound.ts';

/**
 * What every request meets before the API sees it (docs/server.md, "Cross-site requests, body
 * sizes and headers"): security headers on every answer, a refusal of state-changing calls from
 * other sites and of bodies that are not JSON, a cap on body size read before the body is, and
 * the body itself, received whole (within a time) and parsed before any route, lock or database
 * work: a slow client holds nothing but its own connection.
 */

/**
 * The largest body accepted, in bytes. The largest body among the fixtures is 369 bytes; a text
 * field holds at most 2,000 characters, under 12 KB in JSON even if every one were escaped, and no
 * call has more than a few of them.
 */
const MAX_BODY_BYTES = 64 * 1024;

const SECURITY_MESSAGES = {
  tooLarge: `body: must be at most ${MAX_BODY_BYTES / 1024} KB`,
  notJsonBody: 'body: must be JSON',
  tooSlow: (ms: number) => `body: must arrive within ${ms / 1000} seconds of the request's headers`,
};

/** How long a body may take to arrive once the request's headers have (docs/server.md, "Faults"). */
const BODY_TIMEOUT_MS = 30_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The request's own origin as the browser addressed it. A proxy on another host name or scheme
 * says so in X-Forwarded-Host / X-Forwarded-Proto. Trusting them cannot help a forgery: a page on
 * another origin can set neither on a victim's request without a CORS preflight, which this server
 * never grants.
 */
function ownOrigin(c: Context): string {
  const url = c.req.url;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ?? url.slice(0, url.indexOf(':'));
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() ?? c.req.header('host') ?? url.slice(url.indexOf('//') + 2, url.indexOf('/', url.indexOf('//') + 2));
  return `${proto}://${host}`.toLowerCase();
}

/**
 * Hono's csrf middleware checks only the content types a form can send, and lets a request pass
 * when either header looks right; here a state-changing call is refused when either names another
 * site. Sec-Fetch-Site "same-site" is refused too: other ports of this host and sibling subdomains
 * are same-site, and SameSite cookies do not keep them out. A call with neither header (curl, the
 * CLI, the tests) is not a browser's and carries no one else's cookie.
 */
const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== undefined && origin.toLowerCase() !== ownOrigin(c))) {
    throw new ApiError('CROSS_SITE');
  }
  return next();
};

/**
 * Only JSON bodies: the forms and text/plain a page on another site can send without a preflight
 * are refused before any handler reads them as JSON. A call without a body (a PUT of the spec, a
 * log out) may leave Content-Type out.
 */
const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const type = c.req.header('content-type');
  const hasBody = c.req.header('transfer-encoding') !== undefined || (c.req.header('content-length') ?? '0') !== '0';
  if (type === undefined ? hasBody : !JSON_TYPE.test(type)) throw new ApiError('NOT_JSON');
  return next();
};

/**
 * A larger Content-Length is refused unread; a body without one is counted as it arrives and
 * refused at the limit. The connection is closed so that the rest is not read either.
 */
const tooLarge = (): never => {
  throw new ApiError('TOO_LARGE', SECURITY_MESSAGES.tooLarge, { Connection: 'close' });
};

/** Judged by its headers alone: a Content-Length over the limit is refused before a byte is read. */
const limitBody: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const length = c.req.header('content-length');
  return length !== undefined && Number(length) > MAX_BODY_BYTES ? tooLarge() : next();
};

type Received = Uint8Array | 'too large' | 'too slow' | 'gone';

/**
 * The body as it comes off the socket, counted as it arrives. Read from the connection's own
 * stream (@hono/node-server's `env.incoming`), not through `c.req.raw.body`, which would build a
 * whole Request and body stream for every call (about 0.2 ms of CPU a decision on the server
 * bench). Listeners rather than async iteration: leaving an iteration destroys the socket before
 * the 408 could be written.
 */
function fromIncoming(incoming: IncomingMessage, deadlines: Deadlines): Promise<Received> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (outcome: Received): void => {
      deadlines.remove(due);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onGone);
      incoming.off('close', onGone);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) done('too large');
      else chunks.push(chunk);
    };
    const onEnd = (): void => done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    const onGone = (): void => done('gone');
    const due = deadlines.add(() => done('too slow'));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onGone);
    incoming.on('close', onGone);
  });
}

/** A body made in process (app.request: tests, tools), counted and bounded alike. */
async function fromStream(stream: ReadableStream<Uint8Array>, ms: number): Promise<Received> {
  const reader = stream.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'too slow'>((resolve) => (timer = setTimeout(() => resolve('too slow'), ms)));
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]).catch((): 'gone' => 'gone');
      if (next === 'gone') return next;
      if (next === 'too slow' || next.done) return next === 'too slow' ? next : Buffer.concat(chunks);
      size += next.value.length;
      if (size > MAX_BODY_BYTES) return 'too large';
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}

/** A Request made in process: its body, or none. */
function fromRequest(request: Request, ms: number): Promise<Received> | Uint8Array {
  return request.body ? fromStream(request.body, ms) : new Uint8Array(0);
}

const decoder = new TextDecoder();

/**
 * Receives the body before anything else of the request runs: within `ms` of the headers, or
 * 408 and the connection closed; over the limit, 413; not JSON, 400. What it parsed is what the
 * route reads (`body` in server/http-input.ts). An empty body is no body.
 */
function receiveBody(ms: number): MiddlewareHandler {
  const deadlines = new Deadlines(ms);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !hasBody(c)) return next();
    // Over a socket `c.req.raw` is never touched: asking it builds a whole Request and its body
    // stream (undici's), the cost fromIncoming is there to spare.
    const got = fromSocket(c) ? await fromIncoming((c.env as { incoming: IncomingMessage }).incoming, deadlines) : await fromRequest(c.req.raw, ms);
    if (got === 'too large') return tooLarge();
    if (got === 'too slow' || got === 'gone') {
      throw new ApiError('TOO_SLOW', SECURITY_MESSAGES.tooSlow(ms), { Connection: 'close' });
    }
    if (got.length > 0) {
      try {
        keepBody(c, JSON.parse(decoder.decode(got)));
      } catch {
        throw new ApiError('BAD_INPUT', SECURITY_MESSAGES.notJsonBody);
      }
    }
    return next();
  };
}

/**
 * The pages load only their own scripts, styles and data (the build has no inline script or
 * style); no other site may frame them. Strict-Transport-Security is left to the TLS proxy, which
 * knows whether it serves HTTPS and for which hosts.
 */
const headers = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
});

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** API answers carry personal data: no cache keeps them, unless a route chose its own caching (/api/rules). */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (isApi(c.req.path) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * In order: headers go on every answer, including the refusals after them; the body is received
 * last, once the headers have been judged. `bodyTimeoutMs`: BODY_TIMEOUT_MS unless a test says.
 */
export function requestGuards(bodyTimeoutMs = BODY_TIMEOUT_MS): MiddlewareHandler[] {
  return [headers, noStore, sameOrigin, jsonOnly, limitBody, receiveBody(bodyTimeoutMs)];
}
