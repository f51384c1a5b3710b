import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { fromSocket } from './http-input.ts';

/**
 * What every request meets before the API sees it (docs/server.md, "Cross-site requests, body
 * sizes and headers"): security headers on every answer, a refusal of state-changing calls from
 * other sites and of bodies that are not JSON, and a cap on body size read before the body is.
 */

/**
 * The largest body accepted, in bytes. The largest body among the fixtures is 369 bytes; a text
 * field holds at most 2,000 characters, under 12 KB in JSON even if every one were escaped, and no
 * call has more than a few of them.
 */
const MAX_BODY_BYTES = 64 * 1024;

const SECURITY_MESSAGES = {
  crossSite: 'This request came from another site; Shiftinator only accepts changes made from its own pages.',
  notJson: 'Content-Type: a request that changes something must send its body as application/json.',
  tooLarge: `body: must be at most ${MAX_BODY_BYTES / 1024} KB`,
};

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
    return c.json({ error: SECURITY_MESSAGES.crossSite }, 403);
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
  if (type === undefined ? hasBody : !JSON_TYPE.test(type)) return c.json({ error: SECURITY_MESSAGES.notJson }, 415);
  return next();
};

/**
 * A larger Content-Length is refused unread; a body without one is counted as it arrives and
 * refused at the limit. The connection is closed so that the rest is not read either.
 */
const tooLarge = (c: Context): Response => {
  c.header('Connection', 'close');
  return c.json({ error: SECURITY_MESSAGES.tooLarge }, 413);
};
const countBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });

/**
 * Reads, and requests with a Content-Length (or, over a socket, with neither header: no body), are
 * judged by their headers alone: hono/body-limit reads `c.req.raw.body`, which makes
 * @hono/node-server build a whole Request and body stream for every call (about 0.2 ms of CPU a
 * decision on the server bench). Only a chunked body, or one made in process, is counted.
 */
const limitBody: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const length = c.req.header('content-length');
  if (c.req.header('transfer-encoding') === undefined && (length !== undefined || fromSocket(c))) return length !== undefined && Number(length) > MAX_BODY_BYTES ? tooLarge(c) : next();
  return countBody(c, next);
};

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

/** In order: headers go on every answer, including the refusals after them. */
export const requestGuards: readonly MiddlewareHandler[] = [headers, noStore, sameOrigin, jsonOnly, limitBody];
