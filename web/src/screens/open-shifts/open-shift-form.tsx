import { DateTime } from 'luxon';
import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import { useAgent } from '../../session.tsx';
import { fromApi, showDateTime, toApi } from '../../time.ts';
import { Field, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { addDays, localDay, TimeRangePicker } from '../../ui/time-range.tsx';
import { CREATE_FAILURE, NumberField, PayRateField, PICK_TIMES } from './shared.tsx';
import { calendarOn } from '../../routes.ts';

/**
 * The form Create Open Shift and Edit Open Shift share (spec 3 section 2): start and end (the end
 * may fall on the next day), Type, Extra COTS (0 to 10) and Pay Rate. The checks are
 * rules/postOpenShift.json and editOpenShift.json, previewed by the engine as the form is filled.
 */

/** How a Type choice reserves the shift for supervisors (spec 3 section 4). */
type Reservation = 'none' | 'window' | 'end';

export interface TypeChoice {
  /** Unique among the choices (two supervisor choices share a code). */
  key: string;
  label: string;
  /** What is sent as Type. */
  code: number;
  reservation: Reservation;
}

/** Spec 3 section 3: the create screen's choices (rules/roles.json createOpenShiftTypes names them) and their codes. */
export const CREATE_TYPE_CHOICES: Record<string, TypeChoice> = {
  open: { key: 'open', label: 'Open', code: 0, reservation: 'none' },
  openSpanish: { key: 'openSpanish', label: 'Open Spanish', code: 16, reservation: 'none' },
  openSupervisor: { key: 'openSupervisor', label: 'Open Supervisor', code: 21, reservation: 'window' },
  openSupervisorOnly: { key: 'openSupervisorOnly', label: 'Open Supervisor ONLY', code: 21, reservation: 'end' },
  openCustomerService: { key: 'openCustomerService', label: 'Open Customer Service', code: 15, reservation: 'none' },
};

/**
 * The edit screen's choices by the posting type stored (rules/roles.json editOpenShift gives the
 * types one may edit); spec 3 section 3: a supervisor type reserved to its end is Supervisor Only,
 * otherwise Supervisor/Assistant.
 */
export const EDIT_TYPE_CHOICES: Record<number, TypeChoice[]> = {
  0: [{ key: 'open', label: 'Open', code: 0, reservation: 'none' }],
  1: [{ key: 'openSpanish', label: 'Open Spanish', code: 1, reservation: 'none' }],
  9: [
    { key: 'supervisorAssistant', label: 'Supervisor/Assistant', code: 9, reservation: 'window' },
    { key: 'supervisorOnly', label: 'Supervisor Only', code: 9, reservation: 'end' },
  ],
  15: [{ key: 'openCustomerService', label: 'Open Customer Service', code: 15, reservation: 'none' }],
};

/** Spec 3 section 9: the 'Open Supervisor' reservation window. */
const RESERVATION_WINDOW = { hours: 24 };

/**
 * The AssistantAfterDate sent (spec 3 section 4; the server works it out again by its clock):
 * Open Supervisor until now when the shift starts within 24 hours, else 24 hours from now; a
 * reservation already set before the end is kept; Supervisor ONLY until the shift end.
 */
function reservationOf(reservation: Reservation, start: string, end: string, kept: string | null): string | null {
  if (reservation === 'none') return null;
  if (reservation === 'end') return end;
  if (kept && fromApi(kept) < fromApi(end)) return kept;
  const now = DateTime.now().startOf('minute');
  const inADay = now.plus(RESERVATION_WINDOW);
  return toApi(fromApi(start) <= inADay ? now : inADay);
}

/** Spec 1 "Calendar screen": how assistants will see the reservation. */
function reservationHint(reservation: Reservation, assistantAfterDate: string | null): string | undefined {
  if (reservation === 'end') return 'Sups ONLY, No Assistants';
  if (reservation === 'window' && assistantAfterDate) return `Assistants Claim After ${showDateTime(assistantAfterDate)}`;
  return undefined;
}

export interface OpenShiftValues {
  startTime: string | null;
  endTime: string | null;
  typeKey: string;
  shiftCredits: number;
  payRate: number;
}

export function OpenShiftForm({
  action,
  choices,
  initial,
  startDays,
  keptReservation = null,
  ids = {},
  button,
  children,
}: {
  action: 'postOpenShift' | 'editOpenShift';
  choices: TypeChoice[];
  initial: OpenShiftValues;
  /** The local dates the start may be on; the end is on the start's date or the next. */
  startDays: string[];
  /** The Open Supervisor reservation the shift has (edit). */
  keptReservation?: string | null;
  /** The open shift edited: { timeScheduleItemId }. */
  ids?: { timeScheduleItemId?: number };
  button: string;
  /** More buttons beside the submit button (Remove). */
  children?: ReactNode;
}): ReactNode {
  const agent = useAgent();
  const [values, setValues] = useState<OpenShiftValues>(initial);
  const set = (patch: Partial<OpenShiftValues>): void => setValues((v) => ({ ...v, ...patch }));
  const choice = choices.find((c) => c.key === values.typeKey) ?? choices[0];
  const { startTime, endTime } = values;
  const assistantAfterDate = choice && startTime && endTime ? reservationOf(choice.reservation, startTime, endTime, keptReservation) : null;
  const input =
    choice && startTime && endTime
      ? { ...ids, startTime, endTime, type: choice.code, shiftCredits: values.shiftCredits, payRate: values.payRate, assistantAfterDate }
      : null;
  const { preview, checking } = usePreview(action, input);
  const { submit, busy } = useSubmit();
  const startDay = startTime ? localDay(startTime) : (startDays[0] ?? '');

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!choice || !startTime || !endTime) return;
    const body = { AgentID: agent.agentId, StartTime: startTime, EndTime: endTime, Type: choice.code, ShiftCredits: values.shiftCredits, PayRate: values.payRate, AssistantAfterDate: assistantAfterDate };
    const id = ids.timeScheduleItemId;
    const call = id === undefined ? ({ method: 'post', path: '/api/postOpenShift', body } as const) : ({ method: 'post', path: '/api/editOpenShift', body: { ...body, TimeScheduleItemID: id } } as const);
    const done = await submit({ ...call, failure: CREATE_FAILURE });
    if (done.ok) navigate(calendarOn(startTime && localDay(startTime)));
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={button}>
      <TimeRangePicker
        startLegend="Start"
        endLegend="End"
        start={startTime}
        end={endTime}
        onStart={(v) => set({ startTime: v })}
        onEnd={(v) => set({ endTime: v })}
        startDays={startDays}
        endDays={startDay ? [startDay, addDays(startDay, 1)] : startDays}
      />
      <Field label="Type" hint={choice ? reservationHint(choice.reservation, assistantAfterDate) : undefined}>
        {(id) => (
          <select id={id} value={choice?.key ?? ''} onChange={(e) => set({ typeKey: e.target.value })}>
            {choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <NumberField label="Extra COTS" parameter="extraCotsChoices" value={values.shiftCredits} onChange={(shiftCredits) => set({ shiftCredits })} />
      <PayRateField value={values.payRate} onChange={(payRate) => set({ payRate })} />
      {input ? <PreviewNotice preview={preview} checking={checking} /> : <p className="muted">{PICK_TIMES}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !input}>
          {button}
        </button>
        {children}
      </div>
    </form>
  );
}
