import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../engine/compiled-action.ts';
import { ShiftinatorError } from '../../engine/errors.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { normalizeWorld, PreparedWorld } from '../../engine/world.ts';
import { sharedRuleSources } from './shared-rules.ts';

const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');
const acceptOfferJson: unknown = JSON.parse(readFileSync(join(RULES_DIR, 'acceptOffer.json'), 'utf8'));

// A second action on the same rule set: a head count over a world shared by many requests.
const staffingJson = {
  action: 'checkStaffing',
  input: { start: 'instant', end: 'instant' },
  facts: {
    spanishOnDuty: {
      kind: 'minHeadCount',
      params: { start: { fact: 'input', path: 'start' }, end: { fact: 'input', path: 'end' }, stepMinutes: 10, spanish: true, excludeAgent: { fact: 'actorId' } },
    },
  },
  rules: [
    {
      id: 'checkStaffing.spanish',
      when: { all: [{ fact: 'spanishOnDuty', operator: 'lessThan', value: 1 }] },
      outcome: 'error',
      message: 'ERROR: No Spanish speaker would be left.',
    },
  ],
};

const rules = loadRuleSet([
  ...sharedRuleSources(),
  { file: 'rules/parameters.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'parameters.json'), 'utf8')) as unknown, kind: 'parameters' },
  { file: 'rules/acceptOffer.json', json: acceptOfferJson },
  { file: 'rules/checkStaffing.json', json: staffingJson },
]);

const agents = [
  { agentId: 101, agentType: 20, spanish: true },
  { agentId: 102, agentType: 20, spanish: true },
  { agentId: 103, agentType: 20 },
];

// Agent 102 posts 08:00-16:00 on 10-15; 101 offers 10:00-14:00 (40) and, expired, 09:00-12:00 (41).
const offersWorld = {
  agents,
  shifts: [{ id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
  offers: [
    { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 10:00', end: '2025-10-15 14:00' },
    { id: 41, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 09:00', end: '2025-10-15 12:00', expiration: '2025-10-14 08:00' },
  ],
};

// The scenario format's example: 101 already works 16:30-00:30, so 480 + 480 - 600 = 360 too many.
const busyWorld = {
  agents,
  shifts: [
    { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    { id: 2, agentId: 101, start: '2025-10-15 16:30', end: '2025-10-16 00:30' },
  ],
  coveragePostings: [{ id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
  offers: [{ id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' }],
};

// Spanish speakers 101 (08:00-12:00) and 102 (11:00-16:00) on 10-15.
const staffWorld = new PreparedWorld(
  normalizeWorld({
    agents,
    shifts: [
      { id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
      { id: 2, agentId: 102, start: '2025-10-15 11:00', end: '2025-10-15 16:00' },
    ],
  }),
);
const preparedOffers = new PreparedWorld(normalizeWorld(offersWorld));

interface Case {
  action: string;
  request: DecisionRequest;
  /** The answer worked out by hand: a decision's outcome and rule, or an error code. */
  expected: string;
}

const NOW = '2025-10-14 09:00';
const CASES: Case[] = [
  { action: 'acceptOffer', request: { world: offersWorld, now: NOW, actor: 102, input: { offerId: 40 }, effects: true }, expected: 'ok' },
  { action: 'acceptOffer', request: { world: preparedOffers, now: NOW, actor: 102, input: { offerId: 40 }, trace: true }, expected: 'ok' },
  { action: 'acceptOffer', request: { world: preparedOffers, now: NOW, actor: 102, input: { offerId: 41 } }, expected: 'error acceptOffer.expired' },
  { action: 'acceptOffer', request: { world: offersWorld, now: NOW, actor: 103, input: { offerId: 40 } }, expected: 'error acceptOffer.recipient' },
  { action: 'acceptOffer', request: { world: offersWorld, now: NOW, actor: 102, input: { offerId: 99 } }, expected: 'error acceptOffer.offerExists' },
  { action: 'acceptOffer', request: { world: offersWorld, now: '2025-10-15 10:30', actor: 102, input: { offerId: 40 } }, expected: 'error acceptOffer.shiftStarted' },
  { action: 'acceptOffer', request: { world: busyWorld, now: NOW, actor: 102, input: { offerId: 40 }, trace: true }, expected: 'error acceptOffer.coveringMaxAfter' },
  { action: 'acceptOffer', request: { world: offersWorld, now: NOW, actor: 102, input: { offerId: 'forty' } }, expected: 'INPUT_INVALID' },
  { action: 'acceptOffer', request: { world: offersWorld, now: NOW, actor: 555, input: { offerId: 40 } }, expected: 'INPUT_INVALID' },
  { action: 'checkStaffing', request: { world: staffWorld, now: NOW, actor: 101, input: { start: '2025-10-15 11:00', end: '2025-10-15 12:00' } }, expected: 'ok' },
  { action: 'checkStaffing', request: { world: staffWorld, now: NOW, actor: 101, input: { start: '2025-10-15 10:00', end: '2025-10-15 12:00' } }, expected: 'error checkStaffing.spanish' },
  { action: 'checkStaffing', request: { world: staffWorld, now: NOW, actor: 102, input: { start: '2025-10-15 08:00', end: '2025-10-15 12:00' } }, expected: 'ok' },
  { action: 'checkStaffing', request: { world: staffWorld, now: NOW, actor: 103, input: { start: '2025-10-15 07:50', end: '2025-10-15 09:00' } }, expected: 'error checkStaffing.spanish' },
  { action: 'checkStaffing', request: { world: staffWorld, now: NOW, actor: 103, input: { start: '2025-03-09 02:30', end: '2025-10-15 09:00' } }, expected: 'INPUT_INVALID' },
];

type Answer = { decision: unknown } | { error: string };

async function answer(c: Case): Promise<Answer> {
  try {
    return { decision: await rules.action(c.action).decide(c.request) };
  } catch (e) {
    if (!(e instanceof ShiftinatorError)) throw e;
    return { error: `${e.code}: ${e.message}` };
  }
}

function summary(a: Answer): string {
  if ('error' in a) return a.error.slice(0, a.error.indexOf(':'));
  const d = a.decision as { outcome: string; rule?: string };
  return d.rule ? `${d.outcome} ${d.rule}` : d.outcome;
}

describe('concurrent decisions', () => {
  it('each kind of request gives the answer worked out by hand', async () => {
    for (const c of CASES) expect(summary(await answer(c)), JSON.stringify(c.request.input)).toBe(c.expected);
    const busy = (await answer(CASES[6] as Case)) as { decision: { message: string } };
    expect(busy.decision.message).toBe(
      'ERROR: Covering agent is unable to work more than 600 minutes (10 hours) in an 18 hour period. Please cut 360 min from this offer.',
    );
  });

  it('1,000 decisions started at once give exactly the answers of running them one by one', async () => {
    // A fixed shuffle, so neighbours differ in action, world and answer.
    const order = Array.from({ length: 1000 }, (_, i) => CASES[(i * 7 + Math.floor(i / 13)) % CASES.length] as Case);
    const oneByOne: Answer[] = [];
    for (const c of order) oneByOne.push(await answer(c));
    const together = await Promise.all(order.map((c) => answer(c)));
    expect(together).toEqual(oneByOne);
    expect(together.map(summary)).toEqual(order.map((c) => c.expected));
    const kinds = new Set(together.map(summary));
    expect(kinds.size).toBe(new Set(CASES.map((c) => c.expected)).size);
  });
});
