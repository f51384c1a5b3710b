import { feature, readRoutes, type ReadHandler } from '../routes/feature.ts';
import { codesOf } from '../../engine/index.ts';
import { agents, calendarDays, isSpanish, otherCoveragePostings, otherPickupPostings, pendingOpenShifts, seekingCounts, spanishAgents, userMonthShifts } from './calendar.ts';
import { dayDetails, detailedOfferInfo, findShiftWantsCoverage, shiftDetails, userDetails } from './details.ts';
import { dateParam, idParam, monthParam, ownAgent } from './http.ts';
import { myCoveragePostings, myPickupPostings, PENDING_OFFER_LISTS } from './pending.ts';
import { nowIso } from './sql.ts';
import { dateOf } from '../db/kysely.ts';
import { CalendarDay, CoveragePosting, DayCount, DayHoliday, Offer, OfferInfo, OpenShift, Person, PickupPosting, ScheduledShift, ShiftDetails, SpanishFlag, UserDetails } from './shapes.ts';

const own = { agentId: idParam };
type OfferListName = keyof typeof PENDING_OFFER_LISTS;
const OFFER_LISTS = Object.keys(PENDING_OFFER_LISTS) as OfferListName[];

/** Pending Activity's offer lists (server/reads/pending.ts), one read each. */
const offerListRead = (name: OfferListName) => ({ path: `/api/${name}/{agentId}` as const, summary: `Pending Activity: ${name}`, answer: Offer, params: own, forbidden: true });
const offerListReads = Object.fromEntries(OFFER_LISTS.map((name) => [name, offerListRead(name)])) as Record<OfferListName, ReturnType<typeof offerListRead>>;

/**
 * The read calls of spec 1 section 7 that the calendar and the Pending Activity screen make,
 * answered from the database for the signed-in agent. Response shapes: docs/decisions.md,
 * "Read calls".
 */
const CALENDAR_READS = readRoutes('calendar', {
  // Calendar
  userMonthShifts: {
    path: '/api/userMonthShifts/{agentId}/{month}',
    summary: "The agent's shifts starting in that Eastern month, with their meal breaks",
    answer: ScheduledShift,
    params: { ...own, month: monthParam },
    forbidden: true,
  },
  otherDetailedUsersPendingShifts: { path: '/api/otherDetailedUsersPendingShifts/{agentId}', summary: "Everyone else's active postings for coverage", answer: CoveragePosting, params: own, forbidden: true },
  otherDetailedUsersLookingForShifts: { path: '/api/otherDetailedUsersLookingForShifts/{agentId}', summary: "Everyone else's active pick-up postings", answer: PickupPosting, params: own, forbidden: true },
  getIsSpanish: { path: '/api/getIsSpanish/{agentId}', summary: 'Whether the agent speaks Spanish: [{ spanish }]', answer: SpanishFlag, params: own, forbidden: true },
  pendingOpenShifts: { path: '/api/pendingOpenShifts', summary: 'Open shifts still open (types other than the parameter trainingShiftTypes)', answer: OpenShift },
  pendingOpenTrainingShifts: { path: '/api/pendingOpenTrainingShifts', summary: 'Open training shifts still open (types of the parameter trainingShiftTypes)', answer: OpenShift },
  userCalendarSeekingCov: { path: '/api/userCalendarSeekingCov/{agentId}', summary: "Everyone else's active postings for coverage, counted per Eastern date", answer: DayCount, params: own, forbidden: true },
  userCalendarSeekingHours: { path: '/api/userCalendarSeekingHours/{agentId}', summary: "Everyone else's active pick-up postings, counted per Eastern date", answer: DayCount, params: own, forbidden: true },
  getAgents: { path: '/api/getAgents', summary: 'Every agent: id, initials and name', answer: Person },
  // The spec names no fields for it; the calendar and the Wishlist need only the id (docs/decisions.md, "Read calls").
  getAllSpanishAgents: { path: '/api/getAllSpanishAgents', summary: 'The Spanish-speaking agents: id and initials', answer: Person.pick({ agentId: true, initials: true }) },
  getCalendarDays: {
    path: '/api/getCalendarDays/{from}/{to}',
    summary: 'getDayDetails for a range of dates (at most 62): the posted dates, each { date, holiday: 0 or 1 }',
    answer: CalendarDay,
    params: { from: dateParam, to: dateParam },
  },

  // Pending Activity
  userPendingShifts: { path: '/api/userPendingShifts/{agentId}', summary: "The agent's own active postings for coverage", answer: CoveragePosting, params: own, forbidden: true },
  myRequestsToPickUp: { path: '/api/myRequestsToPickUp/{agentId}', summary: "The agent's own active pick-up postings", answer: PickupPosting, params: own, forbidden: true },
  ...offerListReads,

  // Before accepting
  detailedOfferInfo: { path: '/api/detailedOfferInfo/{offerId}', summary: 'One offer the caller made or received, before accepting it', answer: OfferInfo, params: { offerId: idParam }, forbidden: true },
  findShiftWantsCoverage: {
    path: '/api/findShiftWantsCoverage/{lookingForCoverageId}',
    summary: 'One posting for coverage: its poster, or anyone while it is on the calendar',
    answer: CoveragePosting,
    params: { lookingForCoverageId: idParam },
    one: true,
    forbidden: true,
    missing: true,
  },
  getShiftDetails: { path: '/api/getShiftDetails/{timeScheduleItemId}', summary: 'One shift the caller may see', answer: ShiftDetails, params: { timeScheduleItemId: idParam }, one: true, forbidden: true, missing: true },
  getUserDetails: {
    path: '/api/getUserDetails/{agentId}',
    summary: "The caller's details (anyone's for rules/roles.json group supervisorsAndUp, who see others' data)",
    answer: UserDetails,
    params: { agentId: idParam },
    one: true,
    forbidden: true,
    missing: true,
  },
  getDayDetails: { path: '/api/getDayDetails/{date}', summary: 'Whether a date is a holiday: [{ holiday: 0 or 1 }]', answer: DayHoliday, params: { date: dateParam } },
});

