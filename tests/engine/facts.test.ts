import { describe, expect, it } from 'vitest';
import { FACT_KINDS, type FactKind } from '../../engine/facts.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { dayOf, parseDate, parseInstant } from '../../engine/time.ts';
import { SliceWorld } from '../../engine/slice.ts';
import { normalizeWorld, PreparedWorld } from '../../engine/world.ts';
import { loadRoles } from '../../engine/roles.ts';

const at = parseInstant;

/** The groups the head counts below name, as rules/roles.json would hold them. */
const group = (who: unknown[]) => ({ description: 'test group', who });
const ROLES = loadRoles('roles.json', {
  groups: {
    supervisors: group([{ min: 100, max: 103 }]),
    upTo20: group([{ max: 20 }]),
    above100: group([{ min: 101 }]),
    lineStaff: group([{ max: 84 }]),
    accountManagersAndUp: group([{ min: 85 }]),
    everyone: group([{ min: 0 }]),
  },
  permissions: {},
});

/** A fact kind computed directly, its params given the defaults the rule-file loader gives them. */
function compute(kind: string, params: Record<string, unknown>, world: unknown, now = at('2025-10-14 09:00')): unknown {
  const k = FACT_KINDS.get(kind) as FactKind;
  return k.compute(k.params.parse(params) as Record<string, unknown>, {
    world: PreparedWorld.from(world),
    now,
    today: dayOf(now),
    actorId: 1,
    input: {},
    roles: ROLES,
  });
}

/** Fact values as a rule file sees them: one never-firing rule per fact, read from the trace. */
async function factValues(
  facts: Record<string, unknown>,
  world: unknown,
  input: Record<string, unknown> = {},
  inputDecl: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const rules = Object.keys(facts).map((name) => ({
    id: `show.${name}`,
    when: { all: [{ fact: name, operator: 'equal', value: 'never' }] },
    outcome: 'warning',
    message: 'never shown',
  }));
  const set = loadRuleSet([{ file: 'rules/probe.json', json: { action: 'probe', input: inputDecl, facts, rules } }]);
  const d = await set.action('probe').decide({ world, now: '2025-10-14 09:00', actor: 1, input, trace: true });
  expect(d.outcome).toBe('ok');
  return Object.fromEntries((d.trace ?? []).map((t) => [t.rule.slice('show.'.length), t.conditions[0]?.factValue]));
}

const agents = [
  { agentId: 1, agentType: 20, spanish: true },
  { agentId: 2, agentType: 20, spanish: true },
  { agentId: 3, agentType: 100, spanish: false },
  { agentId: 4, agentType: 101, spanish: true },
];

