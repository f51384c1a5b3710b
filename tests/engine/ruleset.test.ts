import { describe, expect, it } from 'vitest';
import { ShiftinatorError, type ErrorCode } from '../../engine/errors.ts';
import { loadRuleSet, type RuleSource } from '../../engine/ruleset.ts';

const FILE = 'rules/takeOffer.json';

/** A small valid rule file; each test breaks one thing in a copy. */
function ruleFile(): Record<string, unknown> & { facts: Record<string, unknown>; rules: Record<string, unknown>[] } {
  return {
    $schema: './rule-file.schema.json',
    action: 'takeOffer',
    input: { offerId: 'id' },
    facts: {
      offer: { kind: 'record', params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } } },
      offerMinutes: { kind: 'elapsedMinutes', params: { from: { fact: 'offer', path: 'start' }, to: { fact: 'offer', path: 'end' } } },
    },
    rules: [
      {
        id: 'takeOffer.exists',
        when: { all: [{ fact: 'offer', operator: 'equal', value: null }] },
        outcome: 'error',
        message: 'ERROR: This offer no longer exists.',
      },
      {
        id: 'takeOffer.long',
        when: { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 600 }] },
        outcome: 'error',
        message: 'ERROR: Please cut {excess} min.',
        values: { excess: { fact: 'offerMinutes', format: 'minutes' } },
      },
    ],
  };
}

function loadError(sources: RuleSource[]): ShiftinatorError {
  try {
    loadRuleSet(sources);
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return e as ShiftinatorError;
  }
  throw new Error('the rule set loaded');
}

function expectLoadError(json: unknown, code: ErrorCode, message: string): void {
  const e = loadError([{ file: FILE, json }]);
  expect({ code: e.code, message: e.message }).toEqual({ code, message });
}

