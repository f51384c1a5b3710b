import { read, type Read, type ReadData } from '../../queries.ts';

/**
 * The most postings one GET /api/whoCouldTakeCoveragePostings may name: the route schema's limit
 * (server/routes/candidates.ts MAX_POSTING_IDS), which /api/openapi.json states only in words, so
 * tests/web/who-could-take-reads.test.ts fails the day the server's limit changes. The web's type
 * check reads no server module, and a value from the server would drag its code into the bundle.
 */
export const POSTINGS_PER_READ = 50;

/** The items in order, in consecutive groups of at most `size`. */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a group holds at least one item, not ${size}`);
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/**
 * The reads that ask who could take each of these postings for coverage: one for a day of up to
 * POSTINGS_PER_READ postings (asked together, they share one loading of the schedules), more for a
 * busier day, whose answers, in the order asked, join into the day's (useReadAll).
 */
export function whoCouldTakeReads(postingIds: readonly number[]): Read<ReadData<'whoCouldTakeCoveragePostings'>>[] {
  return inGroups(postingIds, POSTINGS_PER_READ).map((ids) => read('whoCouldTakeCoveragePostings', ids.join(',')));
}
