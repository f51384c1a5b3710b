import { describe, expect, it } from 'vitest';
import type { Decision } from '../../engine/compiled-action.ts';
import { ShiftinatorError } from '../../engine/errors.ts';
import type { LeafCondition, TopCondition } from '../../engine/rule-file.ts';
import { loadRuleSet, RuleSet, type LoadedRuleFile } from '../../engine/ruleset.ts';

/**
 * The ways json-rules-engine 7.3.1 goes wrong by default, each shown not to happen here:
 * undefined facts read as undefined, rules of one priority run in any order, `5 > null` is true,
 * a wrong path reads as undefined, and run state lives on the shared Engine.
 */

const FILE = 'rules/checkOffer.json';

function ruleFile(rules: unknown[]): unknown {
  return {
    action: 'checkOffer',
    input: { offerId: 'id' },
    facts: {
      offer: { kind: 'record', params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } } },
      offerMinutes: { kind: 'elapsedMinutes', params: { from: { fact: 'offer', path: 'start' }, to: { fact: 'offer', path: 'end' } } },
    },
    rules,
  };
}

const exists = {
  id: 'check.exists',
  when: { all: [{ fact: 'offer', operator: 'equal', value: null }] },
  outcome: 'error',
  message: 'ERROR: This offer no longer exists.',
};
const started = {
  id: 'check.started',
  when: { all: [{ fact: 'offer', path: 'start', operator: 'lessThan', value: { fact: 'now' } }] },
  outcome: 'error',
  message: 'ERROR: Shift already started.',
};
const long = {
  id: 'check.long',
  when: { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 240 }] },
  outcome: 'error',
  message: 'ERROR: Offers are at most 240 minutes.',
};
const expired = {
  id: 'check.expired',
  when: { all: [{ fact: 'offer', path: 'expiration', operator: 'lessThanInclusive', value: { fact: 'now' } }] },
  outcome: 'error',
  message: 'ERROR: This offer expired.',
};
const notExpiredYet = {
  id: 'check.notExpiredYet',
  when: { all: [{ fact: 'now', operator: 'greaterThan', value: { fact: 'offer', path: 'expiration' } }] },
  outcome: 'warning',
  message: 'This offer has expired.',
};

const world = {
  agents: [{ agentId: 1, agentType: 20 }, { agentId: 2, agentType: 20 }],
  offers: [
    // Started an hour ago and six hours long: both check.started and check.long fire.
    { id: 5, offeringAgentId: 2, coveringAgentId: 2, start: '2025-10-14 08:00', end: '2025-10-14 14:00' },
    { id: 6, offeringAgentId: 2, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 10:00' },
    { id: 7, offeringAgentId: 2, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 10:00', expiration: '2025-10-14 08:00' },
  ],
};
const NOW = '2025-10-14 09:00';
const NOW_MINUTES = Date.UTC(2025, 9, 14, 13, 0) / 60_000;

async function decideOffer(set: RuleSet, offerId: number, extra: { trace?: boolean } = {}): Promise<Decision> {
  return set.action('checkOffer').decide({ world, now: NOW, actor: 1, input: { offerId }, ...extra });
}

async function failure(p: Promise<unknown>): Promise<ShiftinatorError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return e as ShiftinatorError;
  }
  throw new Error('the decision did not fail');
}

/** A rule set built without the load-time lint, as a bug in the lint would let through. */
function unlinted(rules: unknown[], change: (file: LoadedRuleFile) => void): RuleSet {
  const file = structuredClone(loadRuleSet([{ file: FILE, json: ruleFile(rules) }]).files[0]) as LoadedRuleFile;
  change(file);
  return new RuleSet([file]);
}

const leaf = (file: LoadedRuleFile, rule: number): LeafCondition =>
  ((file.rules[rule]?.when as { all: LeafCondition[] }).all[0]) as LeafCondition;

