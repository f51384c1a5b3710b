import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { createSession } from '../../server/auth.ts';
import { startServer } from '../../server/main.ts';
import { createLogger } from '../../server/logger.ts';
import { consoleSender, Outbox, type OutgoingText, type TextSender } from '../../server/outbox.ts';
import { HISTORY_MESSAGES } from '../../server/routes/history.ts';
import { client, expectBadInput, expectNotYours, ID_ERROR, json, loadWorld, loadWorldAt, patched, readWorld, scratchPostgres, useTestServer, withRecords, type BadRequest } from './support.ts';

// Declining, withdrawing and nudging offers, calling out, the History reads and the outbox, through
// the HTTP API. Every scenario of these actions also runs through HTTP in action-routes-http.test.ts;
// this file holds what scenarios cannot show: bad input, who is refused, the read bodies, the outbox.

const NOW = '2025-10-14 09:00';

/**
 * AB (101) offered to cover CD's (102) shift (offer 40 on posting 10) and offered AB's shift 2 to
 * GH's (104) pick-up posting (offer 50). EF (103) has nothing to do with either. Ranks for the
 * offer logs: SU (110, supervisor 100), AM (120, account manager 85), CM (130, 105), DI (140, 240),
 * AS (150, assistant 80), OP (160, 350), QA (170, 30).
 */
const WORLD: Record<string, unknown[]> = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB', personalTime: 600 },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 104, agentType: 20, initials: 'GH' },
    { agentId: 110, agentType: 100, initials: 'SU' },
    { agentId: 120, agentType: 85, initials: 'AM' },
    { agentId: 130, agentType: 105, initials: 'CM' },
    { agentId: 140, agentType: 240, initials: 'DI' },
    { agentId: 150, agentType: 80, initials: 'AS' },
    { agentId: 160, agentType: 350, initials: 'OP' },
    { agentId: 170, agentType: 30, initials: 'QA' },
    { agentId: 180, agentType: 20, initials: 'AB', terminationDate: '2025-10-01 00:00' },
  ],
  shifts: [
    { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 16:00', shiftType: 0 },
    // Clear of offer 40's 18-hour windows, and within 48 hours of now for a call out.
    { id: 3, agentId: 101, start: '2025-10-16 02:00', end: '2025-10-16 06:00', shiftType: 0 },
  ],
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 0 }],
  pickupPostings: [{ id: 20, agentId: 104, start: '2025-10-16 06:00', end: '2025-10-16 18:00', type: 0 }],
  offers: [
    { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
    { id: 50, pickupPostingId: 20, offeringAgentId: 101, coveringAgentId: 104, shiftId: 2, start: '2025-10-16 08:00', end: '2025-10-16 16:00', expiration: '2025-10-15 07:00' },
  ],
};

/** The file's world with more records. */
const world = (extra: Record<string, unknown[]> = {}): Record<string, unknown[]> => withRecords(WORLD, extra);

const server = useTestServer();
const { call, get } = client(server);
beforeEach(() => loadWorldAt(server, NOW, WORLD));

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return server.db.exclusive(() => server.db.em().getConnection().execute<T[]>(text, params));
}


