import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import { diffRuleSources } from '../../engine/rules-diff.ts';
import { rulesListing } from '../../engine/rules-listing.ts';
import { loadRuleSet, type RuleSource } from '../../engine/ruleset.ts';

const ACTION = 'rules/takeOffer.json';
const SHARED = 'rules/offers.json';

/** A shared rule file: "the offer exists", the work limit with named arguments, and the offer by id. */
function library(): Record<string, unknown> & { checks: Record<string, Record<string, unknown>>; facts: Record<string, Record<string, unknown>> } {
  return {
    $schema: './rule-file.schema.json',
    library: 'offers',
    facts: {
      offerById: {
        description: 'The offer the action is about.',
        arguments: { id: { description: 'Where the offer id is.' } },
        kind: 'record',
        params: { collection: 'offers', id: { arg: 'id' } },
      },
    },
    checks: {
      offerExists: {
        description: 'The offer may have been removed since the screen loaded.',
        conflict: true,
        when: { all: [{ fact: 'offer', operator: 'equal', value: null }] },
        outcome: 'error',
        message: 'ERROR: This offer no longer exists.',
      },
      workLimit: {
        arguments: {
          excess: { description: 'The fact holding the minutes over the limit.' },
          who: { description: 'Who is over it.', default: 'You are' },
        },
        when: { all: [{ fact: { arg: 'excess' }, operator: 'greaterThan', value: 0 }] },
        outcome: 'error',
        message: 'ERROR: {arg:who} unable to work that long. Please cut {excess} min.',
        values: { excess: { fact: { arg: 'excess' }, format: 'minutes' } },
      },
      swapLimit: { arguments: { excess: { description: 'As workLimit.' } }, check: 'workLimit', with: { excess: { arg: 'excess' }, who: 'Swap agent is' } },
    },
  };
}

/** The action as it uses them. */
function action(): Record<string, unknown> & { facts: Record<string, Record<string, unknown>>; rules: Record<string, unknown>[] } {
  return {
    $schema: './rule-file.schema.json',
    action: 'takeOffer',
    input: { offerId: 'id' },
    facts: {
      offer: { use: 'offerById', with: { id: { fact: 'input', path: 'offerId' } } },
      offerMinutes: { kind: 'elapsedMinutes', params: { from: { fact: 'offer', path: 'start' }, to: { fact: 'offer', path: 'end' } } },
    },
    rules: [
      { id: 'takeOffer.exists', check: 'offerExists' },
      { id: 'takeOffer.long', check: 'workLimit', with: { excess: 'offerMinutes' } },
      { id: 'takeOffer.swapLong', check: 'swapLimit', with: { excess: 'offerMinutes' } },
    ],
  };
}

function load(shared: unknown, uses: unknown): ReturnType<typeof loadRuleSet> {
  const sources: RuleSource[] = [
    { file: SHARED, json: shared },
    { file: ACTION, json: uses },
  ];
  return loadRuleSet(sources);
}

function loadError(shared: unknown, uses: unknown): { code: string; message: string } {
  try {
    load(shared, uses);
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return { code: (e as ShiftinatorError).code, message: (e as ShiftinatorError).message };
  }
  throw new Error('the rule set loaded');
}

