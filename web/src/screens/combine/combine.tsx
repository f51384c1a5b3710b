import { DateTime } from 'luxon';
import { useState, type FormEvent, type ReactNode } from 'react';
import { payRateLabel, shiftTypeName } from '../../codes.ts';
import { usePayRateMultipliers, usePreview } from '../../engine.ts';
import type { MonthShift } from '../../api-types.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { fromApi, showRange, showWeekdayMonthDay } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { mainShifts, type ShiftWithBreaks } from '../calendar/model.ts';
import { read, useReadAll } from '../../queries.ts';
import { calendarOn } from '../../routes.ts';

/**
 * The Shift Combinator (spec 1, /combine/{date}): two of the person's shifts that start or end on
 * the date become one (POST /api/combineShifts, Shift1 the earlier). The engine's preview gives the
 * combine rule's message as they choose.
 */

/** The date in the path as a day in the person's own zone, or null when it is not a date. */
function dayOf(text: string | undefined): DateTime | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = DateTime.fromISO(text);
  return d.isValid ? d : null;
}

/**
 * The months (Eastern, as userMonthShifts takes them) that can hold a shift starting or ending on
 * the day: the day's and those of the days either side, since the person's zone may not be Eastern
 * and a shift may start the evening before.
 */
function monthsAround(day: DateTime): string[] {
  return [...new Set([-1, 0, 1].map((n) => day.plus({ days: n }).toFormat('yyyy-MM')))];
}

/** The person's shifts that start or end on the day, each with its meal breaks, by start. */
function shiftsOn(day: DateTime, all: MonthShift[]): ShiftWithBreaks[] {
  const onDay = (text: string): boolean => fromApi(text).hasSame(day, 'day');
  return mainShifts(all)
    .filter((s) => onDay(s.startTime) || onDay(s.endTime))
    .sort((a, b) => fromApi(a.startTime).toMillis() - fromApi(b.startTime).toMillis());
}

function describe(s: ShiftWithBreaks, multipliers: readonly (number | string)[] | null): string {
  return `${showRange(s.startTime, s.endTime)}, ${shiftTypeName(s.type)}, ${payRateLabel(s.payRate, multipliers)}`;
}

export function CombineScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const day = dayOf(params.date);
  const { data: shifts, error } = useReadAll(day ? monthsAround(day).map((m) => read('userMonthShifts', agent.agentId, m)) : []);
  return (
    <Page title="Shift Combinator">
      {!day ? (
        <ErrorText message={`${params.date ?? ''} is not a date: the combinator's address ends with one, as yyyy-mm-dd.`} />
      ) : error ? (
        <ErrorText message={error} />
      ) : !shifts ? (
        <Loading />
      ) : (
        <CombineForm day={day} shifts={shiftsOn(day, shifts)} />
      )}
    </Page>
  );
}

function CombineForm({ day, shifts }: { day: DateTime; shifts: ShiftWithBreaks[] }): ReactNode {
  const multipliers = usePayRateMultipliers();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const shift1Id = first === '' ? null : Number(first);
  const shift2Id = second === '' ? null : Number(second);
  const { preview, checking } = usePreview('combineShifts', shift1Id === null && shift2Id === null ? null : { shift1Id, shift2Id });
  const { submit, busy } = useSubmit();
  const send = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    // Spec 1 section 7: Shift1 is the earlier of the two.
    const chosen = [shift1Id, shift2Id].map((id) => shifts.find((s) => s.id === id) ?? null);
    const [a, b] = chosen;
    const swap = a && b && fromApi(b.startTime) < fromApi(a.startTime);
    const done = await submit({ method: 'post', path: '/api/combineShifts', body: swap ? { Shift1: shift2Id, Shift2: shift1Id } : { Shift1: shift1Id, Shift2: shift2Id } });
    if (done.ok) navigate(calendarOn(day.toISODate()));
  };
  const picker = (label: string, value: string, set: (v: string) => void): ReactNode => (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">Select a shift</option>
          {shifts.map((s) => (
            <option key={s.id} value={s.id}>
              {describe(s, multipliers)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <>
      <h2>My Shifts For {showWeekdayMonthDay(day)}</h2>
      <DataTable
        rows={shifts}
        rowKey={(s) => s.id}
        empty="No scheduled shifts."
        columns={[
          { header: "Time I'm Scheduled", cell: (s) => showRange(s.startTime, s.endTime) },
          { header: 'Shift Type', cell: (s) => shiftTypeName(s.type) },
          { header: 'Pay Rate', cell: (s) => payRateLabel(s.payRate, multipliers) },
          { header: 'Meal Break', cell: (s) => s.breaks.map((b) => showRange(b.startTime, b.endTime)).join(', ') || 'None' },
        ]}
      />
      <form className="form combine-form" noValidate onSubmit={(e) => void send(e)} aria-label="Combine shifts">
        <p className="muted">Pick two shifts that start or end on this date. They become one shift, from the earlier start to the later end.</p>
        {picker('First shift', first, setFirst)}
        {picker('Second shift', second, setSecond)}
        <SubmitRow label="Combine Shifts!" preview={preview} checking={checking} busy={busy} />
      </form>
    </>
  );
}
