import { beforeEach, describe, expect, it } from 'vitest';
import { requestsFor } from '../../bench/engine.bench.ts';
import { generateWorld, prng } from '../../bench/world.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { COLLECTIONS, normalizeWorld, parseInstant, PreparedWorld } from '../../engine/index.ts';
import { decideOnSnapshot } from '../../server/decide-on-snapshot.ts';
import { actionSubjects, SLICE_VISIBILITY, sliceRefusal } from '../../server/slice-visibility.ts';
import { loadWorld, loadWorldAt, useTestServer } from './support.ts';

/**
 * The world slice shows a reader no more than the ordinary reads do: none at all for an action
 * on an offer, offer message or shift that is not theirs, and within a slice no other person's
 * text nor the ids of their shifts the reads would not show.
 */

const RULES = loadRulesDir();
const ACTIONS = RULES.actionNames().filter((a) => !RULES.action(a).file.anonymous);

const KA = 1029; // a Call Specialist, party to nothing below
const MAKER = 1073;
const POSTER = 1218;
const OTHER = 1300;
const SUPERVISOR = 1400;

const NOT_YOUR_OFFER = 'You can only see offers you made or that were made to you.';
const NOT_YOUR_SHIFT = 'You can only act on your own shifts.';
const INITIALS: Record<number, string> = { [KA]: 'KA', [MAKER]: 'MK', [POSTER]: 'PO', [OTHER]: 'OT', [SUPERVISOR]: 'SU' };
/** Every text in WORLD names the people its record is about: a slice may carry it only to one of them. */
const secret = (...owners: number[]): string => `SECRET[${owners.map((o) => INITIALS[o]).join(',')}]`;

const agent = (agentId: number, initials: string, agentType = 20): Record<string, unknown> => ({
  agentId,
  agentType,
  initials,
  firstName: `${secret(agentId)} first`,
  lastName: `${secret(agentId)} last`,
  personalTime: 480,
  vacationTime: 960,
});

/** The demo's offer 11 (between MAKER and POSTER) and its message 1, with text in every record and a day of shifts each. */
const WORLD = {
  agents: [agent(KA, 'KA'), agent(MAKER, 'MK'), agent(POSTER, 'PO'), agent(OTHER, 'OT'), agent(SUPERVISOR, 'SU', 100)],
  shifts: [
    { id: 101, agentId: MAKER, start: '2026-06-10 08:00', end: '2026-06-10 16:00', payRate: 12, cots: 2 },
    { id: 102, agentId: MAKER, start: '2026-06-11 08:00', end: '2026-06-11 16:00', payRate: 12 },
    { id: 201, agentId: POSTER, start: '2026-06-10 08:00', end: '2026-06-10 16:00', payRate: 13 },
    { id: 202, agentId: POSTER, start: '2026-06-11 08:00', end: '2026-06-11 16:00', payRate: 13 },
    { id: 301, agentId: OTHER, start: '2026-06-10 08:00', end: '2026-06-10 16:00', payRate: 14 },
    { id: 401, agentId: KA, start: '2026-06-12 08:00', end: '2026-06-12 16:00' },
  ],
  coveragePostings: [{ id: 5, agentId: POSTER, shiftId: 201, start: '2026-06-10 08:00', end: '2026-06-10 16:00', notes: `${secret(POSTER)} posting notes` }],
  pickupPostings: [{ id: 6, agentId: POSTER, start: '2026-06-11 17:00', end: '2026-06-11 21:00', notes: `${secret(POSTER)} pick-up notes` }],
  openShifts: [{ id: 7, start: '2026-06-10 17:00', end: '2026-06-10 21:00', type: 0 }],
  offers: [
    { id: 11, postingId: 5, offeringAgentId: MAKER, coveringAgentId: MAKER, start: '2026-06-10 08:00', end: '2026-06-10 16:00', comment: `${secret(MAKER)} offer comment` },
    { id: 12, pickupPostingId: 6, offeringAgentId: MAKER, coveringAgentId: POSTER, shiftId: 102, start: '2026-06-11 08:00', end: '2026-06-11 12:00', comment: `${secret(MAKER, POSTER)} hours comment` },
  ],
  offerLog: [{ id: 1, agentId: MAKER, offerId: 11, at: '2026-06-01 07:00', message: `${secret(MAKER)} history line` }],
  offerMessages: [{ id: 1, offerId: 11, agentId: MAKER, notes: `${secret(MAKER)} offer message`, sentAt: '2026-06-01 07:00' }],
  lunchRequests: [{ id: 1, agentId: POSTER, shiftId: 201, requestedAt: '2026-06-01 07:00', notes: `${secret(POSTER)} lunch notes` }],
  notices: [{ id: 1, agentId: OTHER, shiftId: 301, start: '2026-06-10 08:00', end: '2026-06-10 09:00', violationType: 1, reason: 3, message: `${secret(OTHER)} notice`, createdAt: '2026-06-01 07:00' }],
  chatMessages: [{ id: 1, fromAgentId: MAKER, toAgentId: POSTER, message: `${secret(MAKER, POSTER)} chat`, sentAt: '2026-06-01 07:00' }],
};

