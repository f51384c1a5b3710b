import { z } from 'zod';
import { DateTime } from 'luxon';
import { BUSINESS_ZONE, dayOf, easternWallClock } from '../time.ts';
import { NUMBER, type FactKind } from './fact-kind.ts';
import { instantParam } from './params.ts';
import { isNum } from './values.ts';

export const wallClock: FactKind = {
  name: 'wallClock',
  description:
    'The Eastern wall clock of an instant: date (day number), month, day, monthDay (month x 100 + day: 1219 for December 19), hour (0-23), minute. With "from", hour counts from midnight of that instant\'s date, so an end on the next day reads 24 + its hour (a shift ending 2:00 AM the day after it starts: 26). Null when the instant is null.',
  params: z.strictObject({ at: instantParam, from: instantParam.optional() }),
  shape: () => ({ type: 'object', fields: { date: NUMBER, month: NUMBER, day: NUMBER, monthDay: NUMBER, hour: NUMBER, minute: NUMBER } }),
  compute: (p) => {
    if (!isNum(p.at)) return null;
    if (p.from !== undefined && !isNum(p.from)) return null;
    const wall = wallFields(p.at);
    const date = dayOf(p.at);
    const days = isNum(p.from) ? date - dayOf(p.from) : 0;
    return { date, month: wall.month, day: wall.day, monthDay: wall.month * 100 + wall.day, hour: wall.hour + 24 * days, minute: wall.minute };
  },
};

function wallFields(at: number): { month: number; day: number; hour: number; minute: number } {
  const fast = easternWallClock(at * 60_000);
  if (fast) return { month: fast.getUTCMonth() + 1, day: fast.getUTCDate(), hour: fast.getUTCHours(), minute: fast.getUTCMinutes() };
  return DateTime.fromMillis(at * 60_000, { zone: BUSINESS_ZONE });
}
