import { DateTime, IANAZone } from 'luxon';
import { ShiftinatorError } from './errors.ts';

/**
 * The business clock. Instants are epoch minutes (numbers), so every comparison and every
 * duration is elapsed time and daylight-saving changes need no special case; calendar dates are
 * day numbers (days since 1970-01-01 of the Eastern calendar). json-rules-engine then only ever
 * compares numbers: never strings (text order) nor Dates (identity).
 */
export const BUSINESS_ZONE = 'America/New_York';

export type Minutes = number;
export type DayNumber = number;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const MS_PER_MINUTE = 60_000;
/** The largest offset from UTC any zone has used (Kiribati, +14:00); past it a text is a typo, not a place. */
const MAX_OFFSET_MINUTES = 14 * 60;
const MINUTES_PER_DAY = 1440;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;

// Luxon asks Intl for the zone offset on every conversion, which is most of the cost of one.
// New York's offset only ever changes on a whole UTC hour (2:00 local), so luxon's offset at the
// start of an hour holds for the whole hour and can be kept. Outside these years luxon answers.
const BUSINESS_IANA_ZONE = IANAZone.create(BUSINESS_ZONE);
const FAST_FROM_MS = Date.UTC(1971, 0, 1);
const FAST_TO_MS = Date.UTC(2200, 0, 1);

/**
 * `compute` remembered for up to `limit` keys, forgotten all at once past that: the keys that
 * recur (hours, shift boundaries, the texts of a world) come back at once. Errors are not kept.
 */
function remembered<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}

const offsetOfHour = remembered(100_000, (hour: number): number => BUSINESS_IANA_ZONE.offset(hour * MS_PER_HOUR));

function inFastRange(ms: number): boolean {
  return ms >= FAST_FROM_MS && ms < FAST_TO_MS;
}

/** The business zone's offset from UTC in minutes at an instant (epoch ms) in the fast range. */
function offsetAt(ms: number): number {
  return offsetOfHour(Math.floor(ms / MS_PER_HOUR));
}

/**
 * The one instant (epoch ms) whose Eastern wall clock reads `localMs` (a wall-clock reading
 * written as if it were UTC), or null when there is none (the spring-forward gap) or two (the
 * repeated hour): the callers leave those rare cases to luxon.
 */
function uniqueInstantOf(localMs: number): number | null {
  if (!inFastRange(localMs)) return null;
  // Every offset in force within 15 hours either side: a reading can only belong to one of them.
  const before = offsetAt(localMs - 15 * MS_PER_HOUR);
  const after = offsetAt(localMs + 15 * MS_PER_HOUR);
  let found: number | null = null;
  let count = 0;
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = localMs - offset * MS_PER_MINUTE;
    if (offsetAt(instant) === offset) {
      found = instant;
      count++;
    }
  }
  return count === 1 ? found : null;
}

/** Eastern wall-clock fields of an instant (epoch minutes), as luxon computes them, or null outside the fast range. */
function wallClockOf(minutes: Minutes): Date | null {
  return easternWallClock(minutes * MS_PER_MINUTE);
}

/**
 * The Eastern wall clock at an instant (epoch ms), its fields read with the `getUTC…` methods, as
 * luxon computes them; null outside the years kept fast (1971-2199), where luxon must answer.
 */
export function easternWallClock(ms: number): Date | null {
  if (!inFastRange(ms)) return null;
  // Like luxon (and Date), a fraction of a millisecond is dropped.
  return new Date(Math.trunc(ms + offsetAt(ms) * MS_PER_MINUTE));
}

/**
 * `easternWallClock`, when that reading names this instant alone: null also in the repeated hour's
 * second pass (whose reading means the first), where a text needs its offset.
 */
export function uniqueEasternWallClock(ms: number): Date | null {
  const wall = easternWallClock(ms);
  return wall !== null && uniqueInstantOf(wall.getTime()) === Math.trunc(ms) ? wall : null;
}

// Time-zone offset lookups are most of the cost of reading a scenario file, and the same texts
// recur across files and records; invalid texts are not cached (they throw).
const INSTANT_CACHE_LIMIT = 50_000;

