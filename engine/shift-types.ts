/**
 * Shift type codes and their names (spec 3 section 9): what the screens and the calendar feed
 * call a shift. Other codes display as 'Type {n}'.
 */
const SHIFT_TYPE_NAMES: Record<number, string> = {
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
  return SHIFT_TYPE_NAMES[code] ?? `Type ${code}`;
}
