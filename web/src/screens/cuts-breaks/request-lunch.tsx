import { useState, type FormEvent, type ReactNode } from 'react';
import { useMessageMaxCharacters, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { Facts, Field, Page, Section, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { BREAK_REMINDERS, breakText, Notes, useShift, type ShiftDetails } from './shared.tsx';
import { read, useRead } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';
import { localDay } from '../../ui/time-range.tsx';

/**
 * Request Different Meal Break (spec 3 section 2, requestLunch/{shiftID}): the shift's time, the
 * reminders, a note of the times that suit the agent and 'Request New Break'. The checks (who may
 * ask, the note's length) are rules/requestLunch.json, previewed as the note is typed.
 */
export function RequestLunchScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const { shift, view } = useShift(params.shiftID);
  return (
    <Page title="Request Different Meal Break">
      {!can(agent.permissions, 'requestLunch') ? (
        // rules/requestLunch.json's message for anyone else: the form is not shown to them.
        <p className="banner">ERROR: You are unable to request a different lunch break through Shiftinator.</p>
      ) : (
        (view ?? (shift && <LunchForm shift={shift} agentId={agent.agentId} />))
      )}
      <Section title="Reminders">
        <Notes label="Reminders" items={BREAK_REMINDERS} />
      </Section>
    </Page>
  );
}

function LunchForm({ shift, agentId }: { shift: ShiftDetails; agentId: number }): ReactNode {
  const breaks = useRead(read('lookupLunchCombine', shift.id));
  const pending = useRead(read('lookupLunch', shift.id));
  const maxCharacters = useMessageMaxCharacters();
  // lookupLunchCombine lists the shift's meal breaks only.
  const current = breaks.data?.[0] ?? null;
  const mine = pending.data?.find((r) => r.agentID === agentId) ?? null;
  const [notes, setNotes] = useState('');
  const { preview, checking } = usePreview('requestLunch', { timeScheduleItemId: shift.id, notes });
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await submit({ method: 'post', path: '/api/requestLunch', body: { AgentID: agentId, TimeScheduleItemID: shift.id, Notes: notes } });
    if (done.ok) navigate(calendarOn(localDay(shift.startDateTime)));
  };
  const facts: [string, ReactNode][] = [
    ['Shift', showRange(shift.startDateTime, shift.endDateTime)],
    ['Current meal break', breaks.data ? breakText(current?.startDateTime, current?.endDateTime) : '…'],
  ];
  if (mine) facts.push(['Your pending request', `${mine.notes ?? ''} (a new request replaces it)`]);
  return (
    <>
      <Facts name="cuts-breaks-facts" items={facts} />
      <form className="form cuts-breaks-form cuts-breaks-note" noValidate onSubmit={(e) => void send(e)} aria-label="Request Different Meal Break">
        <Field label="Your ideal timeframes" hint={`${notes.length} of at most ${maxCharacters ?? '…'} characters`}>
          {(id) => <textarea id={id} rows={3} value={notes} placeholder="Ex: Any time between 1p and 2p" onChange={(e) => setNotes(e.target.value)} />}
        </Field>
        <SubmitRow label="Request New Break" preview={preview} checking={checking} busy={busy} />
      </form>
    </>
  );
}
