import { describe, expect, it } from 'vitest';
import { ShiftinatorError } from '../../engine/errors.ts';
import { COLLECTIONS } from '../../engine/collections.ts';
import { dayOf, parseDate, parseInstant } from '../../engine/time.ts';
import { denormalizeRecord, normalizeWorld, PreparedWorld } from '../../engine/world.ts';

function worldError(raw: unknown): { code: string; message: string } {
  try {
    normalizeWorld(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(ShiftinatorError);
    return { code: (e as ShiftinatorError).code, message: (e as ShiftinatorError).message };
  }
  throw new Error('the world was accepted');
}

const agent = { agentId: 1, agentType: 20 };

describe('normalizeWorld', () => {
  it('fills defaults, reads times and dates, and gives every collection', () => {
    const w = normalizeWorld({
      agents: [{ ...agent, probationUntil: '2025-12-01' }],
      shifts: [{ id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }],
    });
    expect(w.shifts).toEqual([
      { id: 1, agentId: 1, start: parseInstant('2025-10-15 08:00'), end: parseInstant('2025-10-15 16:00'), shiftType: 0, payRate: 0, cots: 0, isCovering: false, parentId: null },
    ]);
    expect(w.agents?.[0]).toMatchObject({ spanish: false, canCoverDOCS: false, probationUntil: parseDate('2025-12-01'), terminationDate: null, personalTime: 0 });
    expect(Object.keys(w).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    expect(w.offers).toEqual([]);
    expect(normalizeWorld(undefined).shifts).toEqual([]);
  });

  it('rejects a shift whose start is not before its end', () => {
    expect(worldError({ agents: [agent], shifts: [{ id: 1, agentId: 1, start: '2025-10-15 16:00', end: '2025-10-15 16:00' }] })).toEqual({
      code: 'WORLD_INVALID',
      message: 'world.shifts[0]: start must be before end',
    });
    // Wall clock says 01:30 to 01:10, but the end is the second 01:10: 40 minutes later, so valid.
    expect(normalizeWorld({ shifts: [{ id: 1, agentId: 1, start: '2025-11-02 01:30', end: '2025-11-02T01:10-05:00' }] }).shifts?.[0]?.end).toBe(
      parseInstant('2025-11-02 01:30') + 40,
    );
    expect(worldError({ shifts: [{ id: 1, agentId: 1, start: '2025-11-02T01:10-05:00', end: '2025-11-02 01:30' }] }).message).toBe(
      'world.shifts[0]: start must be before end',
    );
  });

  it('rejects a duplicate id', () => {
    const shift = { agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' };
    expect(worldError({ shifts: [{ id: 1, ...shift }, { id: 2, ...shift }, { id: 1, ...shift }] })).toEqual({
      code: 'WORLD_INVALID',
      message: 'world.shifts[2].id: duplicate id 1',
    });
    expect(worldError({ agents: [agent, agent] }).message).toBe('world.agents[1].agentId: duplicate agentId 1');
    expect(worldError({ days: [{ date: '2025-12-25' }, { date: '2025-12-25 10:00' }] }).message).toBe('world.days[1].date: duplicate date "2025-12-25 10:00"');
  });

  it('rejects a bad time, naming the field', () => {
    expect(worldError({ shifts: [{ id: 1, agentId: 1, start: '2025-10-15 25:00', end: '2025-10-15 16:00' }] })).toEqual({
      code: 'WORLD_INVALID',
      message: 'world.shifts[0].start: "2025-10-15 25:00" is not a valid date and time',
    });
    expect(worldError({ offers: [{ id: 1, offeringAgentId: 1, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-03-09 02:15' }] }).message).toBe(
      'world.offers[0].end: "2025-03-09 02:15" does not exist in America/New_York (daylight-saving gap)',
    );
    expect(worldError({ agents: [{ ...agent, probationUntil: '2025-02-30' }] }).message).toBe('world.agents[0].probationUntil: "2025-02-30" is not a valid date');
    expect(worldError({ shifts: [{ id: 1, agentId: 1, start: 29342340, end: '2025-10-15 16:00' }] }).message).toBe(
      'world.shifts[0].start: expected an instant as text, got 29342340',
    );
  });

  it('rejects missing and mistyped fields', () => {
    expect(worldError({ shifts: [{ id: 1, agentId: 1, end: '2025-10-15 16:00' }] }).message).toBe('world.shifts[0].start: is required');
    expect(worldError({ shifts: [{ id: '1', agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' }] }).message).toBe(
      'world.shifts[0].id: must be an integer id, got "1"',
    );
    expect(worldError({ agents: [{ ...agent, spanish: 'yes' }] }).message).toBe('world.agents[0].spanish: must be true or false, got "yes"');
    expect(worldError({ offers: [{ id: 1, offeringAgentId: 1, coveringAgentId: 2, start: '2025-10-15 08:00', end: '2025-10-15 09:00', status: 'open' }] }).message).toBe(
      'world.offers[0].status: must be one of pending, accepted, declined, withdrawn, expired, got "open"',
    );
    expect(worldError({ shifts: {} }).message).toBe('world.shifts: must be a list of records');
    expect(worldError({ shifts: [5] }).message).toBe('world.shifts[0]: must be an object');
    expect(worldError([]).message).toBe('world: must be an object of collections');
  });

  it('accepts the API\'s "True"/"False" string flags', () => {
    const w = normalizeWorld({
      agents: [{ ...agent, spanish: 'True', canCoverDOCS: 'False' }, { agentId: 2, agentType: 20, spanish: 'false', canCoverDOCS: 'true' }],
      days: [{ date: '2025-12-25', holiday: 'True', schedulePosted: 'False' }],
    });
    expect(w.agents?.map((a) => [a.spanish, a.canCoverDOCS])).toEqual([[true, false], [false, true]]);
    expect(w.days).toEqual([{ date: parseDate('2025-12-25'), holiday: true, schedulePosted: false }]);
  });

  it('keeps unknown fields and unknown collections', () => {
    const w = normalizeWorld({
      agents: [{ ...agent, favouriteColour: 'teal' }],
      bulletins: [{ id: 1, text: 'Welcome', at: '2025-10-15 08:00' }],
    });
    expect(w.agents?.[0]?.favouriteColour).toBe('teal');
    expect(w.bulletins).toEqual([{ id: 1, text: 'Welcome', at: '2025-10-15 08:00' }]);
  });

  it('a date given as an instant means that instant\'s Eastern date', () => {
    const w = normalizeWorld({ agents: [{ ...agent, probationUntil: '2025-10-14 23:30' }] });
    expect(w.agents?.[0]?.probationUntil).toBe(dayOf(parseInstant('2025-10-14 23:30')));
    expect(w.agents?.[0]?.probationUntil).toBe(parseDate('2025-10-14'));
  });

  it('denormalizeRecord writes a record back as scenario files do', () => {
    const w = normalizeWorld({ agents: [{ ...agent, probationUntil: '2025-12-01', terminationDate: '2025-11-02T01:30-05:00' }] });
    expect(denormalizeRecord('agents', w.agents?.[0] ?? {})).toMatchObject({ probationUntil: '2025-12-01', terminationDate: '2025-11-02T01:30:00-05:00' });
  });
});

describe('PreparedWorld', () => {
  const world = PreparedWorld.from({
    agents: [agent],
    shifts: [
      { id: 1, agentId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
      { id: 2, agentId: 1, start: '2025-10-15 12:00', end: '2025-10-15 12:30', shiftType: 5, parentId: 1 },
      { id: 3, agentId: 1, start: '2025-10-14 20:00', end: '2025-10-15 02:00' },
    ],
    days: [{ date: '2025-12-25', holiday: true }],
  });

  it('looks records up by key, and a day not listed is an ordinary posted day', () => {
    expect(world.shift(2)?.parentId).toBe(1);
    expect(world.agent(1)?.agentType).toBe(20);
    expect(world.agent(2)).toBeNull();
    expect(world.day(parseDate('2025-12-25'))).toEqual({ date: parseDate('2025-12-25'), holiday: true, schedulePosted: true });
    expect(world.day(parseDate('2025-12-24'))).toEqual({ date: parseDate('2025-12-24'), holiday: false, schedulePosted: true });
    expect(world.nextId('shifts')).toBe(4);
    expect(world.nextId('offers')).toBe(1);
    expect(PreparedWorld.from(world)).toBe(world);
  });

  it('finds main shifts overlapping a span, sub-shifts apart', () => {
    const ids = (from: string, to: string): unknown[] =>
      world.mainShiftsOverlapping(1, parseInstant(from), parseInstant(to)).map((s) => s.id);
    expect(ids('2025-10-15 01:00', '2025-10-15 09:00')).toEqual([3, 1]);
    expect(ids('2025-10-15 02:00', '2025-10-15 08:00')).toEqual([]);
    expect(ids('2025-10-15 12:00', '2025-10-15 12:30')).toEqual([1]);
    expect(world.subShiftsOf(1).map((s) => s.id)).toEqual([2]);
  });
});
