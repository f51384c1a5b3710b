import { DateTime } from 'luxon';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api, pathOf } from '../../api.ts';
import { payRateLabel, shiftTypeName } from '../../codes.ts';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { fromApi, showRange, showWeekdayMonthDay } from '../../time.ts';
import { DataTable, ErrorText, Field, Loading, Page, PreviewNotice } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';

/**
 * The Shift Combinator (spec 1, /combine/{date}): two of the person's shifts that start or end on
 * the date become one (POST /api/combineShifts, Shift1 the earlier). The engine's preview gives the
 * combine rule's message as they choose.
 */

/** GET /api/userMonthShifts/{agentId}/{month}: main shifts and their meal breaks. */
interface MonthShift {
  id: number;
  scheduleId: number;
  title: string;
  startTime: string;
  endTime: string;
  payRate: number;
  type: number;
}

interface DayShift extends MonthShift {
  breaks: MonthShift[];
}

type Loaded = { key: string; shifts: MonthShift[] } | { key: string; error: string };

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
function shiftsOn(day: DateTime, all: MonthShift[]): DayShift[] {
  const byId = new Map<number, MonthShift>();
  for (const s of all) byId.set(s.id, s);
  const items = [...byId.values()];
  const onDay = (text: string): boolean => fromApi(text).hasSame(day, 'day');
  return items
    .filter((s) => s.scheduleId === s.id && (onDay(s.startTime) || onDay(s.endTime)))
    .map((s) => ({ ...s, breaks: items.filter((b) => b.scheduleId === s.id && b.id !== s.id) }))
    .sort((a, b) => fromApi(a.startTime).toMillis() - fromApi(b.startTime).toMillis());
}

function useMonthShifts(agentId: number, months: string[]): { shifts: MonthShift[] | null; error: string | null } {
  const key = months.join(',');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    void Promise.all(key.split(',').map((m) => api.get<MonthShift[]>(`/userMonthShifts${pathOf(agentId, m)}`))).then((answers) => {
      if (!live) return;
      const failed = answers.find((a) => !a.ok);
      setLoaded(failed && !failed.ok ? { key, error: failed.error } : { key, shifts: answers.flatMap((a) => (a.ok ? a.data : [])) });
    });
    return () => {
      live = false;
    };
  }, [agentId, key]);
  if (!loaded || loaded.key !== key) return { shifts: null, error: null };
  return 'error' in loaded ? { shifts: null, error: loaded.error } : { shifts: loaded.shifts, error: null };
}

function describe(s: DayShift): string {
  return `${showRange(s.startTime, s.endTime)}, ${shiftTypeName(s.type)}, ${payRateLabel(s.payRate)}`;
}

export function CombineScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const day = dayOf(params.date);
  const { shifts, error } = useMonthShifts(agent.agentId, day ? monthsAround(day) : []);
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

function CombineForm({ day, shifts }: { day: DateTime; shifts: DayShift[] }): ReactNode {
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
    const done = await submit({ method: 'post', path: '/combineShifts', body: swap ? { Shift1: shift2Id, Shift2: shift1Id } : { Shift1: shift1Id, Shift2: shift2Id } });
    if (done.ok) navigate('/calendar');
  };
  const picker = (label: string, value: string, set: (v: string) => void): ReactNode => (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">Select a shift</option>
          {shifts.map((s) => (
            <option key={s.id} value={s.id}>
              {describe(s)}
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
          { header: 'Pay Rate', cell: (s) => payRateLabel(s.payRate) },
          { header: 'Meal Break', cell: (s) => s.breaks.map((b) => showRange(b.startTime, b.endTime)).join(', ') || 'None' },
        ]}
      />
      <form className="form combine-form" noValidate onSubmit={(e) => void send(e)} aria-label="Combine shifts">
        <p className="muted">Pick two shifts that start or end on this date. They become one shift, from the earlier start to the later end.</p>
        {picker('First shift', first, setFirst)}
        {picker('Second shift', second, setSecond)}
        <PreviewNotice preview={preview} checking={checking} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Combine Shifts!
          </button>
        </div>
      </form>
    </>
  );
}
