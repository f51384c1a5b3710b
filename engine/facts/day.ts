import { z } from 'zod';
import { dayOf, parseDate } from '../time.ts';
import type { FactKind } from './fact-kind.ts';
import { instantParam, refOr } from './params.ts';
import { isNum } from './values.ts';

export const day: FactKind = {
  name: 'day',
  description: 'The calendar day (date as day number, holiday, schedulePosted) of an instant, or of a date text.',
  params: z.union([z.strictObject({ at: instantParam }), z.strictObject({ date: refOr(z.string()) })]),
  shape: () => ({ type: 'record', collection: 'days' }),
  compute: (p, ctx) => {
    if ('at' in p) return isNum(p.at) ? ctx.world.day(dayOf(p.at)) : null;
    return typeof p.date === 'string' ? ctx.world.day(parseDate(p.date)) : isNum(p.date) ? ctx.world.day(p.date) : null;
  },
};
