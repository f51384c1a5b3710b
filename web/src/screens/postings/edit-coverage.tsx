import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Loading, Page } from '../../ui/components.tsx';
import { CoverageForm } from './coverage-form.tsx';
import { read, useRead } from '../../queries.ts';

/** The spec's failure text of the edit screens (spec 2 section 2). */
export const EDIT_FAILURE = 'FAILURE: Error creating request.';

/** A posting whose shift is gone (rules/editCoverage.json says the same on submit). */
const SHIFT_GONE = 'ERROR: This shift was deleted.';

/**
 * Edit Looking For Coverage (spec 2 section 2, route editCoverage/{shiftID}). The route's id is the
 * posting's (lookingForCoverageID), as Pending Activity's Edit and the calendar's own postings
 * know it: a shift may hold more than one posting of its parts.
 */
export function EditCoverageScreen({ params }: ScreenProps): ReactNode {
  const postingId = params.shiftID ?? '';
  const posting = useRead(read('lookupPosting', postingId));
  const shiftId = posting.data?.timeScheduleItemID;
  const shift = useRead(shiftId ? read('getShiftDetails', shiftId) : null);
  const p = posting.data;
  const error = posting.error ?? shift.error;
  return (
    <Page title="Edit Looking For Coverage">
      {(posting.loading || shift.loading) && <Loading />}
      {error && <ErrorText message={error} />}
      {p && p.timeScheduleItemID === null && <ErrorText message={SHIFT_GONE} />}
      {p && shift.data && (
        <CoverageForm
          action="editCoverage"
          shift={{ start: shift.data.startDateTime, end: shift.data.endDateTime }}
          initial={{ startTime: p.startTime, endTime: p.endTime, openToTrade: p.openToTrade, notes: p.notes ?? '' }}
          ids={{ lookingForCoverageId: p.lookingForCoverageID, timeScheduleItemId: shift.data.id }}
          extraBody={{ LookingForCoverageID: p.lookingForCoverageID, TimeScheduleItemID: shift.data.id }}
          openToCots={p.openToCots}
          type={p.type}
          failure={EDIT_FAILURE}
        />
      )}
    </Page>
  );
}
