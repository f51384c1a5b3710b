import { describe, expect, it } from 'vitest';
import { isShiftinatorError } from '../../engine/errors.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { parseInstant } from '../../engine/time.ts';

const at = parseInstant;

/** A withdraw-like action described by its rule file alone: a status change, a log line, a text. */
const withdraw = {
  action: 'withdrawSomething',
  input: { offerId: 'id' },
  facts: {
    offer: { kind: 'record', params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } } },
  },
  rules: [
    {
      id: 'withdraw.pending',
      when: { all: [{ fact: 'offer', path: 'status', operator: 'notEqual', value: 'pending' }] },
      outcome: 'error',
      message: 'ERROR: This offer is no longer pending.',
    },
  ],
  effects: [
    { kind: 'update', params: { collection: 'offers', key: { fact: 'input', path: 'offerId' }, fields: { status: 'withdrawn' } } },
    {
      kind: 'insert',
      params: { collection: 'offerLog', as: 'line', record: { agentId: { fact: 'actorId' }, offerId: { fact: 'offer', path: 'id' }, at: { fact: 'now' }, message: 'Offer withdrawn' } },
    },
    { kind: 'update', params: { collection: 'offerLog', key: { inserted: 'line' }, fields: { message: 'Offer withdrawn.' } } },
    { kind: 'updateWhere', params: { collection: 'offers', where: { postingId: { fact: 'offer', path: 'postingId' }, status: 'pending' }, fields: { comment: 'sibling' } } },
    {
      kind: 'text',
      if: { fact: 'offer', path: 'postingId' },
      params: {
        to: { fact: 'offer', path: 'coveringAgentId' },
        kind: 'withdraw',
        message: 'Offer for {start} withdrawn by {who}.',
        values: { start: { fact: 'offer', path: 'start', format: 'dateTime' }, who: { fact: 'actor', path: 'initials' } },
      },
    },
    { kind: 'text', if: { fact: 'offer', path: 'pickupPostingId' }, params: { to: 1, message: 'never sent' } },
  ],
};

const world = {
  agents: [{ agentId: 1, agentType: 20, initials: 'AB' }, { agentId: 2, agentType: 20, initials: 'CD' }],
  offers: [
    { id: 5, postingId: 9, offeringAgentId: 1, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 6, postingId: 9, offeringAgentId: 2, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
    { id: 7, postingId: 9, offeringAgentId: 2, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 12:00', status: 'declined' },
  ],
  offerLog: [{ id: 3, agentId: 1, at: '2025-10-01 08:00', message: 'old' }],
};

describe('generic effects from a rule file', () => {
  const rules = loadRuleSet([{ file: 'withdraw.json', json: withdraw }]);

  it('updates, inserts with a new id, refers to the inserted id, updates by fields, and texts when `if` holds', async () => {
    const d = await rules.action('withdrawSomething').decide({ world, now: '2025-10-14 09:00', actor: 1, input: { offerId: 5 }, effects: true });
    expect(d.outcome).toBe('ok');
    expect(d.changes).toEqual([
      { op: 'update', collection: 'offers', key: 5, fields: { status: 'withdrawn' } },
      { op: 'insert', collection: 'offerLog', record: { id: 4, agentId: 1, offerId: 5, at: at('2025-10-14 09:00'), message: 'Offer withdrawn' } },
      { op: 'update', collection: 'offerLog', key: 4, fields: { message: 'Offer withdrawn.' } },
      { op: 'update', collection: 'offers', key: 5, fields: { comment: 'sibling' } },
      { op: 'update', collection: 'offers', key: 6, fields: { comment: 'sibling' } },
      {
        op: 'insert',
        collection: 'textMessages',
        record: { id: 1, toAgentId: 2, kind: 'withdraw', body: 'Offer for 10/15/2025 8:00 AM withdrawn by AB.', createdAt: at('2025-10-14 09:00'), sentAt: null },
      },
    ]);
  });

  it('changes nothing when a rule stops the action', async () => {
    const d = await rules.action('withdrawSomething').decide({ world, now: '2025-10-14 09:00', actor: 1, input: { offerId: 7 }, effects: true });
    expect(d).toMatchObject({ outcome: 'error', message: 'ERROR: This offer is no longer pending.' });
    expect(d.changes).toBeUndefined();
  });

  const refused = (effects: unknown): string => {
    try {
      loadRuleSet([{ file: 'bad.json', json: { ...withdraw, effects } }]);
    } catch (e) {
      if (isShiftinatorError(e)) return e.message;
      throw e;
    }
    return 'loaded';
  };

  it('refuses unknown collections, fields, facts and template values when the rules load', () => {
    expect(refused({ kind: 'insert', params: { collection: 'offerz', record: {} } })).toMatch(/"collection" must name a world collection/);
    expect(refused({ kind: 'update', params: { collection: 'offers', key: 1, fields: { colour: 'red' } } })).toMatch(/offers has no field "colour"/);
    expect(refused({ kind: 'update', params: { collection: 'offers', key: { fact: 'nope' }, fields: {} } })).toMatch(/nope/);
    expect(refused({ kind: 'text', params: { to: 1, message: 'Hi {who}' } })).toMatch(/message uses \{who\}/);
    expect(refused({ kind: 'teleport', params: {} })).toMatch(/unknown effects kind "teleport"/);
  });
});

/** An accept-like action: a History line for each other pending offer on the posting, one per record matched. */
const closeSiblings = {
  action: 'closeSiblings',
  input: { offerId: 'id' },
  facts: {
    offer: { kind: 'record', params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } } },
  },
  rules: [],
  effects: [
    {
      kind: 'insertEach',
      params: {
        collection: 'offerLog',
        from: { collection: 'offers', where: { postingId: { fact: 'offer', path: 'postingId' }, status: 'pending' }, except: { fact: 'input', path: 'offerId' } },
        record: {
          agentId: { each: 'coveringAgentId' },
          offerId: { each: 'id' },
          at: { fact: 'now' },
          message: {
            template: '{actor} accepted another offer, so your offer for {start} - {end} was declined.',
            values: { actor: { value: { fact: 'actor', path: 'initials' } }, start: { value: { each: 'start' }, format: 'dateTime' }, end: { value: { each: 'end' }, format: 'time' } },
          },
        },
      },
    },
  ],
};