type Own = ReadHandler<(typeof CALENDAR_READS)['userPendingShifts']>;
const offerListHandlers = Object.fromEntries(
  OFFER_LISTS.map((name): [OfferListName, Own] => [name, (c, ctx, { agentId }) => PENDING_OFFER_LISTS[name](ctx.db.em(), ownAgent(c, agentId), nowIso(ctx))]),
) as Record<OfferListName, Own>;

export const calendarReads = feature({
  name: 'calendar',
  reads: CALENDAR_READS,
  handlers: {
    userMonthShifts: (c, ctx, { agentId, month }) => userMonthShifts(ctx.db, codesOf(ctx.rules), ownAgent(c, agentId), month, nowIso(ctx)),
    otherDetailedUsersPendingShifts: (c, ctx, { agentId }) => otherCoveragePostings(ctx.db.em(), ownAgent(c, agentId), nowIso(ctx)),
    otherDetailedUsersLookingForShifts: (c, ctx, { agentId }) => otherPickupPostings(ctx.db.em(), ownAgent(c, agentId), nowIso(ctx)),
    getIsSpanish: (c, ctx, { agentId }) => isSpanish(ctx.db.em(), ownAgent(c, agentId)),
    pendingOpenShifts: (_c, ctx) => pendingOpenShifts(ctx.db.em(), codesOf(ctx.rules), false, nowIso(ctx)),
    pendingOpenTrainingShifts: (_c, ctx) => pendingOpenShifts(ctx.db.em(), codesOf(ctx.rules), true, nowIso(ctx)),
    userCalendarSeekingCov: (c, ctx, { agentId }) => seekingCounts(ctx.db.em(), 'coverage_postings', ownAgent(c, agentId), nowIso(ctx)),
    userCalendarSeekingHours: (c, ctx, { agentId }) => seekingCounts(ctx.db.em(), 'pickup_postings', ownAgent(c, agentId), nowIso(ctx)),
    getAgents: (_c, ctx) => agents(ctx.db.em(), nowIso(ctx)),
    getAllSpanishAgents: (_c, ctx) => spanishAgents(ctx.db.em(), nowIso(ctx)),
    getCalendarDays: (_c, ctx, { from, to }) => calendarDays(ctx.db.em(), from, to),
    userPendingShifts: (c, ctx, { agentId }) => myCoveragePostings(ctx.db.em(), ownAgent(c, agentId), nowIso(ctx)),
    myRequestsToPickUp: (c, ctx, { agentId }) => myPickupPostings(ctx.db.em(), ownAgent(c, agentId), nowIso(ctx)),
    ...offerListHandlers,
    detailedOfferInfo: (c, ctx, { offerId }) => detailedOfferInfo(ctx.db.em(), c.get('agentId'), offerId),
    findShiftWantsCoverage: (c, ctx, { lookingForCoverageId }) => findShiftWantsCoverage(ctx.db.em(), c.get('agentId'), lookingForCoverageId, dateOf(ctx.now())),
    getShiftDetails: (c, ctx, { timeScheduleItemId }) => shiftDetails(ctx.db.em(), ctx.rules, c.get('agentId'), timeScheduleItemId),
    getUserDetails: (c, ctx, { agentId }) => userDetails(ctx.db.em(), ctx.rules, c.get('agentId'), agentId),
    getDayDetails: (_c, ctx, { date }) => dayDetails(ctx.db.em(), date),
  },
});