describe('workedMinutes', () => {
  // Agent 1 on Wednesday 2025-10-15: 08:00-16:00 with a meal break 12:00-12:30, 20:00-23:00;
  // Thursday 06:00-10:00 of type 1. Agent 2 works across midnight.
  const world = {
    agents,
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
      { id: 2, agentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
      { id: 3, agentId: 1, start: '2025-10-15 20:00', end: '2025-10-15 23:00', shiftType: 0 },
      { id: 4, agentId: 1, start: '2025-10-16 06:00', end: '2025-10-16 10:00', shiftType: 1 },
      { id: 5, agentId: 2, start: '2025-10-15 22:00', end: '2025-10-16 02:00', shiftType: 0 },
    ],
  };
  const worked = (params: Record<string, unknown>): unknown => compute('workedMinutes', { agent: 1, ...params }, world);

  it('after: [at, at + hours), shifts clipped, the meal break subtracted', () => {
    // 10:00-16:00 is 360 less the 30-minute break, plus 20:00-23:00; Thursday starts after 04:00.
    expect(worked({ window: 'after', at: at('2025-10-15 10:00'), hours: 18 })).toBe(330 + 180);
    // [12:15, 14:15): 120 minutes less the 15 minutes of break inside.
    expect(worked({ window: 'after', at: at('2025-10-15 12:15'), hours: 2 })).toBe(105);
    // The window ends exactly where the evening shift starts: nothing of it counts.
    expect(worked({ window: 'after', at: at('2025-10-15 02:00'), hours: 18 })).toBe(450);
  });

  it('after and before take their hours from the rules: none is refused, not read as 18', () => {
    expect(worked({ window: 'after', at: at('2025-10-15 10:00'), hours: 18 })).toBe(510);
    expect(() => worked({ window: 'after', at: at('2025-10-15 10:00') })).toThrow(/needs hours \(rules\/parameters\.json workWindowHours\)/);
    expect(() => worked({ window: 'week', at: at('2025-10-15 10:00') })).toThrow(/needs weekStartsOn \(rules\/parameters\.json weekStartsOn\)/);
  });

  it('before: [at - hours, at)', () => {
    // [Wed 14:00, Thu 08:00): 14:00-16:00, 20:00-23:00, Thu 06:00-08:00.
    expect(worked({ window: 'before', at: at('2025-10-16 08:00'), hours: 18 })).toBe(120 + 180 + 120);
    // [Wed 11:00, Wed 13:00): 120 less the whole break.
    expect(worked({ window: 'before', at: at('2025-10-15 13:00'), hours: 2 })).toBe(90);
  });

  it('excluded hours do not count, and a break inside them is not subtracted twice', () => {
    const swap = { start: at('2025-10-15 15:00'), end: at('2025-10-15 21:00') };
    // 10:00-15:00 less the break, then 21:00-23:00.
    expect(worked({ window: 'after', at: at('2025-10-15 10:00'), hours: 18, exclude: [swap] })).toBe(270 + 120);
    const lunch = { start: at('2025-10-15 12:00'), end: at('2025-10-15 13:00') };
    expect(worked({ window: 'after', at: at('2025-10-15 10:00'), hours: 6, exclude: [lunch] })).toBe(300);
  });

  it('shiftTypes keeps only shifts of those types', () => {
    const before = { window: 'before', at: at('2025-10-16 08:00'), hours: 18 };
    expect(worked({ ...before, shiftTypes: [1] })).toBe(120);
    expect(worked({ ...before, shiftTypes: [0] })).toBe(300);
    expect(worked({ ...before, shiftTypes: [9] })).toBe(0);
  });

  it('breakTypes says which sub-shifts are unpaid', () => {
    expect(worked({ window: 'after', at: at('2025-10-15 10:00'), hours: 6, breakTypes: [] })).toBe(360);
  });

  it('span: [at, until), a shift\'s own paid minutes; null without an until after at', () => {
    expect(worked({ window: 'span', at: at('2025-10-15 08:00'), until: at('2025-10-15 16:00') })).toBe(450);
    expect(worked({ window: 'span', at: at('2025-10-15 12:15'), until: at('2025-10-15 20:30') })).toBe(225 - 15 + 30);
    expect(worked({ window: 'span', at: at('2025-10-15 08:00') })).toBeNull();
    expect(worked({ window: 'span', at: at('2025-10-15 08:00'), until: at('2025-10-15 08:00') })).toBeNull();
  });

  it('day: the Eastern date of at, with shifts across midnight split', () => {
    expect(worked({ window: 'day', at: at('2025-10-15 09:00') })).toBe(450 + 180);
    expect(worked({ window: 'day', at: at('2025-10-15 23:59') })).toBe(630);
    expect(worked({ window: 'day', at: at('2025-10-16 00:00') })).toBe(240);
    expect(compute('workedMinutes', { agent: 2, window: 'day', at: at('2025-10-15 12:00') }, world)).toBe(120);
    expect(compute('workedMinutes', { agent: 2, window: 'day', at: at('2025-10-16 12:00') }, world)).toBe(120);
  });

  it('week: starts on weekStartsOn', () => {
    // 2025-10-15 is a Wednesday: Sunday 10-12 to Saturday 10-18 holds all three days.
    expect(worked({ window: 'week', at: at('2025-10-15 09:00'), weekStartsOn: 7 })).toBe(450 + 180 + 240);
    // Weeks starting Thursday: Thursday 10-09 to Wednesday 10-15, then Thursday 10-16 onwards.
    expect(worked({ window: 'week', at: at('2025-10-15 09:00'), weekStartsOn: 4 })).toBe(630);
    expect(worked({ window: 'week', at: at('2025-10-16 09:00'), weekStartsOn: 4 })).toBe(240);
  });

  it('counts elapsed minutes across the fall-back hour', () => {
    const dst = {
      agents,
      shifts: [
        { id: 1, agentId: 1, start: '2025-11-02 00:00', end: '2025-11-02 03:00' },
        { id: 2, agentId: 2, start: '2025-11-01 22:00', end: '2025-11-02 06:00' },
      ],
    };
    expect(compute('workedMinutes', { agent: 1, window: 'day', at: at('2025-11-02 12:00') }, dst)).toBe(240);
    expect(compute('workedMinutes', { agent: 1, window: 'after', at: at('2025-11-02 00:00'), hours: 2 }, dst)).toBe(120);
    expect(compute('workedMinutes', { agent: 1, window: 'after', at: at('2025-11-02 00:00'), hours: 18 }, dst)).toBe(240);
    expect(compute('workedMinutes', { agent: 2, window: 'after', at: at('2025-11-01 12:00'), hours: 24 }, dst)).toBe(540);
    expect(compute('workedMinutes', { agent: 2, window: 'day', at: at('2025-11-02 12:00') }, dst)).toBe(420);
    // 2025-11-02 is a Sunday: the week from it holds the agent-2 hours of that day only.
    expect(compute('workedMinutes', { agent: 2, window: 'week', at: at('2025-11-02 12:00'), weekStartsOn: 7 }, dst)).toBe(420);
  });

  it('is null when the agent or the instant is null, through references', async () => {
    const values = await factValues(
      {
        noAt: { kind: 'workedMinutes', params: { agent: 1, window: 'after', at: { fact: 'input', path: 'when' }, hours: 18 } },
        noAgent: { kind: 'workedMinutes', params: { agent: { fact: 'input', path: 'who' }, window: 'day', at: { fact: 'now' } } },
        nullExclusion: {
          kind: 'workedMinutes',
          params: {
            agent: 1, window: 'after', at: { fact: 'input', path: 'from' }, hours: 18,
            exclude: [{ start: { fact: 'input', path: 'when' }, end: { fact: 'input', path: 'from' } }],
          },
        },
      },
      world,
      { from: '2025-10-15 10:00' },
      { when: 'instant?', who: 'id?', from: 'instant' },
    );
    expect(values).toEqual({ noAt: null, noAgent: null, nullExclusion: 510 });
  });
});

