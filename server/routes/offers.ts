import type { ActionRoute } from '../action-routes.ts';
import type { Feature } from './feature.ts';

/** One of the PUTs of spec 1 section 7 on an offer by id; they carry no body, the confirmation prompt is answered with ?confirmed=true. */
const offerPut = (action: string, summary: string): ActionRoute => ({ action, method: 'put', path: `/${action}/:id`, summary, params: { id: 'offerId' } });

/** Spec 1 section 7, "Offer actions": what the people an offer concerns do with it. */
export const offerActions: Feature = {
  name: 'offers',
  actions: [
    offerPut('acceptOffer', 'Accept an offer (or a counteroffer) to cover a shift posted for coverage'),
    offerPut('acceptOfferHours', 'Accept a shift offered to someone who asked to pick up hours'),
    {
      action: 'updateOfferWithNotes',
      method: 'post',
      path: '/updateOfferWithNotes',
      summary: 'Save the optional comment (at most offerCommentMaxLength characters of rules/parameters.json) on an offer, before declining, accepting or withdrawing it',
      body: { OfferID: 'offerId', Notes: 'notes' },
    },
    offerPut('rejectOffer', 'Decline an offer (or counteroffer) on a coverage posting, made to the signed-in agent'),
    offerPut('rejectOfferHours', 'Decline an offer of hours (or counteroffer) on a pick-up posting, made to the signed-in agent'),
    offerPut('withdrawOffer', 'Withdraw an offer or counteroffer the signed-in agent made, on either kind of posting'),
    offerPut('nudgeOffer', 'Text the person an offer was made to a reminder of it, once per 24 hours (the maker only)'),
  ],
};
