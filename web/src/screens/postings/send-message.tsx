import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import type { ScreenProps } from '../../routes.ts';
import { ErrorText, Loading, Page, useLoad } from '../../ui/components.tsx';
import type { CoveragePosting } from './edit-coverage.tsx';
import { MessageForm } from './message-form.tsx';

/** sendMessage/{shiftID} (spec 2 section 2): a message about a shift needing coverage; the id is the posting's. */
export function SendMessageScreen({ params }: ScreenProps): ReactNode {
  const { data: p, error, loading } = useLoad<CoveragePosting>(`/findShiftWantsCoverage${pathOf(params.shiftID ?? '')}`);
  return (
    <Page title="Send Message">
      {loading && <Loading />}
      {error && <ErrorText message={error} />}
      {p && (
        <MessageForm
          kind="coverage"
          postingId={p.lookingForCoverageID}
          posting={{ agentID: p.agentID, initials: p.initials, start: p.startTime, end: p.endTime, type: p.type, notes: p.notes }}
        />
      )}
    </Page>
  );
}
