import type { ActionContext } from '../action-runner.ts';
import { whoCouldTake } from '../candidates.ts';
import { idParam, param, type ReadContext } from '../reads/http.ts';
import { WhoCouldTake } from '../reads/shapes.ts';
import { feature } from './feature.ts';

/** Who could take a posting or an open shift (server/candidates.ts): a count for its poster, the list for supervisors. */
const read = (kind: 'coveragePosting' | 'pickupPosting' | 'openShift') => (c: ReadContext, ctx: ActionContext) =>
  whoCouldTake(ctx.db, ctx.rules, c.get('agentId'), kind, param(c, 'id', idParam), ctx.now());

const SAYS =
  'every current colleague but the poster decided as if they tried to take it whole, with the same rules: { could, of } for its poster; supervisors also get people (initials, fullName, could, outcome, rule, message), those who could first';

export const candidates = feature({
  name: 'candidates',
  reads: [
    { path: '/whoCouldTakeCoveragePosting/:id', summary: `Who could cover a posting for coverage (postOfferCoverage): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true, handler: read('coveragePosting') },
    { path: '/whoCouldTakePickupPosting/:id', summary: `Who could give hours to a posting for hours (postOfferGiveAway): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true, handler: read('pickupPosting') },
    { path: '/whoCouldTakeOpenShift/:id', summary: `Who could claim an open or open training shift (claimOpenShift, claimOpenTrainingShift): ${SAYS}`, params: { id: idParam }, answer: WhoCouldTake, one: true, forbidden: true, missing: true, handler: read('openShift') },
  ],
});
