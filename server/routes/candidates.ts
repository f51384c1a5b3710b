import { z } from 'zod';
import { whoCouldTake, whoCouldTakeEach } from '../candidates.ts';
import { idParam } from '../reads/http.ts';
import { WhoCouldTake, WhoCouldTakeEach } from '../reads/shapes.ts';
import { feature, readRoutes, type ReadHandler } from './feature.ts';

/**
 * Postings asked about at once: a screen's rows (a Team Calendar day), not a whole month. The web
 * imports its type (the literal) to split a busier day into reads of at most this many.
 */
export const MAX_POSTING_IDS = 50;

/** Distinct posting ids, comma-separated: "12,15,19". */
const idsParam = z
  .string()
  .transform((text) => text.split(','))
  .pipe(
    z
      .array(idParam)
      .min(1)
      .max(MAX_POSTING_IDS, `must name at most ${MAX_POSTING_IDS} postings`)
      .refine((ids) => new Set(ids).size === ids.length, 'must name each posting once'),
  )
  // The document shows the list the text stands for (a path parameter's array is comma-separated
  // in OpenAPI's default style), so the limit is in the schema and not only in words.
  .meta({ type: 'array', items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, minItems: 1, maxItems: MAX_POSTING_IDS, uniqueItems: true });

const SAYS =
  'every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first';

const CANDIDATE_READS = readRoutes('candidates', {
  whoCouldTakeCoveragePosting: { path: '/api/whoCouldTakeCoveragePosting/{id}', summary: `Who could cover a posting for coverage (postOfferCoverage): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true },
  whoCouldTakeCoveragePostings: {
    path: '/api/whoCouldTakeCoveragePostings/{ids}',
    summary: `Who could cover each of several postings for coverage (ids comma-separated, at most ${MAX_POSTING_IDS}; the Team Calendar's day), in the order asked, each as whoCouldTakeCoveragePosting answers it, decided on one snapshot: ${SAYS}. 403 when the reader may not see one of them, 404 when one does not exist`,
    params: { ids: idsParam },
    answer: WhoCouldTakeEach,
    forbidden: true,
    missing: true,
  },
  whoCouldTakePickupPosting: { path: '/api/whoCouldTakePickupPosting/{id}', summary: `Who could give hours to a posting for hours (postOfferGiveAway): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true },
  whoCouldTakeOpenShift: { path: '/api/whoCouldTakeOpenShift/{id}', summary: `Who could claim an open or open training shift (claimOpenShift, claimOpenTrainingShift): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true },
});

/** Who could take a posting or an open shift (server/candidates.ts): a count for its poster, the list for supervisors. */
const read =
  (kind: 'coveragePosting' | 'pickupPosting' | 'openShift'): ReadHandler<(typeof CANDIDATE_READS)['whoCouldTakeOpenShift']> =>
  (c, ctx, { id }) =>
    whoCouldTake(ctx.db, ctx.rules, c.get('agentId'), kind, id, ctx.now());

export const candidates = feature({
  name: 'candidates',
  reads: CANDIDATE_READS,
  handlers: {
    whoCouldTakeCoveragePosting: read('coveragePosting'),
    whoCouldTakeCoveragePostings: (c, ctx, { ids }) => whoCouldTakeEach(ctx.db, ctx.rules, c.get('agentId'), 'coveragePosting', ids, ctx.now()),
    whoCouldTakePickupPosting: read('pickupPosting'),
    whoCouldTakeOpenShift: read('openShift'),
  },
});
