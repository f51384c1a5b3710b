import { beforeEach, describe, expect, it } from 'vitest';
import { formatInstant, parseInstant } from '../../engine/index.ts';
import { writeChanges } from '../../server/write-changes.ts';
import { client, loadWorld, postedShiftWorld, readWorld, useTestServer } from './support.ts';

// Issue text: "Two people claiming the last slot, or a poster accepting two offers at once, end with
// exactly one success and a clear message for the other." On PGlite requests are queued; on
// PostgreSQL (DATABASE_URL) they run in parallel transactions, kept apart by row locks.

const NOW = '2025-10-14 09:00';

type Answer = { status: number; outcome: string; message: string | null };

const server = useTestServer();
const api = client(server);
beforeEach(() => {
  server.setNow(parseInstant(NOW));
});

async function call(method: string, path: string, as: number, body?: unknown): Promise<Answer> {
  const { status, body: answer } = await api.call(method, path, as, body);
  return { status, outcome: answer.outcome as string, message: answer.message as string | null };
}

function claim(action: 'claimOpenShift' | 'claimOpenTrainingShift', as: number, openShiftId: number, start: string, end: string): Promise<Answer> {
  return call('POST', `/api/${action}`, as, {
    offeringAgentID: as,
    coveringAgentID: as,
    coverageStartDatetime: start,
    coverageEndDatetime: end,
    lookingForCoverageID: openShiftId,
    status: 0,
  });
}

