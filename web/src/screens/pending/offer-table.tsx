import { useCallback, useId, useState, type ReactNode } from 'react';
import { navigate } from '../../router.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, type Column } from '../../ui/components.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useSubmit, type ActionCall } from '../../ui/submit.tsx';
import type { Offer, OfferRow } from './records.ts';

/** Spec 1 sections 5 and 9: the optional comment on an offer. */
export const COMMENT_MAX = 75;
export const COMMENT_PLACEHOLDER = 'Type An Optional Comment';

/**
 * Spec 1 section 8's prompts for the actions that save the comment first (section 4): the screen
 * asks, then saves the comment, then sends the action already confirmed, so a comment is never
 * saved for an action the person called off. They are the rule files' prompts word for word.
 */
export const PROMPTS = {
  accept: 'Are you sure you want to accept this offer?',
  decline: 'Are you sure you want to decline this offer?',
  withdraw: 'Are you sure you want to withdraw this offer?',
};

const isHours = (offer: Offer): boolean => offer.lookingToPickUpID !== null;

export interface OfferActions {
  busy: boolean;
  comment: (offer: Offer) => string;
  setComment: (offer: Offer, text: string) => void;
  accept: (offer: Offer) => Promise<void>;
  decline: (offer: Offer) => Promise<void>;
  withdraw: (offer: Offer) => Promise<void>;
  nudge: (offer: Offer) => Promise<void>;
  counter: (offer: Offer) => void;
  /** Any other action of the screen (ending a posting), the lists reloaded after its answer. */
  run: (call: ActionCall) => Promise<void>;
}

/**
 * Spec 1 "Pending Activity" and section 4: accept (acceptOffer or acceptOfferHours), decline,
 * withdraw (each saving the comment first with updateOfferWithNotes), nudge, counter; the lists
 * reload after each answer, success or refusal, so what is shown is what the server now holds.
 */
export function useOfferActions(reload: () => void): OfferActions {
  const { confirm } = useDialogs();
  const { submit, busy } = useSubmit();
  const [comments, setComments] = useState<Record<number, string>>({});
  const comment = useCallback((offer: Offer) => comments[offer.offerID] ?? offer.notes ?? '', [comments]);
  const setComment = useCallback((offer: Offer, text: string) => setComments((c) => ({ ...c, [offer.offerID]: text.slice(0, COMMENT_MAX) })), []);

  const withComment = useCallback(
    async (offer: Offer, prompt: string, action: string): Promise<void> => {
      if (!(await confirm(prompt))) return;
      const saved = await submit({ method: 'post', path: '/updateOfferWithNotes', body: { OfferID: offer.offerID, Notes: comment(offer) }, quiet: true });
      if (saved.ok) await submit({ method: 'put', path: `/${action}/${offer.offerID}?confirmed=true` });
      reload();
    },
    [confirm, submit, comment, reload],
  );

  const run = useCallback(
    async (call: ActionCall): Promise<void> => {
      const sent = await submit(call);
      if (sent.answer) reload();
    },
    [submit, reload],
  );

  return {
    busy,
    comment,
    setComment,
    accept: (offer) => withComment(offer, PROMPTS.accept, isHours(offer) ? 'acceptOfferHours' : 'acceptOffer'),
    decline: (offer) => withComment(offer, PROMPTS.decline, isHours(offer) ? 'rejectOfferHours' : 'rejectOffer'),
    withdraw: (offer) => withComment(offer, PROMPTS.withdraw, 'withdrawOffer'),
    // The nudge's prompt is its rule's (rules/nudgeOffer.json), asked after the 24-hour check.
    nudge: (offer) => run({ method: 'put', path: `/nudgeOffer/${offer.offerID}` }),
    counter: (offer) => navigate(isHours(offer) ? `/counterOfferHours/${offer.offerID}` : `/counterOffer/${offer.offerID}`),
    run,
  };
}

function CommentInput({ offer, actions, who }: { offer: Offer; actions: OfferActions; who: string }): ReactNode {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Comment ({who})
      </label>
      <input
        id={id}
        className="pending-comment"
        type="text"
        maxLength={COMMENT_MAX}
        placeholder={COMMENT_PLACEHOLDER}
        value={actions.comment(offer)}
        onChange={(e) => actions.setComment(offer, e.target.value)}
      />
    </>
  );
}

function RowActions({ row, actions }: { row: OfferRow; actions: OfferActions }): ReactNode {
  const { offer } = row;
  const disabled = actions.busy;
  return (
    <div className="actions">
      {row.toMe ? (
        <>
          <button type="button" className="primary" disabled={disabled} onClick={() => void actions.accept(offer)}>
            Accept
          </button>
          <button type="button" disabled={disabled} onClick={() => actions.counter(offer)}>
            Counter
          </button>
          <button type="button" className="danger" disabled={disabled} onClick={() => void actions.decline(offer)}>
            Decline
          </button>
        </>
      ) : (
        <>
          <button type="button" disabled={disabled} onClick={() => void actions.nudge(offer)}>
            Nudge
          </button>
          <button type="button" className="danger" disabled={disabled} onClick={() => void actions.withdraw(offer)}>
            Withdraw
          </button>
        </>
      )}
    </div>
  );
}

/** 'Counteroffer: initials' on counteroffer rows (spec 1), the initials otherwise. */
export function initialsCell(row: OfferRow): string {
  const initials = row.offer.initials ?? '';
  return row.counter ? `Counteroffer: ${initials}` : initials;
}

/** 'TRADE:' with the swap time, or 'No trade' (spec 1). */
export function tradeCell(offer: Offer): string {
  return offer.swapStartDatetime && offer.swapEndDatetime ? `TRADE: ${showRange(offer.swapStartDatetime, offer.swapEndDatetime)}` : 'No trade';
}

/**
 * An offer table of the Pending Activity screen: initials, the hours (under `hoursHeader`), the
 * trade when `trade`, when the offer expires, the optional comment and the row's actions.
 */
export function OfferTable({ rows, hoursHeader, trade, empty, actions }: { rows: OfferRow[]; hoursHeader: string; trade: boolean; empty: string; actions: OfferActions }): ReactNode {
  const columns: (Column<OfferRow> | false)[] = [
    { header: 'Initials', cell: initialsCell },
    { header: hoursHeader, cell: (r) => showRange(r.offer.startDatetime, r.offer.endDatetime) },
    trade && { header: 'Trade', cell: (r) => tradeCell(r.offer) },
    { header: 'Offer Will Expire', cell: (r) => showDateTime(r.offer.expirationDatetime) },
    { header: 'Comment', cell: (r) => <CommentInput offer={r.offer} actions={actions} who={initialsCell(r)} /> },
    { header: 'Actions', cell: (r) => <RowActions row={r} actions={actions} /> },
  ];
  return <DataTable rows={rows} rowKey={(r) => r.offer.offerID} empty={empty} columns={columns} />;
}
