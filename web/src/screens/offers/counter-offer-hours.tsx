import { useState, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { Facts, Page, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import type { OfferInfo, WantsHours } from '../../api-types.ts';
import { WithOffer } from './counter-shared.tsx';
import type { Draft } from '../../api.ts';
import { apiText, defaultExpiration, ExpirationPicker, HoursPicker, OfferForm, payloadOf, withHours, type OfferInput, type Hours } from './shared.tsx';
import { read } from '../../queries.ts';

/** Counteroffer for hours (spec 2, route counterOfferHours): other hours for a shift offered to one's request. */
export function CounterOfferHoursScreen({ params }: ScreenProps): ReactNode {
  return (
    <Page title="Counteroffer for hours">
      <WithOffer<WantsHours>
        offerID={params.offerID ?? ''}
        postingRead={(o) => (o.lookingToPickUpID === null ? null : read('wantsHoursDetails', o.lookingToPickUpID))}
      >
        {(offer, request) => <CounterOfferHoursForm offer={offer} request={request} />}
      </WithOffer>
    </Page>
  );
}

function CounterOfferHoursForm({ offer, request }: { offer: OfferInfo; request: WantsHours }): ReactNode {
  const agent = useAgent();
  const [cover, setCover] = useState<Hours>({ start: apiText(offer.startDatetime), end: apiText(offer.endDatetime) });
  const [expiration, setExpiration] = useState<string | null>(defaultExpiration);
  const { submit, busy } = useSubmit();

  // The rule file's input (rules/postCounterOfferHours.json): no swap and no message (spec 2);
  // the hours go to the person who asked for them.
  const draft = {
    rejectingOfferId: offer.offerID,
    lookingToPickUpId: offer.lookingToPickUpID,
    coverageStartDatetime: cover.start,
    coverageEndDatetime: cover.end,
    coveringAgentId: request.agentID,
    expirationDatetime: expiration,
    lookingForCoverageId: null,
  } satisfies Draft<OfferInput<'/api/postCounterOfferHours'>>;
  const input = withHours(draft);
  const { preview, checking } = usePreview('postCounterOfferHours', input);
  const fix = useFix('postCounterOfferHours', input, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.coverageStartDatetime && f.coverageEndDatetime) setCover({ start: f.coverageStartDatetime, end: f.coverageEndDatetime });
  };

  const send = async (): Promise<void> => {
    if (!input) return;
    const done = await submit({ method: 'post', path: '/api/postCounterOfferHours', body: payloadOf('/api/postCounterOfferHours', input, agent.agentId), lockMs: 1000 });
    if (done.ok) navigate('/pending');
  };

  return (
    <>
      <Facts
        name="offers-facts"
        items={[
          ['Hours you want', showRange(request.startDatetime, request.endDatetime)],
          [`${offer.initials ?? ''} offered you`, showRange(offer.startDatetime, offer.endDatetime)],
        ]}
      />
      <OfferForm label="Counteroffer for hours" onSend={send}>
        <HoursPicker title="Counter coverage" value={cover} within={{ start: offer.startDatetime, end: offer.endDatetime }} onChange={setCover} />
        <ExpirationPicker value={expiration} hoursStart={cover.start} onChange={setExpiration} />
        <SubmitRow
          label="Send Offer"
          preview={preview}
          checking={checking}
          busy={busy}
          fix={<FixOffer fix={fix} labels={{ coverageStartDatetime: 'Counter coverage' }} onUse={applyFix} />}
        />
      </OfferForm>
    </>
  );
}
