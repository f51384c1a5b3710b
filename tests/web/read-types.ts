/**
 * Type-level tests of the browser's read calls, checked by `npm run typecheck` (tsc is the test
 * runner here: a line marked @ts-expect-error that stops failing fails the check). The reads'
 * names, arguments and answers come from web/src/api-schema.d.ts, generated from the server's
 * route definitions (`npm run api:schema`), so these pass only while the web and the server agree.
 */
import type { CoveragePosting, ScheduledShift, UnreadCounts, WhoCouldTake } from '../../server/reads/shapes.ts';
import { read, type inboxSummary, type Read, type ReadData, type ReadName } from '../../web/src/queries.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

// A read's answer is z.infer of its route's 200 schema: a list, or one record for `one: true`.
export const month = read('userMonthShifts', 12, '2026-11');
holds<Equal<typeof month, Read<ScheduledShift[]>>>();
holds<Equal<ReadData<'findShiftWantsCoverage'>, CoveragePosting>>();
holds<Equal<ReadData<'whoCouldTakeOpenShift'>, WhoCouldTake>>();
// Reads listed outside the features (createRoute configs) are typed the same way.
holds<Equal<ReturnType<typeof inboxSummary>, Read<UnreadCounts>>>();
// Paths' parameters are read in order from the route's path.
export const period = read('getMin18HourPeriodAfterTrade', 12, '2026-11-26', '08:00', '2026-11-27', '08:00', '2026-11-27', '16:00');
// @ts-expect-error: it takes seven arguments (agentId, date, time, givenUpStartDate, givenUpStartTime, givenUpEndDate, givenUpEndTime)
read('getMin18HourPeriodAfterTrade', 12, '2026-11-26', '08:00', '2026-11-27', '08:00', '2026-11-27');
// Every read has a literal name: a path built at run time would make ReadName `string`.
holds<Equal<string extends ReadName ? true : false, false>>();

// @ts-expect-error: no such read
read('userMonthShift', 12, '2026-11');
// @ts-expect-error: userMonthShifts takes an agent and a month
read('userMonthShifts', 12);
// @ts-expect-error: getAgents takes no argument
read('getAgents', 12);
// @ts-expect-error: the answer is a list of shifts, not one
export const one: Read<ScheduledShift> = read('userMonthShifts', 12, '2026-11');
