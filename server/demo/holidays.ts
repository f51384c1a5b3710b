import { formatDate, type WorldRecord } from '../../engine/index.ts';
import { weekdayOf } from '../../engine/time.ts';

const HOLIDAY_RULES: { date: (year: number) => string; holiday: boolean }[] = [
  // First Monday of September: Labor Day.
  { date: (y) => nthWeekday(y, 9, 1, 1), holiday: true },
  // First Sunday of November: daylight saving ends (a calendar marker, not a holiday).
  { date: (y) => nthWeekday(y, 11, 7, 1), holiday: false },
  // Fourth Thursday of November: Thanksgiving.
  { date: (y) => nthWeekday(y, 11, 4, 4), holiday: true },
  { date: (y) => `${y}-12-24`, holiday: true },
  { date: (y) => `${y}-12-25`, holiday: true },
];

/** The n-th ISO weekday (1 Monday ... 7 Sunday) of a month, as YYYY-MM-DD. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = Date.UTC(year, month - 1, 1) / 86_400_000;
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return formatDate(first + offset + (n - 1) * 7);
}

/** Spec 1's holiday markers (2025) and the same markers for every year the schedule touches. */
export function holidayDays(fromDay: number, toDay: number): WorldRecord[] {
  const years = new Set([2025, Number(formatDate(fromDay).slice(0, 4)), Number(formatDate(toDay).slice(0, 4))]);
  const days: WorldRecord[] = [];
  for (const year of [...years].sort()) {
    for (const rule of HOLIDAY_RULES) days.push({ date: Date.parse(rule.date(year)) / 86_400_000, holiday: rule.holiday, schedulePosted: true });
  }
  return days;
}
