import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { can, useAgent } from '../../session.tsx';
import { ErrorText, Page } from '../../ui/components.tsx';
import { dateOf, Refusal } from './shared.tsx';
import { timesOf, trainingDefaults, TrainingForm } from './training-form.tsx';

/**
 * Create Open Training Shift (spec 3 section 2, route createOpenTraining/{date}): QA Reviews by
 * default (7:00 AM-7:00 PM, no extra COTS), one opening. On success, the calendar.
 */
export function CreateOpenTrainingScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const day = dateOf(params.date);
  let body: ReactNode;
  if (!day) body = <ErrorText message={`There is no such date: ${params.date ?? ''}. Pick a day on the calendar.`} />;
  else if (!can(agent.permissions, 'createOpenTrainingShift')) {
    const initial = trainingDefaults(61, day);
    // The role rule answers first whatever the hours: its words say why.
    body = <Refusal action="postOpenTrainingShift" input={{ ...timesOf(initial), type: 61, shiftCredits: 0, quantity: 1, payRate: 0 }} />;
  } else body = <TrainingForm action="postOpenTrainingShift" initial={trainingDefaults(61, day)} button="Create Open Training Shift" />;
  return <Page title="Create Open Training Shift">{body}</Page>;
}
