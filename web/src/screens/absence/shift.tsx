import { useState, type ReactNode } from 'react';
import { shiftTypeName } from '../../codes.ts';
import type { Preview } from '../../engine.ts';
import type { ShiftDetails, UserDetails } from '../../api-types.ts';
import { hoursAndMinutes, showDateTime } from '../../time.ts';
import { ErrorText, Loading } from '../../ui/components.tsx';
import { read, useRead } from '../../queries.ts';

// The cut and meal-break screens take ShiftDetails from here; new code reads it from api-types.ts.
export type { ShiftDetails };

/** A shift id from the path, or null when the segment is not one. */
export function shiftIdOf(text: string | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * The shift a screen acts on and the signed-in agent's details (balances, FMLA), loaded together:
 * `ready` once both are in, `view` the loading or error state to show until then. While
 * `leaving` (an action that may remove the shift is on its way), the shift is not asked again:
 * the screen keeps what it showed and leaves once the action is done, rather than ask for a
 * shift that is gone.
 */
export function useShiftAndAgent(shiftId: number | null, agentId: number, leaving = false): { shift: ShiftDetails | null; user: UserDetails | null; view: ReactNode } {
  const asked = useRead(shiftId === null ? null : read('getShiftDetails', shiftId), { enabled: !leaving });
  // What was shown stays while the read is held or asked again: an action's refresh drops a read
  // that is held, and the form must not start again from nothing when the action was refused.
  const [kept, setKept] = useState<ShiftDetails | null>(null);
  if (asked.data && asked.data !== kept) setKept(asked.data);
  const shift = { data: asked.data ?? kept, error: asked.error };
  const user = useRead(read('getUserDetails', agentId));
  let view: ReactNode = null;
  if (shiftId === null) view = <ErrorText message="This page needs a shift: open it from a shift on your calendar." />;
  else if (shift.error || user.error) view = <ErrorText message={(shift.error ?? user.error) as string} />;
  else if (!shift.data || !user.data) view = <Loading />;
  return { shift: shift.data, user: user.data, view };
}

/** The shift's start and end (and type), in the person's own time. */
export function ShiftSummary({ shift }: { shift: ShiftDetails }): ReactNode {
  return (
    <dl className="absence-shift">
      <div>
        <dt>Shift start</dt>
        <dd>{showDateTime(shift.startDateTime)}</dd>
      </div>
      <div>
        <dt>Shift end</dt>
        <dd>{showDateTime(shift.endDateTime)}</dd>
      </div>
      <div>
        <dt>Shift type</dt>
        <dd>{shiftTypeName(shift.shiftType)}</dd>
      </div>
    </dl>
  );
}

/**
 * A balance of the agent (personalTime, vacationTime) as the action would leave it: what the
 * engine's preview says the action writes, or the balance as it is when the action leaves it be.
 * Null until the preview says the action would go through.
 */
export function balanceAfter(preview: Preview | null, agentId: number, field: 'personalTime' | 'vacationTime', now: number): number | null {
  if (preview?.outcome !== 'ok') return null;
  for (const c of preview.changes ?? []) {
    if (c.op === 'update' && c.collection === 'agents' && c.key === agentId && typeof c.fields[field] === 'number') return c.fields[field];
  }
  return now;
}

/**
 * A balance now and, once the preview says the action goes through, what it would be after: the
 * second line is announced as the person changes the form.
 */
export function Balance({ label, now, after, afterLabel }: { label: string; now: number; after: number | null; afterLabel: string }): ReactNode {
  return (
    <div className="absence-balance">
      <p>
        {label}: {hoursAndMinutes(now)}
      </p>
      <p aria-live="polite">
        {after !== null && (
          <strong>
            {label} {afterLabel}: {hoursAndMinutes(after)}
          </strong>
        )}
      </p>
    </div>
  );
}
