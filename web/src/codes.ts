/**
 * The spec's code tables that several screens show: shift types (spec 3 section 9, kept with the
 * engine, since the server's calendar feed names them too) and pay rates (spec 1 section 3). One
 * place, so every screen names a code the same way.
 */

export { shiftTypeName } from '../../engine/shift-types.ts';

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

/** A notice's reasons 0-10 (spec 3 section 3); FMLA (parameter fmlaNoticeReason) only when FMLA covers the shift. */
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
