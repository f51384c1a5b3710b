import { useState, type FormEvent, type ReactNode } from 'react';
import { useParameterTexts, usePreview, type Preview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { Page, Section, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { daysBetween, TimeRangePicker, localDay } from '../../ui/time-range.tsx';
import { Balance, ShiftSummary, shiftIdOf, useShiftAndAgent } from './shift.tsx';
import type { ShiftDetails, UserDetails } from '../../api-types.ts';
import { calendarOn } from '../../routes.ts';

/**
 * Request Personal Time (spec 3): part or all of a shift as personal time, approved at once
 * (POST /api/requestPersonal). The engine's preview gives the rule that stops a request and, for
 * one that goes through, the balance it leaves.
 */

/** Spec 3 section 5's rules, as reminders before the person asks; the values from rules/parameters.json (useParameterTexts). */
const REMINDERS = [
  'Personal time must be requested at least {param:personalLeadMinutes|hours} hour before it starts, and the shift must start at least {param:personalLeadMinutes|hours} hour from now.',
  'The time you request must be within your shift, its start before its end.',
  'If you gave notice of leaving the shift early, your personal time must end by the time you gave for leaving.',
  'QA Review, Training Class and Watch Week shifts cannot be converted to personal time.',
  'The meal break in the hours is not taken from your balance: {param:deductionLongMinutes} minutes for {param:deductionLongFromMinutes|hours} hours or more, {param:deductionMidMinutes} for {param:deductionMidFromMinutes|hours} hours or more, {param:deductionShortMinutes} for {param:deductionShortFromMinutes|hours} hours or more.',
  'No personal time from {param:personalBlockFrom|monthDay} to {param:personalBlockTo|monthDay}, nor on the day before, of, or after a holiday.',
  'A request is denied when too many people are already on Personal/Vacation during that time, or when it would leave too few bilingual agents or Supervisors scheduled.',
  'Personal time is approved at once and the hours leave your schedule; it comes off your balance when the time starts.',
];

/**
 * The balance once this request's time is taken: booking leaves the balance as it is until the
 * time starts (docs/decisions.md, "Personal time"), so the preview's record says how much it takes.
 */
function personalAfter(preview: Preview | null, now: number): number | null {
  if (preview?.outcome !== 'ok') return null;
  const booked = preview.changes?.find((c) => c.op === 'insert' && c.collection === 'personalRequests');
  const minutes = booked?.op === 'insert' ? booked.record.minutes : undefined;
  return typeof minutes === 'number' ? now - minutes : now;
}

export function RequestPersonalScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const { shift, user, view } = useShiftAndAgent(shiftIdOf(params.shiftID), agent.agentId);
  const allowed = can(agent.permissions, 'requestPersonal');
  const reminders = useParameterTexts(REMINDERS);
  return (
    <Page title="Request Personal Time">
      {!allowed ? (
        <p className="banner">You are unable to request personal time through Shiftinator.</p>
      ) : (
        (view ?? (shift && user && <PersonalForm shift={shift} user={user} />))
      )}
      <Section title="Reminders">
        <ul className="absence-reminders">
          {(reminders ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </Section>
    </Page>
  );
}

function PersonalForm({ shift, user }: { shift: ShiftDetails; user: UserDetails }): ReactNode {
  // The whole shift to begin with: the person narrows it to the hours they want off.
  const [startTime, setStartTime] = useState<string | null>(shift.startDateTime);
  const [endTime, setEndTime] = useState<string | null>(shift.endDateTime);
  const input = startTime && endTime ? { timeScheduleItemId: shift.id, startTime, endTime } : null;
  const { preview, checking } = usePreview('requestPersonal', input, { effects: true });
  const fix = useFix('requestPersonal', input, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.startTime && f.endTime) {
      setStartTime(f.startTime);
      setEndTime(f.endTime);
    }
  };
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!startTime || !endTime) return;
    const done = await submit({
      method: 'post',
      path: '/api/requestPersonal',
      body: { AgentID: user.agentId, TimeScheduleItemID: shift.id, StartTime: startTime, EndTime: endTime },
    });
    if (done.ok) navigate(calendarOn(localDay(shift.startDateTime)));
  };
  return (
    <>
      <ShiftSummary shift={shift} />
      <form className="form" noValidate onSubmit={(e) => void send(e)} aria-label="Request personal time">
        <TimeRangePicker startLegend="Start" endLegend="End" start={startTime} end={endTime} onStart={setStartTime} onEnd={setEndTime} startDays={daysBetween(shift.startDateTime, shift.endDateTime)} />
        <Balance label="Personal time" now={user.personalTime} after={personalAfter(preview, user.personalTime)} afterLabel="after this request" />
        <SubmitRow label="Request" preview={preview} checking={checking} busy={busy} fix={<FixOffer fix={fix} labels={{ startTime: 'Personal time' }} onUse={applyFix} />} />
      </form>
    </>
  );
}
