import { useState, type FormEvent, type ReactNode } from 'react';
import { shiftTypeName } from '../../codes.ts';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { Facts, Page, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { daysBetween, TimeRangePicker } from '../../ui/time-range.tsx';
import { orLater, useShift, type ShiftDetails } from './shared.tsx';
import { read, useRead } from '../../queries.ts';

/** rules/cutUser.json's message when neither choice is made (the rule itself sees one time without the other). */
const CHOOSE = 'ERROR: Choose to cut the entire shift or part of it.';

type Choice = 'full' | 'part' | null;

/**
 * Cut Shift (spec 3 section 2, cutUser/{shiftID}, supervision; approving a cut request on the
 * wishlist leads here): the entire shift, or part of it with the new start and end the agent
 * keeps. The checks are rules/cutUser.json, previewed as the choice and the times change; a full
 * cut sends no times (docs/decisions.md, "Cuts and meal breaks").
 */
export function CutUserScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const { shift, view } = useShift(params.shiftID);
  return (
    <Page title="Cut Shift">
      {!can(agent.permissions, 'supervisorWishlist') ? (
        // rules/cutUser.json's message for anyone but supervision: the form is not shown to them.
        <p className="banner">ERROR: Only supervision can cut a shift.</p>
      ) : (
        (view ?? (shift && <CutUserForm shift={shift} supervisorId={agent.agentId} />))
      )}
    </Page>
  );
}

function CutUserForm({ shift, supervisorId }: { shift: ShiftDetails; supervisorId: number }): ReactNode {
  const requests = useRead(read('lookupCut', shift.id));
  const owner = useRead(read('getUserDetails', shift.agentId));
  const request = requests.data?.[0] ?? null;
  const [choice, setChoice] = useState<Choice>(null);
  const [startTime, setStartTime] = useState<string | null>(shift.startDateTime);
  // Until the supervisor picks one (undefined), a part cut ends where the agent asked to stop.
  const [endTime, setEndTime] = useState<string | null | undefined>(undefined);
  const end = endTime === undefined ? (request?.requestedEndTime ?? shift.endDateTime) : endTime;
  const times = choice === 'part' ? { startTime, endTime: end } : {};
  const input = choice === null || (choice === 'part' && (!startTime || !end)) ? null : { timeScheduleItemId: shift.id, ...times };
  const { preview, checking } = usePreview('cutUser', input);
  const { submit, busy } = useSubmit();
  const { alert } = useDialogs();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (choice === null) {
      await alert(CHOOSE);
      return;
    }
    const body = { AgentID: supervisorId, StartTime: choice === 'part' ? startTime : null, EndTime: choice === 'part' ? end : null, TimeScheduleItemID: shift.id };
    const done = await submit({ method: 'post', path: '/api/cutUser', body });
    if (done.ok) navigate('/wishlist');
  };
  const facts: [string, ReactNode][] = [
    ['Agent', request?.initials ?? owner.data?.initials ?? ''],
    ['Shift', showRange(shift.startDateTime, shift.endDateTime)],
    ['Shift type', shiftTypeName(shift.shiftType)],
  ];
  if (request) facts.push(['Requested', showDateTime(request.timestampRequested)], ['Proposed end time', orLater(request.requestedEndTime)]);
  const days = daysBetween(shift.startDateTime, shift.endDateTime);
  return (
    <>
      <Facts name="cuts-breaks-facts" items={facts} />
      <form className="form cuts-breaks-form" noValidate onSubmit={(e) => void send(e)} aria-label="Cut Shift">
        <fieldset className="cuts-breaks-choice">
          <legend>What to cut</legend>
          <label>
            <input type="radio" name="cut" value="full" checked={choice === 'full'} onChange={() => setChoice('full')} /> Cut the entire shift
          </label>
          <label>
            <input type="radio" name="cut" value="part" checked={choice === 'part'} onChange={() => setChoice('part')} /> Cut part of the shift
          </label>
        </fieldset>
        {choice === 'part' && (
          <>
            <p className="hint">The hours the agent keeps: the rest of the shift is cut.</p>
            <TimeRangePicker startLegend="New start" endLegend="New end" start={startTime} end={end} onStart={setStartTime} onEnd={setEndTime} startDays={days} />
          </>
        )}
        <SubmitRow label="Cut Shift" preview={preview} checking={checking} busy={busy} />
      </form>
    </>
  );
}
