import type { Hono } from 'hono';
import type { ActionContext } from '../action-runner.ts';
import { agents, isSpanish, otherCoveragePostings, otherPickupPostings, pendingOpenShifts, seekingCounts, spanishAgents, userMonthShifts } from './calendar.ts';
import { dayDetails, detailedOfferInfo, findShiftWantsCoverage, shiftDetails, userDetails } from './details.ts';
import { dateParam, idParam, monthParam, ownAgentParam, param, reply, type ReadContext, type ReadsEnv } from './http.ts';
import { myCoveragePostings, myPickupPostings, PENDING_OFFER_LISTS } from './pending.ts';
import { nowIso } from './sql.ts';

/**
 * The read calls of spec 1 section 7 that the calendar and the Pending Activity screen make,
 * answered from the database for the signed-in agent. Register after the session middleware:
 * every handler reads `agentId` from it. Response shapes: docs/decisions.md, "Read calls".
 */
export function registerReads(app: Hono<ReadsEnv>, ctx: Pick<ActionContext, 'db' | 'now'>): void {
  const nowText = (): string => nowIso(ctx);
  const me = (c: ReadContext): number => c.get('agentId');
  const get = (path: string, handler: (c: ReadContext) => Promise<unknown>): void => {
    app.get(`/api${path}`, reply(handler));
  };

  // Calendar
  get('/userMonthShifts/:agentId/:month', async (c) => {
    const agentId = ownAgentParam(c);
    const month = param(c, 'month', monthParam);
    return userMonthShifts(ctx.db.em(), agentId, month, nowText());
  });
  get('/otherDetailedUsersPendingShifts/:agentId', async (c) => otherCoveragePostings(ctx.db.em(), ownAgentParam(c), nowText()));
  get('/otherDetailedUsersLookingForShifts/:agentId', async (c) => otherPickupPostings(ctx.db.em(), ownAgentParam(c), nowText()));
  get('/getIsSpanish/:agentId', async (c) => isSpanish(ctx.db.em(), ownAgentParam(c)));
  get('/pendingOpenShifts', async () => pendingOpenShifts(ctx.db.em(), false, nowText()));
  get('/pendingOpenTrainingShifts', async () => pendingOpenShifts(ctx.db.em(), true, nowText()));
  get('/userCalendarSeekingCov/:agentId', async (c) => seekingCounts(ctx.db.em(), 'coverage_postings', ownAgentParam(c), nowText()));
  get('/userCalendarSeekingHours/:agentId', async (c) => seekingCounts(ctx.db.em(), 'pickup_postings', ownAgentParam(c), nowText()));
  get('/getAgents', async () => agents(ctx.db.em(), nowText()));
  get('/getAllSpanishAgents', async () => spanishAgents(ctx.db.em(), nowText()));

  // Pending Activity
  get('/userPendingShifts/:agentId', async (c) => myCoveragePostings(ctx.db.em(), ownAgentParam(c), nowText()));
  get('/myRequestsToPickUp/:agentId', async (c) => myPickupPostings(ctx.db.em(), ownAgentParam(c), nowText()));
  for (const [name, list] of Object.entries(PENDING_OFFER_LISTS)) {
    get(`/${name}/:agentId`, async (c) => list(ctx.db.em(), ownAgentParam(c), nowText()));
  }

  // Before accepting
  get('/detailedOfferInfo/:offerId', async (c) => detailedOfferInfo(ctx.db.em(), me(c), param(c, 'offerId', idParam)));
  get('/findShiftWantsCoverage/:lookingForCoverageId', async (c) =>
    findShiftWantsCoverage(ctx.db.em(), param(c, 'lookingForCoverageId', idParam)),
  );
  get('/getShiftDetails/:timeScheduleItemId', async (c) => shiftDetails(ctx.db.em(), me(c), param(c, 'timeScheduleItemId', idParam)));
  get('/getUserDetails/:agentId', async (c) => userDetails(ctx.db.em(), me(c), param(c, 'agentId', idParam)));
  get('/getDayDetails/:date', async (c) => dayDetails(ctx.db.em(), param(c, 'date', dateParam)));
}
