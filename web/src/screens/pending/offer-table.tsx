import { useCallback, useId, useState, type ReactNode } from 'react';
import { api } from '../../api.ts';
import { actionPrompt, useParameter } from '../../engine.ts';
import type { Offer } from '../../api-types.ts';
import { navigate } from '../../router.tsx';
import { showDateTime, showRange } from '../../time.ts';
import { DataTable, type Column } from '../../ui/components.tsx';
import { useSubmit, type ActionCall } from '../../ui/submit.tsx';
import type { OfferRow } from './records.ts';

const COMMENT_PLACEHOLDER = 'Type An Optional Comment';

const isHours = (offer: Offer): boolean => offer.lookingToPickUpID !== null;

export interface OfferActions {
  busy: boolean;
  comment: (offer: Offer) => string;
  /** Spec 1 sections 5 and 9: the longest optional comment (rules/parameters.json offerCommentMaxLength); null until the rules load. */
  commentMax: number | null;
  setComment: (offer: Offer, text: string) => void;
  accept: (offer: Offer) => Promise<void>;
  decline: (offer: Offer) => Promise<void>;
  withdraw: (offer: Offer) => Promise<void>;
  nudge: (offer: Offer) => Promise<void>;
  counter: (offer: Offer) => void;
  /** Any other action of the screen (ending a posting), the lists refreshed after its answer. */
  run: (call: ActionCall) => Promise<void>;
}

/**
 * Spec 1 "Pending Activity" and section 4: accept (acceptOffer or acceptOfferHours), decline,
 * withdraw (each saving the comment first with updateOfferWithNotes), nudge, counter; the lists
 * refresh after each answer, success or refusal (useSubmit), so what is shown is what the server
 * now holds.
 */
export function useOfferActions(): OfferActions {
  const { submit, busy } = useSubmit();
  const [comments, setComments] = useState<Record<number, string>>({});
  const comment = useCallback((offer: Offer) => comments[offer.offerID] ?? offer.notes ?? '', [comments]);
  const commentMax = useParameter('offerCommentMaxLength');
  const setComment = useCallback(
    (offer: Offer, text: string) => setComments((c) => ({ ...c, [offer.offerID]: commentMax === null ? text : text.slice(0, commentMax) })),
    [commentMax],
  );

  const run = useCallback(
    async (call: ActionCall): Promise<void> => {
      await submit(call);
    },
    [submit],
  );

  /**
   * Section 4: the comment is saved once the person has said yes to the action's prompt, and
   * before the action, so a comment is never saved for an action the person called off.
   */
  /** The offer actions that save the person's comment first. */
  type OfferAction = 'acceptOffer' | 'acceptOfferHours' | 'rejectOffer' | 'rejectOfferHours' | 'withdrawOffer';
  const withComment = (offer: Offer, action: OfferAction, options: { confirm?: string; confirmed?: boolean } = {}): Promise<void> =>
    run({
      method: 'put',
      path: `/api/${action}/{id}`,
      params: { id: offer.offerID },
      prepare: () => api.post('/api/updateOfferWithNotes', { body: { OfferID: offer.offerID, Notes: comment(offer) } }),
      ...options,
    });

  return {
    busy,
    comment,
    commentMax,
    setComment,
    // Spec 1 section 8's accept prompt is the screen's to ask, in the rule file's words ("prompt":
    // docs/decisions.md, "Confirmation prompts the screen asks, not a rule"). Decline and withdraw
    // ask their rules' prompts.
    accept: async (offer) => {
      const action = isHours(offer) ? 'acceptOfferHours' : 'acceptOffer';
      return withComment(offer, action, { confirm: await actionPrompt(action), confirmed: true });
    },
    decline: (offer) => withComment(offer, isHours(offer) ? 'rejectOfferHours' : 'rejectOffer'),
    withdraw: (offer) => withComment(offer, 'withdrawOffer'),
    // The nudge's prompt is its rule's (rules/nudgeOffer.json), asked after the 24-hour check.
    nudge: (offer) => run({ method: 'put', path: '/api/nudgeOffer/{id}', params: { id: offer.offerID } }),
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
        maxLength={actions.commentMax ?? undefined}
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
function initialsCell(row: OfferRow): string {
  const initials = row.offer.initials ?? '';
  return row.counter ? `Counteroffer: ${initials}` : initials;
}

/** 'TRADE:' with the swap time, or 'No trade' (spec 1). */
function tradeCell(offer: Offer): string {
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
