import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { LoadedPage } from '../../ui/components.tsx';
import { CoverageForm } from './coverage-form.tsx';
import { read } from '../../queries.ts';

/** Seeking Coverage (spec 2 section 2, route postShift/{shiftID}): post one's shift, or part of it, for coverage. */
export function SeekingCoverageScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Seeking Coverage" query={read('getShiftDetails', params.shiftID ?? '')}>
      {(shift) => (
        <CoverageForm
          action="postShift"
          shift={{ start: shift.startDateTime, end: shift.endDateTime }}
          // The whole shift unless the person narrows it; no trade choice until they make one (spec 2 section 5).
          initial={{ startTime: shift.startDateTime, endTime: shift.endDateTime, openToTrade: null, notes: '' }}
          ids={{ timeScheduleItemId: shift.id }}
          extraBody={{ TimeScheduleItemID: shift.id }}
          openToCots={0}
          type={0}
        />
      )}
    </LoadedPage>
  );
}
