import { useState, type FormEvent, type ReactNode } from 'react';
import { shiftTypeName } from '../../codes.ts';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { Facts, Page, Section, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { daysBetween, TimePicker, localDay } from '../../ui/time-range.tsx';
import { CUT_BAN, CUT_NOTES, Notes, orLater, useShift, type ShiftDetails } from './shared.tsx';
import { read, useRead } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';

/**
 * Request Cut (spec 3 section 2, requestCut/{shiftID}): one end-time selector, the time the agent
 * would stop working. Who may ask and when (type 80 or below or the one privileged agent, within
 * 24 hours of the shift's start) and every other check are rules/requestCut.json, previewed as the
 * time changes.
 */
export function RequestCutScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const { shift, view } = useShift(params.shiftID);
  return (
    <Page title="Request Cut">
      {!can(agent.permissions, 'requestCut') ? (
        // rules/requestCut.json's message for anyone else: the form is not shown to them.
        <p className="banner">ERROR: You are unable to request a cut through Shiftinator.</p>
      ) : (
        (view ?? (shift && <CutForm shift={shift} agentId={agent.agentId} />))
      )}
      <Section title="Notes">
        <Notes label="Notes" items={[...CUT_NOTES, CUT_BAN]} />
      </Section>
    </Page>
  );
}

function CutForm({ shift, agentId }: { shift: ShiftDetails; agentId: number }): ReactNode {
  const pending = useRead(read('lookupCut', shift.id));
  const mine = pending.data?.find((r) => r.agentID === agentId) ?? null;
  // The shift's end to begin with: the person moves it to when they would stop.
  const [endTime, setEndTime] = useState<string | null>(shift.endDateTime);
  const input = endTime ? { timeScheduleItemId: shift.id, endTime } : null;
  const { preview, checking } = usePreview('requestCut', input);
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!endTime) return;
    const done = await submit({ method: 'post', path: '/api/requestCut', body: { AgentID: agentId, EndTime: endTime, TimeScheduleItemID: shift.id } });
    if (done.ok) navigate(calendarOn(localDay(shift.startDateTime)));
  };
  const facts: [string, ReactNode][] = [
    ['Shift', showRange(shift.startDateTime, shift.endDateTime)],
    ['Shift type', shiftTypeName(shift.shiftType)],
  ];
  if (mine) facts.push(['Your pending request', `${orLater(mine.requestedEndTime)} (a new request replaces it)`]);
  return (
    <>
      <Facts name="cuts-breaks-facts" items={facts} />
      <form className="form cuts-breaks-form" noValidate onSubmit={(e) => void send(e)} aria-label="Request Cut">
        <TimePicker label="Proposed end time" value={endTime} onChange={setEndTime} days={daysBetween(shift.startDateTime, shift.endDateTime)} />
        <p className="hint">You would stop working at this time or later, as Supervision decides.</p>
        <SubmitRow label="Request Cut" preview={preview} checking={checking} busy={busy || !input} />
      </form>
    </>
  );
}
