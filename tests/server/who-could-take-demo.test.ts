import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleagues, decideForEach, parseInstant, PreparedWorld, TAKING_ACTIONS, takingRequest, type NormalizedWorld } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { candidatesFor } from '../../server/candidates.ts';
import type { Database } from '../../server/db/database.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { openTestDatabase, readWorld } from './support.ts';

/**
 * Who could take it on the demo's database (295 colleagues, schedules with meal breaks, postings
 * whose windows reach into neighbouring shifts): the server loads the colleagues' hours over the
 * windows the first decisions read, all at once, and answers each colleague exactly as the engine
 * does on the whole world.
 */
const NOW = parseInstant('2025-10-14 09:00');
const rules = loadRulesDir();

let db: Database;
let drop: () => Promise<void>;
let world: PreparedWorld;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await seedDemo(db, { now: NOW, rules });
  world = new PreparedWorld((await readWorld(db)) as NormalizedWorld);
}, 180_000);
afterAll(async () => {
  await drop();
}, 60_000);

type Kind = 'coveragePosting' | 'openShift';

/** Every fourth posting of a kind still ahead, at most `n`. */
function ahead(collection: string, n: number): { id: number; start: number; end: number; poster: number | null }[] {
  const open = (world.data[collection] ?? []).filter((r) => (r.start as number) > NOW + 60 && r.endedAt === null);
  return open
    .filter((_, i) => i % 4 === 0)
    .slice(0, n)
    .map((r) => ({ id: r.id as number, start: r.start as number, end: r.end as number, poster: ((r.agentId ?? r.createdBy) as number | null) ?? null }));
}

describe('who could take it on the demo', () => {
  it.each([
    ['coveragePosting', 'coveragePostings'],
    ['openShift', 'openShifts'],
  ] as [Kind, string][])('answers every colleague of a %s as the engine does on the whole world', async (kind, collection) => {
    const postings = ahead(collection, 4);
    expect(postings.length).toBeGreaterThan(0);
    for (const p of postings) {
      const found = await db.exclusive(() => candidatesFor(db, rules, kind, p.id, NOW));
      const takeable = found?.takeable ?? kind;
      const engine = await decideForEach(rules, { action: TAKING_ACTIONS[takeable], world, now: NOW, input: takingRequest(takeable, p, world), candidates: colleagues(world, NOW, p.poster) });
      const byAgent = (rows: { agentId: number; outcome: string; rule: string | null; message: string | null }[]) =>
        rows.map((r) => ({ agentId: r.agentId, outcome: r.outcome, rule: r.rule, message: r.message })).sort((a, b) => a.agentId - b.agentId);
      expect(byAgent(found?.rows ?? []), `${kind} ${p.id}`).toEqual(byAgent(engine));
    }
  }, 120_000);
});
