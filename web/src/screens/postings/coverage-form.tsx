import type { BodyOf } from '../../api.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import { useAgent } from '../../session.tsx';
import { Field, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { daysBetween, TimeRangePicker, localDay } from '../../ui/time-range.tsx';
import { showRange } from '../../time.ts';
import { calendarOn } from '../../routes.ts';

/**
 * The form Seeking Coverage and Edit Looking For Coverage share (spec 2 section 2): the hours of
 * the shift to give up, the trade preference, notes. Every check is the action's rule file
 * (rules/postShift.json, editCoverage.json), run by the engine as the form is filled in and by the
 * server on submit.
 */

/** openToTrade as spec 2 section 4 names its values. */
const TRADE_CHOICES: [number, string][] = [
  [0, 'Coverage only'],
  [1, 'Coverage or trades'],
  [2, 'Trades only'],
];

export interface CoverageValues {
  startTime: string | null;
  endTime: string | null;
  openToTrade: number | null;
  notes: string;
}

/** The action the form sends, with the ids its payload names (beside the rule file's ids, `ids`). */
type CoverageCall =
  | { action: 'postShift'; extraBody: Pick<BodyOf<'/api/postShift'>, 'TimeScheduleItemID'> }
  | { action: 'editCoverage'; extraBody: Pick<BodyOf<'/api/editCoverage'>, 'LookingForCoverageID' | 'TimeScheduleItemID'> };

export function CoverageForm({
  action,
  shift,
  initial,
  ids,
  extraBody,
  openToCots,
  type,
  failure,
}: {
  /** The shift's hours: shown, and their days are the pickers' choices. */
  shift: { start: string; end: string };
  initial: CoverageValues;
  /** The rule file's id inputs: timeScheduleItemId (and lookingForCoverageId for an edit). */
  ids: Record<string, number | null>;
  openToCots: number;
  /** The payload's Type: sent as the spec's payload has it; the rules compute the posting type. */
  type: number;
  /** The spec's failure text, for an edit. */
  failure?: string;
} & CoverageCall): ReactNode {
  const agent = useAgent();
  const [values, setValues] = useState<CoverageValues>(initial);
  const set = (patch: Partial<CoverageValues>): void => setValues((v) => ({ ...v, ...patch }));
  const { submit, busy } = useSubmit();
  const input = { ...ids, startTime: values.startTime, endTime: values.endTime, notes: values.notes || null, openToCots, openToTrade: values.openToTrade, type };
  const { preview, checking } = usePreview(action, values.startTime && values.endTime ? input : null);
  const days = daysBetween(shift.start, shift.end);

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const { startTime, endTime } = values;
    if (!startTime || !endTime) return;
    const body = { AgentID: agent.agentId, StartTime: startTime, EndTime: endTime, Notes: values.notes || null, OpenToCots: openToCots, OpenToTrade: values.openToTrade, Type: type };
    const call =
      action === 'postShift'
        ? ({ method: 'post', path: '/api/postShift', body: { ...body, ...extraBody } } as const)
        : ({ method: 'post', path: '/api/editCoverage', body: { ...body, ...extraBody } } as const);
    const done = await submit({ ...call, failure });
    if (done.ok) navigate(calendarOn(values.startTime && localDay(values.startTime)));
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      <p>
        Shift: <strong className="shift-range">{showRange(shift.start, shift.end)}</strong>
      </p>
      <TimeRangePicker
        startLegend="Start of coverage"
        endLegend="End of coverage"
        start={values.startTime}
        end={values.endTime}
        onStart={(startTime) => set({ startTime })}
        onEnd={(endTime) => set({ endTime })}
        startDays={days}
      />
      <Field label="Open to trade?">
        {(id) => (
          <select id={id} value={values.openToTrade ?? ''} onChange={(e) => set({ openToTrade: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">Select one</option>
            {TRADE_CHOICES.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Notes">{(id) => <textarea id={id} rows={3} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}</Field>
      <SubmitRow label="Post Shift" preview={preview} checking={checking} busy={busy} />
      <p className="muted">By posting you agree to receive text messages about this posting and its offers.</p>
    </form>
  );
}
