import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { FACT_KINDS, type FactKind } from '../../engine/facts.ts';
import { BUSINESS_ZONE, formatForDisplay } from '../../engine/time.ts';
import { formatApiInstant } from '../../server/reads/api-time.ts';
import { monthParam } from '../../server/reads/http.ts';

/**
 * The wall-clock texts and fields are written without luxon where the engine's offset table
 * answers; luxon is the reference they must equal, for any instant: ordinary ones, the minutes
 * around every daylight-saving change, and years outside the table.
 */

const MINUTE = 60_000;

function* instants(): Generator<number> {
  let seed = 20261129;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 3000; i++) yield Math.floor(Date.UTC(1965, 0, 1) + random() * (Date.UTC(2210, 0, 1) - Date.UTC(1965, 0, 1)));
  for (let year = 2005; year <= 2030; year++) {
    for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 3_600_000) {
      const zone = DateTime.fromMillis(ms, { zone: BUSINESS_ZONE });
      const before = DateTime.fromMillis(ms - 3_600_000, { zone: BUSINESS_ZONE });
      if (zone.offset === before.offset) continue;
      // Every minute from two hours before the change to two after, and some odd seconds and milliseconds.
      for (let t = ms - 2 * 3_600_000; t <= ms + 2 * 3_600_000; t += MINUTE) yield t;
      yield ms - 1;
      yield ms + 1_250;
      yield ms + 3_600_000 - 1;
    }
  }
}

const luxonApiText = (ms: number): string => {
  const dt = DateTime.fromMillis(ms, { zone: BUSINESS_ZONE });
  const fraction = String(dt.millisecond).padStart(3, '0').replace(/0+$/, '') || '0';
  const wall = `${dt.toFormat('yyyy-MM-dd HH:mm:ss')}.${fraction}`;
  const first = DateTime.fromFormat(dt.toFormat('yyyy-MM-dd HH:mm:ss.SSS'), 'yyyy-MM-dd HH:mm:ss.SSS', { zone: BUSINESS_ZONE });
  // The repeated hour's reading means its first pass: luxon's own pick, moved back an hour when that names the same reading.
  const earlier = first.minus({ hours: 1 });
  const meant = earlier.toFormat('yyyy-MM-dd HH:mm:ss.SSS') === first.toFormat('yyyy-MM-dd HH:mm:ss.SSS') ? earlier : first;
  return meant.toMillis() === ms ? wall : `${dt.toFormat("yyyy-MM-dd'T'HH:mm:ss")}.${fraction}${dt.toFormat('ZZ')}`;
};

describe('wall clock without luxon', () => {
  const all = [...instants()];

  it('covers the daylight-saving changes and years outside the offset table', () => {
    expect(all.length).toBeGreaterThan(10_000);
    expect(all.some((ms) => ms < Date.UTC(1971, 0, 1))).toBe(true);
    expect(all.some((ms) => ms >= Date.UTC(2200, 0, 1))).toBe(true);
  });

  it('display texts equal luxon en-US ones', () => {
    const formats = { time: 'h:mm a', date: 'M/d/yyyy', dateTime: 'M/d/yyyy h:mm a' } as const;
    for (const ms of all) {
      const minutes = ms / MINUTE;
      for (const [name, pattern] of Object.entries(formats)) {
        const want = DateTime.fromMillis(minutes * MINUTE, { zone: BUSINESS_ZONE }).setLocale('en-US').toFormat(pattern);
        expect(formatForDisplay(minutes, name as keyof typeof formats), `${name} of ${new Date(ms).toISOString()}`).toBe(want);
      }
    }
  });

  it("the wallClock fact's fields equal luxon's", () => {
    const kind = FACT_KINDS.get('wallClock') as FactKind;
    for (const ms of all) {
      if (ms % MINUTE !== 0) continue;
      const dt = DateTime.fromMillis(ms, { zone: BUSINESS_ZONE });
      const got = kind.compute({ at: ms / MINUTE }, {} as never) as { month: number; day: number; hour: number; minute: number };
      expect({ month: got.month, day: got.day, hour: got.hour, minute: got.minute }, new Date(ms).toISOString()).toEqual({ month: dt.month, day: dt.day, hour: dt.hour, minute: dt.minute });
    }
  });

  it("the read calls' instants equal luxon's text, offset in the repeated hour's second pass", () => {
    for (const ms of all) expect(formatApiInstant(ms), new Date(ms).toISOString()).toBe(luxonApiText(ms));
    expect(formatApiInstant(Date.UTC(2025, 10, 2, 6, 30))).toBe('2025-11-02T01:30:00.0-05:00');
  });

  it("a month's bounds equal luxon's, December and years outside the offset table included", () => {
    for (const year of [0, 1, 999, 1969, 1970, 1971, 2025, 2026, 2199, 2200, 9999]) {
      for (let month = 1; month <= 12; month++) {
        const first = DateTime.fromObject({ year, month, day: 1 }, { zone: BUSINESS_ZONE });
        const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
        expect(monthParam.parse(text), text).toEqual({ from: first.toUTC().toISO(), to: first.plus({ months: 1 }).toUTC().toISO() });
      }
    }
  });
});