describe('json-rules-engine traps', () => {
  it('rules run in array order even when several fire: the first one decides', async () => {
    const set = loadRuleSet([{ file: FILE, json: ruleFile([exists, started, long]) }]);
    const d = await decideOffer(set, 5, { trace: true });
    expect(d).toMatchObject({ outcome: 'error', rule: 'check.started', message: 'ERROR: Shift already started.' });
    // The first error stops the action: the later rule is not even evaluated.
    expect(d.trace?.map((t) => [t.rule, t.fired])).toEqual([['check.exists', false], ['check.started', true]]);

    const reversed = loadRuleSet([{ file: FILE, json: ruleFile([exists, started, long].reverse()) }]);
    expect(await decideOffer(reversed, 5)).toEqual({
      outcome: 'error',
      rule: 'check.long',
      message: 'ERROR: Offers are at most 240 minutes.',
      warnings: [],
    });
  });

  it('the order holds for many rules that all fire, however deep their conditions', async () => {
    // A deeply nested condition takes json-rules-engine more steps than a flat one: in one
    // priority the flat rule would finish, and decide, first.
    const deep = (i: number): unknown => {
      let when: unknown = { fact: 'offer', path: 'start', operator: 'lessThan', value: { fact: 'offer', path: 'end' } };
      for (let d = 0; d < i % 5; d++) when = d % 2 ? { all: [when] } : { any: [when] };
      return { all: [when] };
    };
    const many = Array.from({ length: 30 }, (_, i) => ({ ...long, when: deep(29 - i), id: `check.long${i}`, message: `ERROR: number ${i}.` }));
    const set = loadRuleSet([{ file: FILE, json: ruleFile(many) }]);
    expect((await decideOffer(set, 5)).rule).toBe('check.long0');
    const back = loadRuleSet([{ file: FILE, json: ruleFile([...many].reverse()) }]);
    expect((await decideOffer(back, 5)).rule).toBe('check.long29');
  });

  it('a numeric comparison with null never fires, whichever side is null', async () => {
    const set = loadRuleSet([{ file: FILE, json: ruleFile([expired, notExpiredYet]) }]);
    // Offer 6 has no expiration: neither `null <= now` nor `now > null` holds.
    const decision = await decideOffer(set, 6, { trace: true });
    expect(decision.facts?.now).toBe(NOW_MINUTES);
    expect((decision.facts?.offer as { expiration: unknown }).expiration).toBeNull();
    expect({ ...decision, facts: undefined }).toEqual({
      facts: undefined,
      outcome: 'ok',
      warnings: [],
      trace: [
        {
          rule: 'check.expired',
          fired: false,
          outcome: 'error',
          conditions: [{ fact: 'offer', path: 'expiration', operator: 'lessThanInclusive', value: { fact: 'now' }, factValue: null, valueResult: NOW_MINUTES, result: false }],
        },
        {
          rule: 'check.notExpiredYet',
          fired: false,
          outcome: 'warning',
          conditions: [{ fact: 'now', operator: 'greaterThan', value: { fact: 'offer', path: 'expiration' }, factValue: NOW_MINUTES, valueResult: null, result: false }],
        },
      ],
    });
    // With a real expiration in the past both do.
    const reversed = loadRuleSet([{ file: FILE, json: ruleFile([notExpiredYet, expired]) }]);
    expect(await decideOffer(reversed, 7)).toEqual({
      outcome: 'error',
      rule: 'check.expired',
      message: 'ERROR: This offer expired.',
      warnings: ['This offer has expired.'],
    });
  });

  it('a fact that does not exist is an error, not undefined', async () => {
    const set = unlinted([exists, started], (f) => {
      leaf(f, 1).fact = 'offr';
    });
    const e = await failure(decideOffer(set, 6));
    expect({ code: e.code, message: e.message }).toEqual({ code: 'EVALUATION_FAILED', message: 'checkOffer: Undefined fact: offr' });
    // The same compiled action answers the next request.
    expect(await decideOffer(set, 99)).toEqual({ outcome: 'error', rule: 'check.exists', message: 'ERROR: This offer no longer exists.', warnings: [] });
  });

  it('a path that does not exist at run time is EVALUATION_FAILED, and the action still answers the next request', async () => {
    // "strat" would be rejected by the lint; notEqual on undefined would otherwise fire silently.
    const set = unlinted([exists, started], (f) => {
      Object.assign(leaf(f, 1), { path: 'strat', operator: 'notEqual', value: null });
    });
    const action = set.action('checkOffer');
    const e = await failure(decideOffer(set, 6));
    expect({ code: e.code, message: e.message }).toEqual({
      code: 'EVALUATION_FAILED',
      message: 'checkOffer: path "strat" does not exist on the fact value',
    });
    expect(set.action('checkOffer')).toBe(action);
    expect(await decideOffer(set, 99)).toEqual({ outcome: 'error', rule: 'check.exists', message: 'ERROR: This offer no longer exists.', warnings: [] });
    // And again after another failure, with the failing and the good requests queued together.
    const results = await Promise.allSettled([decideOffer(set, 6), decideOffer(set, 99), decideOffer(set, 5), decideOffer(set, 98)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.rule : (r.reason as ShiftinatorError).code))).toEqual([
      'EVALUATION_FAILED',
      'check.exists',
      'EVALUATION_FAILED',
      'check.exists',
    ]);
  });

  it('a path on the compared value that does not exist is reported too', async () => {
    const set = unlinted([exists, started], (f) => {
      leaf(f, 1).value = { fact: 'offer', path: 'ends' };
    });
    const e = await failure(decideOffer(set, 6));
    expect(e.message).toBe('checkOffer: path "ends" does not exist on the fact value');
  });

  it('an operator the lint would reject fails the run clearly', async () => {
    const set = unlinted([exists, started], (f) => {
      leaf(f, 1).operator = 'before';
    });
    const e = await failure(decideOffer(set, 6));
    expect({ code: e.code, message: e.message }).toEqual({ code: 'EVALUATION_FAILED', message: 'checkOffer: Unknown operator: before' });
    expect((await decideOffer(set, 99)).rule).toBe('check.exists');
  });

  it('a fact that throws fails the run, naming the fact', async () => {
    const set = unlinted([exists, long], (f) => {
      f.facts.offerMinutes = { kind: 'day', params: { date: 'someday' } };
      (f.rules[1] as { when: TopCondition }).when = { all: [{ fact: 'offerMinutes', path: 'holiday', operator: 'equal', value: true }] };
    });
    const e = await failure(decideOffer(set, 6));
    expect(e.message).toBe('checkOffer: fact "offerMinutes" failed: "someday" is not a date: use "YYYY-MM-DD"');
  });
});
