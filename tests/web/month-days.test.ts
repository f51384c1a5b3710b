import { describe, expect, it } from 'vitest';
import { monthGridDays } from '../../web/src/ui/month-days.ts';

describe('the days of a month grid', () => {
  it("are whole weeks from the Sunday of the first's week: five for the Team Calendar, six when the month spills into a sixth", () => {
    const feb = monthGridDays('2026-02', 5);
    expect([feb.length, feb[0], feb[34]]).toEqual([35, '2026-02-01', '2026-03-07']);
    const nov = monthGridDays('2025-11', 5);
    expect([nov.length, nov[0], nov[41]]).toEqual([42, '2025-10-26', '2025-12-06']);
    expect(monthGridDays('2025-03', 5)).toHaveLength(42);
    expect(monthGridDays('2025-06', 5)).toHaveLength(35);
  });

  it('are as many weeks as asked when the month fits in fewer (the Calendar’s seven)', () => {
    const days = monthGridDays('2025-11', 7);
    expect([days.length, days[0], days[48]]).toEqual([49, '2025-10-26', '2025-12-13']);
  });
});
