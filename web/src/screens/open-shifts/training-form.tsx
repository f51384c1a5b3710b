import { DateTime } from 'luxon';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import { useAgent } from '../../session.tsx';
import { fromApi, toApi } from '../../time.ts';
import { Field, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { addDays, localDay } from '../../ui/time-range.tsx';
import { CREATE_FAILURE, NumberField, PayRateField, TRAINING_TYPE_LABELS } from './shared.tsx';
import { calendarOn } from '../../routes.ts';

/**
 * The form Create and Edit Open Training Shift share (spec 3 section 2): the date, start and end
 * time (hour 1-12, minute 00-59, AM/PM), the next-day toggle for the end, quantity of openings,
 * extra COTS and pay rate. Checks: rules/postOpenTrainingShift.json and editOpenTrainingShift.json.
 */

/** A wall-clock time of day, 24-hour. */
interface Clock {
  hour: number;
  minute: number;
}

/** Spec 3 section 2: each type's default times and extra COTS. */
const TRAINING_DEFAULTS: Record<number, { start: Clock; end: Clock; cots: number }> = {
  61: { start: { hour: 7, minute: 0 }, end: { hour: 19, minute: 0 }, cots: 0 },
  64: { start: { hour: 17, minute: 0 }, end: { hour: 21, minute: 30 }, cots: 3 },
  65: { start: { hour: 18, minute: 0 }, end: { hour: 21, minute: 30 }, cots: 3 },
};

export interface TrainingValues {
  type: number;
  /** The start's local date, yyyy-MM-dd. */
  date: string;
  start: Clock;
  end: Clock;
  /** The end is on the day after the date. */
  nextDay: boolean;
  quantity: number;
  shiftCredits: number;
  payRate: number;
}

/** The form's values for a new open training shift of a type on a date: the type's defaults. */
export function trainingDefaults(type: number, date: string): TrainingValues {
  const d = TRAINING_DEFAULTS[type] ?? (TRAINING_DEFAULTS[61] as (typeof TRAINING_DEFAULTS)[number]);
  return { type, date, start: d.start, end: d.end, nextDay: false, quantity: 1, shiftCredits: d.cots, payRate: 0 };
}

/** The form's values for an open training shift as it is. */
export function trainingValuesOf(shift: { type: number; startTime: string; endTime: string; quantityRemaining: number; openToCots: number; payRate: number }): TrainingValues {
  const start = fromApi(shift.startTime);
  const end = fromApi(shift.endTime);
  const date = start.toFormat('yyyy-MM-dd');
  return {
    type: shift.type,
    date,
    start: { hour: start.hour, minute: start.minute },
    end: { hour: end.hour, minute: end.minute },
    nextDay: end.toFormat('yyyy-MM-dd') > date,
    quantity: shift.quantityRemaining,
    shiftCredits: shift.openToCots,
    payRate: shift.payRate,
  };
}

/** A local date and time of day as the API's Eastern text, or null when the date is not one. */
function instantOf(date: string, clock: Clock): string | null {
  const dt = DateTime.fromISO(date).set({ hour: clock.hour, minute: clock.minute, second: 0, millisecond: 0 });
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && dt.isValid ? toApi(dt) : null;
}

/** The start and end the values stand for, or null while the date is not a date. */
export function timesOf(v: TrainingValues): { startTime: string; endTime: string } | null {
  const startTime = instantOf(v.date, v.start);
  const endTime = instantOf(v.nextDay ? addDays(v.date, 1) : v.date, v.end);
  return startTime && endTime ? { startTime, endTime } : null;
}

/** Hour (1-12), minute (00-59) and AM/PM (spec 3 section 9, "Minute choices 00-59, hours 1-12"). */
function ClockPicker({ legend, value, onChange }: { legend: string; value: Clock; onChange: (c: Clock) => void }): ReactNode {
  const id = useId();
  const h12 = value.hour % 12 === 0 ? 12 : value.hour % 12;
  const pm = value.hour >= 12;
  const set = (hour12: number, minute: number, isPm: boolean): void => onChange({ hour: (hour12 % 12) + (isPm ? 12 : 0), minute });
  return (
    <fieldset className="dt-picker">
      <legend>{legend}</legend>
      <span className="dt-part">
        <label htmlFor={`${id}-h`}>Hour</label>
        <select id={`${id}-h`} value={h12} onChange={(e) => set(Number(e.target.value), value.minute, pm)}>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </span>
      <span className="dt-part">
        <label htmlFor={`${id}-m`}>Minute</label>
        <select id={`${id}-m`} value={value.minute} onChange={(e) => set(h12, Number(e.target.value), pm)}>
          {Array.from({ length: 60 }, (_, m) => m).map((m) => (
            <option key={m} value={m}>
              {String(m).padStart(2, '0')}
            </option>
          ))}
        </select>
      </span>
      <span className="dt-part">
        <label htmlFor={`${id}-a`}>AM/PM</label>
        <select id={`${id}-a`} value={pm ? 'PM' : 'AM'} onChange={(e) => set(h12, value.minute, e.target.value === 'PM')}>
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
      </span>
    </fieldset>
  );
}

export function TrainingForm({
  action,
  initial,
  shiftId,
  button,
  children,
}: {
  action: 'postOpenTrainingShift' | 'editOpenTrainingShift';
  initial: TrainingValues;
  /** The open training shift edited. */
  shiftId?: number;
  button: string;
  /** More buttons beside the submit button (Remove). */
  children?: ReactNode;
}): ReactNode {
  const agent = useAgent();
  const [values, setValues] = useState<TrainingValues>(initial);
  const set = (patch: Partial<TrainingValues>): void => setValues((v) => ({ ...v, ...patch }));
  const creating = action === 'postOpenTrainingShift';
  const times = timesOf(values);
  const input = times
    ? creating
      ? { ...times, type: values.type, shiftCredits: values.shiftCredits, quantity: values.quantity, payRate: values.payRate }
      : { timeScheduleItemId: shiftId, ...times, shiftCredits: values.shiftCredits, payRate: values.payRate, quantity: values.quantity }
    : null;
  const { preview, checking } = usePreview(action, input);
  const { submit, busy } = useSubmit();

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!times) return;
    const common = { AgentID: agent.agentId, StartTime: times.startTime, EndTime: times.endTime, ShiftCredits: values.shiftCredits, PayRate: values.payRate, Quantity: values.quantity };
    const call =
      creating || shiftId === undefined
        ? ({ method: 'post', path: '/api/postOpenTrainingShift', body: { ...common, Type: values.type } } as const)
        : ({ method: 'post', path: '/api/editOpenTrainingShift', body: { ...common, TimeScheduleItemID: shiftId } } as const);
    const done = await submit({ ...call, failure: CREATE_FAILURE });
    if (done.ok) navigate(calendarOn(times && localDay(times.startTime)));
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={button}>
      {creating && (
        <Field label="Type">
          {(id) => (
            <select
              id={id}
              value={values.type}
              // A new type brings its default times and extra COTS (spec 3 section 2).
              onChange={(e) => {
                const d = trainingDefaults(Number(e.target.value), values.date);
                set({ type: d.type, start: d.start, end: d.end, nextDay: d.nextDay, shiftCredits: d.shiftCredits });
              }}
            >
              {Object.entries(TRAINING_TYPE_LABELS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label={creating ? 'Date' : 'Start day'}>{(id) => <input id={id} type="date" required value={values.date} onChange={(e) => set({ date: e.target.value })} />}</Field>
      <div className="time-range">
        <ClockPicker legend="Start time" value={values.start} onChange={(start) => set({ start })} />
        <ClockPicker legend="End time" value={values.end} onChange={(end) => set({ end })} />
      </div>
      <div className="open-shifts-toggle">
        <input id={`${action}-next-day`} type="checkbox" checked={values.nextDay} onChange={(e) => set({ nextDay: e.target.checked })} />
        <label htmlFor={`${action}-next-day`}>The end is on the next day</label>
      </div>
      <NumberField label="Quantity of openings" parameter="openingsChoices" value={values.quantity} onChange={(quantity) => set({ quantity })} />
      <NumberField label="Extra COTS" parameter="extraCotsChoices" value={values.shiftCredits} onChange={(shiftCredits) => set({ shiftCredits })} />
      <PayRateField value={values.payRate} onChange={(payRate) => set({ payRate })} />
      <PreviewNotice preview={preview} checking={checking} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !times}>
          {button}
        </button>
        {children}
      </div>
    </form>
  );
}
