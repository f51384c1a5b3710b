import { describe, expect, it } from 'vitest';
import { MAX_POSTING_IDS } from '../../server/routes/candidates.ts';
import { inGroups, POSTINGS_PER_READ, whoCouldTakeReads } from '../../web/src/screens/team/who-could-take-reads.ts';

// Issue 21's limit: GET /api/whoCouldTakeCoveragePostings takes at most the route's number of ids
// and answers 400 past it, so the Team Calendar asks about a busier day in several reads.

const ids = (n: number, from = 1): number[] => Array.from({ length: n }, (_, i) => from + i);
/** Each read's path after /api/, as the screen would ask it. */
const paths = (postingIds: number[]): string[] => whoCouldTakeReads(postingIds).map((r) => r.queryKey.join('/'));

describe("the Team Calendar's reads of who could take a day's postings", () => {
  it("splits at the server route's own limit", () => {
    expect(POSTINGS_PER_READ).toBe(MAX_POSTING_IDS);
  });

  it('asks once for a day of up to the limit, the ids in the order given', () => {
    expect(paths([])).toEqual([]);
    expect(paths([31, 7, 12])).toEqual(['whoCouldTakeCoveragePostings/31,7,12']);
    expect(paths(ids(MAX_POSTING_IDS))).toEqual([`whoCouldTakeCoveragePostings/${ids(MAX_POSTING_IDS).join(',')}`]);
  });

  it('asks in reads of at most the limit past it, which together name each posting once, in order', () => {
    const day = ids(2 * MAX_POSTING_IDS + 7, 1000);
    const asked = paths(day).map((p) => p.split('/')[1]?.split(',').map(Number) ?? []);
    expect(asked.map((a) => a.length)).toEqual([MAX_POSTING_IDS, MAX_POSTING_IDS, 7]);
    expect(asked.flat()).toEqual(day);
    expect(paths(ids(MAX_POSTING_IDS + 1))).toEqual([`whoCouldTakeCoveragePostings/${ids(MAX_POSTING_IDS).join(',')}`, `whoCouldTakeCoveragePostings/${MAX_POSTING_IDS + 1}`]);
  });

  it('groups any list in consecutive groups, and refuses a group size that holds nothing', () => {
    expect(inGroups(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(inGroups(['a'], 3)).toEqual([['a']]);
    expect(() => inGroups(['a'], 0)).toThrow('a group holds at least one item, not 0');
  });
});
