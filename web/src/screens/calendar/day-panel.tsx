import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import { useCodes, useParameter, usePayRateMultipliers, useRoles } from '../../engine.ts';
import { openToTradeText, payRateLabel, shiftTypeName } from '../../codes.ts';
import type { CoveragePosting, MonthShift, OpenShift, PickupPosting } from '../../api-types.ts';
import { Link } from '../../router.tsx';
import { allowed, can, useAgent } from '../../session.tsx';
import { fromApi, hoursAndMinutes, showDateTime, showRange, showWeekdayMonthDay } from '../../time.ts';
import { DataTable, Section } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { OfferedLink, RefusedAction } from '../../ui/offered.tsx';
import { NO_OFFER_ON_MINE, NO_OFFER_YET, usePostingsWithOffers, type MessageKind } from '../postings/offers-on.ts';
import { WhoCouldCover } from '../../ui/who-could-take.tsx';
import { hasShiftToOffer, inCutWindow, reservationLabel, scheduledMinutes, type ShiftWithBreaks } from './model.ts';

/**
 * A day's panel (spec 1 "Calendar screen"): the person's own shifts with their actions, and the
 * day's three sections. Actions lead to their screens; removals are decided by the server, whose
 * confirmation prompts and texts useSubmit shows word for word.
 */

/** Pay codes by their multiplier, any code past the list as the highest (spec 1: '1 x', '1.5 x', '2 x' or '3 x' for payRate 0, 1, 2, other). */
const rateOf = (code: number, multipliers: readonly (number | string)[] | null): string => {
  const highest = (multipliers?.length ?? 1) - 1;
  return payRateLabel(code >= 0 && code < highest ? code : highest, multipliers);
};

type ShiftRow = { shift: ShiftWithBreaks; part: ShiftWithBreaks | MonthShift };

function Actions({ children }: { children: ReactNode }): ReactNode {
  return <div className="actions calendar-actions">{children}</div>;
}