describe('malformed requests: 400 naming the field, nothing decided', () => {
  const callOut = { AgentID: 101, TimeScheduleItemID: 3, PersonalTime: 1, Message: 'Sick' };
  const change = { OfferMessageID: 60, AgentID: 102, Notes: null, Message: 'ok' };
  const cases: BadRequest[] = [
    ...['rejectOffer', 'rejectOfferHours', 'withdrawOffer', 'nudgeOffer'].flatMap((action): BadRequest[] =>
      ['abc', '0', '-5', '1.5', '1e3', '2147483648'].map((id) => [`${action}: id ${id}`, 'PUT', `/api/${action}/${id}`, undefined, `id: ${ID_ERROR}`]),
    ),
    ['callOut: no body', 'POST', '/api/callOut', undefined, 'body: must be JSON'],
    ['callOut: body not JSON', 'POST', '/api/callOut', 'Message=Sick', 'body: must be JSON'],
    ['callOut: body a JSON array', 'POST', '/api/callOut', json([callOut]), 'body: must be a JSON object'],
    ['callOut: AgentID missing', 'POST', '/api/callOut', patched(callOut, { AgentID: undefined }), 'AgentID: is required'],
    ['callOut: AgentID as text', 'POST', '/api/callOut', patched(callOut, { AgentID: '101' }), `AgentID: ${ID_ERROR}`],
    ['callOut: TimeScheduleItemID missing', 'POST', '/api/callOut', patched(callOut, { TimeScheduleItemID: undefined }), 'TimeScheduleItemID: is required'],
    ['callOut: TimeScheduleItemID negative', 'POST', '/api/callOut', patched(callOut, { TimeScheduleItemID: -3 }), `TimeScheduleItemID: ${ID_ERROR}`],
    ['callOut: PersonalTime as the screen\'s text', 'POST', '/api/callOut', patched(callOut, { PersonalTime: '1' }), 'PersonalTime: must be a number'],
    ['callOut: Message as a number', 'POST', '/api/callOut', patched(callOut, { Message: 5 }), 'Message: must be text'],
    ['callOut: Message of 2001 characters', 'POST', '/api/callOut', patched(callOut, { Message: 'x'.repeat(2001) }), 'Message: must be at most 2000 characters'],
    ['handlePendingChange: OfferMessageID missing', 'POST', '/api/handlePendingChange', patched(change, { OfferMessageID: undefined }), 'OfferMessageID: is required'],
    ['handlePendingChange: OfferMessageID zero', 'POST', '/api/handlePendingChange', patched(change, { OfferMessageID: 0 }), `OfferMessageID: ${ID_ERROR}`],
    ['handlePendingChange: Notes as a list', 'POST', '/api/handlePendingChange', patched(change, { Notes: ['a'] }), 'Notes: must be text'],
    ['handlePendingChange: AgentID missing', 'POST', '/api/handlePendingChange', patched(change, { AgentID: undefined }), 'AgentID: is required'],
    ['loggingInLog: no body', 'POST', '/api/loggingInLog', undefined, 'body: must be JSON'],
    ['loggingInLog: AgentID missing (the spec: "an error is logged if the id is missing")', 'POST', '/api/loggingInLog', json({}), 'AgentID: is required'],
    ['loggingOutLog: AgentID null', 'POST', '/api/loggingOutLog', json({ AgentID: null }), 'AgentID: is required'],
    ['loggingOutLog: AgentID fractional', 'POST', '/api/loggingOutLog', json({ AgentID: 101.5 }), `AgentID: ${ID_ERROR}`],
    ['getNudgedDate: offerId in words', 'GET', '/api/getNudgedDate/forty', undefined, 'offerId: must be a whole number from 1 to 2147483647'],
    ['getNudgedDate: offerId zero', 'GET', '/api/getNudgedDate/0', undefined, 'offerId: must be a whole number from 1 to 2147483647'],
    ['getOfferHistory: agentId negative', 'GET', '/api/getOfferHistory/-1', undefined, 'agentId: must be a whole number from 1 to 2147483647'],
    ['getMyStats: agentId too large', 'GET', '/api/getMyStats/99999999999', undefined, 'agentId: must be a whole number from 1 to 2147483647'],
    ['initials: punctuation', 'GET', '/api/initials/A.B', undefined, 'initials: must be 1 to 16 letters or digits'],
    ['initials: 17 characters', 'GET', `/api/initials/${'A'.repeat(17)}`, undefined, 'initials: must be 1 to 16 letters or digits'],
  ];

  it.each(cases)('%s', (...bad) => expectBadInput(server, bad, 101));
});

