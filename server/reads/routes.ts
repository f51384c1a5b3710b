import { legacyFeature, type ReadRoute } from '../routes/feature.ts';
import { codesOf } from '../../engine/index.ts';
import { agents, calendarDays, isSpanish, otherCoveragePostings, otherPickupPostings, pendingOpenShifts, seekingCounts, spanishAgents, userMonthShifts } from './calendar.ts';
import { dayDetails, detailedOfferInfo, findShiftWantsCoverage, shiftDetails, userDetails } from './details.ts';
import { dateParam, idParam, monthParam, ownAgentParam, param } from './http.ts';
import { myCoveragePostings, myPickupPostings, PENDING_OFFER_LISTS } from './pending.ts';
import { nowIso } from './sql.ts';
import { dateOf } from '../db/kysely.ts';
import { CalendarDay, CoveragePosting, DayCount, DayHoliday, Offer, OfferInfo, OpenShift, Person, PickupPosting, ScheduledShift, ShiftDetails, SpanishFlag, UserDetails } from './shapes.ts';

const own = { agentId: idParam };
type OfferListName = keyof typeof PENDING_OFFER_LISTS;

/**
 * The read calls of spec 1 section 7 that the calendar and the Pending Activity screen make,
 * answered from the database for the signed-in agent. Response shapes: docs/decisions.md,
 * "Read calls".
 */
