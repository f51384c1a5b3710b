import { DateTime } from 'luxon';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParameterTexts, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { OpenShift } from '../../api-types.ts';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { fromApi, showRange, toApi } from '../../time.ts';
import { Page, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { daysBetween, TimeRangePicker, localDay } from '../../ui/time-range.tsx';
import { claimBody, OpenShiftFacts, PICK_TIMES, RESPONSIBLE_NOTE, TRAINING_CLAIM_FAILURE, useOpenShift, useTypeLabel } from './shared.tsx';
import { calendarOn } from '../../routes.ts';

/** Spec 3 section 2, Claim Open Training Shift's notes; the limits from rules/parameters.json (useParameterTexts). */
export const TRAINING_CLAIM_NOTES = [
  'A training shift cannot be combined with an operations shift.',
  'QA Review coverage is open to QA Reviewers and above.',
  'Training Class and Watch Week coverage is open to Advanced Trainers.',
  'QA Reviews: max {param:overtimeWeekMinutes|hours} hours a week and max {param:qaDayMaxMinutes|hours} hours a day.',
  'Training Class and Watch Week must be claimed in full.',
];

const QA_REVIEWS = 61;
/** Spec 3 section 9: a claim starts at least 2 minutes from now. */
const LEAD_MINUTES = 2;

/**
 * Claim Open Training Shift (spec 3 section 2, route coverOpenTrainingShift/{offerID}): QA Reviews
 * are claimed for hours picked within the shift (one hour to begin with); Training Class and Watch
 * Week in full, their times fixed. The checks are rules/claimOpenTrainingShift.json, previewed.
 */
export function ClaimOpenTrainingScreen({ params }: ScreenProps): ReactNode {
  const { shift, view } = useOpenShift(params.offerID, true);
  return <Page title="Claim Open Training Shift">{view ?? (shift && <ClaimTraining shift={shift} />)}</Page>;
}

/** A QA claim's first hour: the shift's start, or the first whole hour it allows from now. */
function firstHour(shift: OpenShift): { start: string; end: string } {
  const shiftStart = fromApi(shift.startTime);
  const soonest = DateTime.now().plus({ minutes: LEAD_MINUTES });
  const start = shiftStart >= soonest ? shiftStart : shiftStart.plus({ hours: Math.ceil(soonest.diff(shiftStart, 'hours').hours) });
  return { start: toApi(start), end: toApi(start.plus({ hours: 1 })) };
}

function ClaimTraining({ shift }: { shift: OpenShift }): ReactNode {
  const agent = useAgent();
  const typeLabel = useTypeLabel(shift);
  const notes = useParameterTexts(TRAINING_CLAIM_NOTES);
  const fixed = shift.type !== QA_REVIEWS;
  const [hours, setHours] = useState<{ start: string | null; end: string | null }>(() => (fixed ? { start: shift.startTime, end: shift.endTime } : firstHour(shift)));
  const start = fixed ? shift.startTime : hours.start;
  const end = fixed ? shift.endTime : hours.end;
  const input = start && end ? { openShiftId: shift.lookingForCoverageID, start, end } : null;
  const { preview, checking } = usePreview('claimOpenTrainingShift', input);
  // Only hours the person picks are theirs to change: a fixed training shift is claimed whole.
  const fix = useFix('claimOpenTrainingShift', fixed ? null : input, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.start && f.end) setHours({ start: f.start, end: f.end });
  };
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const body = claimBody(agent.agentId, shift, start, end);
    if (!body) return;
    const done = await submit({ method: 'post', path: '/api/claimOpenTrainingShift', body, failure: TRAINING_CLAIM_FAILURE });
    if (done.ok) navigate(calendarOn(localDay(shift.startTime)));
  };
  return (
    <>
      <OpenShiftFacts shift={shift} typeLabel={typeLabel} extra={[['Openings left', shift.quantityRemaining]]} />
      <ul className="open-shifts-notes" aria-label="Notes">
        {(notes ?? []).map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <form className="form" noValidate onSubmit={(e) => void send(e)} aria-label="Claim Open Training Shift">
        {fixed ? (
          <p>
            <strong>Hours claimed:</strong> {showRange(shift.startTime, shift.endTime)}
          </p>
        ) : (
          <TimeRangePicker
            startLegend="Start"
            endLegend="End"
            start={hours.start}
            end={hours.end}
            onStart={(s) => setHours((h) => ({ ...h, start: s }))}
            onEnd={(x) => setHours((h) => ({ ...h, end: x }))}
            startDays={daysBetween(shift.startTime, shift.endTime)}
          />
        )}
        <p className="hint">{RESPONSIBLE_NOTE}</p>
        {input ? <PreviewNotice preview={preview} checking={checking} fix={<FixOffer fix={fix} labels={{ start: 'Claim' }} onUse={applyFix} />} /> : <p className="muted">{PICK_TIMES}</p>}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || !input}>
            Claim Shift
          </button>
        </div>
      </form>
    </>
  );
}
