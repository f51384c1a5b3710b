import { kyselyOf } from '../db/kysely.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import { idParam, monthParam, ownAgent } from '../reads/http.ts';
import { feature, readRoutes } from './feature.ts';
import { nowInstant } from './shared.ts';
import { InitialsOnly, TradeShift } from '../reads/shapes.ts';
import { timesOf } from '../reads/columns.ts';

/**
 * Spec 2 section 7, "Offers": making offers and counteroffers and writing about them, and the two
 * reads the offer screens need. offeringAgentID (AgentID on the message calls) names the acting
 * agent: anyone else is a 403. Payload fields the rules do not read (cotsWanted is always 0,
 * status always 0, swapAgentID follows from the shifts) are still typed, so a malformed one is a
 * 400 like any other. Decisions: docs/decisions.md, "Making offers".
 */

/** The offer payload of spec 2 section 3 as it maps onto postOfferCoverage's input. */
const OFFER_BODY: Record<string, string> = {
  coverageStartDatetime: 'coverageStartDatetime',
  coverageEndDatetime: 'coverageEndDatetime',
  cotsWanted: 'cotsWanted',
  lookingForCoverageID: 'lookingForCoverageId',
  lookingToPickUpID: 'lookingToPickUpId',
  swapAgentID: 'swapAgentId',
  swapScheduleID: 'swapScheduleId',
  swapStartDatetime: 'swapStartDatetime',
  swapEndDatetime: 'swapEndDatetime',
  expirationDatetime: 'expirationDatetime',
  status: 'status',
  coveringAgentID: 'coveringAgentId',
  offerMessage: 'offerMessage',
};

/** The fields of the offer payload a call takes, in the order given. */
const offerFields = (...names: string[]): Record<string, string> => Object.fromEntries(names.map((name) => [name, OFFER_BODY[name] as string]));

/**
 * The second swap option ("the same again for a second swap", spec 2 section 3): one request
 * decides both offers, so they are made together or not at all.
 */
const SECOND_SWAP: Record<string, string> = {
  swap2AgentID: 'swap2AgentId',
  swap2ScheduleID: 'swap2ScheduleId',
  swap2StartDatetime: 'swap2StartDatetime',
  swap2EndDatetime: 'swap2EndDatetime',
};

const MESSAGE_BODY = { OfferID: 'offerId', Notes: 'notes' };

const OFFER_MAKING_READS = readRoutes('offer-making', {
  userMonthTrade: {
    path: '/api/userMonthTrade/{agentId}/{month}',
    summary: "The swap dropdown: the caller's own shifts (not their meal breaks) starting in that Eastern month and not yet started: [{ start, endDateTime, scheduleId }]",
    answer: TradeShift,
    params: { agentId: idParam, month: monthParam },
    forbidden: true,
  },
  lookupInitials: {
    path: '/api/lookupInitials/{agentId}',
    summary: "Anyone's initials (they head every posting and offer): [{ initials }], [] for no such agent",
    answer: InitialsOnly,
    params: { agentId: idParam },
  },
});

export const offerMaking = feature({
  name: 'offer-making',
  actions: [
    {
      action: 'postOfferCoverage',
      method: 'post',
      path: '/postOfferCoverage',
      summary:
        "Offer to cover someone's posting, with no swap, one swap (swapScheduleID, optionally swap hours), or two swap options (swap2ScheduleID, ...): two options make two offers in one decision",
      actor: 'offeringAgentID',
      body: { ...OFFER_BODY, ...SECOND_SWAP },
    },
    {
      action: 'postOfferGiveAway',
      method: 'post',
      path: '/postOfferGiveAway',
      summary: "Offer one's own shift (swapScheduleID), or part of it (swapStartDatetime, swapEndDatetime), to someone who posted that they want hours",
      actor: 'offeringAgentID',
      body: offerFields(
        'cotsWanted',
        'lookingToPickUpID',
        'swapScheduleID',
        'swapAgentID',
        'swapStartDatetime',
        'swapEndDatetime',
        'expirationDatetime',
        'status',
        'coveringAgentID',
        'offerMessage',
      ),
    },
    {
      action: 'postCounterOfferCoverage',
      method: 'post',
      path: '/postCounterOfferCoverage',
      summary: 'Counter an offer on a coverage posting (rejectingOfferID): other hours within it, and other swap hours within its swap; the offer answered is declined',
      actor: 'offeringAgentID',
      body: { ...OFFER_BODY, rejectingOfferID: 'rejectingOfferId' },
    },
    {
      action: 'postCounterOfferHours',
      method: 'post',
      path: '/postCounterOfferHours',
      summary: 'Counter an offer on a request for hours (rejectingOfferID): other hours within it; the offer answered is declined',
      actor: 'offeringAgentID',
      body: {
        ...offerFields('coverageStartDatetime', 'coverageEndDatetime', 'cotsWanted', 'lookingForCoverageID', 'lookingToPickUpID', 'expirationDatetime', 'status', 'coveringAgentID'),
        rejectingOfferID: 'rejectingOfferId',
      },
    },
    {
      action: 'sendOfferMessage',
      method: 'post',
      path: '/sendOfferMessage',
      summary: 'A message (under messageMaxLength characters of rules/parameters.json) to the other person of an offer on a coverage posting, kept with the offer and sent as a text',
      actor: 'AgentID',
      body: MESSAGE_BODY,
    },
    {
      action: 'sendOfferMessageHours',
      method: 'post',
      path: '/sendOfferMessageHours',
      summary: 'A message (under messageMaxLength characters of rules/parameters.json) to the other person of an offer on a request for hours, kept with the offer and sent as a text',
      actor: 'AgentID',
      body: MESSAGE_BODY,
    },
  ],
  reads: OFFER_MAKING_READS,
  handlers: {
    userMonthTrade: async (c, ctx, { agentId, month }) => {
      ownAgent(c, agentId);
      // A started shift cannot be offered (its hours must start 5 minutes ahead): not listed.
      const rows = await kyselyOf(ctx.db.em())
        .selectFrom('shifts as s')
        .select((eb) => ['s.id', ...timesOf(eb, 's')])
        .where('s.agent_id', '=', agentId)
        .where('s.parent_id', 'is', null)
        .where('s.start', '>=', new Date(month.from))
        .where('s.start', '<', new Date(month.to))
        .where('s.start', '>', nowInstant(ctx))
        .orderBy('s.start')
        .orderBy('s.id')
        .execute();
      return rows.map((r): TradeShift => ({ start: formatApiInstant(r.start), endDateTime: formatApiInstant(r.end), scheduleId: r.id }));
    },
    lookupInitials: (_c, ctx, { agentId }) => kyselyOf(ctx.db.em()).selectFrom('agents').select('initials').where('agent_id', '=', agentId).execute(),
  },
});
