import { useState, type ReactNode } from 'react';
import { openToTradeText } from '../../codes.ts';
import type { CoveragePosting, OwnShift } from '../../api-types.ts';
import { useCodes, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { ErrorText, Facts, Field, LoadedPage, SubmitRow } from '../../ui/components.tsx';
import { OfferedGate } from '../../ui/offered.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { PostingSummary, localDay } from '../../ui/time-range.tsx';
import type { Draft } from '../../api.ts';
import { apiText, defaultExpiration, easternMonth, ExpirationPicker, HoursPicker, nextEasternMonth, OfferForm, OfferMessage, payloadOf, withHours, type OfferInput, useOwnShifts, type Hours } from './shared.tsx';
import { read } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';

type Trade = 'none' | 'one' | 'two';

const TRADE_CHOICES: { value: Trade; label: string }[] = [
  { value: 'none', label: 'No swap' },
  { value: 'one', label: 'One swap' },
  { value: 'two', label: 'Two swap options' },
];

/** A swap as picked: no shift (or the other option's) means the first one offered, no hours the whole shift. */
interface SwapPick {
  scheduleId: number | null;
  start: string | null;
  end: string | null;
}

const NO_PICK: SwapPick = { scheduleId: null, start: null, end: null };

interface SwapValue {
  shift: OwnShift | null;
  start: string | null;
  end: string | null;
}

function swapValue(pick: SwapPick, shifts: OwnShift[], skip: number | null): SwapValue {
  const picked = pick.scheduleId === skip ? undefined : shifts.find((s) => s.scheduleId === pick.scheduleId);
  const shift = picked ?? shifts.find((s) => s.scheduleId !== skip) ?? null;
  if (!shift) return { shift, start: null, end: null };
  // Hours picked belong to the shift they were picked on.
  const own = picked !== undefined;
  return { shift, start: (own ? pick.start : null) ?? apiText(shift.start), end: (own ? pick.end : null) ?? apiText(shift.endDateTime) };
}

/** One swap option: which of one's own shifts, and which of its hours (all of it by default). */
function SwapChoice({ title, shifts, value, onChange }: { title: string; shifts: OwnShift[]; value: SwapValue; onChange: (p: SwapPick) => void }): ReactNode {
  const chosen = value.shift;
  return (
    <div className="offers-swap">
      <Field label={title} hint="The other person works these hours of your shift in return.">
        {(fieldId) => (
          <select
            id={fieldId}
            value={chosen?.scheduleId ?? ''}
            onChange={(e) => onChange({ scheduleId: e.target.value ? Number(e.target.value) : null, start: null, end: null })}
          >
            {!chosen && <option value="">Select a shift to swap</option>}
            {shifts.map((s) => (
              <option key={s.scheduleId} value={s.scheduleId}>
                {showRange(s.start, s.endDateTime)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen && (
        <HoursPicker
          title={title}
          value={value}
          within={{ start: chosen.start, end: chosen.endDateTime }}
          onChange={(h) => onChange({ scheduleId: chosen.scheduleId, ...h })}
        />
      )}
    </div>
  );
}

/** Offering Coverage (spec 2, route offerCoverage): the route's shiftID is the posting's id. */
export function OfferCoverageScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Offering Coverage" query={read('findShiftWantsCoverage', params.shiftID ?? '')}>
      {(posting) => (
        <OfferedGate action="postOfferCoverage" input={{ lookingForCoverageId: posting.lookingForCoverageID }}>
          <OfferCoverageForm posting={posting} />
        </OfferedGate>
      )}
    </LoadedPage>
  );
}

/**
 * The trade the offer makes (spec 2 section 4: no swap, one swap, two swap options; trades-only
 * postings take no "no swap") and the swap shifts picked for it, from one's own `shifts`.
 */
function useTrade(posting: CoveragePosting, fullOnly: boolean, shifts: OwnShift[]) {
  const [trade, setTrade] = useState<Trade>(posting.openToTrade === 2 ? 'one' : 'none');
  const [swap1, setSwap1] = useState<SwapPick>(NO_PICK);
  const [swap2, setSwap2] = useState<SwapPick>(NO_PICK);
  const choices = TRADE_CHOICES.filter((c) => {
    if (fullOnly || posting.openToTrade === 0) return c.value === 'none';
    if (posting.openToTrade === 2 && c.value === 'none') return false;
    return c.value === 'none' || shifts.length >= (c.value === 'one' ? 1 : 2);
  });
  const tradeShown = choices.some((c) => c.value === trade) ? trade : (choices[0]?.value ?? 'none');
  const first = tradeShown === 'none' ? null : swapValue(swap1, shifts, null);
  const second = tradeShown === 'two' ? swapValue(swap2, shifts, first?.shift?.scheduleId ?? null) : null;
  return { choices, tradeShown, setTrade, first, second, setSwap1, setSwap2 };
}

function TradeChoice({ choices, value, onChange }: { choices: typeof TRADE_CHOICES; value: Trade; onChange: (t: Trade) => void }): ReactNode {
  return (
    <fieldset className="offers-trade">
      <legend>Trade</legend>
      {choices.map((c) => (
        <label key={c.value} className="offers-radio">
          <input type="radio" name="trade" value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}

function OfferCoverageForm({ posting }: { posting: CoveragePosting }): ReactNode {
  const agent = useAgent();
  const fullOnly = useCodes()?.trainingShiftTypes.includes(posting.type) ?? false;
  const [cover, setCover] = useState<Hours>({ start: apiText(posting.startTime), end: apiText(posting.endTime) });
  const [expiration, setExpiration] = useState<string | null>(defaultExpiration);
  const [message, setMessage] = useState('');
  const { submit, busy } = useSubmit();
  // The swap list: one's own shifts of the posting's month and the next (spec 2 section 7, userMonthTrade).
  const own = useOwnShifts(agent.agentId, [easternMonth(posting.startTime), nextEasternMonth(posting.startTime)]);
  const shifts = own.shifts ?? [];
  const { choices, tradeShown, setTrade, first, second, setSwap1, setSwap2 } = useTrade(posting, fullOnly, shifts);

  // The rule file's input (rules/postOfferCoverage.json): the preview and the call send the same.
  const draft = {
    lookingForCoverageId: posting.lookingForCoverageID,
    coverageStartDatetime: cover.start,
    coverageEndDatetime: cover.end,
    swapScheduleId: first?.shift?.scheduleId ?? null,
    swapStartDatetime: first?.start ?? null,
    swapEndDatetime: first?.end ?? null,
    swapAgentId: first?.shift ? agent.agentId : null,
    swap2ScheduleId: second?.shift?.scheduleId ?? null,
    swap2StartDatetime: second?.start ?? null,
    swap2EndDatetime: second?.end ?? null,
    swap2AgentId: second?.shift ? agent.agentId : null,
    expirationDatetime: expiration,
    coveringAgentId: agent.agentId,
    offerMessage: message === '' ? null : message,
    lookingToPickUpId: null,
  } satisfies Draft<OfferInput<'/api/postOfferCoverage'>>;
  const input = withHours(draft);
  // Asked once the swap list is in, so a trades-only posting does not flash "Select a shift to swap.".
  const ready = cover.start !== null && cover.end !== null && (own.shifts !== null || own.error !== null);
  const { preview, checking } = usePreview('postOfferCoverage', ready ? input : null);
  const fix = useFix('postOfferCoverage', ready ? input : null, preview);
  // The fix's hours go into the pickers they belong to; the swaps keep the shifts they are on.
  const applyFix = (f: Record<string, string>): void => {
    if (f.coverageStartDatetime && f.coverageEndDatetime) setCover({ start: f.coverageStartDatetime, end: f.coverageEndDatetime });
    if (f.swapStartDatetime && f.swapEndDatetime && first?.shift) setSwap1({ scheduleId: first.shift.scheduleId, start: f.swapStartDatetime, end: f.swapEndDatetime });
    if (f.swap2StartDatetime && f.swap2EndDatetime && second?.shift) setSwap2({ scheduleId: second.shift.scheduleId, start: f.swap2StartDatetime, end: f.swap2EndDatetime });
  };

  const send = async (): Promise<void> => {
    // Spec 2: the button stays locked for 1 second after a click; a call that fails undecided
    // says the spec's 'Offer failed.' ('Offers failed.' for two swap options) first.
    const failure = second?.shift ? 'ERROR: Offers failed.' : 'ERROR: Offer failed.';
    if (!input) return;
    const done = await submit({ method: 'post', path: '/api/postOfferCoverage', body: payloadOf('/api/postOfferCoverage', input, agent.agentId), lockMs: 1000, failure, decided: preview });
    if (done.ok) navigate(calendarOn(localDay(posting.startTime)));
  };

  return (
    <>
      <PostingSummary kind="coverage" initials={posting.initials} start={posting.startTime} end={posting.endTime} type={posting.type} notes={posting.notes} />
      <Facts name="offers-facts" items={[['Open To Trade?', openToTradeText(posting.openToTrade)]]} />
      <OfferForm label="Offer coverage" onSend={send}>
        {fullOnly ? (
          <p>Coverage: {showRange(posting.startTime, posting.endTime)}</p>
        ) : (
          <HoursPicker title="Coverage" value={cover} within={{ start: posting.startTime, end: posting.endTime }} onChange={setCover} />
        )}
        {choices.length > 1 || tradeShown !== 'none' ? <TradeChoice choices={choices} value={tradeShown} onChange={setTrade} /> : null}
        {!fullOnly && posting.openToTrade !== 0 && own.shifts && shifts.length === 0 && <p className="muted">You have no shifts to offer.</p>}
        {own.error && <ErrorText message={own.error} />}
        {first && <SwapChoice title={tradeShown === 'two' ? 'Swap shift [Trade #1]' : 'Swap shift'} shifts={shifts} value={first} onChange={setSwap1} />}
        {second && <SwapChoice title="Swap shift [Trade #2]" shifts={shifts.filter((s) => s.scheduleId !== first?.shift?.scheduleId)} value={second} onChange={setSwap2} />}
        <ExpirationPicker value={expiration} hoursStart={cover.start} onChange={setExpiration} />
        <OfferMessage value={message} onChange={setMessage} />
        <SubmitRow
          label="Submit Offer"
          preview={preview}
          checking={checking}
          busy={busy}
          fix={<FixOffer fix={fix} labels={{ coverageStartDatetime: 'Coverage', swapStartDatetime: tradeShown === 'two' ? 'Swap shift [Trade #1]' : 'Swap shift', swap2StartDatetime: 'Swap shift [Trade #2]' }} onUse={applyFix} />}
        />
        <p className="muted">By sending an offer you agree to receive text messages about it.</p>
      </OfferForm>
    </>
  );
}