describe('scheduledOverlaps', () => {
  const world = {
    agents,
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
      { id: 2, agentId: 1, start: '2025-10-15 16:00', end: '2025-10-15 20:00' },
      { id: 3, agentId: 1, start: '2025-10-15 17:00', end: '2025-10-15 17:30', shiftType: 5, parentId: 2 },
      { id: 4, agentId: 2, start: '2025-10-15 12:00', end: '2025-10-15 16:00' },
    ],
  };
  const overlaps = (start: string, end: string, extra: Record<string, unknown> = {}): unknown =>
    compute('scheduledOverlaps', { agent: 1, start: at(start), end: at(end), trimMinutes: 1, ...extra }, world);

  it('back-to-back shifts do not collide', () => {
    expect(overlaps('2025-10-15 12:00', '2025-10-15 16:00')).toBe(0);
    expect(overlaps('2025-10-15 12:00', '2025-10-15 16:00', { trimMinutes: 0 })).toBe(0);
  });

  it('a one-minute overlap does not count with trim 1; two minutes do', () => {
    expect(overlaps('2025-10-15 11:59', '2025-10-15 15:00')).toBe(0);
    expect(overlaps('2025-10-15 11:58', '2025-10-15 15:00')).toBe(1);
    expect(overlaps('2025-10-15 13:00', '2025-10-15 16:01')).toBe(0);
    expect(overlaps('2025-10-15 13:00', '2025-10-15 16:02')).toBe(1);
    expect(overlaps('2025-10-15 11:59', '2025-10-15 15:00', { trimMinutes: 0 })).toBe(1);
  });

  it('counts every overlapping shift, not the breaks inside them, and only the agent\'s own', () => {
    expect(overlaps('2025-10-15 10:00', '2025-10-15 18:00')).toBe(2);
    expect(overlaps('2025-10-15 17:00', '2025-10-15 17:30')).toBe(1);
    expect(overlaps('2025-10-15 21:00', '2025-10-15 23:00')).toBe(0);
  });

  it('leaves out excluded hours', () => {
    const first = { start: at('2025-10-15 08:00'), end: at('2025-10-15 12:00') };
    expect(overlaps('2025-10-15 10:00', '2025-10-15 18:00', { exclude: [first] })).toBe(1);
  });

  it('is 0 when the trimmed span is empty', () => {
    expect(overlaps('2025-10-15 11:00', '2025-10-15 11:02')).toBe(0);
  });
});

describe('minHeadCount', () => {
  // Agents 1, 2 and 4 speak Spanish; 3 and 4 are supervisors (types 100-103).
  const world = {
    agents,
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
      { id: 2, agentId: 1, start: '2025-10-15 10:00', end: '2025-10-15 10:30', shiftType: 5, parentId: 1 },
      { id: 3, agentId: 2, start: '2025-10-15 09:00', end: '2025-10-15 17:00' },
      { id: 4, agentId: 3, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
      { id: 5, agentId: 4, start: '2025-10-15 10:15', end: '2025-10-15 11:00' },
    ],
  };
  const heads = (start: string, end: string, extra: Record<string, unknown> = {}): unknown =>
    compute('minHeadCount', { start: at(start), end: at(end), stepMinutes: 10, ...extra }, world);

  it('does not count an agent on a meal break', () => {
    // At 10:00 and 10:10 agent 1 is on break and agent 4 not yet in: agent 2 alone.
    expect(heads('2025-10-15 09:00', '2025-10-15 12:00', { spanish: true })).toBe(1);
    // Without breaks the low point is 09:00 (agents 1 and 2).
    expect(heads('2025-10-15 09:00', '2025-10-15 12:00', { spanish: true, breakTypes: [] })).toBe(2);
    expect(heads('2025-10-15 10:30', '2025-10-15 11:00', { spanish: true })).toBe(3);
  });

  it('leaves out excludeAgent', () => {
    expect(heads('2025-10-15 09:00', '2025-10-15 10:00', { spanish: true, excludeAgent: 2 })).toBe(1);
    expect(heads('2025-10-15 09:00', '2025-10-15 12:00', { spanish: true, excludeAgent: 2 })).toBe(0);
  });

  it('filters on a group of roles.json (a range of agent types) and on spanish false', () => {
    const supervisors = { group: 'supervisors' };
    expect(heads('2025-10-15 09:00', '2025-10-15 12:00', supervisors)).toBe(1);
    expect(heads('2025-10-15 10:20', '2025-10-15 11:00', supervisors)).toBe(2);
    expect(heads('2025-10-15 16:00', '2025-10-15 17:00', supervisors)).toBe(0);
    // Agents 1 and 2 are type 20, but at 10:20 agent 1 is still on break.
    expect(heads('2025-10-15 10:20', '2025-10-15 11:00', { group: 'upTo20' })).toBe(1);
    expect(heads('2025-10-15 10:30', '2025-10-15 11:00', { group: 'upTo20' })).toBe(2);
    expect(heads('2025-10-15 10:20', '2025-10-15 11:00', { spanish: false })).toBe(1);
  });

  it('samples every stepMinutes from start while before end, not continuously', () => {
    const onlyFour = { group: 'above100' };
    // Agent 4 works 10:15-11:00; steps 10:15 ... 10:55 all see them, the gap 11:00-11:05 is no step.
    expect(heads('2025-10-15 10:15', '2025-10-15 11:05', onlyFour)).toBe(1);
    expect(heads('2025-10-15 10:15', '2025-10-15 11:06', onlyFour)).toBe(0);
    expect(heads('2025-10-15 10:14', '2025-10-15 11:00', onlyFour)).toBe(0);
    expect(heads('2025-10-15 10:05', '2025-10-15 10:15', onlyFour)).toBe(0);
    expect(heads('2025-10-15 10:05', '2025-10-15 10:15', { ...onlyFour, stepMinutes: 15 })).toBe(0);
    expect(heads('2025-10-15 10:55', '2025-10-15 10:56', onlyFour)).toBe(1);
  });

  it('is null when the span has no step', () => {
    expect(heads('2025-10-15 10:00', '2025-10-15 10:00', { spanish: true })).toBeNull();
    expect(heads('2025-10-15 11:00', '2025-10-15 10:00', { spanish: true })).toBeNull();
  });
});

