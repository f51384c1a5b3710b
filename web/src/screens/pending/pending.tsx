import type { ReactNode } from 'react';
import { navigate } from '../../router.tsx';
import type { ActionCall } from '../../ui/submit.tsx';
import { useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { ErrorText, Loading, Page, Section } from '../../ui/components.tsx';
import { OfferTable, useOfferActions, type OfferActions } from './offer-table.tsx';
import type { CoveragePosting, PickupPosting } from '../../api-types.ts';
import { rowsOf, usePendingActivity, type OfferRow, type PendingActivity } from './records.ts';

/** Spec 1 "Pending Activity screen": its texts, word for word. */
export const PENDING_TEXT = {
  covered: 'Shifts I Want Covered',
  available: 'I Am Available And Open To Working During These Hours',
  myCoverOffers: 'My Offers To Cover Other Shifts',
  myHoursOffers: 'My Offers To Give My Hours To Someone Else',
  noPostings: 'No active postings.',
  noCoverOffers: 'No Offers To Cover This Shift.',
  noHoursOffers: 'No Offers To Give Me Their Hours.',
  noOffers: 'No Offers.',
  responsible: 'Until you accept an offer for coverage, you are responsible for your shift.',
  endCoverage: 'No longer want coverage.',
};

/**
 * One of my postings (spec 1 "Pending Activity screen"): its time, Edit and the button that ends
 * it, then the offers on it. The ending confirmation is the removal's rule prompt, asked before
 * anything changes.
 */
function PostingSection({
  posting,
  edit,
  end,
  table,
  actions,
}: {
  posting: { startTime: string; endTime: string };
  edit: string;
  end: { label: string; call: ActionCall };
  table: { rows: OfferRow[]; hoursHeader: string; trade: boolean; empty: string };
  actions: OfferActions;
}): ReactNode {
  return (
    <Section level={3} collapsible title={showRange(posting.startTime, posting.endTime)}>
      <div className="actions pending-posting-actions">
        <button type="button" disabled={actions.busy} onClick={() => navigate(edit)}>
          Edit
        </button>
        <button type="button" className="danger" disabled={actions.busy} onClick={() => void actions.run(end.call)}>
          {end.label}
        </button>
      </div>
      <OfferTable {...table} actions={actions} />
    </Section>
  );
}

function CoveragePostingSection({ posting, data, actions }: { posting: CoveragePosting; data: PendingActivity; actions: OfferActions }): ReactNode {
  const id = posting.lookingForCoverageID;
  return (
    <PostingSection
      posting={posting}
      edit={`/editCoverage/${id}`}
      end={{ label: PENDING_TEXT.endCoverage, call: { method: 'put', path: '/api/removeShiftFromCoverage/{id}', params: { id } } }}
      table={{
        rows: rowsOf(data, ['detailedAllOffersForMyShifts', 'detailedAllActiveCounterOffersForMyShifts', 'detailedAllCounterOffersForMyShifts'], (o) => o.lookingForCoverageID === id),
        hoursHeader: 'Will Cover My',
        trade: true,
        empty: PENDING_TEXT.noCoverOffers,
      }}
      actions={actions}
    />
  );
}

function PickupPostingSection({ posting, data, actions }: { posting: PickupPosting; data: PendingActivity; actions: OfferActions }): ReactNode {
  const id = posting.lookingToPickUpID;
  return (
    <PostingSection
      posting={posting}
      edit={`/editHours/${id}`}
      end={{ label: 'Remove', call: { method: 'put', path: '/api/removePosting/{id}', params: { id } } }}
      table={{
        rows: rowsOf(data, ['detailedAllOffersForMyHours', 'detailedCounterOffersToPickUp'], (o) => o.lookingToPickUpID === id),
        hoursHeader: 'Hours Offered',
        trade: false,
        empty: PENDING_TEXT.noHoursOffers,
      }}
      actions={actions}
    />
  );
}

export function PendingScreen(): ReactNode {
  const { agentId } = useAgent();
  const { data, error, loading } = usePendingActivity(agentId);
  const actions = useOfferActions();
  return (
    <Page title="Pending Activity">
      {error && <ErrorText message={error} />}
      {!data && loading && <Loading />}
      {data && (
        <div className="pending" aria-busy={loading}>
          <Section title={PENDING_TEXT.covered}>
            <p className="banner">{PENDING_TEXT.responsible}</p>
            {data.postings.length === 0 ? (
              <p className="empty">{PENDING_TEXT.noPostings}</p>
            ) : (
              data.postings.map((p) => <CoveragePostingSection key={p.lookingForCoverageID} posting={p} data={data} actions={actions} />)
            )}
          </Section>
          <Section title={PENDING_TEXT.available}>
            {data.pickups.length === 0 ? (
              <p className="empty">{PENDING_TEXT.noPostings}</p>
            ) : (
              data.pickups.map((p) => <PickupPostingSection key={p.lookingToPickUpID} posting={p} data={data} actions={actions} />)
            )}
          </Section>
          <Section title={PENDING_TEXT.myCoverOffers}>
            <OfferTable rows={rowsOf(data, ['detailedMyOffersForShifts', 'detailedMyCounterOffersForShifts'])} hoursHeader="I Will Cover" trade empty={PENDING_TEXT.noOffers} actions={actions} />
          </Section>
          <Section title={PENDING_TEXT.myHoursOffers}>
            <OfferTable rows={rowsOf(data, ['detailedOffersToPickUp', 'detailedNewCounterOffersToGiveaway'])} hoursHeader="Hours I Will Give" trade={false} empty={PENDING_TEXT.noOffers} actions={actions} />
          </Section>
        </div>
      )}
    </Page>
  );
}
