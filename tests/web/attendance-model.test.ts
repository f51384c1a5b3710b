import { describe, expect, it } from 'vitest';
import {
  absenceCounts,
  benefitHoursText,
  benefitYearMinutes,
  benefitYearStart,
  hours,
  monthLabel,
  quarterOf,
  quarterTotals,
  reasonName,
  supervisorsAndAgents,
  trainingColumns,
  trainingColumnName,
  violationName,
} from '../../web/src/screens/attendance/model.ts';
import type { Absence, PaidTimeRow, TrainingRow } from '../../web/src/api-types.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { codesOf, type Roles } from '../../engine/index.ts';

// The Attendance screen's arithmetic (spec 3 "Attendance" and section 9).

describe('hours to a tenth', () => {
  it.each([
    [0, '0.0'],
    [null, '0.0'],
    [60, '1.0'],
    [2735, '45.6'],
    [2733, '45.6'],
    [2732, '45.5'],
    [3, '0.1'],
    [2, '0.0'],
    [450, '7.5'],
    [93_600, '1560.0'],
  ])('%s minutes are %s hours', (minutes, shown) => {
    expect(hours(minutes)).toBe(shown);
  });
});

describe('names', () => {
  it('months, violation types and reasons; unknown codes by number', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect([0, 1, 2, 7].map(violationName)).toEqual(['Call Out', 'Arrive Late', 'Leave Early', 'Type 7']);
    expect([0, 6, 10, 11].map(reasonName)).toEqual(['Illness/Injury', 'Power/Internet Outage', 'Other', 'Reason 11']);
  });

  it("the training columns are named by their shift types (spec 3 section 9's codes)", () => {
    expect(trainingColumns(codesOf(loadRulesDir())).map((c) => trainingColumnName(c.types))).toEqual(['QA Review', 'Co-QA', 'Training Class / Watch Week', 'Ongoing Training']);
    expect(trainingColumnName([61, 99])).toBe('QA Review / Type 99');
  });
});

describe('the summary', () => {
  const absence = (violationType: number): Absence => ({
    noticeID: violationType, timeScheduleItemID: null, violationType, reason: 0, startTime: '2026-11-01 08:00:00.0', endTime: '2026-11-01 16:00:00.0',
    vacationApplied: false, message: null, timestampGiven: '2026-11-01 06:00:00.0', minutes: 450, minPersonal: 0, minVacation: 0,
  });

  it('counts call outs, arrive lates and leave earlies', () => {
    expect(absenceCounts([absence(0), absence(0), absence(2), absence(5)])).toEqual([
      { label: 'Call Outs', count: 2 },
      { label: 'Arrive Lates', count: 0 },
      { label: 'Leave Earlies', count: 1 },
    ]);
    expect(absenceCounts([]).map((c) => c.count)).toEqual([0, 0, 0]);
  });

  it('the benefit year runs from its start month (September) to the next', () => {
    expect(benefitYearStart('2026-11', 9)).toBe('2026-09');
    expect(benefitYearStart('2026-09', 9)).toBe('2026-09');
    expect(benefitYearStart('2026-08', 9)).toBe('2025-09');
    expect(benefitYearStart('2026-08', 1)).toBe('2026-01');
    const paid = (month: string, minPaid: number): PaidTimeRow => ({ month, minWorked: minPaid, minVacation: 0, minPersonal: 0, minUnpaid: 0, minPaid, minFMLA: 0 });
    expect(benefitYearMinutes([paid('2026-10', 600), paid('2026-09', 60), paid('2026-08', 6000)], 9)).toEqual({ from: '2026-09', minutes: 660 });
    expect(benefitYearMinutes([paid('2026-10', 600), paid('2026-09', 60), paid('2026-08', 6000)], 10)).toEqual({ from: '2026-10', minutes: 600 });
    expect(benefitYearMinutes([], 9)).toBeNull();
  });

  it('says what the hours qualify for as the spec does', () => {
    expect(benefitHoursText([{ for: 'medical', hours: 1560 }, { for: 'dental and others', hours: 910 }])).toBe('1,560 hours for medical, 910 for dental and others');
    expect(benefitHoursText([{ for: 'everything', hours: 1000 }])).toBe('1,000 hours for everything');
  });
});

describe('quarters', () => {
  it('a quarter is three calendar months; its totals add only those months', () => {
    expect(quarterOf('2026-11')).toEqual({ year: 2026, quarter: 4, months: ['2026-10', '2026-11', '2026-12'], label: 'Q4 2026 (Oct-Dec 2026)' });
    expect(quarterOf('2026-01').months).toEqual(['2026-01', '2026-02', '2026-03']);
    const row = (month: string, minQA: number, minAdv = 0): TrainingRow => ({ month, minQA, minCo: 0, minAdv, minTrain: 0 });
    expect(quarterTotals([row('2026-11', 120, 30), row('2026-10', 60), row('2026-09', 600, 600)], '2026-11')).toEqual({ minQA: 180, minCo: 0, minAdv: 30, minTrain: 0 });
  });
});

describe("the 240-and-up list's Supervisors and Agents", () => {
  const roles = loadRulesDir().roles as Roles;
  const people = [20, 80, 85, 100, 103, 105, 240].map((agentType, i) => ({ agentId: i + 1, agentType }));
  const types = (list: { agentType: number }[]): number[] => list.map((p) => p.agentType);

  it("lists rules/roles.json's supervisorsAndUp (100 and up) as supervisors, everyone else as agents", () => {
    const split = supervisorsAndAgents(people, roles);
    expect(types(split.supervisors)).toEqual([100, 103, 105, 240]);
    expect(types(split.agents)).toEqual([20, 80, 85]);
  });

  it('follows an edit of the group', () => {
    const edited: Roles = { ...roles, groups: { ...roles.groups, supervisorsAndUp: { description: 'edited', who: [{ min: 85 }] } } };
    const split = supervisorsAndAgents(people, edited);
    expect(types(split.supervisors)).toEqual([85, 100, 103, 105, 240]);
    expect(types(split.agents)).toEqual([20, 80]);
  });
});
