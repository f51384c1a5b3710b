import { beforeEach, describe, expect, it } from 'vitest';
import { compareWorld } from '../../engine/index.ts';
import { bodyCases, client, expectBadInput, expectNotYours, ID_ERROR, json, loadWorld, loadWorldAt, readWorld, TIME_TYPE_ERROR, useTestServer, withRecords, type BadRequest } from './support.ts';

// Making offers, counteroffers and messages about them (server/routes/offer-making.ts) through
// HTTP: what the scenarios in fixtures/ cannot show. Malformed requests are 400s naming the field,
// acting for someone else is a 403, an offer made here is accepted by the accept calls, and the
// offer screens' reads answer exact bodies.

const server = useTestServer();
const { get, post, put } = client(server, '/api');

const NOW = '2025-10-14 09:00';

// CD (102) posted shift 1 for coverage (posting 10, open to trades) and wants hours on 10/17
// (request 20). AB (101) has shifts to swap or give; EF (103) is a stranger; KL (104) a trainee.
const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 104, agentType: 10, initials: 'KL' },
  ],
  shifts: [
    { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 },
    { id: 3, agentId: 101, start: '2025-10-17 08:00', end: '2025-10-17 16:00', shiftType: 0 },
    { id: 4, agentId: 101, start: '2025-10-31 20:00', end: '2025-11-01 04:00', shiftType: 0 },
    { id: 5, agentId: 101, start: '2025-11-03 08:00', end: '2025-11-03 16:00', shiftType: 0 },
    { id: 6, agentId: 101, start: '2025-10-14 08:00', end: '2025-10-14 16:00', shiftType: 0 },
    { id: 7, agentId: 101, start: '2025-10-16 12:00', end: '2025-10-16 12:30', shiftType: 5, parentId: 2 },
    { id: 8, agentId: 102, start: '2025-10-20 08:00', end: '2025-10-20 16:00', shiftType: 0 },
  ],
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 1 }],
  pickupPostings: [{ id: 20, agentId: 102, start: '2025-10-17 00:00', end: '2025-10-17 23:59', type: 0 }],
};

beforeEach(() => loadWorldAt(server, NOW, WORLD));

async function expectWorld(expected: Record<string, unknown[]>): Promise<void> {
  expect(compareWorld(await readWorld(server.db), expected as never, {})).toEqual([]);
}

const OFFER = {
  offeringAgentID: 101,
  coverageStartDatetime: '2025-10-15 08:00:00.0',
  coverageEndDatetime: '2025-10-15 16:00:00.0',
  cotsWanted: 0,
  lookingForCoverageID: 10,
  lookingToPickUpID: null,
  swapAgentID: null,
  swapScheduleID: null,
  swapStartDatetime: null,
  swapEndDatetime: null,
  expirationDatetime: '2025-10-15 07:00:00.0',
  status: 0,
  coveringAgentID: 101,
  offerMessage: '',
};
const GIVE = {
  offeringAgentID: 101,
  cotsWanted: 0,
  lookingToPickUpID: 20,
  swapScheduleID: 3,
  swapAgentID: 101,
  swapStartDatetime: '2025-10-17 08:00',
  swapEndDatetime: '2025-10-17 16:00',
  expirationDatetime: '2025-10-16 12:00',
  status: 0,
  coveringAgentID: 102,
  offerMessage: null,
};

