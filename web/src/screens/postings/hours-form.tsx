import type { BodyOf } from '../../api.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import { allowed, useAgent } from '../../session.tsx';
import { Field, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { addDays, TimeRangePicker, localDay } from '../../ui/time-range.tsx';
import { calendarOn } from '../../routes.ts';

/**
 * The form Looking to Work and Edit Looking For Hours share (spec 2 section 2): the hours one is
 * available, on the day and up to the next, the hours type for those who choose one, notes. The
 * checks are rules/postWantWork.json and editHours.json, previewed by the engine.
 */

/** Want-work types as the hours choice names them (spec 2 section 4). */
const HOURS_TYPE_NAMES: Record<number, string> = { 0: 'Call Specialist', 9: 'Supervisor', 15: 'Customer Service' };

export interface HoursValues {
  startTime: string | null;
  endTime: string | null;
  type: number | null;
  notes: string;
}

/** The action the form sends, with the ids its payload names (beside the rule file's ids, `ids`). */
type HoursCall = { action: 'postWantWork'; extraBody?: undefined } | { action: 'editHours'; extraBody: Pick<BodyOf<'/api/editHours'>, 'TimeScheduleItemID'> };

export function HoursForm({
  action,
  day,
  initial,
  ids,
  extraBody,
  button,
  failure,
}: {
  /** The local date the hours start on; they may end on it or the next (spec 2, Looking to Work). */
  day: string;
  initial: HoursValues;
  ids: Record<string, number>;
  button: string;
  failure?: string;
} & HoursCall): ReactNode {
  const agent = useAgent();
  // Who chooses the hours type, and among what: rules/roles.json (wantWorkHoursTypes); for the others it follows from rank.
  const typeChoices = allowed(agent.permissions, 'wantWorkHoursTypes').map(Number);
  const [values, setValues] = useState<HoursValues>(() => ({ ...initial, type: initial.type !== null && typeChoices.includes(initial.type) ? initial.type : null }));
  const set = (patch: Partial<HoursValues>): void => setValues((v) => ({ ...v, ...patch }));
  const { submit, busy } = useSubmit();
  const input = { ...ids, startTime: values.startTime, endTime: values.endTime, notes: values.notes || null, type: values.type };
  const { preview, checking } = usePreview(action, values.startTime && values.endTime ? input : null);

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const { startTime, endTime } = values;
    if (!startTime || !endTime) return;
    const body = { AgentID: agent.agentId, StartTime: startTime, EndTime: endTime, Notes: values.notes || null, Type: values.type };
    const call =
      action === 'postWantWork'
        ? ({ method: 'post', path: '/api/postWantWork', body } as const)
        : ({ method: 'post', path: '/api/editHours', body: { ...body, ...extraBody } } as const);
    const done = await submit({ ...call, failure });
    if (done.ok) navigate(calendarOn(values.startTime && localDay(values.startTime)));
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      <TimeRangePicker
        startLegend="Available start"
        endLegend="Available end"
        start={values.startTime}
        end={values.endTime}
        onStart={(startTime) => set({ startTime })}
        onEnd={(endTime) => set({ endTime })}
        startDays={[day]}
        endDays={[day, addDays(day, 1)]}
      />
      {typeChoices.length > 0 && (
        <Field label="Hours type">
          {(id) => (
            <select id={id} value={values.type ?? ''} onChange={(e) => set({ type: e.target.value === '' ? null : Number(e.target.value) })}>
              <option value="">Select one</option>
              {typeChoices.map((t) => (
                <option key={t} value={t}>
                  {HOURS_TYPE_NAMES[t] ?? `Type ${t}`}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label="Notes">{(id) => <textarea id={id} rows={3} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}</Field>
      <SubmitRow label={button} preview={preview} checking={checking} busy={busy} />
      <p className="muted">By posting you agree to receive text messages about this posting and its offers.</p>
    </form>
  );
}
