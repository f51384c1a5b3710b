import type { ReactNode } from 'react';
import { DateTime } from 'luxon';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Page } from '../../ui/components.tsx';
import { atLocal } from '../../ui/time-range.tsx';
import { HoursForm } from './hours-form.tsx';

/** Looking to Work (spec 2 section 2, route wantShift/{date}): post that one is available to pick up hours. */
export function LookingToWorkScreen({ params }: ScreenProps): ReactNode {
  const day = params.date ?? '';
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day) && DateTime.fromISO(day).isValid;
  return (
    <Page title="Looking to Work">
      {!valid ? (
        <ErrorText message={`There is no such date: ${day}. Pick a day on the calendar.`} />
      ) : (
        <HoursForm
          action="postWantWork"
          day={day}
          // Spec 2 section 9: start 12:00 AM, end 11:59 PM.
          initial={{ startTime: atLocal(day, 0, 0), endTime: atLocal(day, 23, 59), type: null, notes: '' }}
          ids={{}}
          button="Let others know I am available to pick up hours."
        />
      )}
    </Page>
  );
}
