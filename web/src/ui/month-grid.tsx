import { DateTime } from 'luxon';
import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A month grid (the Calendar's seven weeks, the Team Calendar's five or six: ui/month-days.ts):
 * each day a button that selects it (Enter or Space; the arrow keys move between days), showing
 * the day's events. A day's button is named by its date and its events' words, read in order.
 */

export interface DayEvent {
  /** The event span's classes (its look). */
  className: string;
  /** The words shown, and read as part of the day's name. */
  text: string;
  /** Read after the text but not shown: what a shortened text means ('2h 30m' + ' scheduled'). */
  more?: string;
  /** Shown in place of the text where the styles say so (narrow screens); never read. */
  short?: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** One day of the grid: its date, and its events in words a screen reader reads after it. */
function MonthDay({
  date,
  month,
  today,
  selected,
  onSelect,
  events,
  className,
}: {
  date: string;
  month: string;
  today: string | null;
  selected: string | null;
  onSelect: (date: string) => void;
  events: DayEvent[];
  className: string;
}): ReactNode {
  const day = DateTime.fromISO(date);
  const name = day.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, { locale: 'en-US' });
  const classes = [className, date.slice(0, 7) === month ? '' : 'other-month', date === today ? 'today' : '', date === selected ? 'selected' : ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      data-date={date}
      aria-pressed={date === selected}
      aria-current={date === today ? 'date' : undefined}
      onClick={() => onSelect(date)}
    >
      <span className="month-date">
        <span aria-hidden="true">{day.day}</span>
        <span className="visually-hidden">{name}</span>
      </span>
      <span className="month-events">
        {events.map((ev, i) => (
          <Fragment key={`${ev.className}${i}`}>
            <span className="visually-hidden">, </span>
            <span className={ev.className}>
              <span className="long">{ev.text}</span>
              {ev.more && <span className="visually-hidden">{ev.more}</span>}
              {ev.short && (
                <span className="short" aria-hidden="true">
                  {ev.short}
                </span>
              )}
            </span>
          </Fragment>
        ))}
      </span>
    </button>
  );
}

export function MonthGrid({
  month,
  days,
  selected,
  onSelect,
  eventsOf,
  labelledBy,
  className,
  dayClassName,
}: {
  /** yyyy-MM: the days of other months are marked. */
  month: string;
  /** Whole weeks, Sunday first (monthGridDays). */
  days: string[];
  selected: string | null;
  onSelect: (date: string) => void;
  eventsOf: (date: string) => DayEvent[];
  /** The id of the heading that names the month. */
  labelledBy: string;
  /** The table's class and each day button's. */
  className: string;
  dayClassName: string;
}): ReactNode {
  const table = useRef<HTMLTableElement>(null);
  const today = DateTime.local().toISODate();
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));

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
    <table className={className} ref={table} aria-labelledby={labelledBy} onKeyDown={move}>
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
          <tr key={week[0]}>
            {week.map((date) => (
              <td key={date}>
                <MonthDay date={date} month={month} today={today} selected={selected} onSelect={onSelect} events={eventsOf(date)} className={dayClassName} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A step to the month before or after, in the same words on every calendar. */
export function MonthStep({ by, onStep, disabled }: { by: -1 | 1; onStep: () => void; disabled?: boolean }): ReactNode {
  return (
    <button type="button" disabled={disabled} onClick={onStep}>
      {by < 0 ? (
        <>
          <span aria-hidden="true">‹ </span>Previous month
        </>
      ) : (
        <>
          Next month<span aria-hidden="true"> ›</span>
        </>
      )}
    </button>
  );
}
