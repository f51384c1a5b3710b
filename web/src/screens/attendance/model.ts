import { NOTICE_REASONS, shiftTypeName, VIOLATION_TYPES } from '../../codes.ts';
import type { Absence, PaidTimeRow, TrainingRow } from '../../api-types.ts';
import { hasFlag, SEES_OTHERS, type Roles } from '../../../../engine/roles.ts';
import { trainingColumnsOf, type Codes } from '../../../../engine/codes.ts';

/**
 * The Attendance screen's arithmetic (spec 3 "Attendance" and section 9), apart from the screen so
 * it can be tested: hours to a tenth, the summary counts, the quarters of the training minimums.
 */

/**
 * The people of the 240-and-up list as its two headings split them: supervisors, the members of
 * rules/roles.json's flag permission SEES_OTHERS (the server's split of supervisors' and agents'
 * attendance, too), and agents, everyone else.
 */
export function supervisorsAndAgents<P extends { agentType: number }>(people: readonly P[], roles: Roles): { supervisors: P[]; agents: P[] } {
  const supervisors = people.filter((p) => hasFlag(roles, SEES_OTHERS, p));
  return { supervisors, agents: people.filter((p) => !supervisors.includes(p)) };
}

/** Minutes as hours rounded to 0.1, as the spec displays them ("12.5"; "0.0" for none). */
export function hours(minutes: number | null | undefined): string {
  const tenths = Math.round(((minutes ?? 0) / 60) * 10);
  return (tenths / 10).toFixed(1);
}

/** "2026-11" as "Nov 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A month of the year (1 to 12) by its full name: 9 is "September". */
export function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/** A notice's violation type by name; other codes as 'Type {n}'. */
export function violationName(code: number): string {
  return VIOLATION_TYPES[code] ?? `Type ${code}`;
}

/** A notice's reason by name; other codes as 'Reason {n}'. */
export function reasonName(code: number): string {
  return NOTICE_REASONS[code] ?? `Reason ${code}`;
}

/** The summary's rows, by violation type 0, 1 and 2. */
const COUNT_LABELS = ['Call Outs', 'Arrive Lates', 'Leave Earlies'] as const;

/** How many call outs, arrive lates and leave earlies the record holds. */
export function absenceCounts(absences: readonly Absence[]): { label: string; count: number }[] {
  return COUNT_LABELS.map((label, code) => ({ label, count: absences.filter((a) => a.violationType === code).length }));
}

/**
 * The training table's columns: what GET /api/userTrainingTime sums in each (docs/decisions.md,
 * "Attendance"), named by their shift types (rules/parameters.json) so an unknown code reads 'Type {n}'.
 */
export function trainingColumns(codes: Codes): { key: TrainingKey; types: readonly number[] }[] {
  const columns = trainingColumnsOf(codes);
  return TRAINING_KEYS.map((key) => ({ key, types: columns[key] }));
}

const TRAINING_KEYS = ['minQA', 'minCo', 'minAdv', 'minTrain'] as const satisfies readonly (keyof Omit<TrainingRow, 'month'> & keyof ReturnType<typeof trainingColumnsOf>)[];

export type TrainingKey = (typeof TRAINING_KEYS)[number];

export function trainingColumnName(types: readonly number[]): string {
  return types.map(shiftTypeName).join(' / ');
}

/** The calendar quarter of a month: "2026-11" is Q4 2026, October to December. */
export function quarterOf(month: string): { year: number; quarter: number; months: string[]; label: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const quarter = Math.floor((m - 1) / 3) + 1;
  const months = [0, 1, 2].map((i) => `${year}-${String((quarter - 1) * 3 + 1 + i).padStart(2, '0')}`);
  return { year, quarter, months, label: `Q${quarter} ${year} (${monthLabel(months[0] as string).split(' ')[0]}-${monthLabel(months[2] as string)})` };
}

/** Minutes per training column over the quarter holding `month` (the months the table has). */
export function quarterTotals(rows: readonly TrainingRow[], month: string): Record<TrainingKey, number> {
  const { months } = quarterOf(month);
  const totals = { minQA: 0, minCo: 0, minAdv: 0, minTrain: 0 };
  for (const r of rows) {
    if (!months.includes(r.month)) continue;
    for (const key of TRAINING_KEYS) totals[key] += r[key];
  }
  return totals;
}

/**
 * Spec 3 "Attendance": paid hours are counted over a year starting in `startMonth` (rules/roles.json
 * minimums.benefitYear: September). The month the current year began: that month of this year or
 * the last.
 */
export function benefitYearStart(month: string, startMonth: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${m >= startMonth ? y : y - 1}-${String(startMonth).padStart(2, '0')}`;
}

/** Paid minutes from the benefit year's start to the newest month of the table. */
export function benefitYearMinutes(rows: readonly PaidTimeRow[], startMonth: number): { from: string; minutes: number } | null {
  const newest = rows[0];
  if (!newest) return null;
  const from = benefitYearStart(newest.month, startMonth);
  return { from, minutes: rows.filter((r) => r.month >= from).reduce((sum, r) => sum + r.minPaid, 0) };
}

/** What a year's paid hours qualify for, as the summary says it: "1,560 hours for medical, 910 for dental and others". */
export function benefitHoursText(hours: readonly { for: string; hours: number }[]): string {
  return hours.map((h, i) => `${h.hours.toLocaleString('en-US')} ${i === 0 ? 'hours ' : ''}for ${h.for}`).join(', ');
}
