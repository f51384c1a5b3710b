import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Loading, Page, useLoad } from '../../ui/components.tsx';
import type { WantsHours } from './edit-hours.tsx';
import { MessageForm } from './message-form.tsx';

/** sendMessageHours/{shiftID} (spec 2 section 2): a message about someone wanting hours; the id is their request's. */
export function SendMessageHoursScreen({ params }: ScreenProps): ReactNode {
  const { data: p, error, loading } = useLoad<WantsHours>(`/wantsHoursDetails${pathOf(params.shiftID ?? '')}`);
  return (
    <Page title="Send Message">
      {loading && <Loading />}
      {error && <ErrorText message={error} />}
      {p && (
        <MessageForm
          kind="hours"
          postingId={p.lookingToPickUpID}
          posting={{ agentID: p.agentID, initials: p.initials, start: p.startDatetime, end: p.endDatetime, type: null, notes: p.notes }}
        />
      )}
    </Page>
  );
}