describe('who is refused (403) and who passes', () => {
  const ONLY_RECIPIENT = 'ERROR: Only the person this offer was made to can decline it.';
  it.each([
    ['rejectOffer by the maker', 'rejectOffer', 40, 101, 403, ONLY_RECIPIENT],
    ['rejectOffer by a stranger', 'rejectOffer', 40, 103, 403, ONLY_RECIPIENT],
    ['rejectOffer by a supervisor, who is not the poster', 'rejectOffer', 40, 110, 403, ONLY_RECIPIENT],
    ['rejectOffer by the poster (asked to confirm)', 'rejectOffer', 40, 102, 200, 'Are you sure you want to decline this offer?'],
    ['rejectOfferHours by the maker', 'rejectOfferHours', 50, 101, 403, ONLY_RECIPIENT],
    ['rejectOfferHours by the hours poster', 'rejectOfferHours', 50, 104, 200, 'Are you sure you want to decline this offer?'],
    ['withdrawOffer by the poster', 'withdrawOffer', 40, 102, 403, 'ERROR: Only the person who made this offer can withdraw it.'],
    ['withdrawOffer by a stranger', 'withdrawOffer', 50, 103, 403, 'ERROR: Only the person who made this offer can withdraw it.'],
    ['withdrawOffer by the maker', 'withdrawOffer', 50, 101, 200, 'Are you sure you want to withdraw this offer?'],
    ['nudgeOffer by the hours poster', 'nudgeOffer', 50, 104, 403, 'ERROR: Only the person who made this offer can nudge it.'],
    ['nudgeOffer by a supervisor', 'nudgeOffer', 40, 110, 403, 'ERROR: Only the person who made this offer can nudge it.'],
    [
      'nudgeOffer by the maker',
      'nudgeOffer',
      40,
      101,
      200,
      'Are you sure you want to send a text message, reminding them of your offer? Can only do this once every 24 hours.',
    ],
  ])('%s', async (_name, action, offerId, as, status, message) => {
    const { status: got, body: answer } = await call('PUT', `/api/${action}/${offerId}`, as);
    expect(got).toBe(status);
    expect(answer.message).toBe(message);
    const offers = (await readWorld(server.db)).offers ?? [];
    expect(offers.every((o) => o.status === 'pending' && o.nudgedAt === null)).toBe(true);
  });

  it.each([
    ['callOut', { AgentID: 102, TimeScheduleItemID: 3, PersonalTime: 1, Message: 'Sick' }],
    ['handlePendingChange', { AgentID: 102, OfferMessageID: 60, Notes: null, Message: 'ok' }],
    ['loggingInLog', { AgentID: 102 }],
    ['loggingOutLog', { AgentID: 102 }],
  ])('%s with another agent\'s AgentID: 403, nothing decided', async (action, body) => {
    await expectNotYours(server, 'POST', `/api/${action}`, 101, body);
  });

  it("callOut of someone else's shift: 403 with the rule's message", async () => {
    const { status, body: answer } = await call('POST', '/api/callOut', 101, { AgentID: 101, TimeScheduleItemID: 1, PersonalTime: 1, Message: 'Sick' });
    expect(status).toBe(403);
    expect(answer.message).toBe('ERROR: You can only call out of your own shifts.');
  });

  // Spec 1 section 6: all see their own; 100 and up call specialists' (with trainers, below the
  // assistants); 105 and up account managers'; above 230 supervision's (assistants and supervisors).
  it.each([
    ['a call specialist, their own', 101, 101, 200],
    ['a call specialist, another call specialist', 101, 102, 403],
    ['a QA reviewer (30), a call specialist', 170, 101, 403],
    ['an assistant (80), a call specialist', 150, 101, 403],
    ['an account manager (85), a call specialist', 120, 101, 403],
    ['a supervisor (100), a call specialist', 110, 101, 200],
    ['a supervisor (100), a QA reviewer (30)', 110, 170, 200],
    ['a supervisor (100), an account manager', 110, 120, 403],
    ['a supervisor (100), an assistant supervisor', 110, 150, 403],
    ['a customer service manager (105), an account manager', 130, 120, 200],
    ['a customer service manager (105), a supervisor', 130, 110, 403],
    ['a director (240), a supervisor', 140, 110, 200],
    ['a director (240), an assistant supervisor', 140, 150, 200],
    ['a director (240), another manager (350)', 140, 160, 403],
    ['an admin (350), a manager (105)', 160, 130, 403],
    ['an admin (350), a call specialist', 160, 101, 200],
  ])('getOfferHistory: %s', async (_name, viewer, target, status) => {
    const res = await get(`/api/getOfferHistory/${target}`, viewer);
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body).toEqual({ error: HISTORY_MESSAGES.notYourLog });
    else expect(res.body).toEqual([]);
  });

  it('getOfferHistory of an agent that does not exist: 403 below the ranks that open logs, else 404', async () => {
    expect(await get('/api/getOfferHistory/999', 101)).toEqual({ status: 403, body: { error: HISTORY_MESSAGES.notYourLog } });
    expect(await get('/api/getOfferHistory/999', 110)).toEqual({ status: 404, body: { error: 'There is no agent 999.' } });
  });

  it('getCallSpecialists: the current staff whose logs the Call Specialist Offer Log opens, each of them readable by a supervisor', async () => {
    const res = await get('/api/getCallSpecialists', 110);
    // Not the assistant (80), account manager, managers, or AB (180) who left on 10/1.
    expect(res).toEqual({
      status: 200,
      body: [
        [101, 'AB'],
        [102, 'CD'],
        [103, 'EF'],
        [104, 'GH'],
        [170, 'QA'],
      ].map(([agentId, initials]) => ({ agentId, initials, fullName: '' })),
    });
    for (const { agentId } of res.body as { agentId: number }[]) expect((await get(`/api/getOfferHistory/${agentId}`, 110)).status).toBe(200);
    expect((await get('/api/getOfferHistory/150', 110)).status).toBe(403);
  });

  it("getNudgedDate and getMyStats of other people's offers and stats: 403", async () => {
    expect(await get('/api/getNudgedDate/40', 103)).toEqual({ status: 403, body: { error: 'You can only see offers you made or that were made to you.' } });
    expect(await get('/api/getMyStats/102', 101)).toEqual({ status: 403, body: { error: HISTORY_MESSAGES.notYourStats } });
    expect(await get('/api/getMyStats/101', 110)).toEqual({ status: 403, body: { error: HISTORY_MESSAGES.notYourStats } });
  });
});