function tally(answers: Answer[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status} ${a.message ?? ''}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

async function decisionLog(): Promise<{ actor: number; action: string; outcome: string; applied: boolean }[]> {
  return server.db.em().getConnection().execute('select actor, action, outcome, applied from decision_log order by id');
}

describe('50 agents claim the 3 openings of a QA Reviews shift at the same moment', () => {
  const AGENTS = Array.from({ length: 50 }, (_, i) => 1001 + i);

  it('exactly 3 succeed, 47 are told it is gone, 3 shifts are made and the open shift ends', async () => {
    await loadWorld(server.db, {
      agents: AGENTS.map((agentId) => ({ agentId, agentType: 30, initials: `Q${agentId}` })),
      openShifts: [
        { id: 305, createdBy: 900, start: '2025-10-17 07:00', end: '2025-10-17 19:00', type: 61, payRate: 2, cots: 1, quantityRemaining: 3 },
      ],
    });

    const answers = await Promise.all(
      AGENTS.map((a) => claim('claimOpenTrainingShift', a, 305, '2025-10-17 12:00', '2025-10-17 14:00')),
    );

    expect(tally(answers)).toEqual(
      new Map([
        ['200 SUCCESS: Open shift claimed.', 3],
        ['409 ERROR: This open shift is no longer available.', 47],
      ]),
    );
    const winners = AGENTS.filter((_, i) => answers[i]?.status === 200);
    const world = await readWorld(server.db);
    expect(world.shifts).toHaveLength(3);
    expect(new Set(world.shifts?.map((s) => s.agentId))).toEqual(new Set(winners));
    for (const s of world.shifts ?? []) {
      expect(s).toMatchObject({ start: parseInstant('2025-10-17 12:00'), end: parseInstant('2025-10-17 14:00'), shiftType: 61, payRate: 2, cots: 1, isCovering: true });
    }
    const open = world.openShifts?.[0];
    expect(open?.quantityRemaining).toBe(0);
    expect(formatInstant(open?.endedAt as number)).toBe(NOW);

    const log = await decisionLog();
    expect(log).toHaveLength(50);
    expect(log.filter((l) => l.applied).map((l) => l.actor).sort()).toEqual([...winners].sort());
    expect(log.filter((l) => l.outcome === 'error')).toHaveLength(47);
  }, 120_000);
});

describe('a poster accepts two different offers on one posting at the same moment', () => {
  it('one is accepted, the other is told it was already declined, and the shift moves once', async () => {
    await loadWorld(server.db, postedShiftWorld([
      { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
      { id: 41, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
    ]));

    const [a40, a41] = await Promise.all([call('PUT', '/api/acceptOffer/40', 102), call('PUT', '/api/acceptOffer/41', 102)]);
    const answers = [a40, a41] as Answer[];

    expect(tally(answers)).toEqual(
      new Map([
        ['200 SUCCESS: Offer accepted.', 1],
        ['409 ERROR: This offer was already declined.', 1],
      ]),
    );
    const [winnerOffer, loserOffer, winnerAgent] = a40?.status === 200 ? [40, 41, 101] : [41, 40, 103];
    const world = await readWorld(server.db);
    expect(world.offers?.find((o) => o.id === winnerOffer)?.status).toBe('accepted');
    expect(world.offers?.find((o) => o.id === loserOffer)?.status).toBe('declined');
    expect(formatInstant(world.coveragePostings?.[0]?.endedAt as number)).toBe(NOW);
    // The shift moved once: the poster's shift is gone and exactly one covering shift exists.
    expect(world.shifts).toHaveLength(1);
    expect(world.shifts?.[0]).toMatchObject({
      agentId: winnerAgent,
      start: parseInstant('2025-10-15 08:00'),
      end: parseInstant('2025-10-15 16:00'),
      isCovering: true,
    });
    expect(await decisionLog()).toHaveLength(2);
  });
});

describe("the poster accepts an offer while another agent accepts the poster's counteroffer on the same posting", () => {
  it('two different actors: one goes through, the other is told their offer was already declined', async () => {
    await loadWorld(server.db, postedShiftWorld([
      { id: 39, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00', status: 'declined' },
      { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
      { id: 41, postingId: 10, offeringAgentId: 102, coveringAgentId: 103, start: '2025-10-15 10:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00', rejectingOfferId: 39 },
    ]));

    const [a40, a41] = await Promise.all([call('PUT', '/api/acceptOffer/40', 102), call('PUT', '/api/acceptOffer/41', 103)]);

    expect(tally([a40, a41] as Answer[])).toEqual(
      new Map([
        ['200 SUCCESS: Offer accepted.', 1],
        ['409 ERROR: This offer was already declined.', 1],
      ]),
    );
    const world = await readWorld(server.db);
    const covering = world.shifts?.filter((s) => s.isCovering) ?? [];
    expect(covering).toHaveLength(1);
    expect(covering[0]?.agentId).toBe(a40?.status === 200 ? 101 : 103);
    expect(world.offers?.filter((o) => o.status === 'accepted')).toHaveLength(1);
  });
});

describe('one agent claims two overlapping open shifts at the same moment', () => {
  it('exactly one claim goes through; the other is told the agent is already scheduled', async () => {
    await loadWorld(server.db, {
      agents: [{ agentId: 201, agentType: 30, initials: 'GH' }],
      openShifts: [
        { id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0, quantityRemaining: 1 },
        { id: 502, createdBy: 900, start: '2025-10-16 12:00', end: '2025-10-16 20:00', type: 0, quantityRemaining: 1 },
      ],
    });

    const answers = await Promise.all([
      claim('claimOpenShift', 201, 501, '2025-10-16 08:00', '2025-10-16 16:00'),
      claim('claimOpenShift', 201, 502, '2025-10-16 12:00', '2025-10-16 20:00'),
    ]);

    expect(tally(answers)).toEqual(
      new Map([
        ['200 SUCCESS: Open shift claimed.', 1],
        ['422 You are already scheduled during these hours.', 1],
      ]),
    );
    const world = await readWorld(server.db);
    expect(world.shifts).toHaveLength(1);
    const won = answers[0]?.status === 200 ? 501 : 502;
    expect(world.openShifts?.find((o) => o.id === won)?.quantityRemaining).toBe(0);
    expect(world.openShifts?.find((o) => o.id !== won)).toMatchObject({ quantityRemaining: 1, endedAt: null });
  });
});

describe('two posters accept, at the same moment, offers from one covering agent for overlapping hours', () => {
  it('only one goes through: the covering agent is never scheduled twice', async () => {
    await loadWorld(server.db, {
      agents: [
        { agentId: 101, agentType: 20, initials: 'AB' },
        { agentId: 102, agentType: 20, initials: 'CD' },
        { agentId: 103, agentType: 20, initials: 'EF' },
      ],
      shifts: [
        { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 },
        { id: 2, agentId: 103, start: '2025-10-15 10:00', end: '2025-10-15 14:00', shiftType: 0 },
      ],
      coveragePostings: [
        { id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00', type: 0, openToTrade: 0 },
        { id: 11, agentId: 103, shiftId: 2, start: '2025-10-15 10:00', end: '2025-10-15 14:00', type: 0, openToTrade: 0 },
      ],
      offers: [
        // Four hours each: together under 600 minutes, so the overlap is what stops the second.
        { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', expiration: '2025-10-15 07:00' },
        { id: 41, postingId: 11, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 10:00', end: '2025-10-15 14:00', expiration: '2025-10-15 07:00' },
      ],
    });

    const answers = await Promise.all([call('PUT', '/api/acceptOffer/40', 102), call('PUT', '/api/acceptOffer/41', 103)]);

    expect(tally(answers)).toEqual(
      new Map([
        ['200 SUCCESS: Offer accepted.', 1],
        ['422 ERROR: Covering agent is already scheduled during these hours.', 1],
      ]),
    );
    const world = await readWorld(server.db);
    expect(world.shifts?.filter((s) => s.agentId === 101)).toHaveLength(1);
  });
});

// Counts over other people's records (who is off, who is on duty) are read by range: no row lock
// keeps a second request from counting before the first one's write. The days the count reads are
// locked instead (server/span-locks.ts), so the second request counts what the first wrote.

describe('four agents of 1st shift ask for personal time for the same hours when one more may be off', () => {
  const ASKERS = [201, 202, 203, 204];
  const CAPACITY = 'Sorry, request denied. Too many people are on Personal/Vacation during this timeframe.';

  it('exactly one is approved; the others are told too many people are off, and nothing of theirs changes', async () => {
    await loadWorld(server.db, {
      agents: [
        ...ASKERS.map((agentId) => ({ agentId, agentType: 20, initials: `P${agentId}`, personalTime: 600 })),
        { agentId: 131, agentType: 20, initials: 'BA' },
        { agentId: 132, agentType: 20, initials: 'BC' },
        { agentId: 133, agentType: 20, initials: 'BD' },
      ],
      shifts: ASKERS.map((agentId, i) => ({ id: i + 1, agentId, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 })),
      // Three of 1st shift already off during 9:00-11:00: the rule denies a 1st-shift request at four.
      personalRequests: [
        { id: 10, agentId: 131, start: '2025-10-15 08:00', end: '2025-10-15 10:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
        { id: 11, agentId: 132, start: '2025-10-15 10:30', end: '2025-10-15 12:00', minutes: 90, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
        { id: 12, agentId: 133, start: '2025-10-15 09:00', end: '2025-10-15 11:00', minutes: 120, requestedAt: '2025-10-10 09:00', shiftClass: 1 },
      ],
    });

    const answers = await Promise.all(
      ASKERS.map((a, i) => call('POST', '/api/requestPersonal', a, { AgentID: a, TimeScheduleItemID: i + 1, StartTime: '2025-10-15 09:00', EndTime: '2025-10-15 11:00' })),
    );

    expect(tally(answers)).toEqual(
      new Map([
        ['200 Success! Personal time was approved.', 1],
        [`422 ${CAPACITY}`, 3],
      ]),
    );
    const winner = ASKERS[answers.findIndex((a) => a.status === 200)] as number;
    const world = await readWorld(server.db);
    const added = world.personalRequests?.filter((r) => (r.id as number) > 12) ?? [];
    expect(added).toEqual([expect.objectContaining({ agentId: winner, status: 'approved', shiftClass: 1, minutes: 120, start: parseInstant('2025-10-15 09:00'), end: parseInstant('2025-10-15 11:00') })]);
    for (const a of ASKERS) {
      // Booked, not taken yet: every balance keeps its minutes until the time starts (docs/decisions.md).
      expect(world.agents?.find((x) => x.agentId === a)?.personalTime).toBe(600);
      const theirs = world.shifts
        ?.filter((s) => s.agentId === a)
        .sort((x, y) => (x.start as number) - (y.start as number))
        .map((s) => [formatInstant(s.start as number), formatInstant(s.end as number)]);
      expect(theirs).toEqual(a === winner ? [['2025-10-15 08:00', '2025-10-15 09:00'], ['2025-10-15 11:00', '2025-10-15 16:00']] : [['2025-10-15 08:00', '2025-10-15 16:00']]);
    }
    const log = await decisionLog();
    expect(log.filter((l) => l.applied).map((l) => l.actor)).toEqual([winner]);
  });
});

/**
 * Five Spanish speakers on 10/15 8:00-16:00 (shifts 1-5: 101, 102, 111, 112, 113) and two
 * supervisors: cutting 101 or 102 leaves four (the minimum), cutting both would leave three.
 */
const FIVE_SPANISH = {
  agents: [
    { agentId: 201, agentType: 100, initials: 'SU' },
    { agentId: 202, agentType: 102, initials: 'SV' },
    ...[101, 102, 111, 112, 113].map((agentId) => ({ agentId, agentType: 20, initials: `S${agentId}`, spanish: true })),
  ],
  shifts: [101, 102, 111, 112, 113].map((agentId, i) => ({ id: i + 1, agentId, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 1 })),
};
const NOT_ENOUGH_SPANISH = 'ERROR: There is not enough bilingual coverage to cut this shift.';

/** A supervisor's full cut of a shift. */
function cut(as: number, shift: number): Promise<Answer> {
  return call('POST', '/api/cutUser', as, { AgentID: as, TimeScheduleItemID: shift, StartTime: null, EndTime: null });
}

describe('two supervisors each cut a different bilingual agent when the Spanish head count allows one cut', () => {
  it('exactly one cut goes through; the other is told there is not enough bilingual coverage', async () => {
    await loadWorld(server.db, FIVE_SPANISH);

    const answers = await Promise.all([cut(201, 1), cut(202, 2)]);

    expect(tally(answers)).toEqual(
      new Map([
        ['200 Success! They are cut.', 1],
        [`422 ${NOT_ENOUGH_SPANISH}`, 1],
      ]),
    );
    const kept = answers[0]?.status === 200 ? 2 : 1;
    const world = await readWorld(server.db);
    expect(world.shifts?.map((s) => s.id).sort()).toEqual([kept, 3, 4, 5].sort());
    expect(await decisionLog()).toHaveLength(2);
  });
});

describe('a supervisor cuts a bilingual agent while another change removing a Spanish shift is being written', () => {
  // PGlite runs one transaction at a time: a request never decides while another one writes.
  it.skipIf(!process.env.DATABASE_URL)('the cut waits for that change to commit and counts without it', async () => {
    await loadWorld(server.db, FIVE_SPANISH);
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written = (): void => undefined;
    const hasWritten = new Promise<void>((resolve) => (written = resolve));
    // A writer that counts nothing (as a call out does): 111's shift goes, uncommitted for now.
    const writing = server.db.em().transactional(async (em) => {
      await writeChanges(em, [{ op: 'delete', collection: 'shifts', key: 3 }]);
      written();
      await released;
    });
    await hasWritten;

    const cutting = cut(201, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await writing;

    expect(await cutting).toEqual({ status: 422, outcome: 'error', message: NOT_ENOUGH_SPANISH });
    expect((await readWorld(server.db)).shifts?.map((s) => s.id).sort()).toEqual([1, 2, 4, 5]);
  });
});
