import type { ReadData, ReadName } from './queries.ts';
import type { AnswerOf } from './api.ts';

/**
 * The records the screens show, as the API's reads answer with them (web/src/api-schema.d.ts,
 * generated from /api/openapi.json): a read whose shape changes fails the web's type check.
 */
type Row<N extends ReadName> = ReadData<N> extends (infer R)[] ? R : ReadData<N>;

export type Absence = Row<'getAttendance'>;
export type ChatMessage = Row<'getMyTexts'>;
export type CoveragePosting = Row<'lookupPosting'>;
export type CutRequest = Row<'lookupCut'>;
export type LunchRequest = Row<'lookupLunch'>;
export type MyCutRequest = Row<'getMyCutRequests'>;
export type MyLunchRequest = Row<'getMyLunchRequests'>;
export type MainShift = Row<'getCutMainShifts'>;
export type SubShift = Row<'getCutSubShifts'>;
export type Inbox = ReadData<'inbox'>;
export type UnreadCounts = ReadData<'inbox/summary'>;
export type Offer = Row<'detailedAllOffersForMyShifts'>;
export type OfferInfo = Row<'detailedOfferInfo'>;
export type OpenShift = Row<'pendingOpenShifts'>;
export type PaidTimeRow = Row<'userPaidTime'>;
export type TrainingRow = Row<'userTrainingTime'>;
export type PickupPosting = Row<'teamLookingForHours'>;
export type WantsHours = Row<'wantsHoursDetails'>;
export type MonthShift = Row<'userMonthShifts'>;
export type OwnShift = Row<'userMonthTrade'>;
export type ShiftDetails = Row<'getShiftDetails'>;
export type UserDetails = Row<'getUserDetails'>;
export type TeamMember = Row<'getAllTeam'>;
export type TeamShift = Row<'userTeamShifts'>;
export type WhoCouldTake = ReadData<'whoCouldTakeOpenShift'>;
export type WhoCouldTakeEach = Row<'whoCouldTakeCoveragePostings'>;
export type TakeCandidate = NonNullable<WhoCouldTake['people']>[number];
/** The person signed in, as POST /api/login answers. */
export type SignedIn = AnswerOf<'/api/login', 'post'>;
