import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { LoadedPage } from '../../ui/components.tsx';
import { localDay } from '../../ui/time-range.tsx';
import { EDIT_FAILURE } from './edit-coverage.tsx';
import { HoursForm } from './hours-form.tsx';
import { read } from '../../queries.ts';

/**
 * Edit Looking For Hours (spec 2 section 2, route editHours/{ID}): the ID is the want-work
 * posting's (lookingToPickUpID), which the edit payload calls TimeScheduleItemID.
 */
export function EditHoursScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Edit Looking For Hours" query={read('wantsHoursDetails', params.ID ?? '')}>
      {(posting) => (
        <HoursForm
          action="editHours"
          day={localDay(posting.startDatetime)}
          initial={{ startTime: posting.startDatetime, endTime: posting.endDatetime, type: posting.type, notes: posting.notes ?? '' }}
          ids={{ timeScheduleItemId: posting.lookingToPickUpID }}
          extraBody={{ TimeScheduleItemID: posting.lookingToPickUpID }}
          button="Edit request to pick up hours."
          failure={EDIT_FAILURE}
        />
      )}
    </LoadedPage>
  );
}
