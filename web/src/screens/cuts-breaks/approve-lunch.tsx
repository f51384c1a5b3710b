import { useState, type FormEvent, type ReactNode } from 'react';
import { shiftTypeName } from '../../codes.ts';
import { useCodes, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, ErrorText, Facts, Loading, Page, Section, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { daysBetween, TimePicker } from '../../ui/time-range.tsx';
import { useShift, type LunchRequest, type ShiftDetails, type SubShift } from './shared.tsx';
import { read, useRead } from '../../queries.ts';

/**
 * Approve New Meal Break (spec 3 section 2, approveLunch/{shiftID}, supervision; approving a break
 * request on the wishlist leads here): the agent's initials, the shift, the request note, the
 * shift's sub-shifts with the meal break emphasised, and the new break start. The checks are
 * rules/approveLunch.json, previewed as the start changes.
 */
export function ApproveLunchScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const { shift, view } = useShift(params.shiftID);
  return (
    <Page title="Approve New Meal Break">
      {!can(agent.permissions, 'supervisorWishlist') ? (
        // rules/approveLunch.json's message for anyone but supervision: the form is not shown to them.
        <p className="banner">ERROR: Only supervision can approve a meal break.</p>
      ) : (
        (view ?? (shift && <ApproveView shift={shift} supervisorId={agent.agentId} />))
      )}
    </Page>
  );
}

function ApproveView({ shift, supervisorId }: { shift: ShiftDetails; supervisorId: number }): ReactNode {
  const requests = useRead(read('lookupLunch', shift.id));
  const subShifts = useRead(read('getLunchSubShifts'));
  const codes = useCodes();
  if (requests.error || subShifts.error) return <ErrorText message={(requests.error ?? subShifts.error) as string} />;
  if (!requests.data || !subShifts.data || !codes) return <Loading />;
  const request = requests.data[0];
  if (!request) return <p className="banner">There is no break request waiting on this shift: it was approved, denied or removed.</p>;
  const parts = subShifts.data.filter((s) => s.scheduleID === shift.id);
  return <ApproveForm shift={shift} request={request} parts={parts} mealBreak={codes.mealBreakShiftType} supervisorId={supervisorId} />;
}

/** The meal break stands out among the sub-shifts (spec 3 section 2). */
function emphasised(part: SubShift, text: string, mealBreak: number): ReactNode {
  return part.shiftType === mealBreak ? <strong className="cuts-breaks-break">{text}</strong> : text;
}

function ApproveForm(props: { shift: ShiftDetails; request: LunchRequest; parts: SubShift[]; mealBreak: number; supervisorId: number }): ReactNode {
  const { shift, request, parts, mealBreak, supervisorId } = props;
  const current = parts.find((p) => p.shiftType === mealBreak) ?? null;
  // The break as it is to begin with: the supervisor moves it to a time the note asks for.
  const [startTime, setStartTime] = useState<string | null>(current?.startDateTime ?? null);
  const input = startTime ? { timeScheduleItemId: shift.id, startTime } : null;
  const { preview, checking } = usePreview('approveLunch', input);
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!startTime) return;
    const done = await submit({ method: 'post', path: '/api/approveLunch', body: { AgentID: supervisorId, StartTime: startTime, TimeScheduleItemID: shift.id } });
    if (done.ok) navigate('/wishlist?show=breaks');
  };
  return (
    <>
      <Facts
        name="cuts-breaks-facts"
        items={[
          ['Agent', request.initials ?? ''],
          ['Shift', showRange(shift.startDateTime, shift.endDateTime)],
          ['Requested', showDateTime(request.timestampRequested)],
          ['Request note', request.notes ?? ''],
        ]}
      />
      <Section title="Sub-shifts" level={2}>
        <DataTable<SubShift>
          rows={parts}
          rowKey={(p) => `${p.shiftType}-${p.startDateTime}`}
          empty="This shift has no sub-shifts."
          columns={[
            { header: 'Type', cell: (p) => emphasised(p, shiftTypeName(p.shiftType), mealBreak) },
            { header: 'Time', cell: (p) => emphasised(p, showRange(p.startDateTime, p.endDateTime), mealBreak) },
          ]}
        />
      </Section>
      <form className="form cuts-breaks-form" noValidate onSubmit={(e) => void send(e)} aria-label="Approve New Meal Break">
        <TimePicker label="New break start" value={startTime} onChange={setStartTime} days={daysBetween(shift.startDateTime, shift.endDateTime)} />
        <SubmitRow label="Approve Break" preview={preview} checking={checking} busy={busy || !input} />
      </form>
    </>
  );
}
