import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import {
  dayOf,
  formatDate,
  formatDayForDisplay,
  formatForDisplay,
  formatInstant,
  parseDate,
  parseInstant,
  startOfDay,
  startOfWeek,
  weekdayOf,
} from '../../engine/time.ts';

// Expected instants are written as UTC by hand (Eastern is UTC-4 in summer, UTC-5 in winter), so
// the tests do not lean on the time library they check.
const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number =>
  Date.UTC(y, mo - 1, d, h, mi, s, ms) / 60_000;
const utcDay = (y: number, mo: number, d: number): number => Date.UTC(y, mo - 1, d) / 86_400_000;

function timeError(text: unknown): ShiftinatorError {
  try {
    parseInstant(text as string);
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return e as ShiftinatorError;
  }
  throw new Error(`parseInstant(${JSON.stringify(text)}) did not fail`);
}

describe('parseInstant', () => {
  it('reads Eastern wall-clock text in summer (UTC-4) and winter (UTC-5)', () => {
    expect(parseInstant('2025-10-14 09:00')).toBe(utc(2025, 10, 14, 13, 0));
    expect(parseInstant('2025-10-14T09:00')).toBe(utc(2025, 10, 14, 13, 0));
    expect(parseInstant('2025-12-01 09:00')).toBe(utc(2025, 12, 1, 14, 0));
    expect(parseInstant('  2025-12-01 09:00  ')).toBe(utc(2025, 12, 1, 14, 0));
  });

  it('keeps seconds and fractions as fractions of a minute', () => {
    expect(parseInstant('2025-10-14 09:00:30')).toBe(utc(2025, 10, 14, 13, 0) + 0.5);
    expect(parseInstant('2025-10-14 09:00:00.0')).toBe(utc(2025, 10, 14, 13, 0));
    expect(parseInstant('2025-10-14 09:00:30.5')).toBe(utc(2025, 10, 14, 13, 0, 30, 500));
  });

  it('reads ISO-8601 with an offset or Z', () => {
    const nine = utc(2025, 10, 14, 13, 0);
    expect(parseInstant('2025-10-14T09:00-04:00')).toBe(nine);
    expect(parseInstant('2025-10-14T13:00Z')).toBe(nine);
    expect(parseInstant('2025-10-14T13:00:00+0000')).toBe(nine);
    expect(parseInstant('2025-10-14T15:00:00.000+02:00')).toBe(nine);
  });

  it('reads the repeated hour of the fall-back day as its first occurrence unless an offset says otherwise', () => {
    const first = parseInstant('2025-11-02 01:30');
    const second = parseInstant('2025-11-02T01:30-05:00');
    expect(first).toBe(utc(2025, 11, 2, 5, 30));
    expect(parseInstant('2025-11-02T01:30-04:00')).toBe(first);
    expect(second).toBe(utc(2025, 11, 2, 6, 30));
    expect(second - first).toBe(60);
    expect(parseInstant('2025-11-02 01:00')).toBe(utc(2025, 11, 2, 5, 0));
    expect(parseInstant('2025-11-02 01:59')).toBe(utc(2025, 11, 2, 5, 59));
    expect(parseInstant('2025-11-02 02:00')).toBe(utc(2025, 11, 2, 7, 0));
  });

  it('measures elapsed time across the fall-back hour: 00:00 to 03:00 is 240 minutes', () => {
    expect(parseInstant('2025-11-02 03:00') - parseInstant('2025-11-02 00:00')).toBe(240);
    expect(parseInstant('2025-11-03 00:00') - parseInstant('2025-11-02 00:00')).toBe(25 * 60);
  });

  it('measures elapsed time across the spring-forward gap: 01:00 to 03:00 is 60 minutes', () => {
    expect(parseInstant('2025-03-09 01:59')).toBe(utc(2025, 3, 9, 6, 59));
    expect(parseInstant('2025-03-09 03:00')).toBe(utc(2025, 3, 9, 7, 0));
    expect(parseInstant('2025-03-09 03:00') - parseInstant('2025-03-09 01:00')).toBe(60);
  });

  it('rejects a wall-clock time in the spring-forward gap with TIME_INVALID', () => {
    for (const text of ['2025-03-09 02:30', '2025-03-09 02:00', '2025-03-09 02:59']) {
      const e = timeError(text);
      expect(e.code).toBe('TIME_INVALID');
      expect(e.message).toBe(`"${text}" does not exist in America/New_York (daylight-saving gap)`);
    }
  });

  it('rejects impossible dates and times', () => {
    expect(timeError('2025-02-30 10:00').message).toBe('"2025-02-30 10:00" is not a valid date and time');
    expect(timeError('2025-13-01 10:00').message).toBe('"2025-13-01 10:00" is not a valid date and time');
    expect(timeError('2025-10-14 24:30').message).toBe('"2025-10-14 24:30" is not a valid date and time');
    expect(timeError('2025-10-14 09:60').message).toBe('"2025-10-14 09:60" is not a valid date and time');
    expect(timeError('2025-02-30T10:00Z').message).toBe('"2025-02-30T10:00Z" is not a valid instant');
    for (const e of [timeError('2025-02-30 10:00'), timeError('2025-02-30T10:00Z')]) expect(e.code).toBe('TIME_INVALID');
  });

  it('rejects text that is not an instant, saying what to write', () => {
    const hint = 'is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset';
    for (const text of ['2025-10-14', 'tomorrow 9am', '10/14/2025 09:00', '2025-10-14 9:00', '']) {
      const e = timeError(text);
      expect(e.code).toBe('TIME_INVALID');
      expect(e.message).toBe(`"${text}" ${hint}`);
    }
    expect(timeError(5).message).toBe('expected an instant as text, got 5');
    expect(timeError(null).message).toBe('expected an instant as text, got null');
  });
});