describe('shared checks and facts', () => {
  it('are written out into the action as if it wrote them itself, arguments put in', () => {
    const set = load(library(), action());
    const file = set.files[0];
    expect(set.actionNames()).toEqual(['takeOffer']);
    expect(file?.facts.offer).toEqual({
      kind: 'record',
      description: 'The offer the action is about.',
      params: { collection: 'offers', id: { fact: 'input', path: 'offerId' } },
    });
    expect(file?.rules).toEqual([
      {
        id: 'takeOffer.exists',
        description: 'The offer may have been removed since the screen loaded.',
        conflict: true,
        when: { all: [{ fact: 'offer', operator: 'equal', value: null }] },
        outcome: 'error',
        message: 'ERROR: This offer no longer exists.',
        values: {},
      },
      {
        id: 'takeOffer.long',
        when: { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 0 }] },
        outcome: 'error',
        message: 'ERROR: You are unable to work that long. Please cut {excess} min.',
        values: { excess: { fact: 'offerMinutes', format: 'minutes' } },
      },
      {
        id: 'takeOffer.swapLong',
        when: { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 0 }] },
        outcome: 'error',
        message: 'ERROR: Swap agent is unable to work that long. Please cut {excess} min.',
        values: { excess: { fact: 'offerMinutes', format: 'minutes' } },
      },
    ]);
    expect(file?.shared).toEqual({ 'takeOffer.exists': 'offerExists', 'takeOffer.long': 'workLimit', 'takeOffer.swapLong': 'swapLimit' });
  });

  it('decide with their own rule id in the trace', async () => {
    const set = load(library(), action());
    const world = { agents: [{ agentId: 1, agentType: 100 }] };
    const d = await set.action('takeOffer').decide({ world, now: '2025-11-03T08:00', actor: 1, input: { offerId: 9 }, trace: true });
    expect(d).toMatchObject({ outcome: 'error', rule: 'takeOffer.exists', message: 'ERROR: This offer no longer exists.' });
  });

  it('rules list marks each use with its shared check and names the parameters the shared body reads', () => {
    const shared = library();
    (shared.checks.workLimit as Record<string, unknown>).message = 'ERROR: {arg:who} unable to work more than {param:maxWorkMinutes} minutes. Please cut {excess} min.';
    const params = { $schema: './parameters.schema.json', parameters: { maxWorkMinutes: { value: 600, unit: 'minutes', description: 'Most work in a window.', spec: '2 §5' } } };
    const set = loadRuleSet([{ file: SHARED, json: shared }, { file: ACTION, json: action() }, { file: 'rules/parameters.json', json: params, kind: 'parameters' }]);
    const [listed] = rulesListing(set);
    expect(listed?.checks.map((c) => [c.id, c.shared, c.uses, c.message])).toEqual([
      ['takeOffer.exists', 'offerExists', [], 'ERROR: This offer no longer exists.'],
      ['takeOffer.long', 'workLimit', ['maxWorkMinutes'], 'ERROR: You are unable to work more than 600 minutes. Please cut {excess} min.'],
      // Through swapLimit to workLimit: the parameter of the check it uses in turn.
      ['takeOffer.swapLong', 'swapLimit', ['maxWorkMinutes'], 'ERROR: Swap agent is unable to work more than 600 minutes. Please cut {excess} min.'],
    ]);
  });

  it('a shared effect is written out in the action\'s own place, with its own "if", arguments put in', () => {
    const shared = {
      ...library(),
      effects: {
        logOffer: {
          description: 'A line in the offer log.',
          arguments: { line: { description: 'The fact with the words.' }, agent: { description: 'Whose log.', default: { fact: 'actorId' } } },
          kind: 'insert',
          params: { collection: 'offerLog', record: { agentId: { arg: 'agent' }, offerId: { fact: 'input', path: 'offerId' }, message: { fact: { arg: 'line' } } } },
        },
      },
    };
    const uses = {
      ...action(),
      effects: [
        { kind: 'update', params: { collection: 'offers', key: { fact: 'input', path: 'offerId' }, fields: { status: 'declined' } } },
        { effect: 'logOffer', with: { line: 'offerMinutes' } },
        { effect: 'logOffer', if: { fact: 'offer' }, with: { line: 'offerMinutes', agent: { fact: 'offer', path: 'offeringAgentId' } } },
      ],
    };
    expect(load(shared, uses).files[0]?.effects).toEqual([
      { kind: 'update', params: { collection: 'offers', key: { fact: 'input', path: 'offerId' }, fields: { status: 'declined' } } },
      { kind: 'insert', params: { collection: 'offerLog', record: { agentId: { fact: 'actorId' }, offerId: { fact: 'input', path: 'offerId' }, message: { fact: 'offerMinutes' } } } },
      {
        kind: 'insert',
        if: { fact: 'offer' },
        params: { collection: 'offerLog', record: { agentId: { fact: 'offer', path: 'offeringAgentId' }, offerId: { fact: 'input', path: 'offerId' }, message: { fact: 'offerMinutes' } } },
      },
    ]);
    const misspelt = { ...uses, effects: [{ effect: 'logOfer', with: { line: 'offerMinutes' } }] };
    expect(loadError(shared, misspelt)).toEqual({ code: 'RULES_UNKNOWN_NAME', message: `${ACTION}: effects[0] (logOfer): unknown shared effect "logOfer" (known: logOffer)` });
    const extra = { ...uses, effects: [{ effect: 'logOffer', with: { line: 'offerMinutes', whom: 1 } }] };
    expect(loadError(shared, extra).message).toBe(`${ACTION}: effects[0] (logOffer): shared effect "logOffer" takes no argument "whom" (it takes: line, agent)`);
  });

  it('rules diff reports a change to a shared effect once, naming every action effect that uses it', () => {
    const shared = { ...library(), effects: { note: { arguments: { to: { description: 'Who.' } }, kind: 'text', params: { to: { arg: 'to' }, kind: 'note', message: 'Shiftinator: Noted.' } } } };
    const second = { ...action(), action: 'dropOffer', effects: [{ kind: 'delete', params: { collection: 'offers', key: 1 } }, { effect: 'note', with: { to: 2 } }] };
    const before: RuleSource[] = [{ file: SHARED, json: shared }, { file: ACTION, json: { ...action(), effects: [{ effect: 'note', with: { to: 1 } }] } }, { file: 'rules/dropOffer.json', json: second }];
    const reworded = structuredClone(shared);
    reworded.effects.note.params.message = 'Shiftinator: Seen.';
    const after = before.map((s) => (s.file === SHARED ? { ...s, json: reworded } : s));
    expect(diffRuleSources(before, after).map((c) => c.text)).toEqual(['offers › effect note › message: "Shiftinator: Noted." → "Shiftinator: Seen." (used by dropOffer effect 2, takeOffer effect 1)']);
  });

  it('a rule that leaves its outcome out is an error, for the loader and for rules diff alike', () => {
    const bare = { ...action(), rules: [{ id: 'takeOffer.none', when: { all: [{ fact: 'offer', operator: 'equal', value: null }] }, message: 'ERROR: None.' }] };
    expect(load(library(), bare).files[0]?.rules[0]?.outcome).toBe('error');
    const explicit = structuredClone(bare);
    (explicit.rules[0] as Record<string, unknown>).outcome = 'error';
    const sources = (json: unknown): RuleSource[] => [{ file: SHARED, json: library() }, { file: ACTION, json }];
    expect(diffRuleSources(sources(bare), sources(explicit))).toEqual([]);
    (explicit.rules[0] as Record<string, unknown>).outcome = 'warning';
    expect(diffRuleSources(sources(bare), sources(explicit)).map((c) => c.text)).toEqual(['takeOffer › rule takeOffer.none › outcome: "error" → "warning"']);
  });

  it('a constant is written once and put in wherever a file names it; rules diff names its users', () => {
    const shared: Record<string, unknown> = {
      ...library(),
      constants: { offerOpen: { description: 'The offer is still open.', value: [{ fact: 'offer', path: 'status', operator: 'equal', value: 'pending' }] } },
    };
    (shared.checks as Record<string, Record<string, unknown>>).workLimit = {
      ...library().checks.workLimit,
      arguments: { ...(library().checks.workLimit?.arguments as object), onlyIf: { description: 'Conditions that hold too.', default: [] } },
      when: { all: [{ spread: 'onlyIf' }, { fact: { arg: 'excess' }, operator: 'greaterThan', value: 0 }] },
    };
    const uses = action();
    uses.rules[1] = { id: 'takeOffer.long', check: 'workLimit', with: { excess: 'offerMinutes', onlyIf: { const: 'offerOpen' } } };
    expect(load(shared, uses).files[0]?.rules[1]?.when).toEqual({
      all: [
        { fact: 'offer', path: 'status', operator: 'equal', value: 'pending' },
        { fact: 'offerMinutes', operator: 'greaterThan', value: 0 },
      ],
    });
    const changed = structuredClone(shared);
    (changed.constants as { offerOpen: { value: unknown[] } }).offerOpen.value = [{ fact: 'offer', path: 'status', operator: 'notEqual', value: 'pending' }];
    const sources = (lib: unknown): RuleSource[] => [
      { file: SHARED, json: lib },
      { file: ACTION, json: uses },
    ];
    expect(diffRuleSources(sources(shared), sources(changed)).map((c) => c.text)).toEqual([
      'offers › constant offerOpen › value[0].operator: "equal" → "notEqual" (used by takeOffer.long)',
    ]);
    uses.rules[1] = { id: 'takeOffer.long', check: 'workLimit', with: { excess: 'offerMinutes', onlyIf: { const: 'offerOpened' } } };
    expect(loadError(shared, uses)).toEqual({ code: 'RULES_UNKNOWN_NAME', message: 'rules/takeOffer.json: unknown shared constant "offerOpened" (known: offerOpen)' });
  });

  it('a check brings the facts it needs, unless the action defines them, and then the same', () => {
    const shared = library();
    const cutoff = { kind: 'arithmetic', params: { add: [{ fact: 'now' }, 30] } };
    shared.checks.offerExists = {
      ...shared.checks.offerExists,
      when: { all: [{ fact: 'offer', path: 'expiration', operator: 'lessThanInclusive', value: { fact: 'expiryCutoff' } }] },
      facts: { expiryCutoff: cutoff },
    };
    expect(load(shared, action()).files[0]?.facts.expiryCutoff).toMatchObject(cutoff);
    const uses = action();
    uses.facts.expiryCutoff = { kind: 'arithmetic', params: { add: [{ fact: 'now' }, 60] } };
    expect(loadError(shared, uses)).toEqual({
      code: 'RULES_INVALID',
      message: 'rules/takeOffer.json: rule takeOffer.exists (rules[0]): shared check "offerExists" needs fact "expiryCutoff", which this file defines otherwise',
    });
  });

  it('an unknown check is refused naming the action file and the rule', () => {
    const uses = action();
    uses.rules[0] = { id: 'takeOffer.exists', check: 'offerExist' };
    expect(loadError(library(), uses)).toEqual({
      code: 'RULES_UNKNOWN_NAME',
      message: 'rules/takeOffer.json: rule takeOffer.exists (rules[0]): unknown shared check "offerExist" (known: offerExists, swapLimit, workLimit)',
    });
  });

  it('an unknown fact is refused naming the action file and the fact', () => {
    const uses = action();
    uses.facts.offer = { use: 'offerId' };
    expect(loadError(library(), uses)).toEqual({
      code: 'RULES_UNKNOWN_NAME',
      message: 'rules/takeOffer.json: facts.offer: unknown shared fact "offerId" (known: offerById)',
    });
  });

  it('an argument a check does not take is refused', () => {
    const uses = action();
    uses.rules[1] = { id: 'takeOffer.long', check: 'workLimit', with: { excess: 'offerMinutes', whom: 'You are' } };
    expect(loadError(library(), uses)).toEqual({
      code: 'RULES_UNKNOWN_ARGUMENT',
      message: 'rules/takeOffer.json: rule takeOffer.long (rules[1]): shared check "workLimit" takes no argument "whom" (it takes: excess, who)',
    });
  });

  it('a check that is another with words of its own passes on the arguments it leaves open', () => {
    const shared = library();
    shared.checks.longAfter = { description: 'The limit after the start.', check: 'workLimit' };
    shared.checks.swapLongAfter = { check: 'longAfter', with: { who: 'Swap agent is' } };
    const uses = action();
    uses.rules[1] = { id: 'takeOffer.long', check: 'longAfter', with: { excess: 'offerMinutes', who: 'Covering agent is' } };
    uses.rules[2] = { id: 'takeOffer.swapLong', check: 'swapLongAfter', with: { excess: 'offerMinutes' } };
    const file = load(shared, uses).files[0];
    expect(file?.rules.slice(1).map((r) => [r.id, r.description, r.message, r.when])).toEqual([
      [
        'takeOffer.long',
        'The limit after the start.',
        'ERROR: Covering agent is unable to work that long. Please cut {excess} min.',
        { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 0 }] },
      ],
      [
        'takeOffer.swapLong',
        'The limit after the start.',
        'ERROR: Swap agent is unable to work that long. Please cut {excess} min.',
        { all: [{ fact: 'offerMinutes', operator: 'greaterThan', value: 0 }] },
      ],
    ]);
    uses.rules[2] = { id: 'takeOffer.swapLong', check: 'swapLongAfter', with: { excess: 'offerMinutes', who: 'You are' } };
    expect(loadError(shared, uses)).toEqual({
      code: 'RULES_UNKNOWN_ARGUMENT',
      message: 'rules/takeOffer.json: rule takeOffer.swapLong (rules[2]): shared check "swapLongAfter" takes no argument "who" (it takes: excess)',
    });
  });

  it('an argument left out without a default is refused', () => {
    const uses = action();
    uses.rules[1] = { id: 'takeOffer.long', check: 'workLimit' };
    expect(loadError(library(), uses)).toEqual({
      code: 'RULES_INVALID',
      message: 'rules/takeOffer.json: rule takeOffer.long (rules[1]): shared check "workLimit" needs argument "excess" (The fact holding the minutes over the limit.)',
    });
  });

  it('checks that use each other in a cycle are refused naming the shared file', () => {
    const shared = library();
    shared.checks.workLimit = { arguments: { excess: { description: 'x' } }, check: 'swapLimit', with: { excess: { arg: 'excess' } } };
    expect(loadError(shared, action())).toEqual({
      code: 'RULES_CYCLE',
      message: 'rules/offers.json: checks.workLimit: shared checks use each other in a cycle: workLimit -> swapLimit -> workLimit',
    });
  });

  it('a shared check naming an argument it does not declare is refused', () => {
    const shared = library();
    shared.checks.offerExists = { ...shared.checks.offerExists, message: 'ERROR: {arg:what} no longer exists.' };
    expect(loadError(shared, action())).toEqual({
      code: 'RULES_UNKNOWN_ARGUMENT',
      message: 'rules/offers.json: checks.offerExists: uses argument "what", which its "arguments" do not declare',
    });
  });

  it('a name defined in two shared files is refused', () => {
    const sources: RuleSource[] = [
      { file: SHARED, json: library() },
      { file: 'rules/more.json', json: { library: 'more', checks: { offerExists: library().checks.offerExists } } },
      { file: ACTION, json: action() },
    ];
    expect(() => loadRuleSet(sources)).toThrow('rules/more.json: checks.offerExists: shared check "offerExists" is also defined in rules/offers.json');
  });
});

describe('a condition nested thousands deep', () => {
  const deep = (levels: number): unknown => {
    let when: unknown = { fact: 'offer', operator: 'equal', value: null };
    for (let i = 0; i < levels; i++) when = { not: when };
    return { all: [when] };
  };

  it('is refused naming the file and the rule, not a stack overflow', () => {
    const uses = action();
    uses.rules[0] = { id: 'takeOffer.exists', when: deep(3000), outcome: 'error', message: 'ERROR: x' };
    expect(loadError(library(), uses)).toEqual({
      code: 'RULES_TOO_DEEP',
      message: 'rules/takeOffer.json: rule takeOffer.exists: rules[0].when.all... is nested more than 64 levels deep; write the condition flatter (any / all take lists)',
    });
  });
});
