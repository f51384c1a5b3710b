import type { Context } from 'hono';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { startOfDay } from '../../engine/index.ts';
import { ApiError } from '../api-error.ts';
import { idParam } from '../http-input.ts';

/** Path ids: one schema and one message for every call. */
export { idParam };

type ReadsEnv = { Variables: { agentId: number } };
export type ReadContext = Context<ReadsEnv>;

export const READ_MESSAGES = {
  notYours: 'You can only see your own schedule, postings and offers.',
  notYourDetails: 'You can only see your own details.',
  notYourOffer: 'You can only see offers you made or that were made to you.',
  notYourShift: 'You can only see your own shifts and the shifts in postings and offers you can see.',
  notYourPosting: 'You can only see postings on the calendar and your own.',
  noAgent: (id: number): string => `There is no agent ${id}.`,
  noShift: (id: number): string => `There is no shift ${id}.`,
  noPosting: (id: number): string => `There is no posting for coverage ${id}.`,
};

/** A calendar month `YYYY-MM`, as the Eastern instants it begins and ends at (ISO, UTC). */
export const monthParam = z
  .string()
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'must be a month as "YYYY-MM" (01 to 12)')
  .transform((text) => {
    const year = Number(text.slice(0, 4));
    const month = Number(text.slice(5, 7));
    return { from: monthStart(year, month), to: monthStart(year, month + 1) };
  });

/** Eastern midnight of a month's first day (month 13: the next year's first) as ISO UTC text ("2025-10-01T04:00:00.000Z"). */
function monthStart(year: number, month: number): string {
  const first = new Date(0);
  first.setUTCFullYear(year, month - 1, 1);
  return new Date(startOfDay(Math.floor(first.getTime() / 86_400_000)) * 60_000).toISOString();
}

export const dateParam = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'must be a date as "YYYY-MM-DD"')
  // Luxon takes the year 0000, which the calendar has not got.
  .refine((text) => DateTime.fromISO(text, { zone: 'UTC' }).isValid && !text.startsWith('0000'), 'must be a date that exists, as "YYYY-MM-DD"');

/** A path parameter through its schema; a 400 naming the parameter when it does not fit. */
export function param<T extends z.ZodType>(c: ReadContext, name: string, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.param(name) ?? '');
  if (result.success) return result.data;
  throw new ApiError('BAD_INPUT', `${name}: ${result.error.issues[0]?.message ?? 'is not valid'}`);
}

/** Every path parameter of `schema`, in its order, each through `param`: the first that does not fit is the 400. */
export function readParams<S extends z.ZodObject>(c: ReadContext, schema: S): z.infer<S> {
  return Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, param(c, name, field as z.ZodType)])) as z.infer<S>;
}

/** A read that shows one's own data only: `agentId` from its path must be the caller's, else 403 with `message`. */
export function ownAgent(c: ReadContext, agentId: number, message: string = READ_MESSAGES.notYours): number {
  if (agentId !== c.get('agentId')) throw new ApiError('FORBIDDEN', message);
  return agentId;
}
