import { DateTime } from 'luxon';
import type { ReactNode } from 'react';
import type { OpenShift } from '../../api-types.ts';
import type { ScreenProps } from '../../routes.ts';
import { allowed, useAgent } from '../../session.tsx';
import { fromApi } from '../../time.ts';
import { Page } from '../../ui/components.tsx';
import { localDays } from '../../ui/time-range.tsx';
import { EDIT_TYPE_CHOICES, OpenShiftForm } from './open-shift-form.tsx';
import { OpenShiftFacts, Refusal, RemoveOpenShift, useOpenShift, useTypeLabel } from './shared.tsx';

/** How far the start may move, in days either way: the shift stays in its week of the calendar. */
const MOVE_DAYS = 7;

/**
 * Edit Open Shift (spec 3 section 2, route editOpenShift/{shiftId}): start and end, type, pay
 * rate, extra COTS, 'Edit Open Shift'; Remove beside it. The types one may pick are the ones one
 * may edit (rules/roles.json editOpenShift).
 */
export function EditOpenShiftScreen({ params }: ScreenProps): ReactNode {
  const { shift, view } = useOpenShift(params.shiftID, false);
  return <Page title="Edit Open Shift">{view ?? (shift && <EditOpenShift shift={shift} />)}</Page>;
}

function EditOpenShift({ shift }: { shift: OpenShift }): ReactNode {
  const agent = useAgent();
  const typeLabel = useTypeLabel(shift);
  const editable = allowed(agent.permissions, 'editOpenShift').map(Number);
  const choices = editable.flatMap((t) => EDIT_TYPE_CHOICES[t] ?? []);
  const supervisorOnly = shift.type === 9 && (!shift.assistantAfterDate || fromApi(shift.assistantAfterDate) >= fromApi(shift.endTime));
  const current = (EDIT_TYPE_CHOICES[shift.type] ?? [])[shift.type === 9 && supervisorOnly ? 1 : 0];
  const facts = <OpenShiftFacts shift={shift} typeLabel={current?.label ?? typeLabel} />;
  const unchanged = { timeScheduleItemId: shift.lookingForCoverageID, startTime: shift.startTime, endTime: shift.endTime, type: shift.type, shiftCredits: shift.openToCots, payRate: shift.payRate, assistantAfterDate: shift.assistantAfterDate };
  if (!editable.includes(shift.type) || !current) {
    return (
      <>
        {facts}
        <Refusal action="editOpenShift" input={unchanged} />
        <RemoveOpenShift shift={shift} />
      </>
    );
  }
  const start = fromApi(shift.startTime);
  const earliest = DateTime.max(DateTime.now(), start.minus({ days: MOVE_DAYS }));
  return (
    <>
      {facts}
      <OpenShiftForm
        action="editOpenShift"
        choices={choices}
        initial={{ startTime: shift.startTime, endTime: shift.endTime, typeKey: current.key, shiftCredits: shift.openToCots, payRate: shift.payRate }}
        startDays={localDays(earliest, start.plus({ days: MOVE_DAYS }))}
        keptReservation={shift.type === 9 ? shift.assistantAfterDate : null}
        ids={{ timeScheduleItemId: shift.lookingForCoverageID }}
        button="Edit Open Shift"
      >
        <RemoveOpenShift shift={shift} />
      </OpenShiftForm>
    </>
  );
}
