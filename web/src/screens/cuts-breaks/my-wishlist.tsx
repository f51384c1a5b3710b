import type { ReactNode } from 'react';
import { useAgent } from '../../session.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, ErrorText, Loading, Page, Section, type Column } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { BREAK_NOTES, breakText, CUT_NOTES, Notes, oldestFirst, orLater, type MyCutRequest, type MyLunchRequest } from './shared.tsx';
import { read, useRead } from '../../queries.ts';

/**
 * My Wishlist (spec 3 section 2, "Personal Wishlist", myWishlist): one's own pending cut and break
 * requests, oldest first, each with Remove (rules/denyCutSelf.json and denyLunchSelf.json, whose
 * prompt 'Are you sure you want to remove this request?' is asked first); the lists refresh after.
 */
export function MyWishlistScreen(): ReactNode {
  const agent = useAgent();
  const cuts = useRead(read('getMyCutRequests', agent.agentId));
  const breaks = useRead(read('getMyLunchRequests', agent.agentId));
  const { submit, busy } = useSubmit();
  const remove = async (action: 'denyCutSelf' | 'denyLunchSelf', shiftId: number): Promise<void> => {
    // The lists refresh by themselves once the removal is answered (queries.ts).
    await submit({ method: 'put', path: `/api/${action}/{shiftID}/{agentID}`, params: { shiftID: shiftId, agentID: agent.agentId } });
  };
  const removeColumn = <T extends { timeScheduleItemID: number }>(action: 'denyCutSelf' | 'denyLunchSelf'): Column<T> => ({
    header: 'Remove',
    cell: (r) => (
      <button type="button" className="danger" disabled={busy} onClick={() => void remove(action, r.timeScheduleItemID)}>
        Remove
      </button>
    ),
  });
  const list = <T,>(load: { data: T[] | null; error: string | null }, table: (rows: T[]) => ReactNode): ReactNode =>
    load.error ? <ErrorText message={load.error} /> : load.data ? table(load.data) : <Loading />;
  return (
    <Page title="My Wishlist">
      <Section title="Cut Requests">
        <Notes label="Cut request notes" items={CUT_NOTES} />
        {list(cuts, (rows) => (
          <DataTable<MyCutRequest>
            rows={oldestFirst(rows)}
            rowKey={(r) => r.timeScheduleItemID}
            empty="You have no cut requests."
            columns={[
              { header: 'Requested', cell: (r) => showDateTime(r.timestampRequested) },
              { header: 'Shift', cell: (r) => showRange(r.startDateTime, r.endDateTime) },
              { header: 'Proposed End Time', cell: (r) => orLater(r.requestedEndTime) },
              removeColumn<MyCutRequest>('denyCutSelf'),
            ]}
          />
        ))}
      </Section>
      <Section title="Break Requests">
        <Notes label="Break request notes" items={BREAK_NOTES} />
        {list(breaks, (rows) => (
          <DataTable<MyLunchRequest>
            rows={oldestFirst(rows)}
            rowKey={(r) => r.timeScheduleItemID}
            empty="You have no break requests."
            columns={[
              { header: 'Requested', cell: (r) => showDateTime(r.timestampRequested) },
              { header: 'Shift', cell: (r) => showRange(r.startDateTime, r.endDateTime) },
              { header: 'Current Break', cell: (r) => breakText(r.breakStartDateTime, r.breakEndDateTime) },
              { header: 'Request Note', cell: (r) => r.notes ?? '' },
              removeColumn<MyLunchRequest>('denyLunchSelf'),
            ]}
          />
        ))}
      </Section>
    </Page>
  );
}