/** What each collection's record in WORLD is, for an input that names one. */
const SUBJECT_IDS: Record<string, number> = { offers: 11, offerMessages: 1, shifts: 201, coveragePostings: 5, pickupPostings: 6, openShifts: 7, agents: POSTER };

/** An input for `action` naming the records of WORLD its rules look up, and plausible values besides. */
function inputFor(action: string, subject: (collection: string) => number = (c) => SUBJECT_IDS[c] ?? POSTER): Record<string, string> {
  const file = RULES.action(action).file;
  const named = new Map(actionSubjects(file));
  const input: Record<string, string> = {};
  for (const [field, type] of Object.entries(file.input)) {
    const base = type.replace('?', '');
    const collection = named.get(field);
    if (collection) input[field] = String(subject(collection));
    else if (base === 'id') input[field] = String(POSTER);
    else if (base === 'instant') input[field] = /end/i.test(field) ? '2026-06-10 12:00' : '2026-06-10 09:00';
    else if (base === 'number') input[field] = '1';
    else if (base === 'boolean') input[field] = 'false';
    else if (!type.endsWith('?')) input[field] = 'hello';
  }
  return input;
}

const server = useTestServer();

beforeEach(async () => {
  await loadWorldAt(server, '2026-06-01 08:00', WORLD);
});

interface SliceBody {
  error?: string;
  world?: Record<string, Record<string, unknown>[]>;
}

async function slice(action: string, input: Record<string, string>, as: number): Promise<{ status: number; body: SliceBody }> {
  const res = await server.request(`/api/worldSlice/${action}?${new URLSearchParams(input)}`, { as });
  return { status: res.status, body: (await res.json()) as SliceBody };
}

/**
 * A slice holds no other person's text, and of their shifts only those the reader's own reads show
 * (GET /api/getShiftDetails answers 200) or stand-ins for counting (ids far above real ones).
 */
async function expectNothingBeyondReads(body: SliceBody, reader: number): Promise<void> {
  const texts = [...JSON.stringify(body).matchAll(/SECRET\[([A-Z,]+)\]/g)].map((m) => m[1]?.split(',') ?? []);
  for (const owners of texts) expect(owners, "another person's text in the slice").toContain(INITIALS[reader]);
  for (const shift of body.world?.shifts ?? []) {
    const id = shift.id as number;
    if (shift.agentId === reader || id >= 2_000_000_000) continue;
    const read = await server.request(`/api/getShiftDetails/${id}`, { as: reader });
    expect(read.status, `shift ${id} of agent ${String(shift.agentId)} in the slice`).toBe(200);
  }
}

describe("the issue's examples: KA reads no one else's offer or message through a slice", () => {
  it('offer 11 between two others: 403 as GET /api/detailedOfferInfo/11 answers', async () => {
    const read = await server.request('/api/detailedOfferInfo/11', { as: KA });
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ error: NOT_YOUR_OFFER });
    const got = await slice('acceptOffer', { offerId: '11' }, KA);
    expect(got).toEqual({ status: 403, body: { error: NOT_YOUR_OFFER } });
  });

  it("offer message 1, about someone else's offer: 403", async () => {
    const got = await slice('handlePendingChange', { offerMessageId: '1' }, KA);
    expect(got).toEqual({ status: 403, body: { error: NOT_YOUR_OFFER } });
  });

  it("the poster's own slice of offer 11 holds neither the offer's comment nor the maker's message or names", async () => {
    const got = await slice('acceptOffer', { offerId: '11' }, POSTER);
    expect(got.status).toBe(200);
    const offer = got.body.world?.offers?.find((o) => o.id === 11);
    expect(offer).toMatchObject({ id: 11, offeringAgentId: MAKER, coveringAgentId: MAKER });
    expect(offer).not.toHaveProperty('comment');
    // Balances are the owner's and supervision's to read (GET /api/getUserDetails).
    const others = got.body.world?.agents?.filter((a) => a.agentId !== POSTER) ?? [];
    for (const a of others) expect(a).not.toHaveProperty('personalTime');
    await expectNothingBeyondReads(got.body, POSTER);
  });

  it("the maker's own records stay whole in their slice", async () => {
    const got = await slice('withdrawOffer', { offerId: '11' }, MAKER);
    expect(got.status).toBe(200);
    expect(got.body.world?.offers?.find((o) => o.id === 11)).toMatchObject({ comment: `${secret(MAKER)} offer comment` });
    expect(got.body.world?.agents?.find((a) => a.agentId === MAKER)).toMatchObject({ firstName: `${secret(MAKER)} first`, personalTime: 480 });
  });
});

