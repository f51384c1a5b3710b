/**
 * The records the server's reads answer with (server/reads/*.ts, server/routes/*.ts), with the
 * spec's field names and its instants as Eastern wall-clock text (web/src/time.ts reads them).
 * One copy for every screen; tests/web/records.test.ts checks each against the server's own type.
 */

/**
 * A posting for coverage (lookingForCoverage): userPendingShifts, otherDetailedUsersPendingShifts,
 * findShiftWantsCoverage, lookupPosting, teamLookingForCov.
 */
export interface CoveragePosting {
  lookingForCoverageID: number;
  timeScheduleItemID: number | null;
  agentID: number;
  initials: string | null;
  agentType: number | null;
  startTime: string;
  endTime: string;
  type: number;
  /** 0 coverage only, 1 coverage or trades, 2 trades only (spec 2 section 4). */
  openToTrade: number;
  notes: string | null;
  payRate: number | null;
  openToCots: number;
}

/** A posting to pick up hours (lookingToPickUp): myRequestsToPickUp, otherDetailedUsersLookingForShifts, teamLookingForHours. */
export interface PickupPosting {
  lookingToPickUpID: number;
  agentID: number;
  initials: string | null;
  agentType: number | null;
  startTime: string;
  endTime: string;
  type: number;
  notes: string | null;
}

/** One request for hours as GET /wantsHoursDetails/{id} gives it (spec 2 section 3, "Wants-hours request"). */
export interface WantsHours {
  lookingToPickUpID: number;
  agentID: number;
  initials: string | null;
  startDatetime: string;
  endDatetime: string;
  notes: string | null;
  type: number;
}

/** An open shift still open: pendingOpenShifts, pendingOpenTrainingShifts (spec 3 section 3). */
export interface OpenShift {
  lookingForCoverageID: number;
  agentID: number | null;
  startTime: string;
  endTime: string;
  type: number;
  /** Spec 3: on an open shift openToTrade carries the pay-rate code. */
  openToTrade: number;
  payRate: number;
  openToCots: number;
  quantityRemaining: number;
  assistantAfterDate: string | null;
}

/**
 * An offer or counteroffer of the Pending Activity lists (spec 1 section 7); `initials` are the
 * other person's: the maker of an offer made to me, the person I made it to otherwise.
 */
export interface Offer {
  offerID: number;
  lookingForCoverageID: number | null;
  lookingToPickUpID: number | null;
  initials: string | null;
  startDatetime: string;
  endDatetime: string;
  swapStartDatetime: string | null;
  swapEndDatetime: string | null;
  swapPendingShiftID: number | null;
  expirationDatetime: string | null;
  coveringAgentID: number;
  notes: string | null;
}

/** One offer as GET /detailedOfferInfo/{id} gives it (spec 2 section 3, "Detailed offer info"). */
export type OfferInfo = Offer & { offeringAgentID: number };

/** One shift as GET /getShiftDetails/{id} gives it. */
export interface ShiftDetails {
  id: number;
  scheduleId: number;
  agentId: number;
  startDateTime: string;
  endDateTime: string;
  shiftType: number;
  isCovering: boolean;
  payRate: number;
  cots: number;
}

/** An agent's details as GET /getUserDetails/{agentId} gives them (spec 3's user details). */
export interface UserDetails {
  agentId: number;
  agentType: number;
  initials: string | null;
  firstName: string | null;
  lastName: string | null;
  probationUntil: string | null;
  terminationPendingDateTime: string | null;
  personalTime: number;
  vacationTime: number;
  fmlaIntermittentUntil: string | null;
  fmlaContinuousUntil: string | null;
  spanish: 'True' | 'False';
  canCoverDOCS: 'True' | 'False';
}

/** GET /userMonthShifts/{agentId}/{month}: the agent's shifts of an Eastern month, each followed by its meal breaks. */
export interface MonthShift {
  id: number;
  /** The main shift's id: its own for a main shift, its shift's for a meal break. */
  scheduleId: number;
  title: ' My Shift' | 'Meal Break';
  start: string;
  endDateTime: string;
  startTime: string;
  endTime: string;
  notes: string | null;
  isCovering: boolean;
  payRate: number;
  cots: number;
  agentID: number;
  openToTrade: number | null;
  type: number;
  /** The shift's active posting for coverage, if any. */
  lookingForCoverageID: number | null;
}

/** One of the person's own shifts as the swap list gives it (GET /userMonthTrade, spec 2 section 3, "Own shift"). */
export interface OwnShift {
  start: string;
  endDateTime: string;
  scheduleId: number;
}

/** A person of a selector: getAgents, getAllTeam, getSups, getAMs, getCallSpecialists. */
export interface Person {
  agentId: number;
  initials: string | null;
  fullName: string;
}

/** GET /getAllTeam/{agentId}: the Team Calendar's members. */
export interface TeamMember extends Person {
  agentType: number;
}

/** GET /userTeamShifts/{agentId}: the team's shifts and their meal breaks. */
export interface TeamShift {
  id: number;
  scheduleId: number;
  agentID: number;
  initials: string | null;
  title: ' My Shift' | 'Meal Break';
  startTime: string;
  endTime: string;
  type: number;
  isCovering: boolean;
  payRate: number;
  cots: number;
}

/** GET /getCalendarDays/{from}/{to}: the posted dates of a range. */
export interface CalendarDay {
  date: string;
  holiday: 0 | 1;
}

/** GET /getOfferHistory/{agentId}: a line of an offer log. */
export interface LogLine {
  id: number;
  dateTime: string;
  message: string | null;
}

/** GET /approvedPersonal: personal time approved in the last 14 days. */
export interface ApprovedPersonal {
  id: number;
  agentID: number;
  initials: string | null;
  timeScheduleItemID: number | null;
  startTime: string;
  endTime: string;
  minutes: number;
  requestedAt: string;
}

/** GET /getMyStats/{agentId} and /getAllStats. */
export interface Stats {
  minWorked: number;
  shiftChanges: number;
}

/** GET /userPaidTime/{id}: a month of paid time, this month and the 12 before, newest first. */
export interface PaidTimeRow {
  month: string;
  minWorked: number;
  minVacation: number;
  minPersonal: number;
  minUnpaid: number;
  minPaid: number;
  minFMLA: number;
}

/** GET /userTrainingTime/{id}: a month of training minutes, newest first. */
export interface TrainingRow {
  month: string;
  minQA: number;
  minCo: number;
  minAdv: number;
  minTrain: number;
}

/** GET /getAttendance/{id}: a notice of absence on the record (FMLA ones are not sent). */
export interface Absence {
  noticeID: number;
  timeScheduleItemID: number | null;
  violationType: number;
  reason: number;
  startTime: string;
  endTime: string;
  vacationApplied: boolean;
  message: string | null;
  timestampGiven: string;
  minutes: number;
  minPersonal: number;
  minVacation: number;
}

/** GET /getMyTexts/{agentId}: a chat message, sent or received. */
export interface ChatMessage {
  msgID: number;
  fromEmpID: number;
  toEmpID: number;
  fromInitials: string | null;
  toInitials: string | null;
  message: string | null;
  dateTime: string;
  toReadDateTime: string | null;
}