describe('parseDate and formatDate', () => {
  it('turns YYYY-MM-DD into a day number and back', () => {
    expect(parseDate('1970-01-01')).toBe(0);
    expect(parseDate('2025-10-14')).toBe(utcDay(2025, 10, 14));
    expect(parseDate('2024-02-29')).toBe(utcDay(2024, 2, 29));
    expect(formatDate(utcDay(2025, 10, 14))).toBe('2025-10-14');
    expect(formatDate(parseDate('2025-11-02'))).toBe('2025-11-02');
  });

  it('rejects invalid dates with TIME_INVALID', () => {
    const fail = (text: string): ShiftinatorError => {
      try {
        parseDate(text);
      } catch (e) {
        return e as ShiftinatorError;
      }
      throw new Error(`parseDate(${text}) did not fail`);
    };
    expect(fail('2025-02-29').message).toBe('"2025-02-29" is not a valid date');
    expect(fail('2025-04-31').message).toBe('"2025-04-31" is not a valid date');
    expect(fail('2025-10-14 09:00').message).toBe('"2025-10-14 09:00" is not a date: use "YYYY-MM-DD"');
    expect(fail('10/14/2025').code).toBe('TIME_INVALID');
  });
});

describe('calendar days', () => {
  it('dayOf is the Eastern date, not the UTC one, near midnight', () => {
    const lateEvening = parseInstant('2025-10-14 23:59');
    expect(new Date(lateEvening * 60_000).toISOString().slice(0, 10)).toBe('2025-10-15');
    expect(dayOf(lateEvening)).toBe(utcDay(2025, 10, 14));
    expect(dayOf(parseInstant('2025-10-15 00:00'))).toBe(utcDay(2025, 10, 15));
    expect(dayOf(utc(2025, 10, 15, 3, 59))).toBe(utcDay(2025, 10, 14));
    expect(dayOf(utc(2025, 10, 15, 4, 0))).toBe(utcDay(2025, 10, 15));
    expect(dayOf(parseInstant('2025-12-31 23:30'))).toBe(utcDay(2025, 12, 31));
    expect(dayOf(utc(2026, 1, 1, 4, 59))).toBe(utcDay(2025, 12, 31));
    expect(dayOf(utc(2026, 1, 1, 5, 0))).toBe(utcDay(2026, 1, 1));
    expect(dayOf(parseInstant('2025-11-02T23:30-05:00'))).toBe(utcDay(2025, 11, 2));
  });

  it('startOfDay is Eastern midnight; daylight-saving days last 25 and 23 hours', () => {
    expect(startOfDay(utcDay(2025, 10, 14))).toBe(utc(2025, 10, 14, 4, 0));
    expect(startOfDay(utcDay(2025, 12, 1))).toBe(utc(2025, 12, 1, 5, 0));
    expect(startOfDay(utcDay(2025, 11, 3)) - startOfDay(utcDay(2025, 11, 2))).toBe(25 * 60);
    expect(startOfDay(utcDay(2025, 3, 10)) - startOfDay(utcDay(2025, 3, 9))).toBe(23 * 60);
  });

  it('weekdayOf and startOfWeek count ISO weekdays (1 Monday ... 7 Sunday)', () => {
    expect(weekdayOf(0)).toBe(4); // 1970-01-01 was a Thursday
    expect(weekdayOf(utcDay(2025, 10, 14))).toBe(2); // a Tuesday
    expect(weekdayOf(utcDay(2025, 10, 12))).toBe(7); // a Sunday
    expect(weekdayOf(-1)).toBe(3); // 1969-12-31, a Wednesday
    expect(startOfWeek(utcDay(2025, 10, 14), 7)).toBe(utcDay(2025, 10, 12));
    expect(startOfWeek(utcDay(2025, 10, 12), 7)).toBe(utcDay(2025, 10, 12));
    expect(startOfWeek(utcDay(2025, 10, 18), 7)).toBe(utcDay(2025, 10, 12));
    expect(startOfWeek(utcDay(2025, 10, 14), 1)).toBe(utcDay(2025, 10, 13));
    expect(startOfWeek(utcDay(2025, 10, 12), 1)).toBe(utcDay(2025, 10, 6));
    expect(startOfWeek(utcDay(2025, 10, 15), 4)).toBe(utcDay(2025, 10, 9));
  });
});

