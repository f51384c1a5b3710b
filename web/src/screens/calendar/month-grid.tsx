import { DateTime } from 'luxon';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { showTime } from '../../time.ts';
import { openShiftsText, PAY_DAYS, type Marker, type ShiftWithBreaks } from './model.ts';

/**
 * The 7-week month view: each day a button (Enter or Space opens its panel; the arrow keys move
 * between days) showing the day's events. On narrow screens the labels shrink to their counts,
 * and the whole words stay for screen readers: they make the button's name.
 */

export interface DayCell {
  date: string;
  myShifts: ShiftWithBreaks[];
  coverage: number;
  hours: number;
  open: number;
  payDay: boolean;
  markers: Marker[];
}

interface Event {
  kind: 'shift' | 'cov' | 'hours' | 'open' | 'pay' | 'marker';
  long: string;
  short: string;
}

/** A day's events in the order the cell shows them, with their words (spec 1 "Calendar screen"). */
export function cellEvents(cell: DayCell): Event[] {
  const events: Event[] = [];
  for (const s of cell.myShifts) events.push({ kind: 'shift', long: `${showTime(s.startTime)} ${s.title.trim()}`, short: 'Shift' });
  if (cell.coverage > 0) events.push({ kind: 'cov', long: `${cell.coverage} Seeking Coverage`, short: String(cell.coverage) });
  if (cell.hours > 0) events.push({ kind: 'hours', long: `${cell.hours} Seeking Hours`, short: String(cell.hours) });
  if (cell.open > 0) events.push({ kind: 'open', long: openShiftsText(cell.open), short: String(cell.open) });
  if (cell.payDay) events.push({ kind: 'pay', long: PAY_DAYS.label, short: 'Pay' });
  for (const m of cell.markers) events.push({ kind: 'marker', ...m });
  return events;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function MonthGrid({
  title,
  month,
  cells,
  selected,
  onSelect,
  onMonth,
}: {
  title: string;
  month: string;
  cells: DayCell[];
  selected: string | null;
  onSelect: (date: string) => void;
  onMonth: (by: -1 | 1) => void;
}): ReactNode {
  const headingId = useId();
  const table = useRef<HTMLTableElement>(null);
  const today = DateTime.local().toISODate();
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  const move = (e: KeyboardEvent<HTMLTableElement>): void => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[e.key];
    const from = (e.target as HTMLElement).dataset.date;
    if (step === undefined || !from) return;
    const to = DateTime.fromISO(from).plus({ days: step }).toISODate();
    const target = table.current?.querySelector<HTMLButtonElement>(`button[data-date="${to}"]`);
    if (target) {
      target.focus();
      e.preventDefault();
    }
  };

  return (
    <div className="calendar">
      <div className="calendar-head">
        <button type="button" onClick={() => onMonth(-1)}>
          <span aria-hidden="true">‹ </span>Previous month
        </button>
        <h2 id={headingId}>{title}</h2>
        <button type="button" onClick={() => onMonth(1)}>
          Next month<span aria-hidden="true"> ›</span>
        </button>
      </div>
      <table className="calendar-grid" ref={table} aria-labelledby={headingId} onKeyDown={move}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                <span aria-hidden="true">{d.slice(0, 3)}</span>
                <span className="visually-hidden">{d}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                const events = cellEvents(cell);
                const day = DateTime.fromISO(cell.date);
                const name = day.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, { locale: 'en-US' });
                const classes = ['calendar-day', cell.date.slice(0, 7) === month ? '' : 'other-month', cell.date === today ? 'today' : '', cell.date === selected ? 'selected' : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={classes}
                      data-date={cell.date}
                      aria-pressed={cell.date === selected}
                      aria-current={cell.date === today ? 'date' : undefined}
                      onClick={() => onSelect(cell.date)}
                    >
                      <span className="calendar-date">
                        <span aria-hidden="true">{day.day}</span>
                        <span className="visually-hidden">{name}</span>
                      </span>
                      <span className="calendar-events">
                        {events.map((ev, i) => (
                          <span key={`${ev.kind}${i}`} className={`calendar-event event-${ev.kind}`}>
                            <span className="visually-hidden">, </span>
                            <span className="long">{ev.long}</span>
                            {ev.short && (
                              <span className="short" aria-hidden="true">
                                {ev.short}
                              </span>
                            )}
                          </span>
                        ))}
                      </span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
