import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyChanges, type Change } from './changes.ts';
import { loadRuleSet } from './ruleset.ts';
import { parseDate, parseInstant } from './time.ts';
import { normalizeWorld, PreparedWorld, type NormalizedWorld } from './world.ts';

const at = parseInstant;
const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'rules');
const rules = loadRuleSet([{ file: 'rules/acceptOffer.json', json: JSON.parse(readFileSync(join(RULES_DIR, 'acceptOffer.json'), 'utf8')) as unknown }]);

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
    return d.changes ?? [];
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
