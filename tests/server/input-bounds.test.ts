import { beforeEach, describe, expect, it } from 'vitest';
import { inputFields } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { client, decisionCount, ID_ERROR, json, loadWorldAt, postedShiftWorld, useTestServer } from './support.ts';

// Bad input is a 400 naming the field on both databases, before anything is decided or saved:
// ids past PostgreSQL's integers on every slice route and field, numbers outside the parameters'
// choices, and bodies that are not JSON.

const server = useTestServer();
const { call, post } = client(server);
const RULES = loadRulesDir();

const WORLD = postedShiftWorld([
  { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', status: 'pending' },
]);

beforeEach(() => loadWorldAt(server, '2025-10-14 09:00', WORLD));

/** Every id field of every action's input: the slice routes take them all in their query. */
const ID_FIELDS = RULES.files.flatMap((f) => inputFields(f.input).filter(([, t]) => t.base === 'id').map(([name]) => [f.action, name] as const));

describe('an id past the largest integer in a slice query', () => {
  it('covers every action with an id input', () => {
    expect(ID_FIELDS.length).toBeGreaterThan(50);
  });

  for (const slice of ['worldSlice', 'offeredSlice']) {
    it(`is a 400 naming the field on every ${slice} route and field`, async () => {
      const wrong: string[] = [];
      for (const [action, field] of ID_FIELDS) {
        for (const value of ['2147483648', '99999999999', '0']) {
          const res = await call('GET', `/api/${slice}/${action}?${field}=${value}`, 102);
          const expected = { status: 400, body: { error: `${field}: ${ID_ERROR}` } };
          if (json(res) !== json(expected)) wrong.push(`${action} ${field}=${value}: ${res.status} ${json(res.body)}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }

  it('still answers the slice of a good id', async () => {
    expect((await call('GET', '/api/worldSlice/acceptOffer?offerId=40', 102)).status).toBe(200);
  });
});

const OFFER = {
  offeringAgentID: 101,
  coverageStartDatetime: '2025-10-15 08:00',
  coverageEndDatetime: '2025-10-15 16:00',
  cotsWanted: 0,
  lookingForCoverageID: 10,
  expirationDatetime: '2025-10-15 07:00',
  status: 0,
  coveringAgentID: 101,
};
const BODIES: Record<string, [Record<string, unknown>, number]> = {
  postOfferCoverage: [OFFER, 101],
  postCounterOfferCoverage: [{ ...OFFER, offeringAgentID: 102, coveringAgentID: 101, rejectingOfferID: 40 }, 102],
  postCounterOfferHours: [{ offeringAgentID: 102, rejectingOfferID: 40, coverageStartDatetime: '2025-10-15 08:00', coverageEndDatetime: '2025-10-15 12:00', cotsWanted: 0, status: 0 }, 102],
};
const NOT_CHOICES = [1.5, 0.1, 1e308, -1e308, 2 ** 53, 1, -1];

describe("cotsWanted and status outside the parameters' choices", () => {
  for (const [action, [good, as]] of Object.entries(BODIES)) {
    for (const field of ['cotsWanted', 'status']) {
      it(`${action}: ${field} is a 400 naming it, and nothing is decided`, async () => {
        const before = await decisionCount(server);
        for (const value of NOT_CHOICES) {
          expect(await post(`/api/${action}`, as, { ...good, [field]: value }), `${field} ${value}`).toEqual({ status: 400, body: { error: `${field}: must be 0` } });
        }
        expect(await decisionCount(server)).toBe(before);
      });
    }
  }

  it('0, and leaving them out, still go through to the rules', async () => {
    expect((await post('/api/postOfferCoverage', 103, { ...OFFER, offeringAgentID: 103, coveringAgentID: 103 })).body).toMatchObject({ outcome: 'ok' });
    const without: Record<string, unknown> = { ...OFFER };
    delete without.cotsWanted;
    delete without.status;
    expect((await post('/api/postOfferCoverage', 101, without)).status).not.toBe(400);
  });
});

describe('a body that is not JSON', () => {
  it('marks nothing read: POST /api/inbox/read with "{" is a 400', async () => {
    expect(await post('/api/inbox/read', 101, '{')).toEqual({ status: 400, body: { error: 'body: must be JSON' } });
  });

  it('keeps the calendar feed address: POST /api/myCalendarFeed with "{" is a 400', async () => {
    const address = async (): Promise<unknown> => (await call('GET', '/api/myCalendarFeed', 101)).body;
    const before = await address();
    for (const bad of ['{', 'hello', '[1,', '{"a":1}x']) {
      expect(await post('/api/myCalendarFeed', 101, bad)).toEqual({ status: 400, body: { error: 'body: must be JSON' } });
    }
    expect(await address()).toEqual(before);
  });

  it('is a 400 on an action that may come without a body, and nothing is decided', async () => {
    const before = await decisionCount(server);
    expect(await call('PUT', '/api/acceptOffer/40', 102, '{')).toEqual({ status: 400, body: { error: 'body: must be JSON' } });
    expect(await decisionCount(server)).toBe(before);
  });
});
