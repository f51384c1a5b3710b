import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * What every request meets before the API sees it (docs/server.md, "Cross-site requests, body
 * sizes and headers"): security headers on every answer.
 */

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

/** In order: headers go on every answer. */
export const requestGuards: readonly MiddlewareHandler[] = [headers, noStore];
