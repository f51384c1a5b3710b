import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { LoadedPage } from '../../ui/components.tsx';
import { MessageForm } from './message-form.tsx';
import { read } from '../../queries.ts';

/** sendMessageHours/{shiftID} (spec 2 section 2): a message about someone wanting hours; the id is their request's. */
export function SendMessageHoursScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Send Message" query={read('wantsHoursDetails', params.shiftID ?? '')}>
      {(p) => (
        <MessageForm
          kind="hours"
          postingId={p.lookingToPickUpID}
          posting={{ agentID: p.agentID, initials: p.initials, start: p.startDatetime, end: p.endDatetime, type: null, notes: p.notes }}
        />
      )}
    </LoadedPage>
  );
}
