import { z } from 'zod';

/**
 * What the read calls answer with, one zod schema per record: the OpenAPI document describes the
 * reads' answers from these, the server's read code returns their types, and the web UI imports
 * the same types (web/src/api-types.ts, type imports only). Instants are Eastern wall-clock text
 * as the API writes them (server/reads/api-time.ts); field names are the spec's.
 */

const text = z.string();
const maybeText = z.string().nullable();
const int = z.number().int();
const maybeInt = z.number().int().nullable();
/** The spec's flags in some reads: the text "True" or "False". */
const flag = z.enum(['True', 'False']);
/** A shift or its meal break, as the calendars title them. */
const shiftTitle = z.enum([' My Shift', 'Meal Break']);

/** A posting for coverage (lookingForCoverage): userPendingShifts, otherDetailedUsersPendingShifts, findShiftWantsCoverage, lookupPosting, teamLookingForCov. */
export const CoveragePosting = z.object({
  lookingForCoverageID: int,
  timeScheduleItemID: maybeInt,
  agentID: int,
  initials: maybeText,
  agentType: maybeInt,
  startTime: text,
  endTime: text,
  type: int,
  /** 0 coverage only, 1 coverage or trades, 2 trades only (spec 2 section 4). */
  openToTrade: int,
  notes: maybeText,
  payRate: z.number().nullable(),
  openToCots: int,
});
export type CoveragePosting = z.infer<typeof CoveragePosting>;

/** A posting to pick up hours (lookingToPickUp): myRequestsToPickUp, otherDetailedUsersLookingForShifts, teamLookingForHours. */
export const PickupPosting = z.object({
  lookingToPickUpID: int,
  agentID: int,
  initials: maybeText,
  agentType: maybeInt,
  startTime: text,
  endTime: text,
  type: int,
  notes: maybeText,
});
export type PickupPosting = z.infer<typeof PickupPosting>;

/** One request for hours as GET /wantsHoursDetails/{id} gives it (spec 2 section 3, "Wants-hours request"). */
export const WantsHours = z.object({
  lookingToPickUpID: int,
  agentID: int,
  initials: maybeText,
  startDatetime: text,
  endDatetime: text,
  notes: maybeText,
  type: int,
});
export type WantsHours = z.infer<typeof WantsHours>;

/** An open shift still open: pendingOpenShifts, pendingOpenTrainingShifts (spec 3 section 3). */
export const OpenShift = z.object({
  lookingForCoverageID: int,
  agentID: maybeInt,
  startTime: text,
  endTime: text,
  type: int,
  /** Spec 3: on an open shift openToTrade carries the pay-rate code. */
  openToTrade: int,
  payRate: z.number(),
  openToCots: int,
  quantityRemaining: int,
  assistantAfterDate: maybeText,
});
export type OpenShift = z.infer<typeof OpenShift>;

/**
 * An offer or counteroffer of the Pending Activity lists (spec 1 section 7); `initials` are the
 * other person's: the maker of an offer made to me, the person I made it to otherwise.
 */
export const Offer = z.object({
  offerID: int,
  lookingForCoverageID: maybeInt,
  lookingToPickUpID: maybeInt,
  initials: maybeText,
  startDatetime: text,
  endDatetime: text,
  swapStartDatetime: maybeText,
  swapEndDatetime: maybeText,
  swapPendingShiftID: maybeInt,
  expirationDatetime: maybeText,
  coveringAgentID: int,
  notes: maybeText,
});
export type Offer = z.infer<typeof Offer>;

/** One offer the caller made or received (detailedOfferInfo), with its maker. */
export const OfferInfo = Offer.extend({ offeringAgentID: int });
export type OfferInfo = z.infer<typeof OfferInfo>;

/** One shift the caller may see (getShiftDetails). */
export const ShiftDetails = z.object({
  id: int,
  scheduleId: int,
  agentId: int,
  startDateTime: text,
  endDateTime: text,
  shiftType: int,
  isCovering: z.boolean(),
  payRate: z.number(),
  cots: int,
});
export type ShiftDetails = z.infer<typeof ShiftDetails>;

/** An agent's details (getUserDetails; spec 3's user details). */
export const UserDetails = z.object({
  agentId: int,
  agentType: int,
  initials: maybeText,
  firstName: maybeText,
  lastName: maybeText,
  probationUntil: maybeText,
  terminationPendingDateTime: maybeText,
  personalTime: z.number(),
  vacationTime: z.number(),
  fmlaIntermittentUntil: maybeText,
  fmlaContinuousUntil: maybeText,
  spanish: flag,
  canCoverDOCS: flag,
});
export type UserDetails = z.infer<typeof UserDetails>;