describe('insertEach: one record per matched record', () => {
  const rules = loadRuleSet([{ file: 'close.json', json: closeSiblings }]);
  const decide = (offerId: number, w: unknown = world) =>
    rules.action('closeSiblings').decide({ world: w, now: '2025-10-14 09:00', actor: 1, input: { offerId }, effects: true });

  it('inserts a record for each record matching `where`, less `except`, reading each one through { "each" } and templates', async () => {
    const twoPending = { ...world, offers: [...world.offers, { id: 8, postingId: 9, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 16:00' }] };
    const d = await decide(5, twoPending);
    expect(d.outcome).toBe('ok');
    expect(d.changes).toEqual([
      {
        op: 'insert',
        collection: 'offerLog',
        record: { id: 4, agentId: 2, offerId: 6, at: at('2025-10-14 09:00'), message: 'AB accepted another offer, so your offer for 10/15/2025 8:00 AM - 12:00 PM was declined.' },
      },
      {
        op: 'insert',
        collection: 'offerLog',
        record: { id: 5, agentId: 1, offerId: 8, at: at('2025-10-14 09:00'), message: 'AB accepted another offer, so your offer for 10/15/2025 12:00 PM - 4:00 PM was declined.' },
      },
    ]);
  });

  it('inserts nothing when nothing matches (the declined offer 7 and the accepted one are left out)', async () => {
    const alone = { ...world, offers: world.offers.filter((o) => o.id !== 6) };
    expect((await decide(5, alone)).changes).toEqual([]);
  });

  const refused = (effect: Record<string, unknown>): string => {
    try {
      loadRuleSet([{ file: 'bad.json', json: { ...closeSiblings, effects: [effect] } }]);
    } catch (e) {
      if (isShiftinatorError(e)) return e.message;
      throw e;
    }
    return 'loaded';
  };
  const good = closeSiblings.effects[0] as { kind: string; params: Record<string, unknown> };
  const withParams = (patch: Record<string, unknown>): Record<string, unknown> => ({ ...good, params: { ...good.params, ...patch } });
  const from = good.params.from as Record<string, unknown>;

  it('refuses, when the rules load, a missing or wrong `from`, unknown fields, an { "each" } without `from` and a template without its values', () => {
    expect(refused(good)).toBe('loaded');
    expect(refused(withParams({ from: undefined }))).toMatch(/insertEach needs "from"/);
    expect(refused(withParams({ from: { ...from, collection: 'offerz' } }))).toMatch(/"from" needs "collection" naming a world collection, got "offerz"/);
    expect(refused(withParams({ from: { ...from, where: {} } }))).toMatch(/"from.where" must be an object of offers fields \(at least one\)/);
    expect(refused(withParams({ from: { ...from, where: { colour: 'red' } } }))).toMatch(/offers has no field "colour"/);
    expect(refused(withParams({ from: { ...from, order: 'id' } }))).toMatch(/"from" takes collection, where and except, not "order"/);
    expect(refused(withParams({ from: { ...from, except: { fact: 'nope' } } }))).toMatch(/unknown fact "nope"/);
    expect(refused(withParams({ record: { agentId: { each: 'colour' } } }))).toMatch(/\{ "each": "colour" \}: offers has no field "colour"/);
    expect(refused(withParams({ record: { colour: 1 } }))).toMatch(/offerLog has no field "colour"/);
    expect(refused(withParams({ record: { message: { template: 'For {start}', values: {} } } }))).toMatch(/template uses \{start\} but "values" does not define it/);
    expect(refused(withParams({ record: { message: { template: 'Hi', values: { start: { value: 1 } } } } }))).toMatch(/values.start is not used in the template/);
    expect(refused(withParams({ record: { message: { template: '{start}', values: { start: { value: 1, format: 'weekday' } } } } }))).toMatch(/values.start.format must be one of/);
    expect(refused({ kind: 'insert', params: { collection: 'offerLog', record: { agentId: { each: 'coveringAgentId' } } } })).toMatch(/\{ "each" \} reads a matched record, and this effect has no "from"/);
    expect(refused({ kind: 'update', params: { collection: 'offers', key: 1, fields: {}, from } })).toMatch(/"from" is taken only by insertEach, removeHours/);
  });

  it("refuses a `follow` naming what its collection lacks, and `follow` on a kind that splits no shift", () => {
    const follow = { collection: 'notices', field: 'shiftId', at: 'start', where: { violationType: 2 } };
    const removeHours = (f: unknown): Record<string, unknown> => ({ kind: 'removeHours', params: { shift: 1, start: 1, end: 2, follow: f } });
    expect(refused(removeHours(follow))).toBe('loaded');
    expect(refused(removeHours([follow]))).toBe('loaded');
    expect(refused(removeHours({ ...follow, collection: 'noticez' }))).toMatch(/"follow" needs "collection" naming a world collection, got "noticez"/);
    expect(refused(removeHours({ ...follow, at: 'when' }))).toMatch(/notices has no field "when"/);
    expect(refused(removeHours([follow, { ...follow, where: { colour: 1 } }]))).toMatch(/notices has no field "colour"/);
    expect(refused(removeHours({ ...follow, field: undefined }))).toMatch(/notices has no field undefined/);
    expect(refused(removeHours({ ...follow, order: 'id' }))).toMatch(/"follow" takes collection, field, at, until and where, not "order"/);
    expect(refused(removeHours({ ...follow, until: 'end' }))).toBe('loaded');
    expect(refused(removeHours({ ...follow, until: 'finish' }))).toMatch(/notices has no field "finish"/);
    expect(refused(removeHours({ ...follow, until: null }))).toMatch(/notices has no field null/);
    for (const kind of ['acceptOffer', 'acceptOfferHours']) {
      expect(refused({ kind, params: { follow: { ...follow, until: 'end' } } })).toBe('loaded');
      expect(refused({ kind, params: { follow: { ...follow, at: 'when' } } })).toMatch(/notices has no field "when"/);
    }
    expect(refused({ kind: 'update', params: { collection: 'offers', key: 1, fields: {}, follow } })).toMatch(/"follow" is taken only by removeHours, acceptOffer, acceptOfferHours/);
    expect(refused({ kind: 'cutShift', params: { follow } })).toMatch(/"follow" is taken only by removeHours, acceptOffer, acceptOfferHours/);
  });

  it('refuses a removeHours naming both or neither of `shift` and `agent`, or without its hours', () => {
    const from = { collection: 'notices', where: { violationType: 2 } };
    const removeHours = (params: Record<string, unknown>): Record<string, unknown> => ({ kind: 'removeHours', params: { start: 1, end: 2, ...params } });
    expect(refused(removeHours({ shift: 1 }))).toBe('loaded');
    expect(refused(removeHours({ agent: 1 }))).toBe('loaded');
    expect(refused(removeHours({ from, agent: { each: 'agentId' }, start: { each: 'start' }, end: { each: 'end' } }))).toBe('loaded');
    const both = /removeHours needs either "shift" \(one shift\) or "agent" \(every main shift of that agent the hours overlap\), not both or neither/;
    expect(refused(removeHours({ shift: 1, agent: 1 }))).toMatch(both);
    expect(refused(removeHours({}))).toMatch(both);
    expect(refused(removeHours({ agent: 1, end: undefined }))).toMatch(/removeHours needs "end"/);
    expect(refused(removeHours({ from, agent: { each: 'agentid' }, start: { each: 'start' }, end: { each: 'end' } }))).toMatch(/\{ "each": "agentid" \}: notices has no field "agentid"/);
  });
});