describe('every action: a reader who is no party to its subject', () => {
  it.each(ACTIONS)('%s', async (action) => {
    const subjects = actionSubjects(RULES.action(action).file).map(([, c]) => c);
    const got = await slice(action, inputFor(action), KA);
    if (subjects.some((c) => c === 'offers' || c === 'offerMessages')) {
      expect(got).toEqual({ status: 403, body: { error: NOT_YOUR_OFFER } });
    } else if (subjects.includes('shifts')) {
      expect(got).toEqual({ status: 403, body: { error: NOT_YOUR_SHIFT } });
    } else if (got.status === 403) {
      // Postings, open shifts and chat partners are everyone's to read: only the action's own role
      // or ownership check refuses, with its message, as its POST would.
      const post = RULES.action(action).file.rules.filter((r) => r.forbidden).map((r) => r.message);
      expect(post).toContain(got.body.error);
    } else {
      expect(got.status).toBe(200);
      await expectNothingBeyondReads(got.body, KA);
    }
  });
});

describe("every action: a party's slice holds no other person's text or shifts beyond the reads", () => {
  // The maker acts on the offers and the message; on the poster's shift and postings, the poster.
  const partyFor = (action: string): number => (actionSubjects(RULES.action(action).file).some(([, c]) => c === 'offers' || c === 'offerMessages') ? MAKER : POSTER);
  it.each(ACTIONS)('%s', async (action) => {
    const reader = partyFor(action);
    const got = await slice(action, inputFor(action, (c) => (c === 'agents' ? OTHER : (SUBJECT_IDS[c] ?? OTHER))), reader);
    if (got.status === 403) {
      const post = RULES.action(action).file.rules.filter((r) => r.forbidden).map((r) => r.message);
      expect(post).toContain(got.body.error);
      return;
    }
    expect(got.status).toBe(200);
    await expectNothingBeyondReads(got.body, reader);
  });

  it("a supervisor's slice of someone's shift keeps the balances the rules read, never their names", async () => {
    const got = await slice('cutUser', { timeScheduleItemId: '201', startTime: '2026-06-10 12:00', endTime: '2026-06-10 16:00' }, SUPERVISOR);
    expect(got.status).toBe(200);
    const poster = got.body.world?.agents?.find((a) => a.agentId === POSTER);
    expect(poster).toMatchObject({ personalTime: 480, vacationTime: 960 });
    await expectNothingBeyondReads(got.body, SUPERVISOR);
  });
});

describe('the table of what a slice shows', () => {
  it('names every collection, and only fields the collection has', () => {
    expect(Object.keys(SLICE_VISIBILITY).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    for (const [name, v] of Object.entries(SLICE_VISIBILITY)) {
      const fields = Object.keys(COLLECTIONS[name]?.fields ?? {});
      for (const f of [...v.owners, ...(v.private ?? []), ...(v.personal ?? [])]) expect(fields, `${name}.${f}`).toContain(f);
    }
  });
});

describe('the check costs no statement of its own', () => {
  it("acceptOffer's slice on the bench's call centre: once learned, the decision and the check load in one statement", async () => {
    const generated = generateWorld({ agents: 60, firstDay: '2025-09-01', months: 3 });
    await loadWorld(server.db, generated.world);
    const now = parseInstant(generated.now);
    const whole = new PreparedWorld(normalizeWorld(generated.world));
    const requests = requestsFor('acceptOffer', whole, now, prng(7)).slice(0, 80);
    const file = server.rules.action('acceptOffer').file;
    const statements: number[] = [];
    const refused = new Set<boolean>();
    for (const r of requests) {
      let refusal: string | null = null;
      const alsoRead = (w: PreparedWorld): void => {
        refusal = sliceRefusal(server.rules, file, w, r.actor, r.input, now);
      };
      const got = await server.db.exclusive(() => decideOnSnapshot(server.db, server.rules, { action: 'acceptOffer', actor: r.actor, input: r.input, now, alsoRead }));
      // The same verdict as on the whole world: the check read all it needed.
      expect(refusal).toBe(sliceRefusal(server.rules, file, whole, r.actor, r.input, now));
      refused.add(refusal !== null);
      statements.push(got.statements);
    }
    expect(refused.has(false), 'the bench accepts as the offers\' posters').toBe(true);
    const warm = statements.slice(20);
    expect(warm.filter((n) => n === 1).length / warm.length).toBeGreaterThan(0.9);
  }, 120_000);
});
