import type { ReactNode } from 'react';
import { fromApi, showDateTime, showRange } from '../../time.ts';
import { ErrorText, Loading } from '../../ui/components.tsx';
import { shiftIdOf, type ShiftDetails } from '../absence/shift.tsx';
import { read, useRead } from '../../queries.ts';

/**
 * What the cut and meal-break screens share (spec 3 section 2): the request records as the server
 * reads them (server/routes/cuts-and-breaks.ts), the shift a screen acts on, its facts, and the
 * spec's notes.
 */

export type { ShiftDetails };
export type { CutRequest, LunchRequest, MainShift, MyCutRequest, MyLunchRequest, SubShift } from '../../api-types.ts';


/** Spec 3 section 2, Request Different Meal Break: the reminders shown before asking. */
export const BREAK_REMINDERS = [
  'Breaks are recalculated at the start of 1st, 2nd and 3rd shift.',
  'Harassing Supervision about your lunch means a 30-day block.',
  'Requests are not guaranteed.',
  'Include your ideal timeframes.',
];

/** Spec 3 section 2, Personal Wishlist: the notes of the Cut Requests table. */
export const CUT_NOTES = ['Cuts are not processed until Supervision sees who calls out.', 'To edit a request, submit a new one.'];

/** Spec 3 section 2, Personal Wishlist: the notes of the Break Requests table. */
export const BREAK_NOTES = ['Breaks are recalculated at the start of every shift.', 'To edit a request, submit a new one.'];

/** Spec 3 section 9: the cut ban, a text on the screen (docs/decisions.md, "Cuts and meal breaks"). */
export const CUT_BAN = 'Contacting Supervision about a cut means a 30-day ban from cuts.';

/** A proposed end time as the wishlists show it (spec 3 section 2: "shown as 'or later'"). */
export function orLater(text: string): string {
  return `${showDateTime(text)} or later`;
}

/** A break's time range, or the word for none. */
export function breakText(start: string | null | undefined, end: string | null | undefined): string {
  return start && end ? showRange(start, end) : 'No meal break';
}

/** Requests by the time they were asked, oldest first (spec 3 section 2); ties keep the server's order. */
export function oldestFirst<T extends { timestampRequested: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => fromApi(a.timestampRequested).toMillis() - fromApi(b.timestampRequested).toMillis());
}

/** The shift of the path (GET /api/getShiftDetails/{id}): the shift, or the loading or error state to show instead. */
export function useShift(idText: string | undefined): { shift: ShiftDetails | null; id: number | null; view: ReactNode } {
  const id = shiftIdOf(idText);
  const shift = useRead(id === null ? null : read('getShiftDetails', id));
  if (id === null) return { shift: null, id, view: <ErrorText message="This page needs a shift: open it from a shift on the calendar or the wishlist." /> };
  if (shift.error) return { shift: null, id, view: <ErrorText message={shift.error} /> };
  if (!shift.data) return { shift: null, id, view: <Loading /> };
  return { shift: shift.data, id, view: null };
}

/** A list of the spec's notes or reminders. */
export function Notes({ label, items }: { label: string; items: readonly string[] }): ReactNode {
  return (
    <ul className="cuts-breaks-notes" aria-label={label}>
      {items.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
