import { useState, type ReactNode } from 'react';
import type { OwnShift, WantsHours } from '../../api-types.ts';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { easternDate, fromApi, showRange } from '../../time.ts';
import { ErrorText, Facts, Field, LoadedPage, Loading, SubmitRow } from '../../ui/components.tsx';
import { OfferedGate } from '../../ui/offered.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { PostingSummary, localDay } from '../../ui/time-range.tsx';
import { apiText, defaultExpiration, easternMonth, ExpirationPicker, HoursPicker, OfferForm, OfferMessage, payloadOf, type OfferInput, useOwnShifts, type Hours } from './shared.tsx';
import { read } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';

/** The request's type as the person asked for it (spec 2 section 4, want-work type). */
export function hoursTypeText(type: number): string {
  return type === 9 ? 'Supervisor hours' : type === 15 ? 'Customer Service hours' : type === 1 ? 'Call Specialist hours (Spanish)' : 'Call Specialist hours';
}

/** Spec 2: the dropdown lists one's shifts touching the start day or the end day of the request. */
export function shiftsForRequest(shifts: OwnShift[], request: WantsHours): OwnShift[] {
  const days = new Set([easternDate(request.startDatetime), easternDate(request.endDatetime)]);
  return shifts.filter((s) => days.has(easternDate(s.start)) || days.has(easternDate(s.endDateTime)));
}

/** The part of the shift inside the request's hours, or the whole shift when they do not meet. */
function defaultHours(shift: OwnShift, request: WantsHours): { start: string; end: string } {
  const start = fromApi(shift.start) < fromApi(request.startDatetime) ? request.startDatetime : shift.start;
  const end = fromApi(shift.endDateTime) > fromApi(request.endDatetime) ? request.endDatetime : shift.endDateTime;
  return fromApi(start) < fromApi(end) ? { start: apiText(start), end: apiText(end) } : { start: apiText(shift.start), end: apiText(shift.endDateTime) };
}

/** Offer Shift (spec 2, route offerShift): the route's offerID is the request for hours. */
export function OfferShiftScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Offer Shift" query={read('wantsHoursDetails', params.offerID ?? '')}>
      {(request) => (
        <OfferedGate action="postOfferGiveAway" input={{ lookingToPickUpId: request.lookingToPickUpID }}>
          <OfferShiftForm request={request} />
        </OfferedGate>
      )}
    </LoadedPage>
  );
}

function OfferShiftForm({ request }: { request: WantsHours }): ReactNode {
  const agent = useAgent();
  const own = useOwnShifts(agent.agentId, [easternMonth(request.startDatetime), easternMonth(request.endDatetime)]);
  const shifts = shiftsForRequest(own.shifts ?? [], request);
  const [picked, setPicked] = useState<number | null>(null);
  const [hours, setHours] = useState<Hours | null>(null);
  const [expiration, setExpiration] = useState<string | null>(defaultExpiration);
  const [message, setMessage] = useState('');
  const { submit, busy } = useSubmit();

  // The first shift is offered until another is chosen; its hours until others are picked.
  const shift = shifts.find((s) => s.scheduleId === picked) ?? shifts[0] ?? null;
  const range: Hours = hours ?? (shift ? defaultHours(shift, request) : { start: null, end: null });

  // The rule file's input (rules/postOfferGiveAway.json): the preview and the call send the same.
  const input: OfferInput<'/api/postOfferGiveAway'> = {
    lookingToPickUpId: request.lookingToPickUpID,
    swapScheduleId: shift?.scheduleId ?? null,
    swapAgentId: agent.agentId,
    swapStartDatetime: range.start,
    swapEndDatetime: range.end,
    expirationDatetime: expiration,
    coveringAgentId: request.agentID,
    offerMessage: message === '' ? null : message,
  };
  const asked = own.shifts !== null || own.error !== null ? input : null;
  const { preview, checking } = usePreview('postOfferGiveAway', asked);
  const fix = useFix('postOfferGiveAway', asked, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.swapStartDatetime && f.swapEndDatetime) setHours({ start: f.swapStartDatetime, end: f.swapEndDatetime });
  };

  const send = async (): Promise<void> => {
    const done = await submit({ method: 'post', path: '/api/postOfferGiveAway', body: payloadOf('/api/postOfferGiveAway', input, agent.agentId), lockMs: 1000, failure: 'FAILURE: Offer failed.', decided: preview });
    if (done.ok) navigate(calendarOn(localDay(request.startDatetime)));
  };

  return (
    <>
      <PostingSummary kind="hours" initials={request.initials} start={request.startDatetime} end={request.endDatetime} notes={request.notes} />
      <Facts name="offers-facts" items={[['Hours wanted', hoursTypeText(request.type)]]} />
      <OfferForm label="Offer your shift" onSend={send}>
        {own.error && <ErrorText message={own.error} />}
        {!own.shifts && !own.error && <Loading what="Loading your shifts" />}
        {own.shifts && shifts.length === 0 && <p className="muted">You have no shifts to offer.</p>}
        {shifts.length > 0 && (
          <Field label="Your shift">
            {(id) => (
              <select
                id={id}
                value={shift?.scheduleId ?? ''}
                onChange={(e) => {
                  setPicked(Number(e.target.value));
                  setHours(null);
                }}
              >
                {shifts.map((s) => (
                  <option key={s.scheduleId} value={s.scheduleId}>
                    {showRange(s.start, s.endDateTime)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {shift && <HoursPicker title="Hours offered" value={range} within={{ start: shift.start, end: shift.endDateTime }} onChange={setHours} />}
        <ExpirationPicker value={expiration} hoursStart={range.start} onChange={setExpiration} />
        <OfferMessage value={message} onChange={setMessage} />
        <SubmitRow
          label="Offer Shift"
          preview={preview}
          checking={checking}
          busy={busy}
          fix={<FixOffer fix={fix} labels={{ swapStartDatetime: 'Hours offered' }} onUse={applyFix} />}
        />
        <p className="muted">You are responsible for your shift until the other person confirms it and you receive a text saying so.</p>
        <p className="muted">Text messages may be sent to you about this offer.</p>
      </OfferForm>
    </>
  );
}