// eslint-disable-next-line max-lines-per-function -- one day's panel and its actions, sharing the day's state; left whole while the calendar screens are being reworked
export function DayPanel({
  date,
  myShifts,
  allMyShifts,
  coverage,
  hours,
  opens,
  bilingual,
}: {
  date: string;
  myShifts: ShiftWithBreaks[];
  allMyShifts: ShiftWithBreaks[];
  coverage: CoveragePosting[];
  hours: PickupPosting[];
  opens: OpenShift[];
  /** Agents whose postings read ', bilingual' (only filled for a Spanish-speaking viewer). */
  bilingual: Set<number>;
}): ReactNode {
  const me = useAgent();
  const roles = useRoles();
  const multipliers = usePayRateMultipliers();
  const { submit, busy } = useSubmit();
  const now = DateTime.local();
  const cutWindow = useParameter('cutRequestWindowMinutes');
  const codes = useCodes();
  const perms = me.permissions;
  const initials = (agentID: number, text: string | null): string => `${text ?? ''}${bilingual.has(agentID) ? ', bilingual' : ''}`;
  const remove = async (path: string): Promise<void> => {
    await submit({ method: 'put', path });
  };
  const withOffers: Record<MessageKind, Record<'mine' | 'theirs', Set<number> | null>> = {
    coverage: { mine: usePostingsWithOffers('coverage', true, me.agentId), theirs: usePostingsWithOffers('coverage', false, me.agentId) },
    hours: { mine: usePostingsWithOffers('hours', true, me.agentId), theirs: usePostingsWithOffers('hours', false, me.agentId) },
  };
  /**
   * Send Message writes about an offer on the posting (spec 2's sendMessage and sendMessageHours):
   * before there is one, it says so instead of leading to a screen with nothing to write about.
   */
  const sendMessage = (message: { to: string; kind: MessageKind; postingId: number }, mine: boolean): ReactNode => {
    const known = withOffers[message.kind][mine ? 'mine' : 'theirs'];
    if (known && !known.has(message.postingId)) {
      return (
        <RefusedAction message={mine ? NO_OFFER_ON_MINE : NO_OFFER_YET} explain="tooltip">
          Send Message
        </RefusedAction>
      );
    }
    return <Link to={message.to}>Send Message</Link>;
  };

  const rows: ShiftRow[] = myShifts.flatMap((shift) => [{ shift, part: shift }, ...shift.breaks.map((part) => ({ shift, part }))]);
  const covering = myShifts.some((s) => s.isCovering);
  const shiftActions = (s: ShiftWithBreaks): ReactNode => {
    // A shift already over takes none of them.
    if (fromApi(s.endTime) <= now) return null;
    return (
      <Actions>
        <OfferedLink action="postShift" input={{ timeScheduleItemId: s.id }} to={pathOf('postShift', s.id)}>
          Find Coverage
        </OfferedLink>
        {can(perms, 'requestPersonal') && <Link to={pathOf('requestPersonal', s.id)}>Request Personal</Link>}
        {can(perms, 'requestCut') && cutWindow !== null && inCutWindow(s, now, cutWindow) && <Link to={pathOf('requestCut', s.id)}>Request Cut</Link>}
        {/* Who may not give notice (rules/roles.json) still calls out: spec 1's Call Out (virtual shift) screen. */}
        {can(perms, 'giveNotice') ? (
          <OfferedLink action="giveNotice" input={{ timeScheduleItemId: s.id }} to={pathOf('callOut', s.id)}>
            Report Absence
          </OfferedLink>
        ) : (
          <Link to={pathOf('virtualShift', s.id)}>Call Out</Link>
        )}
        {myShifts.length > 1 && <Link to={pathOf('combine', date)}>Combine</Link>}
        {can(perms, 'requestLunch') && <Link to={pathOf('requestLunch', s.id)}>Request New Time for a Meal Break</Link>}
      </Actions>
    );
  };

  /**
   * A posting's actions: its owner's Edit and Remove; for others, the offer (or why none) and Chat.
   * Send Message (spec 2's sendMessage and sendMessageHours) writes about this posting's offers.
   */
  const postingActions = (
    owner: number,
    own: { edit: string; remove: string },
    offer: { to: string; label: string; action: string; input: Record<string, unknown> } | string,
    message: { to: string; kind: MessageKind; postingId: number },
  ): ReactNode => {
    if (owner === me.agentId) {
      return (
        <Actions>
          <Link to={own.edit}>Edit</Link>
          {sendMessage(message, true)}
          <button type="button" className="danger" disabled={busy} onClick={() => void remove(own.remove)}>
            Remove
          </button>
        </Actions>
      );
    }
    if (typeof offer === 'string') return offer;
    return (
      <Actions>
        <OfferedLink action={offer.action} input={offer.input} to={offer.to} explain="tooltip">
          {offer.label}
        </OfferedLink>
        {sendMessage(message, false)}
        {/* Whom one may start a chat with is rules/sendMessage.json's (the categories of one's rank). */}
        <OfferedLink action="sendMessage" input={{ toAgentId: owner }} to={`/chat?to=${owner}`} explain="tooltip">
          Chat
        </OfferedLink>
      </Actions>
    );
  };

  const training = (o: OpenShift): boolean => codes?.trainingShiftTypes.includes(o.type) ?? false;
  const mayDo = (permission: string, o: OpenShift): boolean => allowed(perms, permission).includes(o.type);
  const openActions = (o: OpenShift): ReactNode => {
    const t = training(o);
    return (
      <Actions>
        {mayDo(t ? 'claimOpenTrainingShift' : 'claimOpenShift', o) && (
          <OfferedLink
            action={t ? 'claimOpenTrainingShift' : 'claimOpenShift'}
            input={{ openShiftId: o.lookingForCoverageID }}
            whole={{ openShiftId: o.lookingForCoverageID, start: o.startTime, end: o.endTime }}
            to={pathOf(t ? 'coverOpenTrainingShift' : 'coverOpenShift', o.lookingForCoverageID)}
            explain="tooltip"
          >
            Claim
          </OfferedLink>
        )}
        {mayDo(t ? 'editOpenTrainingShift' : 'editOpenShift', o) && <Link to={pathOf(t ? 'editOpenTrainingShift' : 'editOpenShift', o.lookingForCoverageID)}>Edit</Link>}
        {mayDo('removeOpenShift', o) && (
          <button type="button" className="danger" disabled={busy} onClick={() => void remove(pathOf('removeOpenShift', o.lookingForCoverageID, me.agentId))}>
            Remove
          </button>
        )}
      </Actions>
    );
  };

  const day = DateTime.fromISO(date);
  return (
    <div className="calendar-panel">
      <Section title={`My Shifts For ${showWeekdayMonthDay(day)}`}>
        <p>You are scheduled for {hoursAndMinutes(scheduledMinutes(myShifts))} on this date.</p>
        <DataTable<ShiftRow>
          rows={rows}
          rowKey={(r) => r.part.id}
          empty="No scheduled shifts."
          columns={[
            { header: "Time I'm Scheduled", cell: (r) => showRange(r.part.startTime, r.part.endTime) },
            { header: 'Shift Type', cell: (r) => (r.part === r.shift ? shiftTypeName(r.part.type) : r.part.title.trim()) },
            covering && {
              header: 'Open Shift Bonus',
              cell: (r) => (r.part === r.shift && r.shift.isCovering ? `${rateOf(r.shift.payRate, multipliers)}, ${r.shift.cots} COTS` : ''),
            },
            { header: 'Action', cell: (r) => (r.part === r.shift ? shiftActions(r.shift) : null) },
          ]}
        />
        <p>
          <OfferedLink action="postWantWork" input={{}} className="button-link primary" to={pathOf('wantShift', date)}>
            I am available and want to pick up hours on this day.
          </OfferedLink>
        </p>
      </Section>

      <Section title="ASD Open Shifts">
        {(can(perms, 'createOpenShift') || can(perms, 'createOpenTrainingShift')) && (
          <p className="actions">
            {can(perms, 'createOpenShift') && (
              <Link className="button-link" to={pathOf('createOpen', date)}>
                Create Open Shift
              </Link>
            )}
            {can(perms, 'createOpenTrainingShift') && (
              <Link className="button-link" to={pathOf('createOpenTraining', date)}>
                Create Open Training Shift
              </Link>
            )}
          </p>
        )}
        <DataTable<OpenShift>
          rows={opens}
          rowKey={(o) => o.lookingForCoverageID}
          empty="No ASD open shifts."
          columns={[
            { header: 'Time', cell: (o) => showRange(o.startTime, o.endTime) },
            { header: 'Type', cell: (o) => reservationLabel(o, { agentType: me.rankNumber, spanish: me.spanish }, roles, now, showDateTime) ?? shiftTypeName(o.type) },
            // The openings left, which only training shifts have more than one of.
            opens.some(training) && { header: 'Available', cell: (o) => (training(o) ? o.quantityRemaining : '') },
            { header: 'Pay Rate', cell: (o) => rateOf(o.payRate, multipliers) },
            { header: 'Extra COTS', cell: (o) => o.openToCots },
            // Those who may change open shifts (supervisors and above, who see others' schedules) see
            // who could claim each, the types they may not edit (Supervisor shifts) as well.
            opens.some((o) => mayDo(training(o) ? 'editOpenTrainingShift' : 'editOpenShift', o)) && {
              header: 'Could Claim',
              cell: (o) => <WhoCouldCover kind="openShift" postingId={o.lookingForCoverageID} />,
            },
            { header: 'Action', cell: openActions },
          ]}
        />
      </Section>

      <Section title="Agents Seeking Hours">
        <DataTable<PickupPosting>
          rows={hours}
          rowKey={(h) => h.lookingToPickUpID}
          empty="No one is looking to pick up hours."
          columns={[
            { header: 'Initials', cell: (h) => initials(h.agentID, h.initials) },
            { header: "Time They're Available To Work", cell: (h) => showRange(h.startTime, h.endTime) },
            { header: 'Agent Type', cell: (h) => h.agentType },
            { header: 'Notes', cell: (h) => h.notes ?? '' },
            { header: 'Could Give Hours', cell: (h) => (h.agentID === me.agentId ? <WhoCouldCover kind="pickupPosting" postingId={h.lookingToPickUpID} /> : '') },
            {
              header: 'Action',
              cell: (h) =>
                postingActions(
                  h.agentID,
                  { edit: pathOf('editHours', h.lookingToPickUpID), remove: pathOf('removePosting', h.lookingToPickUpID) },
                  hasShiftToOffer(allMyShifts, h) ? { to: pathOf('offerShift', h.lookingToPickUpID), label: 'Offer Your Shift', action: 'postOfferGiveAway', input: { lookingToPickUpId: h.lookingToPickUpID } } : 'You have no shifts to offer.',
                  { to: pathOf('sendMessageHours', h.lookingToPickUpID), kind: 'hours', postingId: h.lookingToPickUpID },
                ),
            },
          ]}
        />
      </Section>

      <Section title="Agents Seeking Coverage">
        <DataTable<CoveragePosting>
          rows={coverage}
          rowKey={(c) => c.lookingForCoverageID}
          empty="No shifts available."
          columns={[
            { header: 'Initials', cell: (c) => initials(c.agentID, c.initials) },
            { header: "Time They're Giving Up", cell: (c) => showRange(c.startTime, c.endTime) },
            { header: 'Shift Type', cell: (c) => shiftTypeName(c.type) },
            { header: 'Open To Trade?', cell: (c) => openToTradeText(c.openToTrade) },
            { header: 'Notes', cell: (c) => c.notes ?? '' },
            // Only its poster may ask (a count); the list is for the Team Calendar.
            { header: 'Could Cover', cell: (c) => (c.agentID === me.agentId ? <WhoCouldCover postingId={c.lookingForCoverageID} /> : '') },
            {
              header: 'Action',
              cell: (c) =>
                postingActions(
                  c.agentID,
                  { edit: pathOf('editCoverage', c.lookingForCoverageID), remove: pathOf('removeShiftFromCoverage', c.lookingForCoverageID) },
                  { to: pathOf('offerCoverage', c.lookingForCoverageID), label: 'Send Offer', action: 'postOfferCoverage', input: { lookingForCoverageId: c.lookingForCoverageID } },
                  { to: pathOf('sendMessage', c.lookingForCoverageID), kind: 'coverage', postingId: c.lookingForCoverageID },
                ),
            },
          ]}
        />
      </Section>
    </div>
  );
}
