import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Loading, Page, useLoad } from '../../ui/components.tsx';
import { CoverageForm } from './coverage-form.tsx';

/** GET /getShiftDetails/{id} (docs/decisions.md, "Read calls"). */
export interface ShiftDetails {
  id: number;
  scheduleId: number;
  agentId: number;
  startDateTime: string;
  endDateTime: string;
  shiftType: number;
  isCovering: boolean;
  payRate: number | null;
  cots: number;
}

/** Seeking Coverage (spec 2 section 2, route postShift/{shiftID}): post one's shift, or part of it, for coverage. */
export function SeekingCoverageScreen({ params }: ScreenProps): ReactNode {
  const shiftId = params.shiftID ?? '';
  const { data: shift, error, loading } = useLoad<ShiftDetails>(`/getShiftDetails${pathOf(shiftId)}`);
  return (
    <Page title="Seeking Coverage">
      {loading && <Loading />}
      {error && <ErrorText message={error} />}
      {shift && (
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
    </Page>
  );
}
