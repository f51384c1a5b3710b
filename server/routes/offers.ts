import type { Feature } from './feature.ts';

/** Spec 1 section 7, "Offer actions": what the people an offer concerns do with it. */
export const offerActions: Feature = {
  name: 'offers',
  actions: [
    {
      action: 'updateOfferWithNotes',
      method: 'post',
      path: '/updateOfferWithNotes',
      summary: 'Save the optional comment (at most 75 characters) on an offer, before declining, accepting or withdrawing it',
      body: { OfferID: 'offerId', Notes: 'notes' },
    },
    // The four PUTs of spec 1 section 7 carry no body; the confirmation prompt is answered with ?confirmed=true.
    {
      action: 'rejectOffer',
      method: 'put',
      path: '/rejectOffer/:id',
      summary: 'Decline an offer (or counteroffer) on a coverage posting, made to the signed-in agent',
      params: { id: 'offerId' },
    },
    {
      action: 'rejectOfferHours',
      method: 'put',
      path: '/rejectOfferHours/:id',
      summary: 'Decline an offer of hours (or counteroffer) on a pick-up posting, made to the signed-in agent',
      params: { id: 'offerId' },
    },
    {
      action: 'withdrawOffer',
      method: 'put',
      path: '/withdrawOffer/:id',
      summary: 'Withdraw an offer or counteroffer the signed-in agent made, on either kind of posting',
      params: { id: 'offerId' },
    },
    {
      action: 'nudgeOffer',
      method: 'put',
      path: '/nudgeOffer/:id',
      summary: 'Text the person an offer was made to a reminder of it, once per 24 hours (the maker only)',
      params: { id: 'offerId' },
    },
  ],
};
