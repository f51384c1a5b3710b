import { describe, expect, it } from 'vitest';
import { minHeadCount } from '../../engine/facts/min-head-count.ts';
import { PreparedWorld, type NormalizedWorld } from '../../engine/world.ts';

/** A small seeded generator, so a failing world can be built again. */
function lcg(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

interface Piece {
  id: number;
  agentId: number;
  start: number;
  end: number;
  shiftType: number;
  parentId: number | null;
}

/**
 * Agents with overlapping, back-to-back and nested shifts, some with meal breaks (type 5) and
 * other sub-shifts, over one day in quarter hours and odd minutes.
 */
function randomWorld(seed: number): { data: NormalizedWorld; shifts: Piece[] } {
  const rand = lcg(seed);
  const agents = Array.from({ length: 6 }, (_, i) => ({ agentId: i + 1, agentType: 20, spanish: i % 3 !== 2 }));
  const shifts: Piece[] = [];
  let id = 1;
  for (let k = 0; k < 14; k++) {
    const agentId = 1 + Math.floor(rand() * agents.length);
    const start = Math.floor(rand() * 40) * (rand() < 0.5 ? 15 : 7);
    const main: Piece = { id: id++, agentId, start, end: start + 15 + Math.floor(rand() * 40) * 15, shiftType: rand() < 0.1 ? 5 : 0, parentId: null };
    shifts.push(main);
    for (let b = Math.floor(rand() * 3); b > 0; b--) {
      const from = main.start + Math.floor(rand() * (main.end - main.start));
      shifts.push({ id: id++, agentId, start: from, end: from + 10 + Math.floor(rand() * 50), shiftType: rand() < 0.7 ? 5 : 7, parentId: main.id });
    }
  }
  return { data: { agents, shifts } as unknown as NormalizedWorld, shifts };
}

/** Who is on duty at t, from the definition: a main shift covering t and none of its breaks. */
function onDutyByDefinition(shifts: Piece[], t: number, spanish: boolean, exclude: number): number {
  const on = new Set<number>();
  for (const s of shifts) {
    if (s.parentId !== null || s.shiftType === 5 || s.agentId === exclude || (s.agentId % 3 !== 0) !== spanish) continue;
    if (!(s.start <= t && t < s.end)) continue;
    if (shifts.some((b) => b.parentId === s.id && b.shiftType === 5 && b.start <= t && t < b.end)) continue;
    on.add(s.agentId);
  }
  return on.size;
}

describe('minHeadCount against its definition', () => {
  it('counts each agent once however their shifts and breaks overlap, leaving out excludeAgent', () => {
    let checked = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { data, shifts } = randomWorld(seed);
      const world = new PreparedWorld(data);
      const rand = lcg(seed * 7919);
      for (let q = 0; q < 20; q++) {
        const start = Math.floor(rand() * 700) - 60;
        const end = start + Math.floor(rand() * 300);
        const step = [1, 5, 10, 15][Math.floor(rand() * 4)] as number;
        const spanish = rand() < 0.7;
        const exclude = Math.floor(rand() * 8);
        let expected: number | null = null;
        for (let t = start; t < end; t += step) expected = Math.min(expected ?? Infinity, onDutyByDefinition(shifts, t, spanish, exclude));
        const ctx = { world, now: 0, today: 0, actorId: 0, input: {} };
        const params = { start, end, stepMinutes: step, spanish, excludeAgent: exclude, breakTypes: [5] };
        expect(minHeadCount.compute(params, ctx), `seed ${seed}, span ${start}-${end} every ${step}, spanish ${spanish}, without ${exclude}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBe(3000);
  });
});
