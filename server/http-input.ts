import type { Context } from 'hono';
import { z } from 'zod';
import { isShiftinatorError, parseInstant } from '../engine/index.ts';
import { ApiError } from './api-error.ts';

/**
 * Validating requests at the boundary: every failure is a 400 whose message names the field, as
 * "field: problem". Shared by the app's own routes, the action routes and the reads.
 */

/** `root` names the value itself when it is not an object (a path parameter, the body). */
export function parse<T extends z.ZodType>(schema: T, value: unknown, root = 'body'): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0] as z.core.$ZodIssue;
  const path = issue.path.map(String).join('.') || root;
  throw new ApiError('BAD_INPUT', `${path}: ${issue.message}`);
}

/** One message per field, whatever zod found wrong; a field left out (or null) is "required". */
export function says(text: string, required = 'is required'): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined || issue.input === null ? required : text) };
}

/** Ids are PostgreSQL integers: a larger number would fail in the database instead of here. */
export const ID_TEXT = 'must be a whole number from 1 to 2147483647';
export const idNumber = (required?: string): z.ZodNumber =>
  z.number(says(ID_TEXT, required)).int(says(ID_TEXT, required)).min(1, says(ID_TEXT, required)).max(2_147_483_647, says(ID_TEXT, required));
/** A path id: digits only, so "1e3", "0x10" and " 12" are refused rather than read as numbers. */
export const idParam = z.string().regex(/^[0-9]{1,10}$/, ID_TEXT).transform(Number).pipe(idNumber());

/** Eastern wall-clock text or ISO with an offset; the engine's reason when it is neither. */
export const instantText = z
  .string(says('must be text, a date and time as "YYYY-MM-DD HH:mm" (Eastern)'))
  .max(40, { error: 'must be at most 40 characters', abort: true })
  .superRefine((v, ctx) => {
    try {
      parseInstant(v);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: isShiftinatorError(e) ? e.message : 'is not a date and time' });
    }
  });
export const text = (max: number): z.ZodOptional<z.ZodNullable<z.ZodString>> =>
  z.string(says('must be text')).max(max, `must be at most ${max} characters`).nullable().optional();
export const object = <S extends z.ZodRawShape>(shape: S): z.ZodObject<S> => z.object(shape, { error: 'must be a JSON object' });

/**
 * Whether the request carries a body. Over HTTP/1.1 (@hono/node-server, which puts the socket's
 * request in `env.incoming`) the headers say so, without building the body stream; a Request
 * made in process (app.request) is asked itself.
 */
export function hasBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  if (length !== undefined) return length !== '0';
  return !fromSocket(c) && c.req.raw.body !== null;
}

/**
 * Whether the request came over a socket through @hono/node-server: its `env.incoming` is the
 * connection's readable stream. A request made in process may carry a stand-in `incoming` that
 * names only the client's address (the tests' sign-ins): its body is the Request's own.
 */
export function fromSocket(c: Context): boolean {
  const incoming: unknown = typeof c.env === 'object' && c.env !== null && 'incoming' in c.env ? (c.env as { incoming: unknown }).incoming : undefined;
  return typeof incoming === 'object' && incoming !== null && typeof (incoming as { on?: unknown }).on === 'function';
}

/**
 * Where the body the request guards received (server/middleware.ts) is kept: the request's own
 * variables, boxed so that a body of `null` is told from none.
 */
const RECEIVED = 'receivedBody';

/** Keeps the body the request guards received and parsed, for `body` to hand out. */
export function keepBody(c: Context, value: unknown): void {
  c.set(RECEIVED, { value });
}

/** Whether the request came with a body (received and parsed as JSON before any route ran). */
export function sentBody(c: Context): boolean {
  return c.get(RECEIVED) !== undefined;
}

/**
 * The request's JSON body. It was read, size-checked and parsed before the route, its database
 * work and any lock (a body that is not JSON is a 400 there): a route never waits on the client.
 */
export async function body(c: Context): Promise<unknown> {
  const received = c.get(RECEIVED) as { value: unknown } | undefined;
  if (!received) throw new ApiError('BAD_INPUT', 'body: must be JSON');
  return received.value;
}
