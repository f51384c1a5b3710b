import type { ReactNode } from 'react';
import type { OpenShift } from '../../api-types.ts';
import type { ScreenProps } from '../../routes.ts';
import { allowed, useAgent } from '../../session.tsx';
import { Page } from '../../ui/components.tsx';
import { OpenShiftFacts, Refusal, RemoveOpenShift, useOpenShift, useTypeLabel } from './shared.tsx';
import { trainingValuesOf, TrainingForm } from './training-form.tsx';

/**
 * Edit Open Training Shift (spec 3 section 2, route editOpenTrainingShift/{shiftID}): the shift's
 * time range, type and pay, then start day, start and end time, quantity of openings (1-11), pay
 * rate and extra COTS; 'Edit Open Shift', and Remove beside it.
 */
export function EditOpenTrainingScreen({ params }: ScreenProps): ReactNode {
  const { shift, view } = useOpenShift(params.shiftID, true);
  return <Page title="Edit Open Training Shift">{view ?? (shift && <EditTraining shift={shift} />)}</Page>;
}

function EditTraining({ shift }: { shift: OpenShift }): ReactNode {
  const agent = useAgent();
  const typeLabel = useTypeLabel(shift);
  const facts = <OpenShiftFacts shift={shift} typeLabel={typeLabel} extra={[['Quantity of openings', shift.quantityRemaining]]} />;
  if (!allowed(agent.permissions, 'editOpenTrainingShift').includes(shift.type)) {
    const unchanged = { timeScheduleItemId: shift.lookingForCoverageID, startTime: shift.startTime, endTime: shift.endTime, shiftCredits: shift.openToCots, payRate: shift.payRate, quantity: shift.quantityRemaining };
    return (
      <>
        {facts}
        <Refusal action="editOpenTrainingShift" input={unchanged} />
        <RemoveOpenShift shift={shift} />
      </>
    );
  }
  return (
    <>
      {facts}
      <TrainingForm action="editOpenTrainingShift" initial={trainingValuesOf(shift)} shiftId={shift.lookingForCoverageID} button="Edit Open Shift">
        <RemoveOpenShift shift={shift} />
      </TrainingForm>
    </>
  );
}
