import { describe, expect, it } from 'vitest';
import { parseDate, parseInstant } from '../../engine/time.ts';
import { describeNeed, needCovers, SliceWorld, type Need } from '../../engine/slice.ts';
import { normalizeWorld } from '../../engine/world.ts';

const at = (text: string): number => parseInstant(text);
const shifts = (agentId: number, from: string, to: string): Need => ({ kind: 'agentShifts', agentId, from: at(from), to: at(to) });

describe('needCovers', () => {
  const held = shifts(7, '2025-10-15 08:00', '2025-10-16 02:00');

  it('a window of the same agent inside the answered one is answered; one reaching past it, or another agent, is not', () => {
    expect(needCovers(held, held)).toBe(true);
    expect(needCovers(held, shifts(7, '2025-10-15 10:00', '2025-10-16 00:00'))).toBe(true);
    expect(needCovers(held, shifts(7, '2025-10-15 08:00', '2025-10-16 04:00'))).toBe(false);
    expect(needCovers(held, shifts(7, '2025-10-15 06:00', '2025-10-16 02:00'))).toBe(false);
    expect(needCovers(held, shifts(8, '2025-10-15 10:00', '2025-10-16 00:00'))).toBe(false);
  });

  it('a head count is answered for the same people only', () => {
    const duty = (spanish: boolean, from: string, to: string): Need => ({ kind: 'duty', filter: { spanish }, from: at(from), to: at(to) });
    const count = duty(true, '2025-10-16 09:00', '2025-10-16 13:00');
    expect(needCovers(count, duty(true, '2025-10-16 10:00', '2025-10-16 11:00'))).toBe(true);
    expect(needCovers(count, duty(false, '2025-10-16 10:00', '2025-10-16 11:00'))).toBe(false);
    expect(needCovers(count, duty(true, '2025-10-16 08:50', '2025-10-16 11:00'))).toBe(false);
  });

  it('records over a span, for the same collection', () => {
    const off: Need = { kind: 'overlapping', collection: 'personalTime', from: at('2025-10-16 09:00'), to: at('2025-10-16 13:00') };
    expect(needCovers(off, { ...off, from: at('2025-10-16 10:00') })).toBe(true);
    expect(needCovers(off, { ...off, collection: 'notices' })).toBe(false);
  });

  it('a record, a lookup by field or a shift\'s pieces only by the same query', () => {
    expect(needCovers({ kind: 'record', collection: 'offers', key: 40 }, { kind: 'record', collection: 'offers', key: 40 })).toBe(true);
    expect(needCovers({ kind: 'record', collection: 'offers', key: 40 }, { kind: 'record', collection: 'offers', key: 41 })).toBe(false);
    expect(needCovers({ kind: 'subShifts', shiftId: 3 }, { kind: 'subShifts', shiftId: 4 })).toBe(false);
    expect(needCovers({ kind: 'where', collection: 'offers', field: 'postingId', value: 10 }, { kind: 'where', collection: 'offers', field: 'postingId', value: 10 })).toBe(true);
    expect(needCovers(held, { kind: 'subShifts', shiftId: 3 })).toBe(false);
  });
});

describe('describeNeed', () => {
  it('says what was asked, with Eastern wall-clock times', () => {
    expect(describeNeed(shifts(7, '2025-10-15 08:00', '2025-10-16 02:00'))).toBe("agent 7's shifts from 2025-10-15 08:00 to 2025-10-16 02:00");
    expect(describeNeed({ kind: 'record', collection: 'offers', key: 40 })).toBe('offers #40');
    expect(describeNeed({ kind: 'record', collection: 'days', key: parseDate('2025-12-25') })).toBe('days 2025-12-25');
    expect(describeNeed({ kind: 'subShifts', shiftId: 3 })).toBe('the pieces (meal breaks) of shift 3');
    expect(describeNeed({ kind: 'duty', filter: { spanish: true }, from: at('2025-10-16 09:00'), to: at('2025-10-16 13:00') })).toBe(
      'Spanish speakers on duty from 2025-10-16 09:00 to 2025-10-16 13:00',
    );
    expect(describeNeed({ kind: 'duty', filter: { agentTypeMin: 100, agentTypeMax: 103 }, from: at('2025-10-16 09:00'), to: at('2025-10-16 13:00') })).toBe(
      'agents of agent type 100 to 103 on duty from 2025-10-16 09:00 to 2025-10-16 13:00',
    );
    expect(describeNeed({ kind: 'where', collection: 'offers', field: 'postingId', value: 10 })).toBe('offers whose postingId is 10');
    expect(describeNeed({ kind: 'overlapping', collection: 'notices', from: at('2025-10-16 09:00'), to: at('2025-10-16 13:00') })).toBe(
      'notices from 2025-10-16 09:00 to 2025-10-16 13:00',
    );
  });
});

describe('SliceWorld.takeMissing', () => {
  it('hands over what was asked and forgets it, so a second decision on the same slice notes its own needs', () => {
    const world = new SliceWorld(normalizeWorld({ agents: [{ agentId: 1, agentType: 20 }] }), new Set(['record:agents:1']));
    world.get('agents', 1);
    world.get('offers', 40);
    world.get('offers', 40);
    expect(world.takeMissing()).toEqual([{ kind: 'record', collection: 'offers', key: 40 }]);
    expect(world.missing).toEqual([]);
    world.get('offers', 40);
    expect(world.takeMissing()).toEqual([{ kind: 'record', collection: 'offers', key: 40 }]);
  });
});
