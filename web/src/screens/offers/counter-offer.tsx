import { useState, type ReactNode } from 'react';
import { useCodes, usePreview } from '../../engine.ts';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.ts';
import { useAgent } from '../../session.tsx';
import { showRange } from '../../time.ts';
import { Facts, Page, SubmitRow } from '../../ui/components.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { FixOffer, useFix } from '../../ui/suggestion.tsx';
import { postingBanners } from '../../ui/time-range.tsx';
import type { CoveragePosting, OfferInfo } from '../../api-types.ts';
import { WithOffer } from './counter-shared.tsx';
import type { Draft } from '../../api.ts';
import { apiText, defaultExpiration, ExpirationPicker, HoursPicker, OfferForm, OfferMessage, payloadOf, withHours, type OfferInput, type Hours } from './shared.tsx';
import { read } from '../../queries.ts';

/** Counteroffer (spec 2, route counterOffer): other hours for an offer on one's coverage posting. */
export function CounterOfferScreen({ params }: ScreenProps): ReactNode {
  return (
    <Page title="Counteroffer">
      <WithOffer<CoveragePosting>
        offerID={params.offerID ?? ''}
        postingRead={(o) => (o.lookingForCoverageID === null ? null : read('findShiftWantsCoverage', o.lookingForCoverageID))}
      >
        {(offer, posting) => <CounterOfferForm offer={offer} posting={posting} />}
      </WithOffer>
    </Page>
  );
}

function CounterOfferForm({ offer, posting }: { offer: OfferInfo; posting: CoveragePosting }): ReactNode {
  const agent = useAgent();
  const codes = useCodes();
  const hasSwap = offer.swapStartDatetime !== null && offer.swapEndDatetime !== null;
  const [cover, setCover] = useState<Hours>({ start: apiText(offer.startDatetime), end: apiText(offer.endDatetime) });
  const [swap, setSwap] = useState<Hours>({
    start: offer.swapStartDatetime ? apiText(offer.swapStartDatetime) : null,
    end: offer.swapEndDatetime ? apiText(offer.swapEndDatetime) : null,
  });
  const [expiration, setExpiration] = useState<string | null>(defaultExpiration);
  const [message, setMessage] = useState('');
  const { submit, busy } = useSubmit();

  // The rule file's input (rules/postCounterOfferCoverage.json): the offer's posting, covering agent
  // and swap shift, with the hours proposed instead.
  const draft = {
    rejectingOfferId: offer.offerID,
    lookingForCoverageId: offer.lookingForCoverageID,
    coverageStartDatetime: cover.start,
    coverageEndDatetime: cover.end,
    coveringAgentId: offer.coveringAgentID,
    swapScheduleId: hasSwap ? offer.swapPendingShiftID : null,
    swapAgentId: hasSwap ? offer.coveringAgentID : null,
    swapStartDatetime: hasSwap ? swap.start : null,
    swapEndDatetime: hasSwap ? swap.end : null,
    expirationDatetime: expiration,
    offerMessage: message === '' ? null : message,
    lookingToPickUpId: null,
  } satisfies Draft<OfferInput<'/api/postCounterOfferCoverage'>>;
  const input = withHours(draft);
  const { preview, checking } = usePreview('postCounterOfferCoverage', input);
  const fix = useFix('postCounterOfferCoverage', input, preview);
  const applyFix = (f: Record<string, string>): void => {
    if (f.coverageStartDatetime && f.coverageEndDatetime) setCover({ start: f.coverageStartDatetime, end: f.coverageEndDatetime });
    if (f.swapStartDatetime && f.swapEndDatetime) setSwap({ start: f.swapStartDatetime, end: f.swapEndDatetime });
  };

  const send = async (): Promise<void> => {
    if (!input) return;
    const done = await submit({ method: 'post', path: '/api/postCounterOfferCoverage', body: payloadOf('/api/postCounterOfferCoverage', input, agent.agentId), lockMs: 1000, failure: 'ERROR: Counter offer failed.' });
    if (done.ok) navigate('/pending');
  };

  return (
    <>
      {postingBanners(posting.type, codes).map((b) => (
        <p key={b} className="banner">
          {b}
        </p>
      ))}
      <Facts
        name="offers-facts"
        items={[
          ['Coverage sought', showRange(posting.startTime, posting.endTime)],
          [`${offer.initials ?? ''} offered to cover`, showRange(offer.startDatetime, offer.endDatetime)],
          ...(hasSwap ? [['In a trade for', showRange(offer.swapStartDatetime, offer.swapEndDatetime)] as [string, ReactNode]] : []),
        ]}
      />
      <OfferForm label="Counteroffer" onSend={send}>
        <HoursPicker title="Counter coverage" value={cover} within={{ start: offer.startDatetime, end: offer.endDatetime }} onChange={setCover} />
        {hasSwap && offer.swapStartDatetime && offer.swapEndDatetime && (
          <HoursPicker title="Counter swap" value={swap} within={{ start: offer.swapStartDatetime, end: offer.swapEndDatetime }} onChange={setSwap} />
        )}
        <ExpirationPicker value={expiration} hoursStart={cover.start} onChange={setExpiration} />
        <OfferMessage value={message} onChange={setMessage} />
        <SubmitRow
          label="Send Offer"
          preview={preview}
          checking={checking}
          busy={busy}
          fix={<FixOffer fix={fix} labels={{ coverageStartDatetime: 'Counter coverage', swapStartDatetime: 'Counter swap' }} onUse={applyFix} />}
        />
      </OfferForm>
    </>
  );
}
