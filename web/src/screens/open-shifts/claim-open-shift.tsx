import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { OpenShift } from '../../api-types.ts';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { Page, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { daysBetween, TimeRangePicker, localDay } from '../../ui/time-range.tsx';
import { CLAIM_FAILURE, claimBody, OpenShiftFacts, PICK_TIMES, RESPONSIBLE_NOTE, useOpenShift, useTypeLabel } from './shared.tsx';
import { calendarOn } from '../../routes.ts';

/** Spec 3 section 2, Claim Open Shift's notes. */
export const CLAIM_NOTES = [
  'A shift with COTs must be claimed whole.',
  'Premium-pay shifts cannot be combined with a different pay rate.',
  RESPONSIBLE_NOTE,
];

/**
 * Claim Open Shift (spec 3 section 2, route coverOpenShift/{shiftId}): the shift's time, pay
 * multiplier and extra COTS, the notes, start and end (the whole shift to begin with, or part of
 * it) and 'Submit request'. The checks are rules/claimOpenShift.json, previewed as the times change.
 */
export function ClaimOpenShiftScreen({ params }: ScreenProps): ReactNode {
  const { shift, view } = useOpenShift(params.offerID, false);
  return <Page title="Claim Open Shift">{view ?? (shift && <ClaimForm shift={shift} />)}</Page>;
}

function ClaimForm({ shift }: { shift: OpenShift }): ReactNode {
  const agent = useAgent();
  const typeLabel = useTypeLabel(shift);
  const [start, setStart] = useState<string | null>(shift.startTime);
  const [end, setEnd] = useState<string | null>(shift.endTime);
  const input = start && end ? { openShiftId: shift.lookingForCoverageID, start, end } : null;
  const { preview, checking } = usePreview('claimOpenShift', input);
  const fix = useFix('claimOpenShift', input, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.start && f.end) {
      setStart(f.start);
      setEnd(f.end);
    }
  };
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const body = claimBody(agent.agentId, shift, start, end);
    if (!body) return;
    const done = await submit({ method: 'post', path: '/api/claimOpenShift', body, failure: CLAIM_FAILURE, decided: preview });
    if (done.ok) navigate(calendarOn(localDay(shift.startTime)));
  };
  return (
    <>
      <OpenShiftFacts shift={shift} typeLabel={typeLabel} />
      <ul className="open-shifts-notes" aria-label="Notes">
        {CLAIM_NOTES.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <form className="form" noValidate onSubmit={(e) => void send(e)} aria-label="Claim Open Shift">
        <p className="hint">The whole shift is picked; change the start or the end to claim part of it.</p>
        <TimeRangePicker startLegend="Start" endLegend="End" start={start} end={end} onStart={setStart} onEnd={setEnd} startDays={daysBetween(shift.startTime, shift.endTime)} />
        {input ? <PreviewNotice preview={preview} checking={checking} fix={<FixOffer fix={fix} labels={{ start: 'Claim' }} onUse={applyFix} />} /> : <p className="muted">{PICK_TIMES}</p>}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || !input}>
            Submit request
          </button>
        </div>
      </form>
    </>
  );
}