describe('the reads answer the spec\'s fields', () => {
  it('getNudgedDate: never nudged, then nudged (next nudge 24 hours on), and its status once expired or declined', async () => {
    expect(await get('/api/getNudgedDate/40', 102)).toEqual({ status: 200, body: [{ offerID: 40, nudgedDate: null, nextNudgeDate: null, status: 'pending' }] });
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(200);
    const nudged = { offerID: 40, nudgedDate: '2025-10-14 09:00:00.0', nextNudgeDate: '2025-10-15 09:00:00.0', status: 'pending' };
    expect(await get('/api/getNudgedDate/40', 101)).toEqual({ status: 200, body: [nudged] });
    // Its people: the maker, and the poster it was made to.
    expect((await get('/api/getNudgedDate/40', 102)).body).toEqual([nudged]);
    server.setNow(parseInstant('2025-10-15 07:00'));
    expect((await get('/api/getNudgedDate/40', 101)).body).toEqual([{ ...nudged, status: 'expired' }]);
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).body.message).toBe('ERROR: This offer expired at 10/15/2025 7:00 AM.');
    server.setNow(parseInstant(NOW));
    await sql("update offers set status = 'declined' where id = 50");
    expect((await get('/api/getNudgedDate/50', 104)).body).toEqual([{ offerID: 50, nudgedDate: null, nextNudgeDate: null, status: 'declined' }]);
    expect(await get('/api/getNudgedDate/99', 101)).toEqual({ status: 200, body: [] });
  });

  it('getNudgedDate across the fall-back night: the next nudge is 24 elapsed hours on', async () => {
    await sql("update offers set nudged_at = '2025-11-01 13:00:00Z' where id = 40");
    expect((await get('/api/getNudgedDate/40', 101)).body).toEqual([
      { offerID: 40, nudgedDate: '2025-11-01 09:00:00.0', nextNudgeDate: '2025-11-02 08:00:00.0', status: 'pending' },
    ]);
  });

  it('getOfferHistory: the lines a decline wrote, newest first, back 14 days', async () => {
    await loadWorld(
      server.db,
      world({
        offerLog: [
          { id: 7, agentId: 101, offerId: null, at: '2025-09-30 09:00', message: 'exactly 14 days ago: gone' },
          { id: 8, agentId: 101, offerId: null, at: '2025-09-30 09:01', message: 'a minute less than 14 days ago' },
          { id: 9, agentId: 102, offerId: null, at: '2025-10-10 09:00', message: "CD's own line" },
        ],
      }),
    );
    expect((await call('PUT', '/api/rejectOffer/40?confirmed=true', 102)).body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offer declined.' });
    expect(await get('/api/getOfferHistory/101', 101)).toEqual({
      status: 200,
      body: [
        { id: 11, dateTime: '2025-10-14 09:00:00.0', message: 'CD declined your offer for 10/15/2025 8:00 AM - 10/15/2025 4:00 PM.' },
        { id: 8, dateTime: '2025-09-30 09:01:00.0', message: 'a minute less than 14 days ago' },
      ],
    });
    expect((await get('/api/getOfferHistory/102', 110)).body).toEqual([
      { id: 10, dateTime: '2025-10-14 09:00:00.0', message: "You declined AB's offer for 10/15/2025 8:00 AM - 10/15/2025 4:00 PM." },
      { id: 9, dateTime: '2025-10-10 09:00:00.0', message: "CD's own line" },
    ]);
  });

  it('approvedPersonal: approved personal time of the last 14 days, one\'s own; everyone\'s for supervision', async () => {
    await loadWorld(
      server.db,
      world({
        personalRequests: [
          { id: 1, agentId: 101, shiftId: 3, start: '2025-10-15 18:00', end: '2025-10-15 20:00', minutes: 120, requestedAt: '2025-10-13 10:00' },
          { id: 2, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00', minutes: 240, requestedAt: '2025-10-14 08:00' },
          { id: 3, agentId: 101, shiftId: null, start: '2025-09-20 08:00', end: '2025-09-20 10:00', minutes: 120, requestedAt: '2025-09-19 08:00' },
          { id: 4, agentId: 101, shiftId: 3, start: '2025-10-15 20:00', end: '2025-10-15 22:00', minutes: 120, requestedAt: '2025-10-14 08:30', status: 'denied' },
        ],
      }),
    );
    const mine = {
      id: 1,
      agentID: 101,
      initials: 'AB',
      timeScheduleItemID: 3,
      startTime: '2025-10-15 18:00:00.0',
      endTime: '2025-10-15 20:00:00.0',
      minutes: 120,
      requestedAt: '2025-10-13 10:00:00.0',
    };
    expect(await get('/api/approvedPersonal', 101)).toEqual({ status: 200, body: [mine] });
    expect((await get('/api/approvedPersonal', 110)).body).toEqual([
      { id: 2, agentID: 102, initials: 'CD', timeScheduleItemID: 1, startTime: '2025-10-15 08:00:00.0', endTime: '2025-10-15 12:00:00.0', minutes: 240, requestedAt: '2025-10-14 08:00:00.0' },
      mine,
    ]);
    expect((await get('/api/approvedPersonal', 103)).body).toEqual([]);
  });

  it('getMyStats and getAllStats: minutes on picked-up shifts less meal breaks, and accepted offers, since 2/14/24', async () => {
    await loadWorld(
      server.db,
      world({
        shifts: [
          // AB's covering shifts: 8 hours with a 30-minute break; one across 2/14/24 (only 2 hours after
          // midnight count); one under way (2 of its 4 hours so far); one to come. CD's: 3 hours.
          { id: 20, agentId: 101, start: '2025-10-01 08:00', end: '2025-10-01 16:00', isCovering: true },
          { id: 21, agentId: 101, start: '2025-10-01 12:00', end: '2025-10-01 12:30', shiftType: 5, parentId: 20 },
          { id: 22, agentId: 101, start: '2024-02-13 22:00', end: '2024-02-14 02:00', isCovering: true },
          { id: 23, agentId: 101, start: '2025-10-14 07:00', end: '2025-10-14 11:00', isCovering: true },
          { id: 24, agentId: 101, start: '2025-10-20 08:00', end: '2025-10-20 12:00', isCovering: true },
          { id: 25, agentId: 102, start: '2025-10-02 09:00', end: '2025-10-02 12:00', isCovering: true },
          // Not picked up: does not count.
          { id: 26, agentId: 101, start: '2025-10-03 08:00', end: '2025-10-03 16:00' },
        ],
        offers: [
          { id: 60, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-01 08:00', end: '2025-10-01 16:00', status: 'accepted' },
          { id: 61, pickupPostingId: 20, offeringAgentId: 102, coveringAgentId: 104, start: '2025-10-02 09:00', end: '2025-10-02 12:00', status: 'accepted' },
          { id: 62, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2024-01-02 09:00', end: '2024-01-02 12:00', status: 'accepted' },
        ],
      }),
    );
    expect(await get('/api/getMyStats/101', 101)).toEqual({ status: 200, body: [{ minWorked: 450 + 120 + 120, shiftChanges: 0 }] });
    // CD posted 10 (offer 60) and made offer 61.
    expect((await get('/api/getMyStats/102', 102)).body).toEqual([{ minWorked: 180, shiftChanges: 2 }]);
    expect((await get('/api/getMyStats/104', 104)).body).toEqual([{ minWorked: 0, shiftChanges: 1 }]);
    expect((await get('/api/getAllStats', 103)).body).toEqual([{ minWorked: 450 + 120 + 120 + 180, shiftChanges: 2 }]);
  });

  it('initials: the agent id of current staff, any case; a former agent with the same initials is not found', async () => {
    expect(await get('/api/initials/cd', 101)).toEqual({ status: 200, body: { agentId: 102 } });
    // 180 (terminated) shares AB's initials: only the current AB.
    expect(await get('/api/initials/AB', 102)).toEqual({ status: 200, body: { agentId: 101 } });
    await sql('update agents set termination_date = ? where agent_id = 101', ['2025-10-14T13:01:00Z']);
    expect(await get('/api/initials/AB', 102)).toEqual({ status: 200, body: { agentId: 101 } });
    await sql('update agents set termination_date = ? where agent_id = 101', ['2025-10-14T12:59:00Z']);
    expect(await get('/api/initials/ab', 102)).toEqual({ status: 404, body: { error: 'There is no agent with initials AB.' } });
    expect(await get('/api/initials/ZZ9', 102)).toEqual({ status: 404, body: { error: 'There is no agent with initials ZZ9.' } });
  });

  it('loggingInLog and loggingOutLog record the events of the signed-in agent', async () => {
    expect(await call('POST', '/api/loggingInLog', 101, { AgentID: 101 })).toEqual({ status: 200, body: { outcome: 'ok', message: null, rule: null, warnings: [], created: { sessionLog: [1] } } });
    server.setNow(parseInstant('2025-10-14 09:20'));
    expect((await call('POST', '/api/loggingOutLog', 101, { AgentID: 101 })).status).toBe(200);
    expect((await readWorld(server.db)).sessionLog).toEqual([
      { id: 1, agentId: 101, at: parseInstant(NOW), event: 'signIn' },
      { id: 2, agentId: 101, at: parseInstant('2025-10-14 09:20'), event: 'signOut' },
    ]);
  });

  it("callOut: the notice, the personal time used and the History line the screen goes to", async () => {
    const { status, body: answer } = await call('POST', '/api/callOut', 101, { AgentID: 101, TimeScheduleItemID: 3, PersonalTime: 0, Message: 'Flat tyre' });
    expect(status).toBe(200);
    expect(answer).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Log entry created.' });
    const w = await readWorld(server.db);
    expect(w.notices).toEqual([
      expect.objectContaining({ agentId: 101, shiftId: 3, violationType: 0, message: 'Flat tyre', minutes: 240, personalMinutes: 240, vacationMinutes: 0, reason: 10 }),
    ]);
    expect(w.agents?.find((a) => a.agentId === 101)?.personalTime).toBe(360);
    expect((await get('/api/getOfferHistory/101', 101)).body).toEqual([
      { id: 1, dateTime: '2025-10-14 09:00:00.0', message: 'Call out, 10/16/2025 2:00 AM - 10/16/2025 6:00 AM: Flat tyre' },
    ]);
    // A second submit is refused as a conflict and takes no more personal time.
    expect((await call('POST', '/api/callOut', 101, { AgentID: 101, TimeScheduleItemID: 3, PersonalTime: 0, Message: 'Flat tyre' })).status).toBe(409);
    expect((await readWorld(server.db)).agents?.find((a) => a.agentId === 101)?.personalTime).toBe(360);
  });

  it('a double submit (two requests at once) nudges once and calls out once', async () => {
    const nudges = await Promise.all([1, 2].map(() => call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)));
    expect(nudges.map((r) => r.status).sort()).toEqual([200, 422]);
    const callOut = { AgentID: 101, TimeScheduleItemID: 3, PersonalTime: 0, Message: 'Flat tyre' };
    const callOuts = await Promise.all([1, 2].map(() => call('POST', '/api/callOut', 101, callOut)));
    expect(callOuts.map((r) => r.status).sort()).toEqual([200, 409]);
    const w = await readWorld(server.db);
    expect(w.textMessages).toHaveLength(1);
    expect(w.notices).toHaveLength(1);
    expect(w.agents?.find((a) => a.agentId === 101)?.personalTime).toBe(360);
  });

  it('the nudge cooldown in getNudgedDate is the one rules/nudgeOffer.json applies', () => {
    const fact = server.rules.action('nudgeOffer').file.facts.nextNudgeAt as unknown as { params: { add: unknown[] } };
    expect(fact.params.add[1]).toBe(server.rules.numberParameter('nudgeCooldownMinutes'));
  });
});

function recorder(options: { delayMs?: number; failFor?: number[] } = {}): TextSender & { sent: OutgoingText[] } {
  const sent: OutgoingText[] = [];
  return {
    name: 'recorder',
    sent,
    send: async (text) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.failFor?.includes(text.id)) throw new Error('provider refused');
      sent.push(text);
    },
  };
}

