import { DateTime } from 'luxon';

/**
 * The days of a month grid (ui/month-grid.tsx): whole weeks, Sunday first, from the week holding
 * the month's first day; `minWeeks` of them, more when the month needs more (a month spilling into
 * a sixth week keeps its last days). Dates, not instants: UTC arithmetic, yyyy-MM-dd.
 */
export function monthGridDays(month: string, minWeeks: number): string[] {
  const first = DateTime.fromISO(`${month}-01`, { zone: 'utc' });
  const lead = first.weekday % 7;
  const weeks = Math.max(minWeeks, Math.ceil((lead + first.endOf('month').day) / 7));
  const start = first.minus({ days: lead });
  return Array.from({ length: weeks * 7 }, (_, i) => start.plus({ days: i }).toISODate() ?? '');
}