/** Parses an instant: Eastern wall-clock text, or ISO-8601 with an offset or Z. */
export const parseInstant: (text: string) => Minutes = remembered(INSTANT_CACHE_LIMIT, parseInstantUncached);

function parseInstantUncached(text: string): Minutes {
  if (typeof text !== 'string') {
    throw new ShiftinatorError('TIME_INVALID', `expected an instant as text, got ${JSON.stringify(text)}`);
  }
  const trimmed = text.trim();
  if (WITH_OFFSET.test(trimmed)) {
    const parsed = DateTime.fromISO(trimmed, { setZone: true });
    // Luxon takes any two-digit offset and year 0000 (which the calendar has not got).
    if (!parsed.isValid || parsed.year < 1) throw new ShiftinatorError('TIME_INVALID', `"${text}" is not a valid instant`);
    if (Math.abs(parsed.offset) > MAX_OFFSET_MINUTES) throw new ShiftinatorError('TIME_INVALID', `"${text}" has an offset beyond ±14:00`);
    return parsed.toMillis() / MS_PER_MINUTE;
  }
  const m = WALL_CLOCK.exec(trimmed);
  if (!m) {
    throw new ShiftinatorError(
      'TIME_INVALID',
      `"${text}" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`,
    );
  }
  const [, y, mo, d, h, mi, s, frac] = m;
  const parts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s ? Number(s) : 0,
    millisecond: frac ? Number(frac.padEnd(3, '0')) : 0,
  };
  const fast = parts.year >= 1971 && parts.month >= 1 && parts.month <= 12 && parts.hour <= 23 && parts.minute <= 59 && parts.second <= 59
    ? Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond)
    : Number.NaN;
  // A day past the month's end rolls over in Date.UTC: such texts, like gaps and repeated hours, go to luxon.
  const instant = parts.day >= 1 && new Date(fast).getUTCDate() === parts.day ? uniqueInstantOf(fast) : null;
  if (instant !== null) return instant / MS_PER_MINUTE;
  const parsed = DateTime.fromObject(parts, { zone: BUSINESS_ZONE });
  if (!parsed.isValid || parts.year < 1) throw new ShiftinatorError('TIME_INVALID', `"${text}" is not a valid date and time`);
  // Luxon moves a time in the spring-forward gap to a real one; the round trip shows it.
  if (parsed.hour !== parts.hour || parsed.minute !== parts.minute || parsed.day !== parts.day) {
    throw new ShiftinatorError('TIME_INVALID', `"${text}" does not exist in America/New_York (daylight-saving gap)`);
  }
  // In the fall-back hour Luxon may pick either offset; the first occurrence is the earlier instant.
  const earlier = parsed.minus({ hours: 1 });
  if (earlier.hour === parts.hour && earlier.minute === parts.minute && earlier.day === parts.day) {
    return earlier.toMillis() / MS_PER_MINUTE;
  }
  return parsed.toMillis() / MS_PER_MINUTE;
}

