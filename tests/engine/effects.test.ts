import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyChanges, type Change } from '../../engine/changes.ts';
import { effectKinds, Ids } from '../../engine/effects.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { parseDate, parseInstant } from '../../engine/time.ts';
import { normalizeWorld, PreparedWorld, type NormalizedWorld } from '../../engine/world.ts';
import { sharedRuleSources } from './shared-rules.ts';

const at = parseInstant;
const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');
const rules = loadRuleSet([
  ...sharedRuleSources(),
  { file: 'rules/parameters.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'parameters.json'), 'utf8')) as unknown, kind: 'parameters' },
  { file: 'rules/acceptOffer.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'acceptOffer.json'), 'utf8')) as unknown },
]);

describe('applyChanges', () => {
  const before = normalizeWorld({
    agents: [{ agentId: 1, agentType: 20 }],
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
      { id: 3, agentId: 1, start: '2025-10-16 08:00', end: '2025-10-16 16:00' },
    ],
    days: [{ date: '2025-12-25' }],
  });

  it('inserts, updates and deletes by each collection\'s key, leaving the given world alone', () => {
    const changes: Change[] = [
      { op: 'insert', collection: 'shifts', record: { id: 2, agentId: 1, start: at('2025-10-17 08:00'), end: at('2025-10-17 09:00') } },
      { op: 'update', collection: 'shifts', key: 1, fields: { end: at('2025-10-15 12:00'), isCovering: true } },
      { op: 'delete', collection: 'shifts', key: 3 },
      { op: 'update', collection: 'days', key: parseDate('2025-12-25'), fields: { holiday: true } },
      { op: 'update', collection: 'shifts', key: 77, fields: { end: 0 } },
      { op: 'delete', collection: 'shifts', key: 78 },
      { op: 'insert', collection: 'bulletins', record: { id: 1, text: 'hello' } },
    ];
    const after = applyChanges(before, changes);
    expect(after.shifts?.map((s) => [s.id, s.end, s.isCovering])).toEqual([
      [1, at('2025-10-15 12:00'), true],
      [2, at('2025-10-17 09:00'), undefined],
    ]);
    expect(after.days).toEqual([{ date: parseDate('2025-12-25'), holiday: true, schedulePosted: true }]);
    expect(after.bulletins).toEqual([{ id: 1, text: 'hello' }]);
    expect(before.shifts?.map((s) => [s.id, s.end, s.isCovering])).toEqual([
      [1, at('2025-10-15 16:00'), false],
      [3, at('2025-10-16 16:00'), false],
    ]);
    expect(before.days?.[0]?.holiday).toBe(false);
  });
});

describe('acceptOffer moves the offered hours (transferHours)', () => {
  // Agent 102 posts an 08:00-16:00 shift with a 12:00-12:30 meal break; 101 offers some of it.
  function world(offer: { start: string; end: string }, extra: Record<string, unknown> = {}): NormalizedWorld {
    return normalizeWorld({
      agents: [{ agentId: 101, agentType: 20 }, { agentId: 102, agentType: 20 }, { agentId: 103, agentType: 20 }],
      shifts: [
        { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0, payRate: 2, cots: 1 },
        { id: 2, agentId: 102, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
        { id: 3, agentId: 102, start: '2025-10-17 08:00', end: '2025-10-17 12:00' },
      ],
      coveragePostings: [
        { id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
        { id: 11, agentId: 102, shiftId: 3, start: '2025-10-17 08:00', end: '2025-10-17 12:00' },
      ],
      offers: [
        { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, ...offer, ...extra },
        { id: 41, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 10:00' },
        { id: 42, postingId: 11, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-17 08:00', end: '2025-10-17 10:00' },
        { id: 43, postingId: 10, offeringAgentId: 103, coveringAgentId: 103, start: '2025-10-15 08:00', end: '2025-10-15 09:00', status: 'withdrawn' },
      ],
    });
  }

  async function accept(w: NormalizedWorld): Promise<Change[]> {
    const d = await rules.action('acceptOffer').decide({ world: new PreparedWorld(w), now: '2025-10-14 09:00', actor: 102, input: { offerId: 40 }, effects: true });
    expect(d).toMatchObject({ outcome: 'ok', warnings: [] });
    // The History lines (the actor's, the maker's, and one for the other pending offer 41 declined)
    // and the maker's text come after the named effect (rules/acceptOffer.json's effects list;
    // fixtures/acceptOffer/accept-full-coverage.json checks them): here, the hours.
    const changes = d.changes ?? [];
    expect(changes.slice(-4).map((c) => [c.collection, c.op === 'insert' ? c.record.offerId : null])).toEqual([
      ['offerLog', 40],
      ['offerLog', 40],
      ['offerLog', 41],
      ['textMessages', undefined],
    ]);
    return changes.slice(0, -4);
  }

  const mainShift = { shiftType: 0, payRate: 2, cots: 1 };
  const bookkeeping: Change[] = [
    { op: 'update', collection: 'offers', key: 40, fields: { status: 'accepted' } },
    { op: 'update', collection: 'coveragePostings', key: 10, fields: { endedAt: at('2025-10-14 09:00') } },
    { op: 'update', collection: 'offers', key: 41, fields: { status: 'declined' } },
  ];

  it('a middle piece leaves the poster two pieces; the meal break moves with the hours', async () => {
    const changes = await accept(world({ start: '2025-10-15 10:00', end: '2025-10-15 14:00' }));
    expect(changes).toEqual([
      ...bookkeeping,
      {
        op: 'insert', collection: 'shifts',
        record: { id: 4, agentId: 101, start: at('2025-10-15 10:00'), end: at('2025-10-15 14:00'), ...mainShift, isCovering: true, parentId: null },
      },
      { op: 'update', collection: 'shifts', key: 1, fields: { end: at('2025-10-15 10:00') } },
      {
        op: 'insert', collection: 'shifts',
        record: { id: 5, agentId: 102, start: at('2025-10-15 14:00'), end: at('2025-10-15 16:00'), ...mainShift, isCovering: false, parentId: null },
      },
      { op: 'update', collection: 'shifts', key: 2, fields: { agentId: 101, parentId: 4, start: at('2025-10-15 12:00'), end: at('2025-10-15 12:30') } },
    ]);
  });

  it('the whole shift is deleted from the poster and its break goes along', async () => {
    const changes = await accept(world({ start: '2025-10-15 08:00', end: '2025-10-15 16:00' }));
    expect(changes.slice(3)).toEqual([
      {
        op: 'insert', collection: 'shifts',
        record: { id: 4, agentId: 101, start: at('2025-10-15 08:00'), end: at('2025-10-15 16:00'), ...mainShift, isCovering: true, parentId: null },
      },
      { op: 'delete', collection: 'shifts', key: 1 },
      { op: 'update', collection: 'shifts', key: 2, fields: { agentId: 101, parentId: 4, start: at('2025-10-15 12:00'), end: at('2025-10-15 12:30') } },
    ]);
  });

  it('a first piece leaves the rest, with its break, to the poster', async () => {
    const changes = await accept(world({ start: '2025-10-15 08:00', end: '2025-10-15 11:00' }));
    expect(changes.slice(3)).toEqual([
      {
        op: 'insert', collection: 'shifts',
        record: { id: 4, agentId: 101, start: at('2025-10-15 08:00'), end: at('2025-10-15 11:00'), ...mainShift, isCovering: true, parentId: null },
      },
      { op: 'update', collection: 'shifts', key: 1, fields: { start: at('2025-10-15 11:00') } },
      { op: 'update', collection: 'shifts', key: 2, fields: { agentId: 102, parentId: 1, start: at('2025-10-15 12:00'), end: at('2025-10-15 12:30') } },
    ]);
  });

  it('a meal break across the cut is split, each part following its piece', async () => {
    const w = world({ start: '2025-10-15 12:15', end: '2025-10-15 16:00' });
    const changes = await accept(w);
    expect(changes.slice(3)).toEqual([
      {
        op: 'insert', collection: 'shifts',
        record: { id: 4, agentId: 101, start: at('2025-10-15 12:15'), end: at('2025-10-15 16:00'), ...mainShift, isCovering: true, parentId: null },
      },
      { op: 'update', collection: 'shifts', key: 1, fields: { end: at('2025-10-15 12:15') } },
      { op: 'update', collection: 'shifts', key: 2, fields: { agentId: 102, parentId: 1, start: at('2025-10-15 12:00'), end: at('2025-10-15 12:15') } },
      {
        op: 'insert', collection: 'shifts',
        record: { id: 5, agentId: 101, start: at('2025-10-15 12:15'), end: at('2025-10-15 12:30'), shiftType: 5, payRate: 0, cots: 0, isCovering: false, parentId: 4 },
      },
    ]);
    // Applied, the poster keeps 08:00-12:15 with 15 minutes of break, the covering agent the rest.
    const after = applyChanges(w, changes);
    const shifts = (after.shifts ?? []).map((r) => [r.id, r.agentId, r.start, r.end, r.parentId]);
    expect(shifts).toEqual([
      [1, 102, at('2025-10-15 08:00'), at('2025-10-15 12:15'), null],
      [2, 102, at('2025-10-15 12:00'), at('2025-10-15 12:15'), 1],
      [3, 102, at('2025-10-17 08:00'), at('2025-10-17 12:00'), null],
      [4, 101, at('2025-10-15 12:15'), at('2025-10-15 16:00'), null],
      [5, 101, at('2025-10-15 12:15'), at('2025-10-15 12:30'), 4],
    ]);
  });

  it('a trade moves the swap hours to the poster the same way', async () => {
    const w = world(
      { start: '2025-10-15 10:00', end: '2025-10-15 14:00' },
      { swapShiftId: 7, swapStart: '2025-10-16 08:00', swapEnd: '2025-10-16 12:00' },
    );
    w.shifts?.push(normalizeWorld({ shifts: [{ id: 7, agentId: 101, start: '2025-10-16 08:00', end: '2025-10-16 12:00' }] }).shifts?.[0] ?? {});
    const changes = await accept(w);
    expect(changes.slice(-2)).toEqual([
      {
        op: 'insert', collection: 'shifts',
        record: { id: 10, agentId: 102, start: at('2025-10-16 08:00'), end: at('2025-10-16 12:00'), shiftType: 0, payRate: 0, cots: 0, isCovering: true, parentId: null },
      },
      { op: 'delete', collection: 'shifts', key: 7 },
    ]);
  });

  it("the giver's waiting leave early goes with the piece that holds its start, or, its start given away, with the first holding its hours", async () => {
    const notice = (id: number, shiftId: number, start: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({
      id, agentId: 102, shiftId, violationType: 2, start, end: '2025-10-15 16:00', createdAt: '2025-10-14 08:00', ...more,
    });
    const w = world({ start: '2025-10-15 10:00', end: '2025-10-15 14:00' });
    // Waiting at 15:00 (after the given hours), 9:00 (before them), 13:00 (inside them); one applied; an arrive late; another shift's.
    w.notices = normalizeWorld({
      notices: [
        notice(1, 1, '2025-10-15 15:00'),
        notice(2, 1, '2025-10-15 09:00'),
        notice(3, 1, '2025-10-15 13:00'),
        notice(4, 1, '2025-10-15 15:30', { appliedAt: '2025-10-14 08:30' }),
        notice(5, 1, '2025-10-15 15:00', { violationType: 1 }),
        notice(6, 3, '2025-10-17 11:00', { end: '2025-10-17 12:00' }),
      ],
    }).notices ?? [];
    const changes = await accept(w);
    // Shift 5 is the poster's 14:00-16:00 piece (see the middle-piece case above).
    expect(changes.filter((c) => c.collection === 'notices')).toEqual([
      { op: 'update', collection: 'notices', key: 1, fields: { shiftId: 5 } },
      { op: 'update', collection: 'notices', key: 3, fields: { shiftId: 5 } },
    ]);
    // The piece exists before a notice names it, for a store that checks the reference.
    const inserted = changes.findIndex((c) => c.op === 'insert' && c.record.id === 5);
    expect(inserted).toBeGreaterThan(-1);
    expect(inserted).toBeLessThan(changes.findIndex((c) => c.collection === 'notices'));

    // Without `until`, a record whose instant went to the receiver stays with the shift's record.
    const prepared = new PreparedWorld(w);
    const follow = { collection: 'notices', field: 'shiftId', at: 'start', where: { violationType: 2, appliedAt: null } };
    const direct = effectKinds.get('acceptOffer')?.({ world: prepared, now: at('2025-10-14 09:00'), actorId: 102, input: { offerId: 40 }, params: { follow }, ids: new Ids(prepared), inserted: new Map() }) ?? [];
    expect(direct.filter((c) => c.collection === 'notices')).toEqual([{ op: 'update', collection: 'notices', key: 1, fields: { shiftId: 5 } }]);
  });

  it("a giver's piece that keeps the shift's record keeps its notices: nothing moves for a first or last piece given away", async () => {
    for (const offer of [{ start: '2025-10-15 08:00', end: '2025-10-15 11:00' }, { start: '2025-10-15 14:00', end: '2025-10-15 16:00' }]) {
      const w = world(offer);
      w.notices = normalizeWorld({ notices: [{ id: 1, agentId: 102, shiftId: 1, violationType: 2, start: '2025-10-15 15:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 08:00' }] }).notices ?? [];
      expect((await accept(w)).filter((c) => c.collection === 'notices')).toEqual([]);
    }
  });

  it('no changes are returned unless asked for, or when the action is stopped', async () => {
    const w = world({ start: '2025-10-15 10:00', end: '2025-10-15 14:00' });
    expect(await rules.action('acceptOffer').decide({ world: new PreparedWorld(w), now: '2025-10-14 09:00', actor: 102, input: { offerId: 40 } })).toEqual({ outcome: 'ok', warnings: [] });
    expect(await rules.action('acceptOffer').decide({ world: new PreparedWorld(w), now: '2025-10-14 09:00', actor: 102, input: { offerId: 41 }, effects: true })).toEqual({
      outcome: 'ok',
      warnings: [],
      changes: expect.any(Array) as unknown,
    });
    const stopped = await rules.action('acceptOffer').decide({ world: new PreparedWorld(w), now: '2025-10-15 10:30', actor: 102, input: { offerId: 40 }, effects: true });
    expect(stopped).toEqual({ outcome: 'error', message: 'ERROR: Shift already started.', rule: 'acceptOffer.shiftStarted', warnings: [] });
  });
});

describe('cutShift shortens or deletes a shift and recalculates its meal break', () => {
  const meal = { afterMinutes: 330, minutes: 30, shiftType: 5, roundToMinutes: 15 };
  // Agent 101's 08:00-16:00 shift holds a 12:00-12:30 meal break and a 14:00-15:00 project hour.
  function world(subs: Record<string, unknown>[] = [
    { id: 2, agentId: 101, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
    { id: 3, agentId: 101, start: '2025-10-15 14:00', end: '2025-10-15 15:00', shiftType: 11, parentId: 1 },
  ], end = '2025-10-15 16:00'): PreparedWorld {
    return new PreparedWorld(normalizeWorld({
      agents: [{ agentId: 101, agentType: 20 }],
      shifts: [{ id: 1, agentId: 101, start: '2025-10-15 08:00', end, shiftType: 0, payRate: 2 }, ...subs],
    }));
  }
  function cut(w: PreparedWorld, start: string | null, end: string | null, now = '2025-10-15 07:00'): Change[] {
    const effect = effectKinds.get('cutShift');
    if (!effect) throw new Error('no cutShift effect');
    return effect({
      world: w,
      now: at(now),
      actorId: 201,
      input: {},
      params: { shift: 1, start: start && at(start), end: end && at(end), mealBreak: meal },
      ids: new Ids(w),
      inserted: new Map(),
    });
  }
  // The new break's id follows the world's largest (shifts 1 and 2 in the worlds that place one).
  const breakRecord = (start: string, end: string): Change => ({
    op: 'insert', collection: 'shifts',
    record: { id: 3, agentId: 101, start: at(start), end: at(end), shiftType: 5, payRate: 2, cots: 0, isCovering: false, parentId: 1 },
  });

  it('a full cut deletes the sub-shifts, then the shift', () => {
    expect(cut(world(), null, null)).toEqual([
      { op: 'delete', collection: 'shifts', key: 2 },
      { op: 'delete', collection: 'shifts', key: 3 },
      { op: 'delete', collection: 'shifts', key: 1 },
    ]);
  });

  it('a shorter end keeps a break that still fits and deletes the sub-shifts cut away', () => {
    expect(cut(world(), '2025-10-15 08:00', '2025-10-15 14:00')).toEqual([
      { op: 'update', collection: 'shifts', key: 1, fields: { start: at('2025-10-15 08:00'), end: at('2025-10-15 14:00') } },
      { op: 'delete', collection: 'shifts', key: 3 },
    ]);
  });

  it('a sub-shift across the new end is clipped to it', () => {
    expect(cut(world(), '2025-10-15 08:00', '2025-10-15 14:30').slice(1)).toEqual([
      { op: 'update', collection: 'shifts', key: 3, fields: { start: at('2025-10-15 14:00'), end: at('2025-10-15 14:30') } },
    ]);
  });

  it('a shift of 5.5 hours or less earns no break: the break still to come goes', () => {
    expect(cut(world(), '2025-10-15 08:00', '2025-10-15 13:30').slice(1)).toEqual([
      { op: 'delete', collection: 'shifts', key: 2 },
      { op: 'delete', collection: 'shifts', key: 3 },
    ]);
  });

  it('a break already taken stays, clipped like any sub-shift, and no second one is placed', () => {
    expect(cut(world(), '2025-10-15 08:00', '2025-10-15 12:15', '2025-10-15 12:05').slice(1)).toEqual([
      { op: 'update', collection: 'shifts', key: 2, fields: { start: at('2025-10-15 12:00'), end: at('2025-10-15 12:15') } },
      { op: 'delete', collection: 'shifts', key: 3 },
    ]);
    // Still long enough for a break, and one was taken: nothing is added.
    const tenHours = world([{ id: 2, agentId: 101, start: '2025-10-15 10:00', end: '2025-10-15 10:30', shiftType: 5, parentId: 1 }], '2025-10-15 18:00');
    expect(cut(tenHours, '2025-10-15 08:00', '2025-10-15 16:00', '2025-10-15 11:00')).toEqual([
      { op: 'update', collection: 'shifts', key: 1, fields: { start: at('2025-10-15 08:00'), end: at('2025-10-15 16:00') } },
    ]);
  });

  it('a break outside the shorter shift is placed again, centred and rounded down to the quarter hour', () => {
    const late = world([{ id: 2, agentId: 101, start: '2025-10-15 16:00', end: '2025-10-15 16:30', shiftType: 5, parentId: 1 }], '2025-10-15 18:00');
    expect(cut(late, '2025-10-15 08:00', '2025-10-15 15:00')).toEqual([
      { op: 'update', collection: 'shifts', key: 1, fields: { start: at('2025-10-15 08:00'), end: at('2025-10-15 15:00') } },
      { op: 'delete', collection: 'shifts', key: 2 },
      breakRecord('2025-10-15 11:15', '2025-10-15 11:45'),
    ]);
  });

  it('a new break is never in the past: it starts at now rounded up, or not at all when it no longer fits', () => {
    const late = world([{ id: 2, agentId: 101, start: '2025-10-15 16:00', end: '2025-10-15 16:30', shiftType: 5, parentId: 1 }], '2025-10-15 18:00');
    expect(cut(late, '2025-10-15 08:00', '2025-10-15 15:00', '2025-10-15 11:40').slice(2)).toEqual([breakRecord('2025-10-15 11:45', '2025-10-15 12:15')]);
    expect(cut(late, '2025-10-15 08:00', '2025-10-15 15:00', '2025-10-15 14:31').slice(2)).toEqual([]);
    expect(cut(late, '2025-10-15 08:00', '2025-10-15 15:00', '2025-10-15 14:30').slice(2)).toEqual([breakRecord('2025-10-15 14:30', '2025-10-15 15:00')]);
  });

  it('a later start keeps what lies in the hours kept', () => {
    expect(cut(world(), '2025-10-15 10:00', '2025-10-15 16:00')).toEqual([
      { op: 'update', collection: 'shifts', key: 1, fields: { start: at('2025-10-15 10:00'), end: at('2025-10-15 16:00') } },
    ]);
  });

  it('a shift that is gone changes nothing', () => {
    const w = world();
    const effect = effectKinds.get('cutShift');
    expect(effect?.({ world: w, now: 0, actorId: 201, input: {}, params: { shift: 99, start: null, end: null, mealBreak: meal }, ids: new Ids(w), inserted: new Map() })).toEqual([]);
  });
});

describe('removeHours takes hours out of a shift', () => {
  // A 08:00-16:00 shift with a meal break 12:00-12:30 and a helper hour 14:00-15:00.
  const raw = {
    agents: [{ agentId: 1, agentType: 20 }],
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0, payRate: 1, cots: 2 },
      { id: 2, agentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
      { id: 3, agentId: 1, start: '2025-10-15 14:00', end: '2025-10-15 15:00', shiftType: 23, parentId: 1 },
    ],
  };
  const before = normalizeWorld(raw);
  const remove = (start: string | null, end: string | null, shift = 1): NormalizedWorld => {
    const world = new PreparedWorld(before);
    const apply = effectKinds.get('removeHours');
    if (!apply) throw new Error('no removeHours');
    const params = { shift, start: start === null ? null : at(start), end: end === null ? null : at(end) };
    return applyChanges(before, apply({ world, now: 0, actorId: 1, input: {}, params, ids: new Ids(world), inserted: new Map() }));
  };
  const rows = (w: NormalizedWorld): unknown[] =>
    (w.shifts ?? []).map((s) => [s.id, s.start, s.end, s.parentId]).sort((a, b) => Number(a[0]) - Number(b[0]));
  const t = (wall: string): number => at(`2025-10-15 ${wall}`);

  it('from the middle: the shift splits, each sub-shift follows its piece, one across a cut is split', () => {
    expect(rows(remove('2025-10-15 12:15', '2025-10-15 14:30'))).toEqual([
      [1, t('08:00'), t('12:15'), null],
      [2, t('12:00'), t('12:15'), 1],
      [3, t('14:30'), t('15:00'), 4],
      [4, t('14:30'), t('16:00'), null],
    ]);
    // The new piece is like the shift it came from.
    expect(remove('2025-10-15 12:15', '2025-10-15 14:30').shifts?.find((s) => s.id === 4)).toMatchObject({ agentId: 1, shiftType: 0, payRate: 1, cots: 2 });
  });

  it('from the start or the end: the shift shrinks and sub-shifts in the hours taken are deleted', () => {
    expect(rows(remove('2025-10-15 08:00', '2025-10-15 12:20'))).toEqual([
      [1, t('12:20'), t('16:00'), null],
      [2, t('12:20'), t('12:30'), 1],
      [3, t('14:00'), t('15:00'), 1],
    ]);
    expect(rows(remove('2025-10-15 13:00', '2025-10-15 16:00'))).toEqual([
      [1, t('08:00'), t('13:00'), null],
      [2, t('12:00'), t('12:30'), 1],
    ]);
  });

  it('all of it: the shift and its sub-shifts go, the sub-shifts first; hours outside the shift are clipped', () => {
    const world = new PreparedWorld(before);
    const apply = effectKinds.get('removeHours');
    const changes = apply?.({ world, now: 0, actorId: 1, input: {}, params: { shift: 1, start: at('2025-10-15 07:00'), end: at('2025-10-15 17:00') }, ids: new Ids(world), inserted: new Map() });
    expect(changes?.map((c) => [c.op, 'key' in c ? c.key : null])).toEqual([['delete', 2], ['delete', 3], ['delete', 1]]);
  });

  it('with `from`, once per matched record, the hours several records take from one shift taken together in any order', () => {
    const notices = [
      { id: 1, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 15:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 09:00' },
      { id: 2, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 12:15', end: '2025-10-15 16:00', createdAt: '2025-10-14 10:00' },
      { id: 3, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 10:00', appliedAt: '2025-10-14 11:00' },
      { id: 4, agentId: 1, shiftId: 99, violationType: 2, start: '2025-10-15 08:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 10:00' },
    ];
    const params = {
      from: { collection: 'notices', where: { agentId: 1, violationType: 2, appliedAt: null } },
      shift: { each: 'shiftId' },
      start: { each: 'start' },
      end: { each: 'end' },
    };
    for (const order of [notices, [...notices].reverse()]) {
      const withNotices = normalizeWorld({ ...raw, notices: order });
      const world = new PreparedWorld(withNotices);
      const changes = effectKinds.get('removeHours')?.({ world, now: 0, actorId: 1, input: {}, params, ids: new Ids(world), inserted: new Map() }) ?? [];
      // 12:15 to the end, as the wider notice says, whichever came first; the applied one (3) takes nothing.
      expect(rows(applyChanges(withNotices, changes))).toEqual([
        [1, t('08:00'), t('12:15'), null],
        [2, t('12:00'), t('12:15'), 1],
      ]);
    }
  });

  it('two spans from the middle of one shift leave three pieces, sub-shifts following theirs', () => {
    const withTwo = normalizeWorld({
      ...raw,
      notices: [
        { id: 1, agentId: 1, shiftId: 1, start: '2025-10-15 10:00', end: '2025-10-15 12:10', createdAt: '2025-10-14 09:00' },
        { id: 2, agentId: 1, shiftId: 1, start: '2025-10-15 14:30', end: '2025-10-15 15:00', createdAt: '2025-10-14 09:00' },
      ],
    });
    const w = new PreparedWorld(withTwo);
    const params = { from: { collection: 'notices', where: { agentId: 1 } }, shift: { each: 'shiftId' }, start: { each: 'start' }, end: { each: 'end' } };
    const changes = effectKinds.get('removeHours')?.({ world: w, now: 0, actorId: 1, input: {}, params, ids: new Ids(w), inserted: new Map() }) ?? [];
    expect(rows(applyChanges(withTwo, changes))).toEqual([
      [1, t('08:00'), t('10:00'), null],
      [2, t('12:10'), t('12:30'), 4],
      [3, t('14:00'), t('14:30'), 4],
      [4, t('12:10'), t('14:30'), null],
      [5, t('15:00'), t('16:00'), null],
    ]);
  });

  it('with `follow`, records naming the shift move to the later piece that holds their instant; others stay', () => {
    const withNotices = normalizeWorld({
      ...raw,
      notices: [
        // A leave early waiting at 15:00 (in the later piece), one at 9:00 (in the first), an applied one, another shift's.
        { id: 1, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 15:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 09:00' },
        { id: 2, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 09:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 09:00' },
        { id: 3, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 15:30', end: '2025-10-15 16:00', createdAt: '2025-10-14 09:00', appliedAt: '2025-10-14 10:00' },
        { id: 4, agentId: 1, shiftId: 99, violationType: 2, start: '2025-10-15 15:00', end: '2025-10-15 16:00', createdAt: '2025-10-14 09:00' },
      ],
    });
    const take = (start: string, end: string): NormalizedWorld => {
      const w = new PreparedWorld(withNotices);
      const follow = { collection: 'notices', field: 'shiftId', at: 'start', where: { violationType: 2, appliedAt: null } };
      const params = { shift: 1, start: at(start), end: at(end), follow };
      return applyChanges(withNotices, effectKinds.get('removeHours')?.({ world: w, now: 0, actorId: 1, input: {}, params, ids: new Ids(w), inserted: new Map() }) ?? []);
    };
    const shiftIds = (w: NormalizedWorld): unknown[] => (w.notices ?? []).map((n) => [n.id, n.shiftId]);
    expect(shiftIds(take('2025-10-15 10:00', '2025-10-15 11:00'))).toEqual([[1, 4], [2, 1], [3, 1], [4, 99]]);
    // Without a split there is no other piece: nothing moves.
    expect(shiftIds(take('2025-10-15 08:00', '2025-10-15 11:00'))).toEqual([[1, 1], [2, 1], [3, 1], [4, 99]]);
  });

  it('with `agent`, the hours leave every main shift of that agent they overlap, and no one else\'s', () => {
    // The shift above after 13:00-14:00 went to agent 2: pieces 1 (8:00-13:00) and 5 (14:00-16:00), the
    // helper hour 14:00-15:00 on piece 5; agent 1 also works 16:00-18:00 (6) and agent 2 has 13:00-14:00 (4).
    const split = normalizeWorld({
      agents: [{ agentId: 1, agentType: 20 }, { agentId: 2, agentType: 20 }],
      shifts: [
        { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 13:00', shiftType: 0 },
        { id: 2, agentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
        { id: 3, agentId: 1, start: '2025-10-15 14:00', end: '2025-10-15 15:00', shiftType: 23, parentId: 5 },
        { id: 4, agentId: 2, start: '2025-10-15 13:00', end: '2025-10-15 14:00', shiftType: 0, isCovering: true },
        { id: 5, agentId: 1, start: '2025-10-15 14:00', end: '2025-10-15 16:00', shiftType: 0 },
        { id: 6, agentId: 1, start: '2025-10-15 16:00', end: '2025-10-15 18:00', shiftType: 0 },
      ],
      notices: [
        { id: 1, agentId: 1, shiftId: 1, violationType: 2, start: '2025-10-15 12:15', end: '2025-10-15 16:00', createdAt: '2025-10-15 09:00' },
        // Its shift is gone: it takes nothing, as no shift of agent 1 holds its hours.
        { id: 2, agentId: 1, shiftId: 99, violationType: 2, start: '2025-10-16 14:00', end: '2025-10-16 16:00', createdAt: '2025-10-15 09:00' },
      ],
    });
    const w = new PreparedWorld(split);
    const params = { from: { collection: 'notices', where: { agentId: 1, violationType: 2 } }, agent: { each: 'agentId' }, start: { each: 'start' }, end: { each: 'end' } };
    const changes = effectKinds.get('removeHours')?.({ world: w, now: 0, actorId: 1, input: {}, params, ids: new Ids(w), inserted: new Map() }) ?? [];
    expect(rows(applyChanges(split, changes))).toEqual([
      [1, t('08:00'), t('12:15'), null],
      [2, t('12:00'), t('12:15'), 1],
      [4, t('13:00'), t('14:00'), null],
      [6, t('16:00'), t('18:00'), null],
    ]);
    // Without `from`: one agent and span; another agent's hours are not agent 1's to lose.
    const direct = effectKinds.get('removeHours')?.({ world: w, now: 0, actorId: 1, input: {}, params: { agent: 2, start: t('12:15'), end: t('16:00') }, ids: new Ids(w), inserted: new Map() }) ?? [];
    expect(rows(applyChanges(split, direct)).filter((r) => [4, 5].includes((r as unknown[])[0] as number))).toEqual([[5, t('14:00'), t('16:00'), null]]);
  });

  it('nothing for hours outside the shift, a missing shift or missing times', () => {
    expect(rows(remove('2025-10-15 16:00', '2025-10-15 18:00'))).toEqual(rows(before));
    expect(rows(remove('2025-10-15 09:00', '2025-10-15 10:00', 99))).toEqual(rows(before));
    expect(rows(remove(null, '2025-10-15 10:00'))).toEqual(rows(before));
  });
});