describe('formatInstant', () => {
  it('writes Eastern wall clock as scenario files do, and reads back to the same instant', () => {
    for (const text of ['2025-10-14 09:00', '2025-12-01 00:00', '2025-11-02 01:30', '2025-11-02 03:00', '2025-03-09 03:00']) {
      expect(formatInstant(parseInstant(text))).toBe(text);
    }
    expect(formatInstant(utc(2025, 10, 14, 13, 0))).toBe('2025-10-14 09:00');
  });

  it('writes seconds only when present', () => {
    expect(formatInstant(parseInstant('2025-10-14 09:00:30'))).toBe('2025-10-14 09:00:30');
    expect(formatInstant(parseInstant('2025-10-14 09:00:30.5'))).toBe('2025-10-14 09:00:30.500');
    expect(parseInstant(formatInstant(parseInstant('2025-10-14 09:00:30.5')))).toBe(parseInstant('2025-10-14 09:00:30.5'));
  });

  it('gives the second occurrence of the repeated hour its offset', () => {
    const second = parseInstant('2025-11-02T01:30-05:00');
    expect(formatInstant(second)).toBe('2025-11-02T01:30:00-05:00');
    expect(parseInstant(formatInstant(second))).toBe(second);
    expect(formatInstant(second - 60)).toBe('2025-11-02 01:30');
  });
});

describe('display formats', () => {
  it('shows en-US Eastern time, date and date-time', () => {
    const t = parseInstant('2025-10-14 16:00');
    expect(formatForDisplay(t, 'time')).toBe('4:00 PM');
    expect(formatForDisplay(t, 'date')).toBe('10/14/2025');
    expect(formatForDisplay(t, 'dateTime')).toBe('10/14/2025 4:00 PM');
    expect(formatForDisplay(parseInstant('2025-10-14 00:05'), 'time')).toBe('12:05 AM');
    expect(formatForDisplay(parseInstant('2025-10-14 12:00'), 'time')).toBe('12:00 PM');
    expect(formatForDisplay(parseInstant('2025-10-15T03:30Z'), 'dateTime')).toBe('10/14/2025 11:30 PM');
  });

  it('shows both occurrences of the repeated hour as the same wall clock', () => {
    expect(formatForDisplay(parseInstant('2025-11-02 01:30'), 'time')).toBe('1:30 AM');
    expect(formatForDisplay(parseInstant('2025-11-02T01:30-05:00'), 'time')).toBe('1:30 AM');
  });

  it('shows a day number as its date', () => {
    expect(formatDayForDisplay(parseDate('2025-11-02'))).toBe('11/2/2025');
    expect(formatDayForDisplay(parseDate('2025-03-09'))).toBe('3/9/2025');
    expect(formatDayForDisplay(parseDate('2026-01-01'))).toBe('1/1/2026');
  });
});
