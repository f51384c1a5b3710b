/**
 * The spec's code tables that several screens show: shift types (spec 3 section 9) and pay rates
 * (spec 1 section 3). One place, so every screen names a code the same way.
 */

const SHIFT_TYPES: Record<number, string> = {
  0: 'Call specialist',
  1: 'Call Specialist / Spanish required',
  3: 'Call Out',
  5: 'Break (Meal Break)',
  6: 'Leave Early',
  7: 'Arrive Late',
  9: 'Supervisor',
  10: 'CS/Ops Training',
  11: 'Project',
  12: 'CS Supervisor',
  15: 'Customer service',
  16: 'Open Spanish',
  20: 'Supervisor',
  21: 'Supervisor open',
  23: 'Customer Service Helper',
  25: 'Zoom',
  26: 'QA Project',
  27: 'Self QA',
  30: 'FMLA',
  61: 'QA Review',
  62: 'Co-QA',
  63: 'Ongoing Training',
  64: 'Training Class',
  65: 'Watch Week',
};

/** A shift type's name; other codes display as 'Type {n}' (spec 3 section 9). */
export function shiftTypeName(code: number): string {
  return SHIFT_TYPES[code] ?? `Type ${code}`;
}

/**
 * A pay-rate code as the calendar shows it, its multiplier from rules/parameters.json
 * (usePayRateMultipliers): '1 x', '1.5 x', '2 x', '3 x'; `Rate {code}` while they load.
 */
export function payRateLabel(code: number, multipliers: readonly (number | string)[] | null): string {
  const m = multipliers?.[code];
  return m === undefined ? `Rate ${code}` : `${m} x`;
}

const OPEN_TO_TRADE = ['No trades', 'Open to trades', 'Only trades'];

/** A posting's openToTrade in spec 1's words: 0 coverage only, 1 coverage or trades, 2 trades only (spec 2 section 4). */
export function openToTradeText(code: number): string {
  return OPEN_TO_TRADE[code] ?? '';
}

/** A notice's violation types (spec 3 section 3): '0' call out, '1' arrive late, '2' leave early. */
export const VIOLATION_TYPES = ['Call Out', 'Arrive Late', 'Leave Early'] as const;

/** A notice's reasons 0-10 (spec 3 section 3); 8, FMLA, only when FMLA covers the shift. */
export const NOTICE_REASONS = [
  'Illness/Injury',
  'Appointment/Surgery',
  'Personal',
  'Family Emergency',
  'Bereavement',
  'Childcare Issue',
  'Power/Internet Outage',
  'Away From Home',
  'FMLA',
  'Jury Duty/Voting Leave',
  'Other',
] as const;

export const FMLA_REASON = 8;
