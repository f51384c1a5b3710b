import { z } from 'zod';
import { RefSchema } from './refs.ts';

/** Param schemas several kinds share. A parameter may be a literal or a reference to another fact. */
export const refOr = <T extends z.ZodType>(inner: T) => z.union([RefSchema, inner]);
export const instantParam = refOr(z.number()).describe('An instant: a reference to a time fact.');
export const idParam = refOr(z.number().int());
export const typeList = z.array(z.number().int()).describe('Shift type codes.');
export const excludeList = z
  .array(z.strictObject({ start: instantParam, end: instantParam }))
  .describe('Hours that do not count (in a trade, the hours the agent gives away); null ends are ignored.');
export const breakTypes = typeList.default([5]).describe('Sub-shift types that are unpaid breaks (not worked, not on duty).');

export const literal = z.union([z.number(), z.string(), z.boolean(), z.null()]);

/** The fields records must equal (a value or a fact; null matches null), for the facts that pick records by field. */
export const recordWhere = z.record(z.string(), refOr(z.union([z.number(), z.string(), z.boolean(), z.null()]))).refine((w) => Object.keys(w).length > 0, 'needs at least one field');
