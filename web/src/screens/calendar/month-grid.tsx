import { useId, type ReactNode } from 'react';
import { showTime } from '../../time.ts';
import { MonthGrid, MonthStep, type DayEvent } from '../../ui/month-grid.tsx';
import { openShiftsText, PAY_DAY_LABEL, type Marker, type ShiftWithBreaks } from './model.ts';

/**
 * What a day of the Calendar's 7-week view shows (ui/month-grid.tsx draws the days). On narrow
 * screens the labels shrink to their counts, and the whole words stay for screen readers: they
 * make the day button's name.
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

type Kind = 'shift' | 'cov' | 'hours' | 'open' | 'pay' | 'marker';

const event = (kind: Kind, text: string, short: string): DayEvent => ({ className: `calendar-event event-${kind}`, text, short });

/** A day's events in the order the cell shows them, with their words (spec 1 "Calendar screen"). */
function cellEvents(cell: DayCell): DayEvent[] {
  const events: DayEvent[] = [];
  for (const s of cell.myShifts) events.push(event('shift', `${showTime(s.startTime)} ${s.title.trim()}`, 'Shift'));
  if (cell.coverage > 0) events.push(event('cov', `${cell.coverage} Seeking Coverage`, String(cell.coverage)));
  if (cell.hours > 0) events.push(event('hours', `${cell.hours} Seeking Hours`, String(cell.hours)));
  if (cell.open > 0) events.push(event('open', openShiftsText(cell.open), String(cell.open)));
  if (cell.payDay) events.push(event('pay', PAY_DAY_LABEL, 'Pay'));
  for (const m of cell.markers) events.push(event('marker', m.long, m.short));
  return events;
}

/**
 * The Calendar's month: its title between the previous and next month buttons, and the 7-week
 * grid of days, each showing its events.
 */
export function CalendarMonth({
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
  const byDate = new Map(cells.map((c) => [c.date, c]));
  const eventsOf = (date: string): DayEvent[] => {
    const cell = byDate.get(date);
    return cell ? cellEvents(cell) : [];
  };
  return (
    <div className="calendar">
      <div className="calendar-head">
        <MonthStep by={-1} onStep={() => onMonth(-1)} />
        <h2 id={headingId}>{title}</h2>
        <MonthStep by={1} onStep={() => onMonth(1)} />
      </div>
      <MonthGrid
        month={month}
        days={cells.map((c) => c.date)}
        selected={selected}
        onSelect={onSelect}
        eventsOf={eventsOf}
        labelledBy={headingId}
        className="calendar-grid"
        dayClassName="calendar-day"
      />
    </div>
  );
}