describe('lookups', () => {
  const world = {
    agents,
    days: [
      { date: '2025-12-25', holiday: true },
      { date: '2025-10-20', schedulePosted: false },
    ],
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
      { id: 2, agentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
      { id: 3, agentId: 1, start: '2025-10-15 13:00', end: '2025-10-15 13:15', shiftType: 7, parentId: 1 },
      { id: 4, agentId: 1, start: '2025-10-15 15:00', end: '2025-10-15 15:30', shiftType: 5, parentId: 1 },
      { id: 5, agentId: 2, start: '2025-10-15 06:00', end: '2025-10-15 10:00', shiftType: 9 },
    ],
  };

  it('day: the Eastern date of an instant, with its holiday and posting flags', () => {
    const christmas = parseDate('2025-12-25');
    expect(compute('day', { at: at('2025-12-25 23:30') }, world)).toEqual({ date: christmas, holiday: true, schedulePosted: true });
    expect(compute('day', { at: at('2025-12-26T04:29Z') }, world)).toEqual({ date: christmas, holiday: true, schedulePosted: true });
    expect(compute('day', { at: at('2025-12-26T05:00Z') }, world)).toEqual({ date: christmas + 1, holiday: false, schedulePosted: true });
    expect(compute('day', { date: '2025-10-20' }, world)).toEqual({ date: parseDate('2025-10-20'), holiday: false, schedulePosted: false });
  });

  it('day and dateOf through references, null when the instant is null', async () => {
    const values = await factValues(
      {
        shiftDay: { kind: 'day', params: { at: { fact: 'input', path: 'start' } } },
        noDay: { kind: 'day', params: { at: { fact: 'input', path: 'missing' } } },
        todayRecord: { kind: 'day', params: { date: { fact: 'today' } } },
        shiftDate: { kind: 'dateOf', params: { at: { fact: 'input', path: 'start' } } },
      },
      world,
      { start: '2025-12-25 22:00' },
      { start: 'instant', missing: 'instant?' },
    );
    expect(values).toEqual({
      shiftDay: { date: parseDate('2025-12-25'), holiday: true, schedulePosted: true },
      noDay: null,
      todayRecord: { date: parseDate('2025-10-14'), holiday: false, schedulePosted: true },
      shiftDate: parseDate('2025-12-25'),
    });
  });

  it('subShiftCount counts sub-shifts of the types, with startingBy those started by then', () => {
    const count = (extra: Record<string, unknown>): unknown => compute('subShiftCount', { shift: 1, shiftTypes: [5], ...extra }, world);
    expect(count({})).toBe(2);
    expect(count({ startingBy: at('2025-10-15 12:00') })).toBe(1);
    expect(count({ startingBy: at('2025-10-15 11:59') })).toBe(0);
    expect(count({ startingBy: at('2025-10-15 15:00') })).toBe(2);
    expect(count({ shiftTypes: [5, 7], startingBy: at('2025-10-15 13:00') })).toBe(2);
    expect(count({ shift: 5 })).toBe(0);
  });

  it('hasShiftType looks into sub-shifts only when asked', () => {
    const has = (extra: Record<string, unknown>): unknown => compute('hasShiftType', { shift: 1, shiftTypes: [7], ...extra }, world);
    expect(has({})).toBe(false);
    expect(has({ includeSubShifts: true })).toBe(true);
    expect(has({ shiftTypes: [0] })).toBe(true);
    expect(has({ shiftTypes: [9], includeSubShifts: true })).toBe(false);
    expect(has({ shift: 5, shiftTypes: [9] })).toBe(true);
    expect(has({ shift: 99 })).toBeNull();
  });

  it('ordered puts two records in order of a field; null when either is missing', async () => {
    const facts = {
      a: { kind: 'record', params: { collection: 'shifts', id: { fact: 'input', path: 'a' } } },
      b: { kind: 'record', params: { collection: 'shifts', id: { fact: 'input', path: 'b' } } },
      pair: { kind: 'ordered', params: { collection: 'shifts', a: { fact: 'a' }, b: { fact: 'b' }, by: 'start' } },
    };
    const decl = { a: 'id?', b: 'id?' };
    const prepared = PreparedWorld.from(world);
    const pair = (await factValues(facts, prepared, { a: 1, b: 5 }, decl)).pair as { first: { id: number }; second: { id: number } };
    expect([pair.first.id, pair.second.id]).toEqual([5, 1]);
    const same = (await factValues(facts, prepared, { a: 5, b: 1 }, decl)).pair as { first: { id: number }; second: { id: number } };
    expect([same.first.id, same.second.id]).toEqual([5, 1]);
    expect((await factValues(facts, prepared, { a: 1, b: null }, decl)).pair).toBeNull();
    expect((await factValues(facts, prepared, { a: 1, b: 77 }, decl)).pair).toBeNull();
  });

  it('record, elapsedMinutes and arithmetic', async () => {
    const values = await factValues(
      {
        agent: { kind: 'record', params: { collection: 'agents', id: 3 } },
        nobody: { kind: 'record', params: { collection: 'agents', id: { fact: 'input', path: 'who' } } },
        gap: { kind: 'elapsedMinutes', params: { from: { fact: 'now' }, to: { fact: 'input', path: 'when' } } },
        back: { kind: 'elapsedMinutes', params: { from: { fact: 'input', path: 'when' }, to: { fact: 'now' } } },
        sum: { kind: 'arithmetic', params: { add: [{ fact: 'gap' }, 100], subtract: [600] } },
        nullSum: { kind: 'arithmetic', params: { add: [{ fact: 'input', path: 'who' }, 1] } },
      },
      world,
      { when: '2025-11-02 03:00', who: null },
      { when: 'instant', who: 'id?' },
    );
    const gap = at('2025-11-02 03:00') - at('2025-10-14 09:00');
    // 18 days and 18 wall-clock hours, plus the repeated hour at 01:00 on 2025-11-02.
    expect(gap).toBe(18 * 1440 + 18 * 60 + 60);
    expect(values).toEqual({
      agent: { agentId: 3, agentType: 100, spanish: false, canCoverDOCS: false, initials: null, firstName: null, lastName: null,
        probationUntil: null, terminationDate: null, personalTime: 0, vacationTime: 0, fmlaIntermittentUntil: null, fmlaContinuousUntil: null, teamId: null,
        designatedAccountManager: false, mayRequestCutsAndLunches: false, ideasRecipient: false },
      nobody: null,
      gap,
      back: -gap,
      sum: gap + 100 - 600,
      nullSum: null,
    });
  });
});

