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
  ],
};