/** One of the agent's shifts or meal breaks in a month (userMonthShifts). */
export const ScheduledShift = z.object({
  id: int,
  /** The main shift's id: its own for a main shift, its shift's for a meal break. */
  scheduleId: int,
  title: shiftTitle,
  start: text,
  endDateTime: text,
  startTime: text,
  endTime: text,
  notes: maybeText,
  isCovering: z.boolean(),
  payRate: z.number(),
  cots: int,
  agentID: int,
  openToTrade: maybeInt,
  type: int,
  /** The shift's active posting for coverage, if any. */
  lookingForCoverageID: maybeInt,
});
export type ScheduledShift = z.infer<typeof ScheduledShift>;

/** One of the caller's own shifts in the swap dropdown (userMonthTrade). */
export const TradeShift = z.object({ start: text, endDateTime: text, scheduleId: int });
export type TradeShift = z.infer<typeof TradeShift>;

/** A person as the pickers list them: getAgents, getAllSpanishAgents, the team. */
export const Person = z.object({ agentId: int, initials: maybeText, fullName: text });
export type Person = z.infer<typeof Person>;

/** A member of the caller's team, with the rank that decides what they may do. */
export const TeamMember = Person.extend({ agentType: int });
export type TeamMember = z.infer<typeof TeamMember>;

/** A shift or meal break of someone on the caller's team. */
export const TeamShift = z.object({
  id: int,
  scheduleId: int,
  agentID: int,
  initials: maybeText,
  title: shiftTitle,
  startTime: text,
  endTime: text,
  type: int,
  isCovering: z.boolean(),
  payRate: z.number(),
  cots: int,
});
export type TeamShift = z.infer<typeof TeamShift>;

/** One date of getCalendarDays: whether it is a holiday. */
export const CalendarDay = z.object({ date: text, holiday: z.union([z.literal(0), z.literal(1)]) });
export type CalendarDay = z.infer<typeof CalendarDay>;

/** A line of an agent's offer log. */
export const LogLine = z.object({ id: int, dateTime: text, message: maybeText });
export type LogLine = z.infer<typeof LogLine>;

/** An approved request for personal time. */
export const ApprovedPersonal = z.object({
  id: int,
  agentID: int,
  initials: maybeText,
  timeScheduleItemID: maybeInt,
  startTime: text,
  endTime: text,
  minutes: z.number(),
  requestedAt: text,
});
export type ApprovedPersonal = z.infer<typeof ApprovedPersonal>;

export const Stats = z.object({
  /** Minutes worked on shifts picked up through Shiftinator (covering shifts), less meal breaks, since rules/parameters.json's statsSince. */
  minWorked: z.number(),
  /** Accepted offers (shift changes) since rules/parameters.json's statsSince. */
  shiftChanges: int,
});
export type Stats = z.infer<typeof Stats>;

/** Minutes of an agent's paid time in one month. */
export const PaidTimeRow = z.object({
  month: text,
  minWorked: z.number(),
  minVacation: z.number(),
  minPersonal: z.number(),
  minUnpaid: z.number(),
  minPaid: z.number(),
  minFMLA: z.number(),
});
export type PaidTimeRow = z.infer<typeof PaidTimeRow>;

/** Minutes of an agent's training shifts in one month, one field per kind (server/routes/time-off.ts says which shift types). */
export const TrainingRow = z.object({ month: text, minQA: z.number(), minCo: z.number(), minAdv: z.number(), minTrain: z.number() });
export type TrainingRow = z.infer<typeof TrainingRow>;

/** A notice still on the agent's record (absence, late, leave early). */
export const Absence = z.object({
  noticeID: int,
  timeScheduleItemID: maybeInt,
  violationType: int,
  reason: int,
  startTime: text,
  endTime: text,
  vacationApplied: z.boolean(),
  message: maybeText,
  timestampGiven: text,
  minutes: z.number(),
  minPersonal: z.number(),
  minVacation: z.number(),
});
export type Absence = z.infer<typeof Absence>;

