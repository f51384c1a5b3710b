import { DateTime } from 'luxon';
import { Fragment, type ReactNode } from 'react';

/**
 * The Team Calendar's month grid (spec 1: "five-week month grid"): weeks from Sunday, five rows,
 * or six for a month that spills into a sixth week so that no day of it is lost. Each day is a
 * button that selects it; its events are given by the screen.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKS = 5;

/** The days the grid shows for a month, Sunday first. */
export function gridDays(month: DateTime): DateTime[] {
  const first = month.startOf('month');
  const start = first.minus({ days: first.weekday % 7 });
  const needed = Math.ceil(((first.weekday % 7) + first.endOf('month').day) / 7);
  const weeks = Math.max(WEEKS, needed);
  return Array.from({ length: weeks * 7 }, (_, i) => start.plus({ days: i }));
}

export interface DayEvent {
  text: string;
  /** What a screen reader says, when the text shown is shortened. */
  label?: string;
  className: string;
}

export function MonthGrid({
  month,
  selected,
  onSelect,
  eventsOf,
}: {
  month: DateTime;
  selected: string;
  onSelect: (day: string) => void;
  eventsOf: (day: string) => DayEvent[];
}): ReactNode {
  const days = gridDays(month);
  const today = DateTime.local().toISODate();
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <table className="team-grid">
      <caption className="visually-hidden">{month.toFormat('LLLL yyyy')}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.toISODate()}>
            {week.map((d) => {
              const day = d.toISODate() ?? '';
              const events = eventsOf(day);
              const classes = ['team-day', d.month !== month.month ? 'other-month' : '', day === today ? 'today' : ''].filter(Boolean).join(' ');
              return (
                <td key={day} className={classes}>
                  <button
                    type="button"
                    aria-pressed={day === selected}
                    aria-label={[d.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric' }, { locale: 'en-US' }), ...events.map((e) => e.label ?? e.text)].join(', ')}
                    onClick={() => onSelect(day)}
                  >
                    <span className="team-day-number" aria-hidden="true">
                      {d.day}
                    </span>
                    {/* Spaces between the parts: the visible text reads as words, as the name does. */}
                    {events.map((e) => (
                      <Fragment key={e.text}>
                        {' '}
                        <span className={`team-event ${e.className}`} aria-hidden="true">
                          {e.text}
                        </span>
                      </Fragment>
                    ))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
