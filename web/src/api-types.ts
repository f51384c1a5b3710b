/**
 * The records the server's reads answer with, as the server declares them (server/reads/shapes.ts,
 * whose schemas also describe the reads in /api/openapi.json): a read whose shape changes fails
 * the web's type check. Type exports only, so nothing of the server reaches the browser bundle.
 */
export type {
  Absence,
  ChatMessage,
  CoveragePosting,
  CutRequest,
  FeedAddress,
  Inbox,
  LunchRequest,
  MainShift,
  MyCutRequest,
  MyLunchRequest,
  NoticeSettings,
  Offer,
  OfferInfo,
  OpenShift,
  PaidTimeRow,
  PickupPosting,
  ScheduledShift as MonthShift,
  ShiftDetails,
  SubShift,
  TeamMember,
  TeamShift,
  TradeShift as OwnShift,
  TrainingRow,
  UnreadCounts,
  UserDetails,
  WantsHours,
  TakeCandidate,
  WhoCouldTake,
  WhoCouldTakeEach,
} from '../../server/reads/shapes.ts';
/** What every action call answers, from the schema its routes declare (server/contract.ts). */
export type { ActionAnswer } from '../../server/contract.ts';