/** A chat message between two agents. */
export const ChatMessage = z.object({
  msgID: int,
  fromEmpID: int,
  toEmpID: int,
  fromInitials: maybeText,
  toInitials: maybeText,
  message: maybeText,
  dateTime: text,
  toReadDateTime: maybeText,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** A cut request as spec 3 section 3 names its fields, with the requester's initials for the table. */
export const CutRequest = z.object({ timeScheduleItemID: int, agentID: int, initials: maybeText, timestampRequested: text, requestedEndTime: text });
export type CutRequest = z.infer<typeof CutRequest>;

/** A break (lunch) request as spec 3 section 3 names its fields, with the requester's initials. */
export const LunchRequest = z.object({ timeScheduleItemID: int, agentID: int, initials: maybeText, timestampRequested: text, notes: maybeText });
export type LunchRequest = z.infer<typeof LunchRequest>;

/** One's own cut request: the personal wishlist also shows the shift. */
export const MyCutRequest = CutRequest.extend({ startDateTime: text, endDateTime: text });
export type MyCutRequest = z.infer<typeof MyCutRequest>;

/** One's own break request: the personal wishlist also shows the shift and its current break. */
export const MyLunchRequest = LunchRequest.extend({ startDateTime: text, endDateTime: text, breakStartDateTime: maybeText, breakEndDateTime: maybeText });
export type MyLunchRequest = z.infer<typeof MyLunchRequest>;

/** Spec 3 section 3: "Main shift for cuts and lunches". */
export const MainShift = z.object({ scheduleID: int, startDateTime: text, endDateTime: text });
export type MainShift = z.infer<typeof MainShift>;

/** Spec 3 section 3: "Sub-shift"; scheduleID is its main shift's, which the screen joins on. */
export const SubShift = z.object({ scheduleID: int, shiftType: int, startDateTime: text, endDateTime: text });
export type SubShift = z.infer<typeof SubShift>;

/** One colleague asked whether they could take a posting (whoCouldTake*): supervisors only. */
export const TakeCandidate = z.object({
  agentId: int,
  initials: maybeText,
  fullName: text,
  could: z.boolean().describe('They could take it as posted: the action would go through, or ask them to confirm'),
  outcome: z.enum(['ok', 'error', 'confirm']),
  rule: maybeText.describe('The rule that stops them (null when nothing does)'),
  message: maybeText.describe('Its message, word for word'),
});
export type TakeCandidate = z.infer<typeof TakeCandidate>;

/** Who could take a posting or an open shift: a count for its poster, the people for supervisors. */
export const WhoCouldTake = z.object({
  could: int.describe('How many colleagues could take it as posted'),
  of: int.describe('How many were asked: everyone employed now but the poster'),
  people: z.array(TakeCandidate).optional().describe('Supervisors and above only: everyone asked, those who could first'),
});
export type WhoCouldTake = z.infer<typeof WhoCouldTake>;

/** Who could take one of several postings asked at once (whoCouldTakeCoveragePostings): its id, then as WhoCouldTake. */
export const WhoCouldTakeEach = WhoCouldTake.extend({ id: int.describe('The posting asked about') });
export type WhoCouldTakeEach = z.infer<typeof WhoCouldTakeEach>;

/** One text sent to the person, in their inbox (server/inbox). */
const InboxItem = z.object({
  id: int,
  kind: maybeText.describe("What the text is about: the rule file's text kind (offer, nudge, cut, ...)"),
  body: text.describe('The text, word for word as sent'),
  link: text.describe("The web UI's path of the screen it concerns"),
  createdAt: text.describe('When it was sent, Eastern wall-clock text'),
  readAt: maybeText.describe('When it was opened, or null'),
});

/** The inbox: the newest items and how many of all are unread. */
export const Inbox = z.object({ unread: int.describe('Unread items of all the person has'), items: z.array(InboxItem).describe('The newest 100, newest first') });
export type Inbox = z.infer<typeof Inbox>;

/** The navigation's unread counts. */
export const UnreadCounts = z.object({ inbox: int.describe('Unread inbox items'), chat: int.describe('Unread chat messages to the person') });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/** A calendar feed's address (server/calendar-feed). */
export const FeedAddress = z.object({ url: text.describe("The feed's address: secret, so shown only to its person") });
export type FeedAddress = z.infer<typeof FeedAddress>;

/** What a person chose to be told and how (server/inbox/settings.ts). */
export const NoticeSettings = z.object({
  canTakeTexts: z.boolean().describe('A text through the outbox, besides the inbox item, when a posting or an open shift they could take is posted'),
});
export type NoticeSettings = z.infer<typeof NoticeSettings>;

/** A shift or one of its sub-shifts, by type: lookupCustService, lookupLunchCombine, areTheyWorking. */
export const ShiftItem = z.object({ id: int, scheduleId: int.describe('The main shift'), shiftType: int, startDateTime: text, endDateTime: text });
export type ShiftItem = z.infer<typeof ShiftItem>;

/** Vacation minutes already applied to notices on the attendance record: userPastVacationAttendance. */
export const VacationUsed = z.object({ minVacation: z.number() });

/** One release note: releaseNotes. */
export const ReleaseNote = z.object({ id: int, version: int, date: text.describe('Eastern YYYY-MM-DD'), releasedAt: text, notes: maybeText });
export type ReleaseNote = z.infer<typeof ReleaseNote>;

// ---- the spec's lookups (spec 1, 2 and 3 section 7): small answers, each named here ----

/** Whether an agent speaks Spanish: getIsSpanish. */
export const SpanishFlag = z.object({ spanish: flag });

/** How many postings of others start on an Eastern date: userCalendarSeekingCov, userCalendarSeekingHours. */
export const DayCount = z.object({ date: text.describe('Eastern YYYY-MM-DD'), count: int });
export type DayCount = z.infer<typeof DayCount>;

/** Whether a posted date is a holiday: getDayDetails. */
export const DayHoliday = CalendarDay.pick({ holiday: true });

/** When an offer was last nudged and may be again: getNudgedDate. */
export const NudgedDate = z.object({
  offerID: int,
  nudgedDate: maybeText.describe('When it was last nudged, or null'),
  nextNudgeDate: maybeText.describe('When it may be nudged again, or null'),
  status: text.describe("The offer's status; a pending offer past its expiration is 'expired'"),
});
export type NudgedDate = z.infer<typeof NudgedDate>;

/** An agent's id: initials. */
export const AgentIdOnly = z.object({ agentId: int });

/** An agent's initials: lookupInitials. */
export const InitialsOnly = z.object({ initials: maybeText });

/** What the signed-in agent may see and do (rules/roles.json): myPermissions. */
export const MyPermissions = z.object({
  agentId: int,
  agentType: int,
  spanish: z.boolean(),
  permissions: z.record(text, z.union([z.boolean(), z.array(z.union([text, int]))])).describe('Each permission of rules/roles.json by name: a flag or a list of values'),
});

/** One shift: lookupShift. */
export const LookedUpShift = z.object({
  id: int,
  scheduleId: int.describe('The main shift'),
  agentId: int,
  shiftType: int,
  coveringShift: z.boolean(),
  startDateTime: text,
  endDateTime: text,
});

/** The shift offered in a trade, as it is now: findOnePending. */
export const TradeItem = z.object({ timeScheduleItemID: int.describe('The main shift'), startTime: text, endTime: text });

/** The schedule item of the shift offered in a trade: getSwapTimeID. */
export const TradeItemId = TradeItem.pick({ timeScheduleItemID: true });

/** Minutes worked in a window, less meal breaks: getMin18HourPeriod*, getMinWorkedWeek, getQAInDay. */
export const MinutesWorked = z.object({ minutesWorked: z.number() });

/** A head count: isSpanishOK, isSupOK, getPersonalVacaUsage. */
export const HeadCount = z.object({ count: int });

/** Whether an agent may cover customer service (DOCS) shifts: getCanCoverDOCS. */
export const CanCoverDocs = z.object({ canCoverDOCS: flag });

/** A customer-service shift of the caller's: isShiftCustService. */
export const ScheduleIdOnly = z.object({ scheduleId: int });

/** Personal time approved that starts after now, in minutes: userFuturePersonal. */
export const FuturePersonal = z.object({ minPersonal: z.number() });

/** The API's own description (OpenAPI 3.1): openapi. */
export const OpenApiDocument = z.object({
  openapi: text.describe('3.1.0'),
  info: z.object({ title: text, version: text, description: text }),
  servers: z.array(z.object({ url: text })),
  security: z.array(z.record(text, z.array(text))),
  tags: z.array(z.object({ name: text, description: text })),
  paths: z.record(text, z.record(text, z.unknown())).describe('Each path, its operations by method'),
  components: z.record(text, z.record(text, z.unknown())).describe('The schemas, responses and security schemes the paths refer to'),
  webhooks: z.record(text, z.unknown()).optional(),
});

/** A named value of rules/parameters.json as the Rules screen shows it. */
const RuleValue = z.object({
  name: text,
  value: z.union([z.number(), text, z.array(z.union([z.number(), text]))]),
  unit: text,
  description: text,
});

/** The Rules screen (read-only): every action's checks in order, the live version, and its history. */
export const RulesOverview = z.object({
  version: text.describe('The live rule set: the first 12 characters of its sha256'),
  liveAt: maybeText.describe('When it went live (Eastern wall-clock text), or null when the server has no record of it'),
  actions: z.array(
    z.object({
      action: text,
      description: text,
      checks: z.array(
        z.object({
          id: text,
          outcome: text,
          message: text.describe('Word for word, the named values written in; {values} of the moment left named'),
          uses: z.array(RuleValue).describe('The named values the check reads or says'),
          shared: text.optional().describe('The shared check (rules/shared*.json) this rule uses, written once for every action that has it'),
        }),
      ),
    }),
  ),
  parameters: z.array(RuleValue.extend({ spec: text })).optional().describe('Every named value with its unit and spec section: rules/roles.json permission ruleParameters only'),
  history: z
    .array(z.object({ version: text, liveAt: text, changes: z.array(text).nullable().describe('As `rules diff` words them, from the set before; null for the first') }))
    .describe('Every rule set that went live, the newest first'),
});
