import type { ReactNode } from 'react';
import type { ScreenProps } from '../../routes.ts';
import { LoadedPage } from '../../ui/components.tsx';
import { MessageForm } from './message-form.tsx';
import { read } from '../../queries.ts';

/** sendMessage/{shiftID} (spec 2 section 2): a message about a shift needing coverage; the id is the posting's. */
export function SendMessageScreen({ params }: ScreenProps): ReactNode {
  return (
    <LoadedPage title="Send Message" query={read('findShiftWantsCoverage', params.shiftID ?? '')}>
      {(p) => (
        <MessageForm
          kind="coverage"
          postingId={p.lookingForCoverageID}
          posting={{ agentID: p.agentID, initials: p.initials, start: p.startTime, end: p.endTime, type: p.type, notes: p.notes }}
        />
      )}
    </LoadedPage>
  );
}