describe('loadRuleSet', () => {
  it('loads the valid base file', () => {
    const set = loadRuleSet([{ file: FILE, json: ruleFile() }]);
    expect(set.actionNames()).toEqual(['takeOffer']);
    expect(set.files[0]?.file).toBe(FILE);
    // Defaults are filled in: values and the text format.
    expect(set.files[0]?.rules[0]?.values).toEqual({});
    expect(set.files[0]?.rules[1]?.values).toEqual({ excess: { fact: 'offerMinutes', format: 'minutes' } });
  });

  describe('schema violations name the file and the rule (RULES_INVALID)', () => {
    it('a missing message', () => {
      const f = ruleFile();
      delete f.rules[1]?.message;
      expectLoadError(f, 'RULES_INVALID', `${FILE}: rule takeOffer.long: rules[1].message: Invalid input: expected string, received undefined`);
    });

    it('a bad outcome', () => {
      const f = ruleFile();
      (f.rules[0] as Record<string, unknown>).outcome = 'fail';
      expectLoadError(f, 'RULES_INVALID', `${FILE}: rule takeOffer.exists: rules[0].outcome: Invalid option: expected one of "error"|"confirm"|"warning"`);
    });

    it('an unknown key such as "priority"', () => {
      const f = ruleFile();
      (f.rules[1] as Record<string, unknown>).priority = 5;
      expectLoadError(f, 'RULES_INVALID', `${FILE}: rule takeOffer.long: rules[1]: Unrecognized key: "priority"`);
    });

    it('an unknown key in a condition', () => {
      const f = ruleFile();
      (f.rules[0] as { when: { all: Record<string, unknown>[] } }).when.all[0] = { fact: 'offer', operator: 'equal', value: null, params: {} };
      expectLoadError(f, 'RULES_INVALID', `${FILE}: rule takeOffer.exists: rules[0].when.all[0]: Unrecognized key: "params"`);
    });

    it('a bad fact parameter', () => {
      const f = ruleFile();
      f.facts.offerMinutes = { kind: 'elapsedMinutes', params: { from: { fact: 'offer', path: 'start' } } };
      expectLoadError(f, 'RULES_INVALID', `${FILE}: facts.offerMinutes.params.to: Invalid input`);
    });
  });

  it('an unknown fact (RULES_UNKNOWN_FACT)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offerMinute', operator: 'greaterThan', value: 600 }] };
    expectLoadError(
      f,
      'RULES_UNKNOWN_FACT',
      `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offerMinute"): unknown fact "offerMinute" (known here: actor, actorId, input, now, offer, offerMinutes, today)`,
    );
  });

  it('an unknown fact in a fact parameter and in a message value', () => {
    const f = ruleFile();
    f.facts.offerMinutes = { kind: 'elapsedMinutes', params: { from: { fact: 'offr', path: 'start' }, to: { fact: 'now' } } };
    expect(loadError([{ file: FILE, json: f }]).message).toBe(
      `${FILE}: facts.offerMinutes.params.from: unknown fact "offr" (known here: actor, actorId, input, now, offer, today)`,
    );
    const g = ruleFile();
    (g.rules[1] as { values: unknown }).values = { excess: { fact: 'excess' } };
    const e = loadError([{ file: FILE, json: g }]);
    expect(e.code).toBe('RULES_UNKNOWN_FACT');
    expect(e.message).toBe(
      `${FILE}: rule takeOffer.long (rules[1]) values.excess: unknown fact "excess" (known here: actor, actorId, input, now, offer, offerMinutes, today)`,
    );
  });

  it('an unknown fact kind (RULES_UNKNOWN_FACT_KIND)', () => {
    const f = ruleFile();
    f.facts.offerMinutes = { kind: 'minutesBetween', params: { from: 1, to: 2 } };
    expectLoadError(
      f,
      'RULES_UNKNOWN_FACT_KIND',
      `${FILE}: facts.offerMinutes: unknown fact kind "minutesBetween" (known: record, elapsedMinutes, arithmetic, workedMinutes, scheduledOverlaps, minHeadCount, day, subShiftCount, hasShiftType, ordered, countRecords, overlappingRecords, dateOf, textLength, choose, template, wallClock, sumRecords, minOfRecords, agentsOverlapping, permissions)`,
    );
  });

  it('an unknown operator (RULES_UNKNOWN_OPERATOR)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offerMinutes', operator: 'greaterThen', value: 600 }] };
    expectLoadError(
      f,
      'RULES_UNKNOWN_OPERATOR',
      `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offerMinutes"): unknown operator "greaterThen" (known: equal, notEqual, in, notIn, contains, doesNotContain, lessThan, lessThanInclusive, greaterThan, greaterThanInclusive, inGroup, notInGroup)`,
    );
  });

  it('a mistyped path (RULES_UNKNOWN_PATH)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = {
      any: [
        { fact: 'offerMinutes', operator: 'greaterThan', value: 600 },
        { not: { fact: 'offer', path: 'strat', operator: 'lessThan', value: { fact: 'now' } } },
      ],
    };
    expectLoadError(
      f,
      'RULES_UNKNOWN_PATH',
      `${FILE}: rule takeOffer.long (rules[1]) any[1] not (fact "offer"): fact "offer": "strat" is not a field of offers (fields: id, postingId, pickupPostingId, offeringAgentId, coveringAgentId, start, end, shiftId, swapShiftId, swapStart, swapEnd, expiration, status, rejectingOfferId, nudgedAt, comment, createdAt)`,
    );
  });

  it('a mistyped path on the compared value and on input', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'now', operator: 'greaterThan', value: { fact: 'offer', path: 'expires' } }] };
    expect(loadError([{ file: FILE, json: f }]).message).toBe(
      `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "now") value: fact "offer": "expires" is not a field of offers (fields: id, postingId, pickupPostingId, offeringAgentId, coveringAgentId, start, end, shiftId, swapShiftId, swapStart, swapEnd, expiration, status, rejectingOfferId, nudgedAt, comment, createdAt)`,
    );
    const g = ruleFile();
    (g.rules[0] as { when: unknown }).when = { all: [{ fact: 'input', path: 'offer', operator: 'equal', value: null }] };
    expectLoadError(g, 'RULES_UNKNOWN_PATH', `${FILE}: rule takeOffer.exists (rules[0]) all[0] (fact "input"): fact "input": "offer" is not a property here (properties: offerId, confirmed)`);
    const h = ruleFile();
    (h.rules[0] as { when: unknown }).when = { all: [{ fact: 'offerMinutes', path: 'value', operator: 'equal', value: null }] };
    expectLoadError(h, 'RULES_UNKNOWN_PATH', `${FILE}: rule takeOffer.exists (rules[0]) all[0] (fact "offerMinutes"): fact "offerMinutes": cannot take "value" of a number`);
  });

  it('a jsonpath path such as "$.start"', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offer', path: '$.start', operator: 'lessThan', value: { fact: 'now' } }] };
    expectLoadError(
      f,
      'RULES_UNKNOWN_PATH',
      `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offer"): fact "offer": path "$.start" uses jsonpath; write a plain property path such as "start" or "first.end"`,
    );
  });

  it('a numeric operator on a text field (RULES_TYPE_MISMATCH)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offer', path: 'status', operator: 'greaterThan', value: 3 }] };
    expectLoadError(f, 'RULES_TYPE_MISMATCH', `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offer"): "greaterThan" needs a number, but offer.status is a string`);
  });

  it('a numeric operator against a text value such as a date (RULES_TYPE_MISMATCH)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offer', path: 'start', operator: 'lessThan', value: '2025-10-14' }] };
    expectLoadError(f, 'RULES_TYPE_MISMATCH', `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offer"): "lessThan" needs a number to compare with, got "2025-10-14"`);
    const g = ruleFile();
    (g.rules[1] as { when: unknown }).when = { all: [{ fact: 'offer', path: 'start', operator: 'lessThan', value: { fact: 'offer', path: 'comment' } }] };
    expectLoadError(g, 'RULES_TYPE_MISMATCH', `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offer"): "lessThan" needs a number to compare with, got {"fact":"offer","path":"comment"}`);
  });

  it('"in" without a list (RULES_TYPE_MISMATCH)', () => {
    const f = ruleFile();
    (f.rules[1] as { when: unknown }).when = { all: [{ fact: 'offer', path: 'status', operator: 'in', value: 'pending' }] };
    expectLoadError(f, 'RULES_TYPE_MISMATCH', `${FILE}: rule takeOffer.long (rules[1]) all[0] (fact "offer"): "in" needs a list as its value`);
  });

  it('a placeholder without a value, and a value the message does not use (RULES_TEMPLATE)', () => {
    const f = ruleFile();
    (f.rules[1] as Record<string, unknown>).message = 'ERROR: Please cut {excess} min from {shift}.';
    expectLoadError(f, 'RULES_TEMPLATE', `${FILE}: rule takeOffer.long (rules[1]): message uses {shift} but "values" does not define it`);
    const g = ruleFile();
    (g.rules[1] as Record<string, unknown>).message = 'ERROR: Please cut some minutes.';
    expectLoadError(g, 'RULES_TEMPLATE', `${FILE}: rule takeOffer.long (rules[1]): values.excess is not used in the message`);
  });

  it('a rule id used in two files (RULES_DUPLICATE_ID), naming both', () => {
    const other = ruleFile();
    other.action = 'otherAction';
    other.rules = [other.rules[0] as Record<string, unknown>];
    const e = loadError([
      { file: FILE, json: ruleFile() },
      { file: 'rules/otherAction.json', json: other },
    ]);
    expect({ code: e.code, message: e.message }).toEqual({
      code: 'RULES_DUPLICATE_ID',
      message: `rules/otherAction.json: rule id "takeOffer.exists" is used twice (also in ${FILE})`,
    });
  });

  it('a rule id used twice in one file (RULES_DUPLICATE_ID)', () => {
    const f = ruleFile();
    f.rules.push({ ...f.rules[0] });
    expectLoadError(f, 'RULES_DUPLICATE_ID', `${FILE}: rule id "takeOffer.exists" is used twice (also in ${FILE})`);
  });

  it('an action defined in two files (RULES_DUPLICATE_ACTION)', () => {
    const copy = ruleFile();
    copy.rules = [{ ...(copy.rules[0] as Record<string, unknown>), id: 'copy.exists' }];
    const e = loadError([
      { file: FILE, json: ruleFile() },
      { file: 'rules/copy.json', json: copy },
    ]);
    expect({ code: e.code, message: e.message }).toEqual({
      code: 'RULES_DUPLICATE_ACTION',
      message: `rules/copy.json: action "takeOffer" is also defined in ${FILE}`,
    });
  });

  it('facts that refer to each other in a cycle (RULES_CYCLE)', () => {
    const f = ruleFile();
    f.facts.a = { kind: 'arithmetic', params: { add: [{ fact: 'b' }] } };
    f.facts.b = { kind: 'arithmetic', params: { add: [{ fact: 'c' }, 1] } };
    f.facts.c = { kind: 'arithmetic', params: { add: [{ fact: 'a' }] } };
    expectLoadError(f, 'RULES_CYCLE', `${FILE}: facts.a: facts refer to each other in a cycle: a -> b -> c -> a`);
    const g = ruleFile();
    g.facts.self = { kind: 'arithmetic', params: { add: [{ fact: 'self' }] } };
    expectLoadError(g, 'RULES_CYCLE', `${FILE}: facts.self: facts refer to each other in a cycle: self -> self`);
  });

  it('redefining a built-in fact', () => {
    const f = ruleFile();
    f.facts.now = { kind: 'arithmetic', params: { add: [1] } };
    expectLoadError(f, 'RULES_INVALID', `${FILE}: facts.now: fact "now" is built in and cannot be redefined`);
  });

  it('an unknown effects kind', () => {
    const f = ruleFile();
    f.effects = { kind: 'teleport' };
    expectLoadError(f, 'RULES_INVALID', `${FILE}: effects[0]: unknown effects kind "teleport" (known: acceptOffer, acceptOfferHours, claimOpenShift, combineShifts, cutShift, removeHours, insert, insertEach, update, updateWhere, delete, deleteWhere, text)`);
  });
});
