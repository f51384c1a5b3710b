import { describe, expect, it } from 'vitest';
import { isShiftinatorError } from './errors.ts';
import { loadRuleSet } from './ruleset.ts';
import { parseInstant } from './time.ts';

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