describe('countRecords', () => {
  const world = {
    agents,
    coveragePostings: [
      { id: 10, agentId: 1, shiftId: 7, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
      { id: 11, agentId: 1, shiftId: 7, start: '2025-10-15 12:00', end: '2025-10-15 16:00', endedAt: '2025-10-14 08:00' },
      { id: 12, agentId: 2, shiftId: 8, start: '2025-10-16 08:00', end: '2025-10-16 16:00' },
    ],
  };

  it('counts the records matching every field, null matching null', () => {
    expect(compute('countRecords', { collection: 'coveragePostings', where: { shiftId: 7 } }, world)).toBe(2);
    expect(compute('countRecords', { collection: 'coveragePostings', where: { shiftId: 7, endedAt: null } }, world)).toBe(1);
    expect(compute('countRecords', { collection: 'coveragePostings', where: { agentId: 2, shiftId: 7 } }, world)).toBe(0);
    expect(compute('countRecords', { collection: 'coveragePostings', where: { shiftId: 99 } }, world)).toBe(0);
  });

  it('takes references, and refuses an empty "where" at load', async () => {
    const values = await factValues(
      { active: { kind: 'countRecords', params: { collection: 'coveragePostings', where: { shiftId: { fact: 'input', path: 'shiftId' }, endedAt: null } } } },
      world,
      { shiftId: 8 },
      { shiftId: 'id' },
    );
    expect(values.active).toBe(1);
    expect(() => FACT_KINDS.get('countRecords')?.params.parse({ collection: 'offers', where: {} })).toThrow(/at least one field/);
  });
});

describe('choose', () => {
  const reservation = {
    kind: 'choose',
    params: {
      cases: [
        { when: { all: [{ fact: 'input', path: 'type', operator: 'notEqual', value: 21 }] }, value: null },
        { when: { all: [{ fact: 'input', path: 'until', operator: 'equal', value: null }] }, value: { fact: 'input', path: 'end' } },
        { when: { all: [{ fact: 'lead', operator: 'lessThanInclusive', value: 1440 }] }, value: { fact: 'now' } },
      ],
      otherwise: { fact: 'inADay' },
    },
  };
  const facts = {
    lead: { kind: 'elapsedMinutes', params: { from: { fact: 'now' }, to: { fact: 'input', path: 'start' } } },
    inADay: { kind: 'arithmetic', params: { add: [{ fact: 'now' }, 1440] } },
    reservation,
    mapped: {
      kind: 'choose',
      params: {
        cases: [
          { when: { all: [{ fact: 'input', path: 'type', operator: 'equal', value: 16 }] }, value: 1 },
          {
            when: {
              all: [
                { any: [{ fact: 'input', path: 'type', operator: 'in', value: [21, 22] }, { not: { fact: 'input', path: 'type', operator: 'notEqual', value: 23 } }] },
                { fact: 'lead', operator: 'greaterThan', value: { fact: 'input', path: 'type' } },
              ],
            },
            value: 9,
          },
        ],
        otherwise: { fact: 'input', path: 'type' },
      },
    },
  };
  const decl = { type: 'number', start: 'instant', end: 'instant', until: 'instant?' };
  const now = at('2025-10-14 09:00');

  it('takes the first case whose condition (all, any, not, as a rule writes it) holds, else "otherwise"', async () => {
    const v = (input: Record<string, unknown>): Promise<Record<string, unknown>> =>
      factValues(facts, { agents }, { start: '2025-10-15 09:00', end: '2025-10-15 17:00', until: null, ...input }, decl);
    expect(await v({ type: 0 })).toMatchObject({ reservation: null, mapped: 0 });
    expect(await v({ type: 16 })).toMatchObject({ reservation: null, mapped: 1 });
    expect(await v({ type: 21 })).toMatchObject({ reservation: at('2025-10-15 17:00'), mapped: 9 });
    expect(await v({ type: 23 })).toMatchObject({ mapped: 9 });
    expect(await v({ type: 24 })).toMatchObject({ mapped: 24 });
    // Exactly 24 hours ahead is within the day; a minute later is not.
    expect((await v({ type: 21, until: '2025-10-14 09:00' })).reservation).toBe(now);
    expect((await v({ type: 21, until: '2025-10-14 09:00', start: '2025-10-15 09:01' })).reservation).toBe(now + 1440);
  });

  it('never holds a numeric comparison with null, nor "in" without a list', () => {
    // As the engine hands the params over: each condition's two sides already read.
    const kind = FACT_KINDS.get('choose') as FactKind;
    const ctx = { world: PreparedWorld.from({}), now: 0, today: 0, actorId: 1, input: {} };
    const choose = (cases: unknown[], otherwise?: unknown): unknown => kind.compute({ cases, otherwise }, ctx);
    const one = (left: unknown, operator: string, right: unknown): unknown => choose([{ when: { all: [{ left, operator, right }] }, value: 'yes' }], 'no');
    expect(one(null, 'lessThan', 5)).toBe('no');
    expect(one(5, 'greaterThanInclusive', null)).toBe('no');
    expect(one(5, 'greaterThanInclusive', 5)).toBe('yes');
    expect(one(5, 'greaterThan', 5)).toBe('no');
    expect(one(4, 'lessThan', 5)).toBe('yes');
    expect(one(5, 'lessThanInclusive', 5)).toBe('yes');
    expect(one(null, 'equal', null)).toBe('yes');
    expect(one(3, 'notIn', [1, 2])).toBe('yes');
    expect(one(3, 'in', 3)).toBe('no');
    expect(choose([{ when: { all: [{ left: 1, operator: 'equal', right: 2 }] }, value: 'yes' }])).toBeNull();
  });

  it('refuses an unknown operator, a numeric comparison with text and a case without conditions at load', () => {
    const load = (when: unknown): unknown =>
      loadRuleSet([
        {
          file: 'rules/probe.json',
          json: {
            action: 'probe',
            input: { type: 'number', note: 'string' },
            facts: { c: { kind: 'choose', params: { cases: [{ when, value: 1 }] } } },
            rules: [{ id: 'probe.c', when: { all: [{ fact: 'c', operator: 'equal', value: 2 }] }, outcome: 'error', message: 'no' }],
          },
        },
      ]);
    expect(() => load({ all: [{ fact: 'input', path: 'type', operator: 'greaterThen', value: 1 }] })).toThrow(
      'rules/probe.json: facts.c.params.cases[0].when all[0] (fact "input"): unknown operator "greaterThen"',
    );
    expect(() => load({ all: [{ fact: 'input', path: 'note', operator: 'lessThan', value: 1 }] })).toThrow('"lessThan" needs a number, but input.note is a string');
    expect(() => load({ all: [{ fact: 'input', path: 'tpye', operator: 'equal', value: 1 }] })).toThrow('"tpye" is not a property here');
    expect(() => load({ all: [] })).toThrow();
  });
});

describe('textLength', () => {
  it('counts characters as a person does; with trim, surrounding spaces do not count', () => {
    expect(compute('textLength', { text: ' a😀 ' }, {})).toBe(4);
    expect(compute('textLength', { text: ' a😀 ', trim: true }, {})).toBe(2);
    expect(compute('textLength', { text: ' \t\n ', trim: true }, {})).toBe(0);
  });
});

describe('template', () => {
  const world = { agents: [{ agentId: 1, agentType: 20 }, { agentId: 7, agentType: 20, initials: 'AB' }] };
  it('fills each placeholder with its value in its format, as a rule message', async () => {
    const facts = {
      who: { kind: 'record', params: { collection: 'agents', id: 7 } },
      line: {
        kind: 'template',
        params: {
          message: '{who} nudged you at {when} ({day}), {n} min, {none}.',
          values: {
            who: { value: { fact: 'who', path: 'initials' } },
            when: { value: { fact: 'now' }, format: 'dateTime' },
            day: { value: { fact: 'today' }, format: 'day' },
            n: { value: 89.5, format: 'minutes' },
            none: { value: null },
          },
        },
      },
    };
    expect((await factValues(facts, world)).line).toBe('AB nudged you at 10/14/2025 9:00 AM (10/14/2025), 90 min, .');
  });

  it('refuses a placeholder without a value, and an unknown format, at load', () => {
    const kind = FACT_KINDS.get('template') as FactKind;
    expect(() => kind.params.parse({ message: 'Hi {who}', values: {} })).toThrow(/needs a value/);
    expect(() => kind.params.parse({ message: 'Hi {who}', values: { who: { value: 'x', format: 'shout' } } })).toThrow();
  });

  it('knows the formats a rule message knows', async () => {
    const { VALUE_FORMATS } = await import('../../engine/rule-file.ts');
    for (const format of VALUE_FORMATS) {
      expect(() => (FACT_KINDS.get('template') as FactKind).params.parse({ message: '{x}', values: { x: { value: 1, format } } })).not.toThrow();
    }
  });
});

describe('overlappingRecords', () => {
  const world = {
    agents,
    coveragePostings: [
      { id: 10, agentId: 1, shiftId: 7, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
      { id: 11, agentId: 1, shiftId: 7, start: '2025-10-15 12:00', end: '2025-10-15 16:00', endedAt: '2025-10-14 08:00' },
      { id: 12, agentId: 1, shiftId: 7, start: '2025-10-15 14:00', end: '2025-10-15 16:00' },
      { id: 13, agentId: 2, shiftId: 8, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
    ],
  };
  const count = (start: string, end: string, extra: Record<string, unknown> = {}): unknown =>
    compute('overlappingRecords', { collection: 'coveragePostings', where: { shiftId: 7, endedAt: null }, start: at(start), end: at(end), ...extra }, world);

  it('counts the matching records overlapping the span; back-to-back ones do not overlap', () => {
    expect(count('2025-10-15 08:00', '2025-10-15 16:00')).toBe(2);
    expect(count('2025-10-15 11:59', '2025-10-15 12:01')).toBe(1);
    expect(count('2025-10-15 12:00', '2025-10-15 14:00')).toBe(0);
    expect(count('2025-10-15 06:00', '2025-10-15 08:00')).toBe(0);
    expect(count('2025-10-15 16:00', '2025-10-15 18:00')).toBe(0);
    // The ended posting 11 matches the span but not "endedAt: null".
    expect(compute('overlappingRecords', { collection: 'coveragePostings', where: { shiftId: 7 }, start: at('2025-10-15 12:00'), end: at('2025-10-15 14:00') }, world)).toBe(1);
  });

  it('leaves out the record named by "except", and is null without a span', () => {
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { except: 10 })).toBe(1);
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { except: null })).toBe(2);
    // A null start reaches compute from a reference to a missing value (a literal null is refused at load).
    const kind = FACT_KINDS.get('overlappingRecords') as FactKind;
    const params = { collection: 'coveragePostings', where: { shiftId: 7 }, start: null, end: at('2025-10-15 16:00'), startField: 'start', endField: 'end' };
    expect(kind.compute(params, { world: PreparedWorld.from(world), now: 0, today: 0, actorId: 1, input: {} })).toBeNull();
  });

  it('takes references and other field names', async () => {
    const values = await factValues(
      {
        mine: {
          kind: 'overlappingRecords',
          params: {
            collection: 'offers',
            where: { offeringAgentId: { fact: 'actorId' } },
            start: { fact: 'input', path: 'from' },
            end: { fact: 'input', path: 'to' },
            startField: 'swapStart',
            endField: 'swapEnd',
            except: { fact: 'input', path: 'skip' },
          },
        },
      },
      {
        agents,
        offers: [
          { id: 1, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00', swapStart: '2025-10-16 08:00', swapEnd: '2025-10-16 12:00' },
          { id: 2, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00' },
          { id: 3, postingId: 10, offeringAgentId: 1, coveringAgentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 12:00', swapStart: '2025-10-16 10:00', swapEnd: '2025-10-16 14:00' },
        ],
      },
      { from: '2025-10-16 11:00', to: '2025-10-16 13:00', skip: 3 },
      { from: 'instant', to: 'instant', skip: 'id?' },
    );
    // Offer 2 has no swap hours (null never overlaps); offer 3 is left out.
    expect(values.mine).toBe(1);
    expect(() => FACT_KINDS.get('overlappingRecords')?.params.parse({ collection: 'offers', where: {}, start: 1, end: 2 })).toThrow(/at least one field/);
  });
});

describe('wallClock', () => {
  const clock = (atText: string, fromText?: string): unknown =>
    compute('wallClock', { at: at(atText), ...(fromText ? { from: at(fromText) } : {}) }, {});

  it('the Eastern wall clock: date, month, day, monthDay (month x 100 + day), hour and minute', () => {
    expect(clock('2025-12-19 08:30')).toEqual({ date: parseDate('2025-12-19'), month: 12, day: 19, monthDay: 1219, hour: 8, minute: 30 });
    expect(clock('2026-01-03 23:59')).toMatchObject({ monthDay: 103, hour: 23, minute: 59 });
    // The second 1:30 of the fall-back night is still 1 o'clock on the wall.
    expect(clock('2025-11-02T01:30-05:00')).toMatchObject({ hour: 1, minute: 30, monthDay: 1102 });
  });

  it('with "from", hours count from midnight of that date: the next day reads 24 and up', () => {
    expect(clock('2025-10-17 06:00', '2025-10-16 22:00')).toMatchObject({ hour: 30 });
    expect(clock('2025-10-17 00:00', '2025-10-16 16:00')).toMatchObject({ hour: 24 });
    expect(clock('2025-10-16 17:00', '2025-10-16 08:00')).toMatchObject({ hour: 17 });
  });

  it('null for a missing instant', () => {
    const kind = FACT_KINDS.get('wallClock') as FactKind;
    const ctx = { world: PreparedWorld.from({}), now: 0, today: 0, actorId: 1, input: {} };
    expect(kind.compute({ at: null }, ctx)).toBeNull();
    expect(kind.compute({ at: at('2025-10-16 08:00'), from: null }, ctx)).toBeNull();
  });
});

describe('sumRecords', () => {
  const world = {
    agents,
    personalRequests: [
      { id: 1, agentId: 1, start: '2025-10-13 08:00', end: '2025-10-13 10:00', minutes: 120, requestedAt: '2025-10-01 09:00' },
      { id: 2, agentId: 1, start: '2025-10-14 09:00', end: '2025-10-14 10:00', minutes: 60, requestedAt: '2025-10-01 09:00' },
      { id: 3, agentId: 1, start: '2025-10-20 08:00', end: '2025-10-20 16:00', minutes: 450, requestedAt: '2025-10-01 09:00' },
      { id: 4, agentId: 1, start: '2025-10-21 08:00', end: '2025-10-21 09:00', minutes: 60, requestedAt: '2025-10-01 09:00', status: 'removed' },
      { id: 5, agentId: 2, start: '2025-10-20 08:00', end: '2025-10-20 16:00', minutes: 450, requestedAt: '2025-10-01 09:00' },
    ],
  };
  const sum = (params: Record<string, unknown>): unknown =>
    compute('sumRecords', { collection: 'personalRequests', where: { agentId: 1 }, field: 'minutes', ...params }, world);

  it('sums a field over the records matching "where" and every "filter" comparison', () => {
    expect(sum({})).toBe(690);
    expect(sum({ where: { agentId: 1, status: 'approved' } })).toBe(630);
    // Strictly after now (2025-10-14 09:00): the request starting at 9:00 is not in the future.
    expect(sum({ where: { agentId: 1, status: 'approved' }, filter: [{ field: 'start', operator: 'greaterThan', value: at('2025-10-14 09:00') }] })).toBe(450);
    expect(sum({ filter: [{ field: 'start', operator: 'greaterThanInclusive', value: at('2025-10-14 09:00') }, { field: 'minutes', operator: 'lessThan', value: 100 }] })).toBe(120);
    expect(sum({ where: { agentId: 3 } })).toBe(0);
  });

  it('a missing bound lets nothing through, as a comparison with null never holds', () => {
    const kind = FACT_KINDS.get('sumRecords') as FactKind;
    const params = { collection: 'personalRequests', where: { agentId: 1 }, field: 'minutes', filter: [{ field: 'start', operator: 'greaterThan', value: null }] };
    expect(kind.compute(params, { world: PreparedWorld.from(world), now: 0, today: 0, actorId: 1, input: {} })).toBe(0);
    expect(() => kind.params.parse({ collection: 'personalRequests', where: {}, field: 'minutes' })).toThrow(/at least one field/);
    expect(() => kind.params.parse({ collection: 'personalRequests', where: { agentId: 1 }, field: 'minutes', filter: [{ field: 'start', operator: 'equal', value: 1 }] })).toThrow();
  });
});

describe('minOfRecords', () => {
  const world = {
    agents,
    notices: [
      { id: 1, agentId: 1, shiftId: 7, violationType: 2, start: '2025-10-15 15:00', end: '2025-10-15 16:00', reason: 0, message: 'Doctor', createdAt: '2025-10-14 08:00', appliedAt: null },
      { id: 2, agentId: 1, shiftId: 7, violationType: 2, start: '2025-10-15 14:00', end: '2025-10-15 16:00', reason: 0, message: 'Doctor', createdAt: '2025-10-14 08:00', appliedAt: '2025-10-14 09:00' },
      { id: 3, agentId: 1, shiftId: 7, violationType: 2, start: '2025-10-15 15:30', end: '2025-10-15 16:00', reason: 0, message: 'Doctor', createdAt: '2025-10-14 08:00', appliedAt: null },
      { id: 4, agentId: 1, shiftId: 8, violationType: 2, start: '2025-10-16 09:00', end: '2025-10-16 16:00', reason: 0, message: 'Doctor', createdAt: '2025-10-14 08:00', appliedAt: null },
    ],
  };
  const min = (params: Record<string, unknown>): unknown =>
    compute('minOfRecords', { collection: 'notices', where: { shiftId: 7, appliedAt: null }, field: 'start', ...params }, world);

  it('the smallest value of a field over the records matching "where" and every "filter" comparison', () => {
    // Not the applied 14:00 one, nor shift 8's.
    expect(min({})).toBe(at('2025-10-15 15:00'));
    expect(min({ filter: [{ field: 'start', operator: 'greaterThan', value: at('2025-10-15 15:00') }] })).toBe(at('2025-10-15 15:30'));
    expect(min({ where: { shiftId: 7 } })).toBe(at('2025-10-15 14:00'));
  });

  it('null when nothing matches, or a bound is missing', () => {
    expect(min({ where: { shiftId: 9 } })).toBeNull();
    expect(min({ filter: [{ field: 'start', operator: 'lessThan', value: at('2025-10-15 15:00') }] })).toBeNull();
    const kind = FACT_KINDS.get('minOfRecords') as FactKind;
    const params = { collection: 'notices', where: { shiftId: 7 }, field: 'start', filter: [{ field: 'start', operator: 'greaterThan', value: null }] };
    expect(kind.compute(params, { world: PreparedWorld.from(world), now: 0, today: 0, actorId: 1, input: {} })).toBeNull();
  });
});

describe('agentsOverlapping', () => {
  // Agents 1, 2 (20), 3 (100), 4 (101); who is off on 2025-10-15.
  const world = {
    agents,
    personalRequests: [
      { id: 1, agentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 10:00', minutes: 120, requestedAt: '2025-10-01 09:00', shiftClass: 1 },
      { id: 2, agentId: 2, start: '2025-10-15 11:00', end: '2025-10-15 12:00', minutes: 60, requestedAt: '2025-10-01 09:00', shiftClass: 1 },
      { id: 3, agentId: 3, start: '2025-10-15 09:59', end: '2025-10-15 11:00', minutes: 61, requestedAt: '2025-10-01 09:00', shiftClass: 1 },
      { id: 4, agentId: 4, start: '2025-10-15 10:00', end: '2025-10-15 12:00', minutes: 120, requestedAt: '2025-10-01 09:00', shiftClass: 2 },
      { id: 5, agentId: 1, start: '2025-10-15 09:00', end: '2025-10-15 11:00', minutes: 120, requestedAt: '2025-10-01 09:00', shiftClass: 1 },
      { id: 6, agentId: 9, start: '2025-10-15 09:00', end: '2025-10-15 11:00', minutes: 120, requestedAt: '2025-10-01 09:00', shiftClass: 1, status: 'removed' },
    ],
  };
  const count = (start: string, end: string, params: Record<string, unknown> = {}): unknown =>
    compute('agentsOverlapping', { collection: 'personalRequests', start: at(start), end: at(end), ...params }, world);

  it('counts each agent once, back-to-back records not overlapping', () => {
    expect(count('2025-10-15 10:00', '2025-10-15 11:00')).toBe(4);
    expect(count('2025-10-15 10:00', '2025-10-15 11:00', { where: { status: 'approved' } })).toBe(3);
    expect(count('2025-10-15 12:00', '2025-10-15 16:00')).toBe(0);
    expect(count('2025-10-15 07:00', '2025-10-15 16:00', { where: { status: 'approved' }, excludeAgent: 1 })).toBe(3);
  });

  it('only agents in the group of roles.json, only records matching "where"', () => {
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { group: 'lineStaff', where: { shiftClass: 1 } })).toBe(2);
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { group: 'lineStaff', where: { shiftClass: 1 }, excludeAgent: 1 })).toBe(1);
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { group: 'accountManagersAndUp' })).toBe(2);
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { group: 'accountManagersAndUp', where: { shiftClass: 2 } })).toBe(1);
    // Agent 9 is in no agents list: with a group, an unknown agent does not count.
    expect(count('2025-10-15 08:00', '2025-10-15 16:00', { group: 'everyone' })).toBe(4);
  });

  it('null without a span; a slice notes the span it needs', () => {
    const kind = FACT_KINDS.get('agentsOverlapping') as FactKind;
    const ctx = { world: PreparedWorld.from(world), now: 0, today: 0, actorId: 1, input: {} };
    expect(kind.compute({ collection: 'personalRequests', start: null, end: at('2025-10-15 16:00'), where: {} }, ctx)).toBeNull();
    const slice = new SliceWorld(normalizeWorld({ agents }), new Set());
    kind.compute({ collection: 'personalRequests', start: at('2025-10-15 08:00'), end: at('2025-10-15 16:00'), where: {} }, { ...ctx, world: slice });
    expect(slice.missing).toEqual([{ kind: 'overlapping', collection: 'personalRequests', from: at('2025-10-15 08:00'), to: at('2025-10-15 16:00') }]);
  });
});