/** Parses a calendar date `YYYY-MM-DD` into a day number. */
export function parseDate(text: string): DayNumber {
  const m = typeof text === 'string' ? DATE_ONLY.exec(text.trim()) : null;
  if (!m) throw new ShiftinatorError('TIME_INVALID', `"${String(text)}" is not a date: use "YYYY-MM-DD"`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const check = new Date(ms);
  if (Number(m[1]) < 1 || check.getUTCDate() !== Number(m[3]) || check.getUTCMonth() !== Number(m[2]) - 1) {
    throw new ShiftinatorError('TIME_INVALID', `"${text}" is not a valid date`);
  }
  return ms / (MS_PER_MINUTE * MINUTES_PER_DAY);
}

export function formatDate(day: DayNumber): string {
  return new Date(day * MINUTES_PER_DAY * MS_PER_MINUTE).toISOString().slice(0, 10);
}

function zoned(minutes: Minutes): DateTime {
  return DateTime.fromMillis(minutes * MS_PER_MINUTE, { zone: BUSINESS_ZONE });
}

/** The Eastern calendar date of an instant. */
export function dayOf(minutes: Minutes): DayNumber {
  const wall = wallClockOf(minutes);
  if (wall) return Math.floor(wall.getTime() / MS_PER_DAY);
  const dt = zoned(minutes);
  return Date.UTC(dt.year, dt.month - 1, dt.day) / (MS_PER_MINUTE * MINUTES_PER_DAY);
}

/** The instant an Eastern calendar date begins (midnight exists on every US daylight-saving day). */
export function startOfDay(day: DayNumber): Minutes {
  const midnight = uniqueInstantOf(day * MS_PER_DAY);
  if (midnight !== null) return midnight / MS_PER_MINUTE;
  const d = new Date(day * MINUTES_PER_DAY * MS_PER_MINUTE);
  return (
    DateTime.fromObject(
      { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
      { zone: BUSINESS_ZONE },
    ).toMillis() / MS_PER_MINUTE
  );
}

/** Day of the week of a day number, 1 = Monday ... 7 = Sunday (ISO). */
export function weekdayOf(day: DayNumber): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The first day of the week holding `day`, for weeks starting on ISO weekday `weekStartsOn`. */
export function startOfWeek(day: DayNumber, weekStartsOn: number): DayNumber {
  const back = (weekdayOf(day) - weekStartsOn + 7) % 7;
  return day - back;
}

/**
 * Eastern wall-clock text, `YYYY-MM-DD HH:mm` (seconds only when present), as scenario files write
 * it. Remembered: the server logs every decision's slice as text, the same shift boundaries over and over.
 */
export const formatInstant: (minutes: Minutes) => string = remembered(INSTANT_CACHE_LIMIT, formatInstantUncached);

function formatInstantUncached(minutes: Minutes): string {
  const wall = wallClockOf(minutes);
  if (wall) {
    // The text luxon's toFormat gives below, without luxon; the repeated hour still goes there.
    const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
    let text = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
    if (wall.getUTCMilliseconds() !== 0) text += `:${pad(wall.getUTCSeconds())}.${pad(wall.getUTCMilliseconds(), 3)}`;
    else if (wall.getUTCSeconds() !== 0) text += `:${pad(wall.getUTCSeconds())}`;
    if (parseInstant(text) === minutes) return text;
  }
  const dt = zoned(minutes);
  const pattern = dt.millisecond !== 0 ? 'yyyy-MM-dd HH:mm:ss.SSS' : dt.second !== 0 ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm';
  const base = dt.toFormat(pattern);
  // A wall-clock time in the repeated hour needs its offset to say which occurrence it is.
  return parseInstant(base) === minutes ? base : dt.toISO({ suppressMilliseconds: true }) ?? base;
}

/**
 * Display formats used by message templates. The names are referenced from rules JSON; the
 * patterns follow the spec's en-US display of times.
 */
const DISPLAY_FORMATS = {
  time: 'h:mm a',
  date: 'M/d/yyyy',
  dateTime: 'M/d/yyyy h:mm a',
} as const;

export type DisplayFormat = keyof typeof DISPLAY_FORMATS;

export function formatForDisplay(minutes: Minutes, format: DisplayFormat): string {
  const wall = wallClockOf(minutes);
  // The en-US texts of DISPLAY_FORMATS, without luxon's Intl round (a failed rule's message formats several).
  if (wall) return DISPLAY_WRITERS[format](wall);
  return zoned(minutes).setLocale('en-US').toFormat(DISPLAY_FORMATS[format]);
}

const displayDate = (wall: Date): string => `${wall.getUTCMonth() + 1}/${wall.getUTCDate()}/${String(wall.getUTCFullYear()).padStart(4, '0')}`;
const displayTime = (wall: Date): string => {
  const hour = wall.getUTCHours();
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
};
const DISPLAY_WRITERS: Record<DisplayFormat, (wall: Date) => string> = {
  time: displayTime,
  date: displayDate,
  dateTime: (wall) => `${displayDate(wall)} ${displayTime(wall)}`,
};

export function formatDayForDisplay(day: DayNumber): string {
  return formatForDisplay(startOfDay(day), 'date');
}
