import { codesOf, formatDate, parseInstant, type Codes, type RuleSet } from '../../engine/index.ts';

/** Every demo account signs in with this password (one hash: scrypt for hundreds is slow). */
export const DEMO_PASSWORD = 'demo1234';

/** The seeds: the same demo comes out every time, the schedule moving with today's date. */
export const AGENT_SEED = 20_251_102;
export const SCHEDULE_SEED = 20_261_126;
/** The activity (chat, requests, notices, the log) draws from its own generator: adding to it leaves the schedule and postings as they were. */
export const ACTIVITY_SEED = 20_240_214;

/** Days of shifts before and after today: about two months, reaching Christmas from late November. */
export const DAYS_BEFORE = 28;
export const DAYS_AFTER = 35;
/** Postings, offers and open shifts lie this many days ahead at most. */
export const POSTING_HORIZON_DAYS = 21;
/** Days of notices and personal time: the attendance screen looks back 90 days. */
export const ATTENDANCE_DAYS = 90;

/**
 * What the demo takes from the rule set the server decides by (rules/parameters.json): its
 * schedule stays inside the work limits, and its meal breaks are as long and as often as a cut or
 * a combine would make them.
 */
export interface DemoRules {
  maxWorkMinutes: number;
  workWindowMinutes: number;
  /** Shifts longer than this hold an unpaid meal break. */
  mealBreakAfterMinutes: number;
  mealBreakMinutes: number;
  codes: Codes;
}

export function demoRules(rules: RuleSet): DemoRules {
  return {
    maxWorkMinutes: rules.numberParameter('maxWorkMinutes'),
    workWindowMinutes: rules.numberParameter('workWindowHours') * 60,
    mealBreakAfterMinutes: rules.numberParameter('mealBreakAfterMinutes'),
    mealBreakMinutes: rules.numberParameter('mealBreakMinutes'),
    codes: codesOf(rules),
  };
}

export const COVERAGE_NOTES = ["Doctor's appointment", 'Family event', 'Would love a weekend trade', 'Car in the shop', 'School pickup', null, null, null];
export const PICKUP_NOTES = ['Saving for the holidays', 'Happy to take any part of a shift', 'Free all day', null, null];

/** An Eastern wall-clock time of a day. */
export function at(day: number, hour: number, minute = 0): number {
  return parseInstant(`${formatDate(day)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
}

export function overlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  return Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
}
