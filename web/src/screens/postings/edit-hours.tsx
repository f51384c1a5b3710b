import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Loading, Page, useLoad } from '../../ui/components.tsx';
import { localDay } from '../../ui/time-range.tsx';
import { EDIT_FAILURE } from './edit-coverage.tsx';
import { HoursForm } from './hours-form.tsx';

/** GET /wantsHoursDetails/{id} (spec 2 section 3, "Wants-hours request"). */
export interface WantsHours {
  lookingToPickUpID: number;
  agentID: number;
  initials: string | null;
  startDatetime: string;
  endDatetime: string;
  notes: string | null;
  type: number;
}

/**
 * Edit Looking For Hours (spec 2 section 2, route editHours/{ID}): the ID is the want-work
 * posting's (lookingToPickUpID), which the edit payload calls TimeScheduleItemID.
 */
export function EditHoursScreen({ params }: ScreenProps): ReactNode {
  const { data: posting, error, loading } = useLoad<WantsHours>(`/wantsHoursDetails${pathOf(params.ID ?? '')}`);
  return (
    <Page title="Edit Looking For Hours">
      {loading && <Loading />}
      {error && <ErrorText message={error} />}
      {posting && (
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
    </Page>
  );
}