interface TextRow {
  id: number;
  to_agent_id: number;
  kind: string | null;
  body: string | null;
  created: number;
  sent: number | null;
}

async function texts(): Promise<TextRow[]> {
  return sql<TextRow>(
    `select id, to_agent_id, kind, body, (extract(epoch from created_at) / 60)::float8 as created, (extract(epoch from sent_at) / 60)::float8 as sent
       from text_messages order by id`,
  );
}

const NUDGE_BODY = 'Shiftinator: AB is reminding you of their offer for 10/15/2025 8:00 AM - 10/15/2025 4:00 PM. Open Pending Activity to accept or decline it.';

describe('the outbox', () => {
  it("a nudge's text is written in the nudge's transaction: with it, or not at all", async () => {
    // Refused (within 24 hours): no text, nudgedAt unchanged.
    await sql("update offers set nudged_at = '2025-10-13 14:00:00Z' where id = 40");
    expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(422);
    expect(await texts()).toEqual([]);
    await sql('update offers set nudged_at = null where id = 40');
    // Asked to confirm: nothing written yet.
    expect((await call('PUT', '/api/nudgeOffer/40', 101)).body.outcome).toBe('confirm');
    expect(await texts()).toEqual([]);
    // A failure while writing (a text the database refuses) undoes the nudge too.
    await sql("alter table text_messages add constraint no_nudges check (kind <> 'nudge')");
    try {
      expect((await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101)).status).toBe(500);
    } finally {
      await sql('alter table text_messages drop constraint no_nudges');
    }
    expect((await readWorld(server.db)).offers?.find((o) => o.id === 40)?.nudgedAt).toBeNull();
    expect((await readWorld(server.db)).offerLog).toEqual([]);
    // Through: the offer's nudgedAt and the unsent text, made at the same instant, named in the answer.
    const { status, body: answer } = await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Sent a nudge.' });
    const rows = await texts();
    expect(rows).toEqual([{ id: expect.any(Number), to_agent_id: 102, kind: 'nudge', body: NUDGE_BODY, created: parseInstant(NOW), sent: null }]);
    expect((answer.created as Record<string, number[]>).textMessages).toEqual([rows[0]?.id]);
    expect((await readWorld(server.db)).offers?.find((o) => o.id === 40)?.nudgedAt).toBe(parseInstant(NOW));
  });

  it('decline and withdraw text the other person; accepting texts the maker', async () => {
    await call('PUT', '/api/rejectOffer/40?confirmed=true', 102);
    await call('PUT', '/api/withdrawOffer/50?confirmed=true', 101);
    expect((await texts()).map((t) => [t.to_agent_id, t.kind])).toEqual([
      [101, 'offerDeclined'],
      [104, 'offerWithdrawn'],
    ]);
    await loadWorld(server.db, WORLD);
    expect((await call('PUT', '/api/acceptOffer/40', 102)).status).toBe(200);
    expect((await texts()).map((t) => [t.to_agent_id, t.kind])).toEqual([[101, 'offerAccepted']]);
  });

  it('drains each text once: sent, marked sent at the clock, and not sent again', async () => {
    await sql("insert into accounts (agent_id, initials, cell, password_hash) values (102, 'CD', '5551234567', 'x')");
    await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101);
    const sender = recorder();
    const outbox = new Outbox({ db: server.db, sender, now: () => parseInstant('2025-10-14 09:01') });
    expect(await outbox.drain()).toBe(1);
    expect(sender.sent).toEqual([{ id: expect.any(Number), toAgentId: 102, cell: '5551234567', kind: 'nudge', body: NUDGE_BODY }]);
    expect((await texts())[0]?.sent).toBe(parseInstant('2025-10-14 09:01'));
    expect(await outbox.drain()).toBe(0);
    expect(sender.sent).toHaveLength(1);
  });

  it('a text the provider refuses stays unsent and goes on a later drain; the others go at once', async () => {
    await call('PUT', '/api/nudgeOffer/40?confirmed=true', 101);
    await call('PUT', '/api/nudgeOffer/50?confirmed=true', 101);
    const [first, second] = await texts();
    const errors: number[] = [];
    const failing = recorder({ failFor: [first?.id as number] });
    const outbox = new Outbox({ db: server.db, sender: failing, now: () => parseInstant(NOW), onError: (_e, t) => errors.push(t.id) });
    expect(await outbox.drain()).toBe(1);
    expect(failing.sent.map((t) => t.id)).toEqual([second?.id]);
    expect(errors).toEqual([first?.id]);
    expect((await texts()).map((t) => t.sent === null)).toEqual([true, false]);
    const working = recorder();
    expect(await new Outbox({ db: server.db, sender: working, now: () => parseInstant(NOW) }).drain()).toBe(1);
    expect(working.sent.map((t) => t.id)).toEqual([first?.id]);
  });

  it('two drains at once never send a text twice (FOR UPDATE SKIP LOCKED)', async () => {
    const values = Array.from({ length: 30 }, (_, i) => `(${101 + (i % 4)}, 'nudge', 'text ${i}', now())`).join(', ');
    await sql(`insert into text_messages (to_agent_id, kind, body, created_at) values ${values}`);
    const a = recorder({ delayMs: 15 });
    const b = recorder({ delayMs: 15 });
    const now = (): number => parseInstant(NOW);
    const [sentA, sentB] = await Promise.all([
      new Outbox({ db: server.db, sender: a, now }).drain(),
      new Outbox({ db: server.db, sender: b, now }).drain(),
    ]);
    const ids = [...a.sent, ...b.sent].map((t) => t.id).sort((x, y) => x - y);
    expect(sentA + sentB).toBe(30);
    expect(new Set(ids).size).toBe(30);
    expect((await texts()).every((t) => t.sent !== null)).toBe(true);
    // On PostgreSQL the two really run side by side, each taking what the other has not locked.
    if (server.db.kind === 'postgresql') expect(Math.min(a.sent.length, b.sent.length)).toBeGreaterThan(0);
  });

  it("the console sender logs one line per text in the server's log, without the cell", async () => {
    const lines: Record<string, unknown>[] = [];
    const sender = consoleSender(createLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }));
    await sender.send({ id: 7, toAgentId: 102, cell: '5551234567', kind: 'nudge', body: 'Hi' });
    await sender.send({ id: 8, toAgentId: 101, cell: null, kind: null, body: 'Two' });
    const logged = { level: 30, time: expect.any(Number), pid: process.pid, msg: 'text' };
    expect(lines).toEqual([
      { ...logged, textId: 7, toAgentId: 102, kind: 'nudge', body: 'Hi' },
      { ...logged, textId: 8, toAgentId: 101, kind: null, body: 'Two' },
    ]);
  });
});

