import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { allowed, can, useAgent } from '../../session.tsx';
import { ErrorText, Page } from '../../ui/components.tsx';
import { atLocal } from '../../ui/time-range.tsx';
import { CREATE_TYPE_CHOICES, OpenShiftForm, type TypeChoice } from './open-shift-form.tsx';
import { dateOf, Refusal } from './shared.tsx';

/**
 * Create Open Shift (spec 3 section 2, route createOpen/{date}): the Type list is the role's
 * (rules/roles.json createOpenShiftTypes; its first choice is the default, Open Customer Service
 * for 105 and 110). On success, the calendar.
 */
export function CreateOpenShiftScreen({ params }: ScreenProps): ReactNode {
  const agent = useAgent();
  const day = dateOf(params.date);
  const choices = allowed(agent.permissions, 'createOpenShiftTypes')
    .map((k) => CREATE_TYPE_CHOICES[String(k)])
    .filter((c): c is TypeChoice => c !== undefined);
  let body: ReactNode;
  if (!day) body = <ErrorText message={`There is no such date: ${params.date ?? ''}. Pick a day on the calendar.`} />;
  else if (!can(agent.permissions, 'createOpenShift') || choices.length === 0) {
    // The role rule answers first whatever the hours: its words say why.
    body = <Refusal action="postOpenShift" input={{ startTime: atLocal(day, 9, 0), endTime: atLocal(day, 10, 0), type: 0, shiftCredits: 0, payRate: 0 }} />;
  } else {
    body = (
      <OpenShiftForm
        action="postOpenShift"
        choices={choices}
        initial={{ startTime: null, endTime: null, typeKey: choices[0]?.key ?? '', shiftCredits: 0, payRate: 0 }}
        startDays={[day]}
        button="Create Open Shift"
      />
    );
  }
  return <Page title="Create Open Shift">{body}</Page>;
}
