import { useId, useState, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import type { Codes } from '../../../engine/codes.ts';
import { useCodes } from '../engine.ts';
import { fromApi, showRange, toApi } from '../time.ts';

/**
 * The spec's time pickers (spec 2: "day, hour, minute, AM/PM"; the expiration's "date, hour,
 * AM/PM"): people pick in their own zone, in en-US 12-hour form, and the screens get the API's
 * Eastern text back ("YYYY-MM-DD HH:mm", web/src/time.ts). Selects rather than a browser's
 * datetime input, so the choices are the spec's whatever the browser's language, and the day
 * choices are only the days the screen allows (a shift's days, "that date or the next").
 */

interface Parts {
  day: string;
  hour: string;
  minute: string;
  half: string;
}

const EMPTY: Parts = { day: '', hour: '', minute: '', half: '' };

function partsOf(value: string | null): Parts {
  if (!value) return EMPTY;
  const dt = fromApi(value);
  if (!dt.isValid) return EMPTY;
  const h12 = dt.hour % 12 === 0 ? 12 : dt.hour % 12;
  return { day: dt.toFormat('yyyy-MM-dd'), hour: String(h12), minute: String(dt.minute), half: dt.hour < 12 ? 'AM' : 'PM' };
}

/** The picked local time as API text, or null while a part is still unpicked. */
function compose(p: Parts, withMinutes: boolean): string | null {
  if (!p.day || !p.hour || !p.half || (withMinutes && p.minute === '')) return null;
  // 12 AM is hour 0 and 12 PM hour 12 (spec 2 section 5, "Expiration").
  const hour = (Number(p.hour) % 12) + (p.half === 'PM' ? 12 : 0);
  const dt = DateTime.fromISO(p.day).set({ hour, minute: withMinutes ? Number(p.minute) : 0, second: 0, millisecond: 0 });
  return dt.isValid ? toApi(dt) : null;
}

/** "Thu, 11/20/2025" */
function dayLabel(day: string): string {
  return DateTime.fromISO(day).toLocaleString({ weekday: 'short', month: 'numeric', day: 'numeric', year: 'numeric' }, { locale: 'en-US' });
}

/** The local date (yyyy-MM-dd) of an API instant. */
export function localDay(value: string): string {
  return fromApi(value).toFormat('yyyy-MM-dd');
}

/** A local date (yyyy-MM-dd) moved by whole days. */
export function addDays(day: string, n: number): string {
  return DateTime.fromISO(day).plus({ days: n }).toFormat('yyyy-MM-dd');
}

/** Every local date (yyyy-MM-dd) from one instant's to another's, both included. */
export function localDays(from: DateTime, to: DateTime): string[] {
  const last = to.toLocal().toFormat('yyyy-MM-dd');
  const out: string[] = [];
  for (let d = from.toLocal().toFormat('yyyy-MM-dd'); d <= last && out.length < 62; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The local dates an API time range touches: a shift's days. */
export function daysBetween(start: string, end: string): string[] {
  return localDays(fromApi(start), fromApi(end));
}

/** An API instant at a local wall-clock time of a local date: the screens' defaults (12:00 AM, 11:59 PM). */
export function atLocal(day: string, hour: number, minute: number): string {
  return toApi(DateTime.fromISO(day).set({ hour, minute, second: 0, millisecond: 0 }));
}

export interface TimePickerProps {
  /** The group's legend, read with each part: "Start of coverage" + "Hour". */
  label: string;
  /** When given, each part's label starts with it ("Expiration hour"), for forms with several pickers. */
  name?: string;
  /** API text (Eastern), or null for nothing picked yet. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The local dates (yyyy-MM-dd) offered; the value's own date is always among them. */
  days: string[];
  /** False for the hour-only pickers (expiration): minutes are 00. */
  minutes?: boolean;
}

/** One date and time: day (or date), hour, minute (unless `minutes` is false) and AM/PM selects. */
export function TimePicker({ label, name, value, onChange, days, minutes = true }: TimePickerProps): ReactNode {
  const id = useId();
  const fromValue = partsOf(value);
  // A part picked while others are still empty has no API value yet: kept here until complete.
  const [draft, setDraft] = useState<{ of: string | null; parts: Parts }>({ of: value, parts: fromValue });
  const parts = draft.of === value ? draft.parts : fromValue;
  const pick = (patch: Partial<Parts>): void => {
    const next = { ...parts, ...patch };
    const out = compose(next, minutes);
    setDraft({ of: out, parts: next });
    onChange(out);
  };
  const dayChoices = parts.day && !days.includes(parts.day) ? [...days, parts.day].sort() : days;
  const minuteChoices: number[] = [];
  // Every minute, 00 to 59, on every form (spec 3: "minute 00-59").
  for (let m = 0; m < 60; m++) minuteChoices.push(m);
  if (parts.minute !== '' && !minuteChoices.includes(Number(parts.minute))) minuteChoices.push(Number(parts.minute));
  minuteChoices.sort((a, b) => a - b);
  const select = (key: keyof Parts, part: string, options: [string, string][]): ReactNode => (
    <span className="dt-part">
      <label htmlFor={`${id}-${key}`}>{name ? `${name} ${part === 'AM/PM' ? part : part.toLowerCase()}` : part}</label>
      <select id={`${id}-${key}`} value={parts[key]} onChange={(e) => pick({ [key]: e.target.value })}>
        {parts[key] === '' && <option value="">Select</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
  return (
    <fieldset className="dt-picker">
      <legend>{label}</legend>
      {select(
        'day',
        minutes ? 'Day' : 'Date',
        dayChoices.map((d) => [d, dayLabel(d)]),
      )}
      {select(
        'hour',
        'Hour',
        Array.from({ length: 12 }, (_, i) => String(i + 1)).map((h) => [h, h]),
      )}
      {minutes &&
        select(
          'minute',
          'Minute',
          minuteChoices.map((m) => [String(m), String(m).padStart(2, '0')]),
        )}
      {select('half', 'AM/PM', [
        ['AM', 'AM'],
        ['PM', 'PM'],
      ])}
    </fieldset>
  );
}

/** A start and an end picker side by side (coverage, hours wanted, swap hours). */
export function TimeRangePicker({
  startLegend,
  endLegend,
  start,
  end,
  onStart,
  onEnd,
  startDays,
  endDays,
}: {
  startLegend: string;
  endLegend: string;
  start: string | null;
  end: string | null;
  onStart: (value: string | null) => void;
  onEnd: (value: string | null) => void;
  startDays: string[];
  endDays?: string[];
}): ReactNode {
  return (
    <div className="time-range">
      <TimePicker label={startLegend} value={start} onChange={onStart} days={startDays} />
      <TimePicker label={endLegend} value={end} onChange={onEnd} days={endDays ?? startDays} />
    </div>
  );
}

/**
 * The banners of a coverage posting by its type (spec 2, Offering Coverage): 1 Spanish required,
 * 9 assistant supervisor or higher, the training types (parameter trainingShiftTypes, spec 2
 * section 4) full coverage only (the spec names this banner without its words; ours say what it
 * means). Without the codes yet, no full-coverage banner.
 */
export function postingBanners(type: number | null | undefined, codes: Codes | null): string[] {
  if (type === 1) return ['SPANISH REQUIRED'];
  if (type === 9) return ['Assist Sup or Higher REQUIRED'];
  if (type !== null && type !== undefined && codes?.trainingShiftTypes.includes(type)) return ['FULL COVERAGE ONLY: this shift cannot be traded or partly covered.'];
  return [];
}

/**
 * Who posted, their time range, the banners and their notes: the head of the offer and message
 * screens (spec 2: "who wants coverage with time range, banners and notes"; for hours, who wants
 * to work).
 */
export function PostingSummary({
  kind,
  initials,
  start,
  end,
  type,
  notes,
}: {
  kind: 'coverage' | 'hours';
  initials: string | null;
  start: string;
  end: string;
  /** A coverage posting's type, for its banners. */
  type?: number | null;
  notes: string | null;
}): ReactNode {
  const codes = useCodes();
  const banners = kind === 'coverage' ? postingBanners(type, codes) : [];
  return (
    <div className="posting-summary">
      <p>
        <strong>{initials ?? '?'}</strong> {kind === 'coverage' ? 'wants coverage' : 'wants to work'}: <span className="posting-range">{showRange(start, end)}</span>
      </p>
      {banners.map((b) => (
        <p key={b} className="banner">
          {b}
        </p>
      ))}
      {notes && (
        <p className="posting-notes">
          <span className="muted">Notes:</span> {notes}
        </p>
      )}
    </div>
  );
}
