import { describe, expectTypeOf, it } from 'vitest';
import type { calendarDays, ScheduledShift, AgentName } from '../../server/reads/calendar.ts';
import type { OfferInfo as ServerOfferInfo, ShiftDetails as ServerShiftDetails, UserDetails as ServerUserDetails } from '../../server/reads/details.ts';
import type { CoveragePosting as ServerCoveragePosting, Offer as ServerOffer, OpenShift as ServerOpenShift, PickupPosting as ServerPickupPosting } from '../../server/reads/records.ts';
import type { ApprovedPersonal as ServerApprovedPersonal, LogLine as ServerLogLine, Stats as ServerStats } from '../../server/routes/history.ts';
import type { WantsHours as ServerWantsHours } from '../../server/routes/postings.ts';
import type { Person as ServerPerson, TeamMember as ServerTeamMember, TeamShift as ServerTeamShift } from '../../server/routes/team.ts';
import type { ChatMessage as ServerChatMessage } from '../../server/routes/chat.ts';
import type { Absence as ServerAbsence, AttendancePerson, PaidTimeRow as ServerPaidTimeRow, TrainingRow as ServerTrainingRow } from '../../server/routes/time-off.ts';
import type * as Web from '../../web/src/records.ts';

/**
 * The web's copy of the read records (web/src/records.ts) is the server's, field for field: the
 * type check (`npx tsc --noEmit`, part of `npm test`) fails when a read's shape changes and the
 * screens' type does not follow.
 */
describe("the web's read records", () => {
  it('are the shapes the server answers with', () => {
    expectTypeOf<Web.CoveragePosting>().toEqualTypeOf<ServerCoveragePosting>();
    expectTypeOf<Web.PickupPosting>().toEqualTypeOf<ServerPickupPosting>();
    expectTypeOf<Web.WantsHours>().toEqualTypeOf<ServerWantsHours>();
    expectTypeOf<Web.OpenShift>().toEqualTypeOf<ServerOpenShift>();
    expectTypeOf<Web.Offer>().toEqualTypeOf<ServerOffer>();
    expectTypeOf<Web.OfferInfo>().toEqualTypeOf<ServerOfferInfo>();
    expectTypeOf<Web.ShiftDetails>().toEqualTypeOf<ServerShiftDetails>();
    expectTypeOf<Web.UserDetails>().toEqualTypeOf<ServerUserDetails>();
    expectTypeOf<Web.MonthShift>().toEqualTypeOf<ScheduledShift>();
    expectTypeOf<Web.Person>().toEqualTypeOf<AgentName>();
    expectTypeOf<Web.Person>().toEqualTypeOf<ServerPerson>();
    expectTypeOf<Web.TeamMember>().toEqualTypeOf<ServerTeamMember>();
    expectTypeOf<Web.TeamShift>().toEqualTypeOf<ServerTeamShift>();
    expectTypeOf<Web.CalendarDay[]>().toEqualTypeOf<Awaited<ReturnType<typeof calendarDays>>>();
    expectTypeOf<Web.LogLine>().toEqualTypeOf<ServerLogLine>();
    expectTypeOf<Web.ApprovedPersonal>().toEqualTypeOf<ServerApprovedPersonal>();
    expectTypeOf<Web.Stats>().toEqualTypeOf<ServerStats>();
    expectTypeOf<Web.PaidTimeRow>().toEqualTypeOf<ServerPaidTimeRow>();
    // The server writes its training row as an intersection (month and one field per column).
    expectTypeOf<Web.TrainingRow>().toEqualTypeOf<{ [K in keyof ServerTrainingRow]: ServerTrainingRow[K] }>();
    expectTypeOf<Web.Absence>().toEqualTypeOf<ServerAbsence>();
    expectTypeOf<Web.TeamMember>().toEqualTypeOf<AttendancePerson>();
    expectTypeOf<Web.ChatMessage>().toEqualTypeOf<ServerChatMessage>();
  });
});