export const calendarReads = legacyFeature({
  name: 'calendar',
  reads: [
    // Calendar
    {
      path: '/userMonthShifts/:agentId/:month',
      summary: "The agent's shifts starting in that Eastern month, with their meal breaks",
      answer: ScheduledShift,
      params: { ...own, month: monthParam },
      forbidden: true,
      handler: (c, ctx) => userMonthShifts(ctx.db, codesOf(ctx.rules), ownAgentParam(c), param(c, 'month', monthParam), nowIso(ctx)),
    },
    {
      path: '/otherDetailedUsersPendingShifts/:agentId',
      summary: "Everyone else's active postings for coverage",
      answer: CoveragePosting,
      params: own,
      forbidden: true,
      handler: (c, ctx) => otherCoveragePostings(ctx.db.em(), ownAgentParam(c), nowIso(ctx)),
    },
    {
      path: '/otherDetailedUsersLookingForShifts/:agentId',
      summary: "Everyone else's active pick-up postings",
      answer: PickupPosting,
      params: own,
      forbidden: true,
      handler: (c, ctx) => otherPickupPostings(ctx.db.em(), ownAgentParam(c), nowIso(ctx)),
    },
    {
      path: '/getIsSpanish/:agentId',
      summary: 'Whether the agent speaks Spanish: [{ spanish }]',
      answer: SpanishFlag,
      params: own,
      forbidden: true,
      handler: (c, ctx) => isSpanish(ctx.db.em(), ownAgentParam(c)),
    },
    {
      path: '/pendingOpenShifts',
      summary: 'Open shifts still open (types other than the parameter trainingShiftTypes)',
      answer: OpenShift,
      handler: (_c, ctx) => pendingOpenShifts(ctx.db.em(), codesOf(ctx.rules), false, nowIso(ctx)),
    },
    {
      path: '/pendingOpenTrainingShifts',
      summary: 'Open training shifts still open (types of the parameter trainingShiftTypes)',
      answer: OpenShift,
      handler: (_c, ctx) => pendingOpenShifts(ctx.db.em(), codesOf(ctx.rules), true, nowIso(ctx)),
    },
    {
      path: '/userCalendarSeekingCov/:agentId',
      summary: "Everyone else's active postings for coverage, counted per Eastern date",
      answer: DayCount,
      params: own,
      forbidden: true,
      handler: (c, ctx) => seekingCounts(ctx.db.em(), 'coverage_postings', ownAgentParam(c), nowIso(ctx)),
    },
    {
      path: '/userCalendarSeekingHours/:agentId',
      summary: "Everyone else's active pick-up postings, counted per Eastern date",
      answer: DayCount,
      params: own,
      forbidden: true,
      handler: (c, ctx) => seekingCounts(ctx.db.em(), 'pickup_postings', ownAgentParam(c), nowIso(ctx)),
    },
    { path: '/getAgents', summary: 'Every agent: id, initials and name', answer: Person, handler: (_c, ctx) => agents(ctx.db.em(), nowIso(ctx)) },
    // The spec names no fields for it; the calendar and the Wishlist need only the id (docs/decisions.md, "Read calls").
    { path: '/getAllSpanishAgents', summary: 'The Spanish-speaking agents: id and initials', answer: Person.pick({ agentId: true, initials: true }), handler: (_c, ctx) => spanishAgents(ctx.db.em(), nowIso(ctx)) },
    {
      path: '/getCalendarDays/:from/:to',
      summary: 'getDayDetails for a range of dates (at most 62): the posted dates, each { date, holiday: 0 or 1 }',
      answer: CalendarDay,
      params: { from: dateParam, to: dateParam },
      handler: (c, ctx) => calendarDays(ctx.db.em(), param(c, 'from', dateParam), param(c, 'to', dateParam)),
    },

    // Pending Activity
    {
      path: '/userPendingShifts/:agentId',
      summary: "The agent's own active postings for coverage",
      answer: CoveragePosting,
      params: own,
      forbidden: true,
      handler: (c, ctx) => myCoveragePostings(ctx.db.em(), ownAgentParam(c), nowIso(ctx)),
    },
    {
      path: '/myRequestsToPickUp/:agentId',
      summary: "The agent's own active pick-up postings",
      answer: PickupPosting,
      params: own,
      forbidden: true,
      handler: (c, ctx) => myPickupPostings(ctx.db.em(), ownAgentParam(c), nowIso(ctx)),
    },
    ...(Object.keys(PENDING_OFFER_LISTS) as OfferListName[]).map(
      (name) => ({
        path: `/${name}/:agentId` as const,
        summary: `Pending Activity: ${name}`,
        answer: Offer,
        params: own,
        forbidden: true,
        handler: (c, ctx) => PENDING_OFFER_LISTS[name](ctx.db.em(), ownAgentParam(c), nowIso(ctx)),
      }) satisfies ReadRoute,
    ),

    // Before accepting
    {
      path: '/detailedOfferInfo/:offerId',
      summary: 'One offer the caller made or received, before accepting it',
      answer: OfferInfo,
      params: { offerId: idParam },
      forbidden: true,
      handler: (c, ctx) => detailedOfferInfo(ctx.db.em(), c.get('agentId'), param(c, 'offerId', idParam)),
    },
    {
      path: '/findShiftWantsCoverage/:lookingForCoverageId',
      summary: 'One posting for coverage: its poster, or anyone while it is on the calendar',
      answer: CoveragePosting,
      params: { lookingForCoverageId: idParam },
      one: true,
      forbidden: true,
      missing: true,
      handler: (c, ctx) => findShiftWantsCoverage(ctx.db.em(), c.get('agentId'), param(c, 'lookingForCoverageId', idParam), dateOf(ctx.now())),
    },
    {
      path: '/getShiftDetails/:timeScheduleItemId',
      summary: 'One shift the caller may see',
      answer: ShiftDetails,
      params: { timeScheduleItemId: idParam },
      one: true,
      forbidden: true,
      missing: true,
      handler: (c, ctx) => shiftDetails(ctx.db.em(), ctx.rules, c.get('agentId'), param(c, 'timeScheduleItemId', idParam)),
    },
    {
      path: '/getUserDetails/:agentId',
      summary: "The caller's details (anyone's for rules/roles.json group supervisorsAndUp, who see others' data)",
      answer: UserDetails,
      params: { agentId: idParam },
      one: true,
      forbidden: true,
      missing: true,
      handler: (c, ctx) => userDetails(ctx.db.em(), ctx.rules, c.get('agentId'), param(c, 'agentId', idParam)),
    },
    {
      path: '/getDayDetails/:date',
      summary: 'Whether a date is a holiday: [{ holiday: 0 or 1 }]',
      answer: DayHoliday,
      params: { date: dateParam },
      handler: (c, ctx) => dayDetails(ctx.db.em(), param(c, 'date', dateParam)),
    },
  ],
});