describe('the served app drains the outbox after a write of texts', () => {
  it('a nudge through the running server reaches the sender once, before close returns; a write without texts starts no drain', async () => {
    const url = process.env.DATABASE_URL;
    const scratch = url ? await scratchPostgres(url, 'shiftinator_outbox') : null;
    const sender = recorder();
    const running = await startServer({
      rules: server.rules,
      rulesHash: 'test',
      port: 0,
      databaseUrl: scratch?.url,
      now: () => parseInstant(NOW),
      textSender: sender,
      outboxIntervalMs: 60_000,
    });
    try {
      await loadWorld(running.db, WORLD);
      const sid = await running.db.exclusive(() => createSession(running.db.em(), 101, 15, new Date(parseInstant(NOW) * 60_000)));
      const drains = vi.spyOn(running.outbox, 'drain');
      const put = (path: string) => fetch(`${running.url}/api${path}`, { method: 'PUT', headers: { cookie: `shiftinator_session=${sid}` } });
      // A chat message commits but texts no one: the outbox is left to its timer.
      const chat = await fetch(`${running.url}/api/sendMessage`, {
        method: 'POST',
        headers: { cookie: `shiftinator_session=${sid}`, 'content-type': 'application/json' },
        body: JSON.stringify({ AgentID: 101, toAgentID: 102, Notes: 'Still on for Wednesday?' }),
      });
      expect(await chat.json()).toMatchObject({ outcome: 'ok' });
      expect(drains).not.toHaveBeenCalled();
      const res = await put('/nudgeOffer/40?confirmed=true');
      expect(res.status).toBe(200);
      // Woken by the commit itself, before the answer went out.
      expect(drains).toHaveBeenCalledTimes(1);
      // Sent by the kick after the answer, not the (minute-long) timer.
      for (let i = 0; i < 100 && sender.sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sender.sent.map((t) => [t.toAgentId, t.body])).toEqual([[102, NUDGE_BODY]]);
    } finally {
      await running.close();
      await scratch?.drop();
    }
    expect(sender.sent).toHaveLength(1);
  }, 120_000);
});
