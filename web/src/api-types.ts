/**
 * The records the server's reads answer with, as the server declares them (server/reads/shapes.ts,
 * whose schemas also describe the reads in /api/openapi.json): a read whose shape changes fails
 * the web's type check. Type exports only, so nothing of the server reaches the browser bundle.
 */
export type {
  Absence,
  ApprovedPersonal,
  CalendarDay,
  ChatMessage,
  CoveragePosting,
  CutRequest,
  LogLine,
  LunchRequest,
  MainShift,
  MyCutRequest,
  MyLunchRequest,
  Offer,
  OfferInfo,
  OpenShift,
  PaidTimeRow,
  Person,
  PickupPosting,
  ScheduledShift as MonthShift,
  ShiftDetails,
  Stats,
  SubShift,
  TeamMember,
  TeamShift,
  TradeShift as OwnShift,
  TrainingRow,
  UserDetails,
  WantsHours,
} from '../../server/reads/shapes.ts';
