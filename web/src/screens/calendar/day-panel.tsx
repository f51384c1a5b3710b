import { useQueries, type QueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useEffect, useState, type ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import { useCodes, useParameter, usePayRateMultipliers, useRoles } from '../../engine.ts';
import { openToTradeText, payRateLabel, shiftTypeName } from '../../codes.ts';
import type { CoveragePosting, MonthShift, OpenShift, PickupPosting } from '../../api-types.ts';
import { Link } from '../../router.tsx';
import { allowed, can, useAgent, type Permissions } from '../../session.tsx';
import { fromApi, hoursAndMinutes, showDateTime, showRange, showWeekdayMonthDay } from '../../time.ts';
import { DataTable, Section } from '../../ui/components.tsx';
import { useSubmit, type ActionCall } from '../../ui/submit.tsx';
import { OfferedChecksWait, OfferedLink, RefusedAction } from '../../ui/offered.tsx';
import { NO_OFFER_ON_MINE, NO_OFFER_YET, usePostingsWithOffers, type MessageKind } from '../postings/offers-on.ts';
import { WhoCouldCover, whoCouldTakeRead, type WhoCouldTakeKind } from '../../ui/who-could-take.tsx';
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

/** A day's postings and open shifts, as the panel lists them. */
export interface DayPostings {
  coverage: CoveragePosting[];
  hours: PickupPosting[];
  opens: OpenShift[];
}

/** Whether the viewer may edit an open shift (rules/roles.json), the training types by the rules' codes. */
export function useMayEditOpen(): (o: OpenShift) => boolean {
  const { permissions } = useAgent();
  const codes = useCodes();
  return (o) => allowed(permissions, codes?.trainingShiftTypes.includes(o.type) ? 'editOpenTrainingShift' : 'editOpenShift').includes(o.type);
}

/**
 * Whom the panel asks who could take what: its poster, each of their own postings (a count); those
 * who may change open shifts (supervisors and above, who see others' schedules), every open shift,
 * the types they may not edit (Supervisor shifts) as well. Keys `${kind}:${id}`, with the reads.
 */
export function whoCouldTakeAsked(day: DayPostings, agentId: number, mayEditOpen: (o: OpenShift) => boolean): Map<string, { kind: WhoCouldTakeKind; postingId: number }> {
  const asked: { kind: WhoCouldTakeKind; postingId: number }[] = [
    ...day.coverage.filter((c) => c.agentID === agentId).map((c) => ({ kind: 'coveragePosting' as const, postingId: c.lookingForCoverageID })),
    ...day.hours.filter((h) => h.agentID === agentId).map((h) => ({ kind: 'pickupPosting' as const, postingId: h.lookingToPickUpID })),
    ...(day.opens.some(mayEditOpen) ? day.opens.map((o) => ({ kind: 'openShift' as const, postingId: o.lookingForCoverageID })) : []),
  ];
  return new Map(asked.map((a) => [`${a.kind}:${a.postingId}`, a]));
}

/**
 * Asks, at once, who could take what the day's panel will show (on the click that opens it, before
 * the panel is drawn and asks what it offers): the count is what its poster opened the day for.
 */
export function askWhoCouldTake(client: QueryClient, asked: ReturnType<typeof whoCouldTakeAsked>): void {
  for (const a of asked.values()) void client.prefetchQuery(whoCouldTakeRead(a.kind, a.postingId));
}

/** The longest the checks wait for a frame to be drawn (none is, in a tab out of sight). */
const DRAWN_WITHIN_MS = 500;

/**
 * `busy`, and then until the next frame has been drawn: what ends it (the count) is on screen
 * before the work it held back (deciding what is offered, in this page's one thread) begins.
 */
function useUntilDrawn(busy: boolean): boolean {
  const [drawn, setDrawn] = useState(!busy);
  if (busy && drawn) setDrawn(false);
  useEffect(() => {
    if (busy || drawn) return;
    let timer = 0;
    const done = (): void => setDrawn(true);
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(done);
    });
    const fallback = window.setTimeout(done, DRAWN_WITHIN_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [busy, drawn]);
  return busy || !drawn;
}

interface DayPanelProps extends DayPostings {
  date: string;
  /** Whether the calendar's reads, and so the day's postings, are still loading. */
  loading: boolean;
  myShifts: ShiftWithBreaks[];
  allMyShifts: ShiftWithBreaks[];
  /** Agents whose postings read ', bilingual' (only filled for a Spanish-speaking viewer). */
  bilingual: Set<number>;
}

/** What the panel's sections share: who is looking, the one submit of the panel's removals, and the posting lists' helpers. */
interface PanelContext {
  agentId: number;
  perms: Permissions;
  busy: boolean;
  remove: (call: ActionCall) => Promise<void>;
  initials: (agentID: number, text: string | null) => string;
  sendMessage: (message: MessageLink, mine: boolean) => ReactNode;
  /** Whether the panel shows who could take this posting or open shift. */
  asksWho: (kind: WhoCouldTakeKind, postingId: number) => boolean;
}

interface MessageLink {
  to: string;
  kind: MessageKind;
  postingId: number;
}

/** Which postings have offers to write about, mine and others' (Send Message needs one). */
function useSendMessage(agentId: number): PanelContext['sendMessage'] {
  const withOffers: Record<MessageKind, Record<'mine' | 'theirs', Set<number> | null>> = {
    coverage: { mine: usePostingsWithOffers('coverage', true, agentId), theirs: usePostingsWithOffers('coverage', false, agentId) },
    hours: { mine: usePostingsWithOffers('hours', true, agentId), theirs: usePostingsWithOffers('hours', false, agentId) },
  };
  /**
   * Send Message writes about an offer on the posting (spec 2's sendMessage and sendMessageHours):
   * before there is one, it says so instead of leading to a screen with nothing to write about.
   */
  return (message, mine) => {
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
}

export function DayPanel({ date, loading, myShifts, allMyShifts, coverage, hours, opens, bilingual }: DayPanelProps): ReactNode {
  const me = useAgent();
  const { submit, busy } = useSubmit();
  const asked = whoCouldTakeAsked({ coverage, hours, opens }, me.agentId, useMayEditOpen());
  // What is offered is checked once the day's postings are known and their counts shown: each
  // check is a request of its own, and the counts' requests, asked first, are answered first.
  const counting = useQueries({ queries: [...asked.values()].map((a) => whoCouldTakeRead(a.kind, a.postingId)) }).some((q) => q.isPending);
  const checksWait = useUntilDrawn(loading || counting);
  const ctx: PanelContext = {
    agentId: me.agentId,
    perms: me.permissions,
    busy,
    remove: async (call) => {
      await submit(call);
    },
    initials: (agentID, text) => `${text ?? ''}${bilingual.has(agentID) ? ', bilingual' : ''}`,
    sendMessage: useSendMessage(me.agentId),
    asksWho: (kind, postingId) => asked.has(`${kind}:${postingId}`),
  };
  return (
    <OfferedChecksWait value={checksWait}>
      <div className="calendar-panel">
        <MyShiftsSection date={date} myShifts={myShifts} perms={ctx.perms} />
        <OpenShiftsSection date={date} opens={opens} ctx={ctx} />
        <HoursSection hours={hours} allMyShifts={allMyShifts} ctx={ctx} />
        <CoverageSection coverage={coverage} ctx={ctx} />
      </div>
    </OfferedChecksWait>
  );
}

function MyShiftsSection({ date, myShifts, perms }: { date: string; myShifts: ShiftWithBreaks[]; perms: Permissions }): ReactNode {
  const multipliers = usePayRateMultipliers();
  const cutWindow = useParameter('cutRequestWindowMinutes');
  const now = DateTime.local();
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
  return (
    <Section title={`My Shifts For ${showWeekdayMonthDay(DateTime.fromISO(date))}`}>
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
  );
}

function OpenShiftActions({ o, training, ctx }: { o: OpenShift; training: boolean; ctx: PanelContext }): ReactNode {
  const mayDo = (permission: string): boolean => allowed(ctx.perms, permission).includes(o.type);
  const t = training;
  return (
    <Actions>
      {mayDo(t ? 'claimOpenTrainingShift' : 'claimOpenShift') && (
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
      {mayDo(t ? 'editOpenTrainingShift' : 'editOpenShift') && <Link to={pathOf(t ? 'editOpenTrainingShift' : 'editOpenShift', o.lookingForCoverageID)}>Edit</Link>}
      {mayDo('removeOpenShift') && (
        <button
          type="button"
          className="danger"
          disabled={ctx.busy}
          onClick={() => void ctx.remove({ method: 'put', path: '/api/removeOpenShift/{id}/{id2}', params: { id: o.lookingForCoverageID, id2: ctx.agentId } })}
        >
          Remove
        </button>
      )}
    </Actions>
  );
}

function OpenShiftsSection({ date, opens, ctx }: { date: string; opens: OpenShift[]; ctx: PanelContext }): ReactNode {
  const me = useAgent();
  const roles = useRoles();
  const codes = useCodes();
  const multipliers = usePayRateMultipliers();
  const now = DateTime.local();
  const { perms } = ctx;
  const training = (o: OpenShift): boolean => codes?.trainingShiftTypes.includes(o.type) ?? false;
  return (
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
          opens.some((o) => ctx.asksWho('openShift', o.lookingForCoverageID)) && {
            header: 'Could Claim',
            cell: (o) => <WhoCouldCover kind="openShift" postingId={o.lookingForCoverageID} />,
          },
          { header: 'Action', cell: (o) => <OpenShiftActions o={o} training={training(o)} ctx={ctx} /> },
        ]}
      />
    </Section>
  );
}

/**
 * A posting's actions: its owner's Edit and Remove; for others, the offer (or why none) and Chat.
 * Send Message (spec 2's sendMessage and sendMessageHours) writes about this posting's offers.
 */
function PostingActions({
  owner,
  own,
  offer,
  message,
  ctx,
}: {
  owner: number;
  own: { edit: string; remove: ActionCall };
  offer: { to: string; label: string; action: string; input: Record<string, unknown> } | string;
  message: MessageLink;
  ctx: PanelContext;
}): ReactNode {
  if (owner === ctx.agentId) {
    return (
      <Actions>
        <Link to={own.edit}>Edit</Link>
        {ctx.sendMessage(message, true)}
        <button type="button" className="danger" disabled={ctx.busy} onClick={() => void ctx.remove(own.remove)}>
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
      {ctx.sendMessage(message, false)}
      {/* Whom one may start a chat with is rules/sendMessage.json's (the categories of one's rank). */}
      <OfferedLink action="sendMessage" input={{ toAgentId: owner }} to={`/chat?to=${owner}`} explain="tooltip">
        Chat
      </OfferedLink>
    </Actions>
  );
}

function HoursSection({ hours, allMyShifts, ctx }: { hours: PickupPosting[]; allMyShifts: ShiftWithBreaks[]; ctx: PanelContext }): ReactNode {
  const actions = (h: PickupPosting): ReactNode => {
    const id = h.lookingToPickUpID;
    const offer = hasShiftToOffer(allMyShifts, h) ? { to: pathOf('offerShift', id), label: 'Offer Your Shift', action: 'postOfferGiveAway', input: { lookingToPickUpId: id } } : 'You have no shifts to offer.';
    const own = { edit: pathOf('editHours', id), remove: { method: 'put', path: '/api/removePosting/{id}', params: { id } } } as const;
    return <PostingActions owner={h.agentID} own={own} offer={offer} message={{ to: pathOf('sendMessageHours', id), kind: 'hours', postingId: id }} ctx={ctx} />;
  };
  return (
    <Section title="Agents Seeking Hours">
      <DataTable<PickupPosting>
        rows={hours}
        rowKey={(h) => h.lookingToPickUpID}
        empty="No one is looking to pick up hours."
        columns={[
          { header: 'Initials', cell: (h) => ctx.initials(h.agentID, h.initials) },
          { header: "Time They're Available To Work", cell: (h) => showRange(h.startTime, h.endTime) },
          { header: 'Agent Type', cell: (h) => h.agentType },
          { header: 'Notes', cell: (h) => h.notes ?? '' },
          { header: 'Could Give Hours', cell: (h) => (ctx.asksWho('pickupPosting', h.lookingToPickUpID) ? <WhoCouldCover kind="pickupPosting" postingId={h.lookingToPickUpID} /> : '') },
          { header: 'Action', cell: actions },
        ]}
      />
    </Section>
  );
}

function CoverageSection({ coverage, ctx }: { coverage: CoveragePosting[]; ctx: PanelContext }): ReactNode {
  const actions = (c: CoveragePosting): ReactNode => {
    const id = c.lookingForCoverageID;
    const offer = { to: pathOf('offerCoverage', id), label: 'Send Offer', action: 'postOfferCoverage', input: { lookingForCoverageId: id } };
    const own = { edit: pathOf('editCoverage', id), remove: { method: 'put', path: '/api/removeShiftFromCoverage/{id}', params: { id } } } as const;
    return <PostingActions owner={c.agentID} own={own} offer={offer} message={{ to: pathOf('sendMessage', id), kind: 'coverage', postingId: id }} ctx={ctx} />;
  };
  return (
    <Section title="Agents Seeking Coverage">
      <DataTable<CoveragePosting>
        rows={coverage}
        rowKey={(c) => c.lookingForCoverageID}
        empty="No shifts available."
        columns={[
          { header: 'Initials', cell: (c) => ctx.initials(c.agentID, c.initials) },
          { header: "Time They're Giving Up", cell: (c) => showRange(c.startTime, c.endTime) },
          { header: 'Shift Type', cell: (c) => shiftTypeName(c.type) },
          { header: 'Open To Trade?', cell: (c) => openToTradeText(c.openToTrade) },
          { header: 'Notes', cell: (c) => c.notes ?? '' },
          // Only its poster may ask (a count); the list is for the Team Calendar.
          { header: 'Could Cover', cell: (c) => (ctx.asksWho('coveragePosting', c.lookingForCoverageID) ? <WhoCouldCover postingId={c.lookingForCoverageID} /> : '') },
          { header: 'Action', cell: actions },
        ]}
      />
    </Section>
  );
}
