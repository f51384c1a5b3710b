import { useState, type FormEvent, type ReactNode } from 'react';
import { usePreview } from '../../engine.ts';
import type { Offer } from '../../api-types.ts';
import { navigate, useQuery } from '../../router.tsx';
import { useAgent } from '../../session.tsx';
import { ErrorText, Field, Loading, SubmitRow } from '../../ui/components.tsx';
import { OfferedLink } from '../../ui/offered.tsx';
import { useSubmit } from '../../ui/submit.tsx';
import { PostingSummary } from '../../ui/time-range.tsx';
import { showRange } from '../../time.ts';
import { NO_OFFER_ON_MINE, NO_OFFER_YET, offersOn, usePendingOffers, type MessageKind } from './offers-on.ts';

/**
 * The two message screens (spec 2 section 2, "Message screens"): they open on a posting
 * (sendMessage/{id} a coverage posting, sendMessageHours/{id} a request for hours) and write about
 * an offer on it, between its two people (docs/decisions.md, "Making offers": OfferID names the
 * offer). The offers are the person's pending ones on that posting, from Pending Activity's lists;
 * ?offer={offerID} picks one.
 */

export interface MessagePosting {
  agentID: number;
  initials: string | null;
  start: string;
  end: string;
  type: number | null;
  notes: string | null;
}

/** A way to make an offer on the posting: its screen, its label, and the action (with its input as offered) that decides whether it is offered. */
interface OfferLink {
  to: string;
  label: string;
  action: string;
  input: Record<string, unknown>;
}

const ACTIONS: Record<MessageKind, { action: string; path: '/api/sendOfferMessage' | '/api/sendOfferMessageHours'; offerLink: (id: number) => OfferLink }> = {
  coverage: {
    action: 'sendOfferMessage',
    path: '/api/sendOfferMessage',
    offerLink: (id) => ({ to: `/offerCoverage/${id}`, label: 'Send Offer', action: 'postOfferCoverage', input: { lookingForCoverageId: id } }),
  },
  hours: {
    action: 'sendOfferMessageHours',
    path: '/api/sendOfferMessageHours',
    offerLink: (id) => ({ to: `/offerShift/${id}`, label: 'Offer Your Shift', action: 'postOfferGiveAway', input: { lookingToPickUpId: id } }),
  },
};

/** The pending offers between me and the other person of a posting, in the order they were made. */
function useOffersOn(kind: MessageKind, postingId: number, mine: boolean, agentId: number): { offers: Offer[] | null; error: string | null } {
  const { offers, error } = usePendingOffers(kind, mine, agentId);
  return { offers: offers ? offersOn(kind, offers, postingId) : null, error };
}

export function MessageForm({ kind, postingId, posting }: { kind: MessageKind; postingId: number; posting: MessagePosting }): ReactNode {
  const agent = useAgent();
  const mine = posting.agentID === agent.agentId;
  const { offers, error } = useOffersOn(kind, postingId, mine, agent.agentId);
  const asked = Number(useQuery().get('offer'));
  const [picked, setPicked] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const { submit, busy } = useSubmit();
  const offerId = picked ?? offers?.find((o) => o.offerID === asked)?.offerID ?? offers?.[0]?.offerID ?? null;
  const { action, path, offerLink } = ACTIONS[kind];
  // Nothing to say before the person writes: the empty-message rule speaks on submit.
  const { preview, checking } = usePreview(action, offerId !== null && touched ? { offerId, notes } : null);

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (offerId === null) return;
    const done = await submit({ method: 'post', path, body: { AgentID: agent.agentId, OfferID: offerId, Notes: notes }, decided: preview });
    if (done.ok) navigate('/pending');
  };

  const summary = <PostingSummary kind={kind} initials={posting.initials} start={posting.start} end={posting.end} type={posting.type} notes={posting.notes} />;
  if (error) return <ErrorText message={error} />;
  if (!offers) return <Loading />;
  if (offers.length === 0) {
    const offer = offerLink(postingId);
    return (
      <div className="form">
        {summary}
        <p>{mine ? NO_OFFER_ON_MINE : NO_OFFER_YET}</p>
        {/* As the day panel offers it: what the rules refuse whoever makes it is shown disabled, with the rule's message. */}
        {!mine && (
          <p>
            <OfferedLink action={offer.action} input={offer.input} to={offer.to}>
              {offer.label}
            </OfferedLink>
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      {summary}
      <Field label="Offer">
        {(id) => (
          <select id={id} value={offerId ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
            {offers.map((o) => (
              <option key={o.offerID} value={o.offerID}>
                {`${o.initials ?? '?'}: ${showRange(o.startDatetime, o.endDatetime)}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Message">
        {(id) => (
          <textarea
            id={id}
            rows={4}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              setTouched(true);
            }}
          />
        )}
      </Field>
      <SubmitRow label="Send Message" preview={preview} checking={checking} busy={busy} />
    </form>
  );
}