const BAD_INPUT: BadRequest[] = [
  ...bodyCases('postOfferCoverage', OFFER, [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"lookingForCoverageID": 10,', 'body: must be JSON'],
    ['body a JSON array', json([OFFER]), 'body: must be a JSON object'],
    ['missing offeringAgentID', { offeringAgentID: undefined }, 'offeringAgentID: is required'],
    ['offeringAgentID as a string', { offeringAgentID: '101' }, `offeringAgentID: ${ID_ERROR}`],
    ['missing lookingForCoverageID', { lookingForCoverageID: undefined }, 'lookingForCoverageID: is required'],
    ['null lookingForCoverageID', { lookingForCoverageID: null }, 'lookingForCoverageID: is required'],
    ['lookingForCoverageID past the largest integer', { lookingForCoverageID: 2 ** 31 }, `lookingForCoverageID: ${ID_ERROR}`],
    ['missing coverageStartDatetime', { coverageStartDatetime: undefined }, 'coverageStartDatetime: is required'],
    [
      'coverageStartDatetime in the spring-forward gap',
      { coverageStartDatetime: '2025-03-09 02:30' },
      'coverageStartDatetime: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    ],
    ['coverageEndDatetime as a number', { coverageEndDatetime: 1760619600000 }, `coverageEndDatetime: ${TIME_TYPE_ERROR}`],
    ['swapScheduleID negative', { swapScheduleID: -2 }, `swapScheduleID: ${ID_ERROR}`],
    ['swapStartDatetime on February 30', { swapScheduleID: 2, swapStartDatetime: '2025-02-30 10:00' }, 'swapStartDatetime: "2025-02-30 10:00" is not a valid date and time'],
    ['swap2ScheduleID fractional', { swapScheduleID: 2, swap2ScheduleID: 3.5 }, `swap2ScheduleID: ${ID_ERROR}`],
    ['swap2EndDatetime in words', { swap2EndDatetime: 'friday' }, 'swap2EndDatetime: "friday" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    ['expirationDatetime in month 13', { expirationDatetime: '2025-13-01 10:00' }, 'expirationDatetime: "2025-13-01 10:00" is not a valid date and time'],
    ['coveringAgentID as a string', { coveringAgentID: 'AB' }, `coveringAgentID: ${ID_ERROR}`],
    ['offerMessage as a number', { offerMessage: 42 }, 'offerMessage: must be text'],
    ['offerMessage of 2001 characters', { offerMessage: 'm'.repeat(2001) }, 'offerMessage: must be at most 2000 characters'],
    ['cotsWanted as text', { cotsWanted: 'none' }, 'cotsWanted: must be 0'],
    ['status as text', { status: '0' }, 'status: must be 0'],
    ['swapAgentID negative', { swapAgentID: -1 }, `swapAgentID: ${ID_ERROR}`],
  ]),
  ...bodyCases('postOfferGiveAway', GIVE, [
    ['no body', undefined, 'body: must be JSON'],
    ['missing lookingToPickUpID', { lookingToPickUpID: undefined }, 'lookingToPickUpID: is required'],
    ['lookingToPickUpID zero', { lookingToPickUpID: 0 }, `lookingToPickUpID: ${ID_ERROR}`],
    ['swapScheduleID as a string', { swapScheduleID: '3' }, `swapScheduleID: ${ID_ERROR}`],
    ['swapEndDatetime as an object', { swapEndDatetime: { date: '2025-10-17' } }, `swapEndDatetime: ${TIME_TYPE_ERROR}`],
    ['offeringAgentID fractional', { offeringAgentID: 101.5 }, `offeringAgentID: ${ID_ERROR}`],
  ]),
  ...bodyCases('postCounterOfferCoverage', { ...OFFER, offeringAgentID: 102, rejectingOfferID: 40 }, [
    ['missing rejectingOfferID', { rejectingOfferID: undefined }, 'rejectingOfferID: is required'],
    ['rejectingOfferID as a string', { rejectingOfferID: '40' }, `rejectingOfferID: ${ID_ERROR}`],
    ['missing coverageEndDatetime', { coverageEndDatetime: undefined }, 'coverageEndDatetime: is required'],
  ]),
  ...bodyCases('postCounterOfferHours', { offeringAgentID: 102, rejectingOfferID: 41, coverageStartDatetime: '2025-10-17 08:00', coverageEndDatetime: '2025-10-17 12:00' }, [
    ['missing rejectingOfferID', { rejectingOfferID: undefined }, 'rejectingOfferID: is required'],
    ['coverageStartDatetime over-long', { coverageStartDatetime: 'x'.repeat(100) }, 'coverageStartDatetime: must be at most 40 characters'],
    ['lookingToPickUpID negative', { lookingToPickUpID: -20 }, `lookingToPickUpID: ${ID_ERROR}`],
    ['lookingForCoverageID as text', { lookingForCoverageID: 'none' }, `lookingForCoverageID: ${ID_ERROR}`],
  ]),
  ...bodyCases('sendOfferMessage', { AgentID: 101, OfferID: 40, Notes: 'Hello' }, [
    ['no body', undefined, 'body: must be JSON'],
    ['missing OfferID', { OfferID: undefined }, 'OfferID: is required'],
    ['Notes as a number', { Notes: 7 }, 'Notes: must be text'],
    ['AgentID as a string', { AgentID: '101' }, `AgentID: ${ID_ERROR}`],
  ]),
  ...bodyCases('sendOfferMessageHours', { AgentID: 102, OfferID: 41, Notes: 'Hello' }, [
    ['OfferID past the largest integer', { OfferID: 2 ** 31 }, `OfferID: ${ID_ERROR}`],
    ['Notes of 2001 characters', { Notes: 'n'.repeat(2001) }, 'Notes: must be at most 2000 characters'],
    ['missing AgentID', { AgentID: undefined }, 'AgentID: is required'],
  ]),
];

describe('malformed requests: 400 naming the field, nothing decided', () => {
  it.each(BAD_INPUT)('%s', (...bad) => expectBadInput(server, bad, 101));

  it.each([
    ['/userMonthTrade/abc/2025-10', 'agentId: must be a whole number from 1 to 2147483647'],
    ['/userMonthTrade/101/2025-13', 'month: must be a month as "YYYY-MM" (01 to 12)'],
    ['/userMonthTrade/101/october', 'month: must be a month as "YYYY-MM" (01 to 12)'],
    ['/lookupInitials/0', 'agentId: must be a whole number from 1 to 2147483647'],
    ['/lookupInitials/1.5', 'agentId: must be a whole number from 1 to 2147483647'],
  ])('GET %s', async (path, error) => {
    expect(await get(path, 101)).toEqual({ status: 400, body: { error } });
  });
});

describe('acting for someone else: 403', () => {
  it.each([
    ['/postOfferCoverage', { ...OFFER, offeringAgentID: 103 }],
    ['/postOfferGiveAway', { ...GIVE, offeringAgentID: 103 }],
    ['/postCounterOfferCoverage', { ...OFFER, offeringAgentID: 101, rejectingOfferID: 40 }],
    ['/postCounterOfferHours', { offeringAgentID: 101, rejectingOfferID: 41, coverageStartDatetime: '2025-10-17 08:00', coverageEndDatetime: '2025-10-17 12:00' }],
    ['/sendOfferMessage', { AgentID: 103, OfferID: 40, Notes: 'Hello' }],
    ['/sendOfferMessageHours', { AgentID: 103, OfferID: 41, Notes: 'Hello' }],
  ])('%s naming another agent than the one signed in', async (path, body) => {
    // Signed in as CD (102), the body names someone else as the acting agent.
    await expectNotYours(server, 'POST', `/api${path}`, 102, body);
  });

  it('an offer naming someone else as the covering agent', async () => {
    expect(await post('/postOfferCoverage', 101, { ...OFFER, coveringAgentID: 103 })).toEqual({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: You can only offer to cover a shift yourself.', rule: 'postOfferCoverage.coveringAgent', warnings: [] },
    });
  });

  it('a trainee offering coverage or giving away hours', async () => {
    await loadWorld(server.db, withRecords(WORLD, { shifts: [{ id: 9, agentId: 104, start: '2025-10-17 08:00', end: '2025-10-17 16:00' }] }));
    const offer = await post('/postOfferCoverage', 104, { ...OFFER, offeringAgentID: 104, coveringAgentID: 104 });
    expect(offer).toEqual({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: Must be at least an Advanced Trainee to offer coverage.', rule: 'postOfferCoverage.minimumRank', warnings: [] },
    });
    const give = await post('/postOfferGiveAway', 104, { ...GIVE, offeringAgentID: 104, swapScheduleID: 9, swapAgentID: 104 });
    expect(give.status).toBe(403);
    expect(give.body.rule).toBe('postOfferGiveAway.minimumRank');
  });

  it('countering or writing about an offer between two other people', async () => {
    const made = await post('/postOfferCoverage', 101, OFFER);
    const offerId = made.body.created?.offers?.[0] as number;
    const counter = await post('/postCounterOfferCoverage', 103, { ...OFFER, offeringAgentID: 103, coveringAgentID: null, rejectingOfferID: offerId });
    expect(counter).toEqual({
      status: 403,
      body: { outcome: 'error', message: 'ERROR: Only the person this offer was made to can counter it.', rule: 'postCounterOfferCoverage.recipient', warnings: [] },
    });
    const message = await post('/sendOfferMessage', 103, { AgentID: 103, OfferID: offerId, Notes: 'Hi' });
    expect(message.status).toBe(403);
    expect(message.body.rule).toBe('sendOfferMessage.ownOffer');
  });

  it("reading someone else's swap list", async () => {
    expect(await get('/userMonthTrade/102/2025-10', 101)).toEqual({ status: 403, body: { error: 'You can only see your own schedule, postings and offers.' } });
  });
});

describe('an offer made here is accepted by the accept calls', () => {
  it('a trade offer: AB offers to cover CD\'s shift for AB\'s shift 2, CD accepts it', async () => {
    const made = await post('/postOfferCoverage', 101, { ...OFFER, swapAgentID: 101, swapScheduleID: 2, offerMessage: 'Swap?' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offer sent.', rule: null, warnings: [] });
    const [offerId] = made.body.created?.offers ?? [];
    expect(made.body.created).toMatchObject({ offers: [offerId], offerMessages: [expect.any(Number)], offerLog: [expect.any(Number), expect.any(Number)], textMessages: [expect.any(Number)] });

    const accepted = await put(`/acceptOffer/${offerId}`, 102);
    expect(accepted).toMatchObject({ status: 200, body: { outcome: 'ok', message: 'SUCCESS: Offer accepted.' } });
    await expectWorld({
      offers: [{ id: offerId, status: 'accepted', swapShiftId: 2, swapStart: '2025-10-16 08:00', swapEnd: '2025-10-16 16:00' }],
      coveragePostings: [{ id: 10, endedAt: NOW }],
      shifts: [
        { id: 1, deleted: true },
        { id: 2, deleted: true },
        { agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', isCovering: true },
        { agentId: 102, start: '2025-10-16 08:00', end: '2025-10-16 16:00', isCovering: true },
        // AB's meal break went with the swap hours to CD.
        { id: 7, agentId: 102, start: '2025-10-16 12:00', end: '2025-10-16 12:30', shiftType: 5 },
      ],
      offerMessages: [{ offerId, agentId: 101, notes: 'Swap?' }],
      textMessages: [
        { toAgentId: 102, kind: 'offer', body: "Shiftinator: AB offered to cover your shift for 10/15/2025 8:00 AM - 10/15/2025 4:00 PM in a trade for 10/16/2025 8:00 AM - 10/16/2025 4:00 PM. Open Pending Activity to accept, counter or decline." },
      ],
    });
  });

  it('two swap options: two offers in one answer; accepting one declines the other', async () => {
    const made = await post('/postOfferCoverage', 101, { ...OFFER, swapScheduleID: 2, swap2ScheduleID: 3, swap2StartDatetime: '2025-10-17 08:00', swap2EndDatetime: '2025-10-17 12:00' });
    expect(made.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offers sent.' });
    const [first, second] = made.body.created?.offers ?? [];
    expect(second).toBeDefined();
    expect(await put(`/acceptOffer/${second}`, 102)).toMatchObject({ status: 200, body: { message: 'SUCCESS: Offer accepted.' } });
    await expectWorld({
      offers: [
        { id: first, status: 'declined', swapShiftId: 2 },
        { id: second, status: 'accepted', swapShiftId: 3, swapStart: '2025-10-17 08:00', swapEnd: '2025-10-17 12:00' },
      ],
      shifts: [
        { id: 3, agentId: 101, start: '2025-10-17 12:00', end: '2025-10-17 16:00' },
        { agentId: 102, start: '2025-10-17 08:00', end: '2025-10-17 12:00', isCovering: true },
      ],
    });
  });

  it('the second option failing fails both: nothing is made', async () => {
    const made = await post('/postOfferCoverage', 101, { ...OFFER, swapScheduleID: 2, swap2ScheduleID: 999 });
    expect(made).toEqual({ status: 409, body: { outcome: 'error', message: 'ERROR: Offers failed.', rule: 'postOfferCoverage.trade2ShiftValid', warnings: [] } });
    const world = await readWorld(server.db);
    expect(world.offers).toEqual([]);
    expect(world.offerLog).toEqual([]);
    expect(world.textMessages).toEqual([]);
  });

  it('a counteroffer: CD counters AB\'s offer with the morning, AB accepts the counteroffer', async () => {
    const made = await post('/postOfferCoverage', 101, OFFER);
    const [offerId] = made.body.created?.offers ?? [];
    const countered = await post('/postCounterOfferCoverage', 102, {
      ...OFFER,
      offeringAgentID: 102,
      coverageEndDatetime: '2025-10-15 12:00',
      rejectingOfferID: offerId,
      expirationDatetime: null,
    });
    expect(countered.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Counter offer sent.' });
    const [counterId] = countered.body.created?.offers ?? [];
    // The offer it answers is declined, so CD can no longer accept it.
    expect(await put(`/acceptOffer/${offerId}`, 102)).toMatchObject({ status: 409, body: { message: 'ERROR: This offer was already declined.' } });
    expect(await put(`/acceptOffer/${counterId}`, 101)).toMatchObject({ status: 200, body: { message: 'SUCCESS: Offer accepted.' } });
    await expectWorld({
      offers: [
        { id: offerId, status: 'declined' },
        { id: counterId, status: 'accepted', offeringAgentId: 102, coveringAgentId: 101, rejectingOfferId: offerId, expiration: '2025-10-15 09:00' },
      ],
      shifts: [
        { id: 1, agentId: 102, start: '2025-10-15 12:00', end: '2025-10-15 16:00' },
        { agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', isCovering: true },
      ],
      textMessages: [{ toAgentId: 101, kind: 'counterOffer', body: 'Shiftinator: CD sent you a counteroffer for 10/15/2025 8:00 AM - 10/15/2025 12:00 PM. Open Pending Activity to accept, counter or decline.' }],
    });
  });

  it('hours: AB gives shift 3 to CD; CD counters with the morning; AB accepts the counteroffer', async () => {
    const given = await post('/postOfferGiveAway', 101, GIVE);
    expect(given.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offer sent.' });
    const [offerId] = given.body.created?.offers ?? [];
    const countered = await post('/postCounterOfferHours', 102, {
      offeringAgentID: 102,
      coverageStartDatetime: '2025-10-17 08:00',
      coverageEndDatetime: '2025-10-17 12:00',
      cotsWanted: 0,
      lookingForCoverageID: null,
      lookingToPickUpID: 20,
      expirationDatetime: '2025-10-16 12:00',
      status: 0,
      coveringAgentID: 102,
      rejectingOfferID: offerId,
    });
    expect(countered.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Counter offer sent.' });
    const [counterId] = countered.body.created?.offers ?? [];
    expect(await put(`/acceptOfferHours/${counterId}`, 101)).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    await expectWorld({
      offers: [
        { id: offerId, status: 'declined', pickupPostingId: 20, shiftId: 3 },
        { id: counterId, status: 'accepted', pickupPostingId: 20, shiftId: 3, offeringAgentId: 102, coveringAgentId: 102 },
      ],
      pickupPostings: [{ id: 20, endedAt: NOW }],
      shifts: [
        { id: 3, agentId: 101, start: '2025-10-17 12:00', end: '2025-10-17 16:00' },
        { agentId: 102, start: '2025-10-17 08:00', end: '2025-10-17 12:00', isCovering: true },
      ],
    });
  });

  it('hours: CD accepts AB\'s shift as offered', async () => {
    const given = await post('/postOfferGiveAway', 101, { ...GIVE, swapStartDatetime: null, swapEndDatetime: null });
    const [offerId] = given.body.created?.offers ?? [];
    expect(await put(`/acceptOfferHours/${offerId}`, 102)).toMatchObject({ status: 200, body: { outcome: 'ok' } });
    await expectWorld({ shifts: [{ id: 3, deleted: true }, { agentId: 102, start: '2025-10-17 08:00', end: '2025-10-17 16:00', isCovering: true }] });
  });
});

describe('messages about an offer', () => {
  it('AB and CD write to each other about AB\'s offer; each message is kept and texted to the other', async () => {
    const made = await post('/postOfferCoverage', 101, OFFER);
    const [offerId] = made.body.created?.offers ?? [];
    expect(await post('/sendOfferMessage', 101, { AgentID: 101, OfferID: offerId, Notes: 'Can start at 9?' })).toEqual({
      status: 200,
      body: { outcome: 'ok', message: 'You successfully sent a message!', rule: null, warnings: [], created: { offerMessages: [1], textMessages: [2] } },
    });
    expect((await post('/sendOfferMessage', 102, { AgentID: 102, OfferID: offerId, Notes: 'Yes' })).status).toBe(200);
    await expectWorld({
      offerMessages: [
        { offerId, agentId: 101, notes: 'Can start at 9?', sentAt: NOW },
        { offerId, agentId: 102, notes: 'Yes', sentAt: NOW },
      ],
      textMessages: [
        { toAgentId: 102, kind: 'offerMessage', body: 'Shiftinator: AB sent you a message about an offer: Can start at 9?' },
        { toAgentId: 101, kind: 'offerMessage', body: 'Shiftinator: CD sent you a message about an offer: Yes' },
      ],
    });
  });

  it('about an offer of hours, with sendOfferMessageHours; the coverage call refuses it', async () => {
    const given = await post('/postOfferGiveAway', 101, GIVE);
    const [offerId] = given.body.created?.offers ?? [];
    expect(await post('/sendOfferMessageHours', 102, { AgentID: 102, OfferID: offerId, Notes: 'Thanks!' })).toMatchObject({ status: 200, body: { message: 'Your message has been sent.' } });
    expect(await post('/sendOfferMessage', 102, { AgentID: 102, OfferID: offerId, Notes: 'Thanks!' })).toMatchObject({
      status: 422,
      body: { message: 'ERROR: This offer is not for a shift seeking coverage.', rule: 'sendOfferMessage.postingKind' },
    });
    await expectWorld({ textMessages: [{ toAgentId: 101, kind: 'offerMessage', body: 'Shiftinator: CD sent you a message about an offer: Thanks!' }] });
  });
});

describe('the offer screens\' reads', () => {
  it('userMonthTrade: own shifts starting in the month, not started, without meal breaks', async () => {
    expect(await get('/userMonthTrade/101/2025-10', 101)).toEqual({
      status: 200,
      body: [
        { start: '2025-10-16 08:00:00.0', endDateTime: '2025-10-16 16:00:00.0', scheduleId: 2 },
        { start: '2025-10-17 08:00:00.0', endDateTime: '2025-10-17 16:00:00.0', scheduleId: 3 },
        { start: '2025-10-31 20:00:00.0', endDateTime: '2025-11-01 04:00:00.0', scheduleId: 4 },
      ],
    });
    expect(await get('/userMonthTrade/101/2025-11', 101)).toEqual({ status: 200, body: [{ start: '2025-11-03 08:00:00.0', endDateTime: '2025-11-03 16:00:00.0', scheduleId: 5 }] });
    expect(await get('/userMonthTrade/101/2025-12', 101)).toEqual({ status: 200, body: [] });
  });

  it('lookupInitials: anyone\'s initials, [] for no such agent', async () => {
    expect(await get('/lookupInitials/102', 101)).toEqual({ status: 200, body: [{ initials: 'CD' }] });
    expect(await get('/lookupInitials/999', 101)).toEqual({ status: 200, body: [] });
  });
});
