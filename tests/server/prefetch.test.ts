import { describe, expect, it } from 'vitest';
import { needKey, normalizeWorld, parseInstant, PreparedWorld, SliceWorld, type Decision } from '../../engine/index.ts';
import { requestsFor } from '../../bench/engine.bench.ts';
import { generateWorld, prng } from '../../bench/world.ts';
import { decideOnSnapshot } from '../../server/decide-on-snapshot.ts';
import { sliceAsText } from '../../server/slice-text.ts';
import { loadWorld, useTestServer } from './support.ts';

const server = useTestServer();

/** A few weeks of the benchmark's call centre, small: offers of every kind, open shifts, head counts. */
const generated = generateWorld({ agents: 60, firstDay: '2025-09-01', months: 3 });
const whole = new PreparedWorld(normalizeWorld(generated.world));
const now = parseInstant(generated.now);

const answer = (d: Decision): unknown[] => [d.outcome, d.message ?? null, d.rule ?? null, d.warnings];

describe('deciding on the database with the needs of earlier decisions loaded first', () => {
  it.each(['acceptOffer', 'claimOpenShift'])(
    '%s: every request decides as the engine does on the whole world, its slice re-decides the same, and once the shapes are known one statement loads it',
    async (action) => {
      await loadWorld(server.db, generated.world);
      const requests = requestsFor(action, whole, now, prng(7)).slice(0, 120);
      expect(requests.length).toBeGreaterThan(40);
      const rules = server.rules.action(action);
      const statements: number[] = [];
      const outcomes = new Set<string>();
      for (const r of requests) {
        const expected = await rules.decide({ world: whole, now, actor: r.actor, input: r.input });
        const got = await server.db.exclusive(() => decideOnSnapshot(server.db, server.rules, { action, actor: r.actor, input: r.input, now }));
        expect(answer(got.decision), `${action} ${JSON.stringify(r)}`).toEqual(answer(expected));
        outcomes.add(got.decision.rule ?? got.decision.outcome);
        // What is logged: the slice as text, replayed like a scenario file, and with its needs as what it holds in full.
        const logged = normalizeWorld(JSON.parse(JSON.stringify(sliceAsText(got.world))));
        expect(answer(await rules.decide({ world: new PreparedWorld(logged), now, actor: r.actor, input: r.input }))).toEqual(answer(expected));
        const held = new SliceWorld(logged, new Set(got.needs.map(needKey)));
        await rules.decide({ world: held, now, actor: r.actor, input: r.input });
        expect(held.missing).toEqual([]);
        statements.push(got.statements);
      }
      // Several rules decide, so the shapes learnt from one kind of request meet the others.
      expect(outcomes.size).toBeGreaterThan(2);
      const warm = statements.slice(20);
      expect(warm.filter((n) => n === 1).length / warm.length).toBeGreaterThan(0.9);
    },
    120_000,
  );

  it('a slice holds only what the decision read: a claim stopped before the head counts logs no head count', async () => {
    await loadWorld(server.db, generated.world);
    const rules = server.rules.action('claimOpenShift');
    let checked = 0;
    for (const r of requestsFor('claimOpenShift', whole, now, prng(9))) {
      const expected = await rules.decide({ world: whole, now, actor: r.actor, input: r.input });
      if (expected.rule !== 'claimOpenShift.alreadyScheduled') continue;
      const got = await server.db.exclusive(() => decideOnSnapshot(server.db, server.rules, { action: 'claimOpenShift', actor: r.actor, input: r.input, now }));
      expect(got.decision.rule).toBe('claimOpenShift.alreadyScheduled');
      expect(got.needs.filter((n) => n.kind === 'duty')).toEqual([]);
      // The claimer, the open shift's creator at most: nobody counted.
      expect((got.world.agents ?? []).length).toBeLessThanOrEqual(2);
      if (++checked === 5) break;
    }
    expect(checked).toBe(5);
  });
});
