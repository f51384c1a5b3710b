import { DateTime } from 'luxon';

/**
 * The server works in Eastern time (spec 1 section 1) and writes instants as Eastern wall-clock
 * text ("2025-10-15 08:00:00.0", or ISO with an offset in the repeated fall-back hour); people see
 * and pick times in their own zone, in the en-US format.
 */
export const BUSINESS_ZONE = 'America/New_York';

/** An instant as the API writes it. */
export function fromApi(text: string): DateTime {
  const iso = text.includes('T') ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromSQL(text, { zone: BUSINESS_ZONE });
  return iso.toLocal();
}

/** An instant as the action calls take it: Eastern wall-clock text "YYYY-MM-DD HH:mm". */
export function toApi(dt: DateTime): string {
  const eastern = dt.setZone(BUSINESS_ZONE);
  const wall = eastern.toFormat('yyyy-MM-dd HH:mm');
  // The second 1:30 of a fall-back night reads like the first: send the offset so it means itself.
  const back = DateTime.fromSQL(wall, { zone: BUSINESS_ZONE });
  return back.toMillis() === eastern.startOf('minute').toMillis() ? wall : eastern.toFormat("yyyy-MM-dd'T'HH:mmZZ");
}

/**
 * The zone after a time shown in a browser whose clock is not Eastern's at that moment (" CST"):
 * the call centre speaks Eastern time, so a bare "8:00 PM" elsewhere is ambiguous. Nothing where
 * the browser keeps Eastern time.
 */
function zoneAfter(d: DateTime): string {
  return d.offset === d.setZone(BUSINESS_ZONE).offset ? '' : ` ${d.toFormat('ZZZZ', { locale: 'en-US' })}`;
}

/** "11/20/2025, 2:00 PM" (", 1:00 PM CST" outside Eastern time) */
export function showDateTime(text: string | null | undefined): string {
  if (!text) return '';
  const d = fromApi(text);
  return d.toLocaleString({ ...DateTime.DATETIME_SHORT }, { locale: 'en-US' }) + zoneAfter(d);
}

/** "2:00 PM" ("1:00 PM CST" outside Eastern time) */
export function showTime(text: string | null | undefined): string {
  if (!text) return '';
  const d = fromApi(text);
  return d.toLocaleString(DateTime.TIME_SIMPLE, { locale: 'en-US' }) + zoneAfter(d);
}

/** "11/20/2025 2:00 PM - 6:00 PM", the date repeated only when the range crosses days. */
export function showRange(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return '';
  const a = fromApi(start);
  const b = fromApi(end);
  const day = (d: DateTime): string => d.toLocaleString(DateTime.DATE_SHORT, { locale: 'en-US' });
  const time = (d: DateTime): string => d.toLocaleString(DateTime.TIME_SIMPLE, { locale: 'en-US' });
  const range = a.hasSame(b, 'day') ? `${day(a)} ${time(a)} - ${time(b)}` : `${day(a)} ${time(a)} - ${day(b)} ${time(b)}`;
  return range + zoneAfter(b);
}

/** "Thursday, November 20" */
export function showWeekdayMonthDay(d: DateTime): string {
  return d.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric' }, { locale: 'en-US' });
}

/** Minutes as "X hours and Y minutes". */
export function hoursAndMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${Math.floor(m / 60)} hours and ${m % 60} minutes`;
}

/** The Eastern date (yyyy-MM-dd) of an API instant: the server's days are Eastern (FMLA covers a shift by its start date there). */
export function easternDate(text: string): string {
  return fromApi(text).setZone(BUSINESS_ZONE).toISODate() ?? '';
}

/** Today in the business zone, yyyy-MM-dd. */
export function todayEastern(): string {
  return DateTime.now().setZone(BUSINESS_ZONE).toFormat('yyyy-MM-dd');
}
