import { normalizeWorld, parseInstant, PreparedWorld } from '../engine/index.ts';
import { minHeadCount } from '../engine/facts/min-head-count.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { fmt, generateWorld, prng } from './world.ts';

/**
 * The head-count fact alone (claimOpenShift's spanishOnDuty and supervisorsOnDuty) against the
 * bench world at 2,000 and 20,000 agents: its cost should grow with the agents on duty at most,
 * never with the world's size. The worlds hold two months only, so both build in seconds;
 * BENCH_MONTHS gives more. Figures are printed, never asserted.
 */

const SIZES = (process.env.BENCH_SIZES ?? '2000,20000').split(',').map(Number);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 2);
const CALLS = 2000;
const ROUNDS = 5;

const roles = loadRulesDir().roles;

interface Call {
  params: Record<string, unknown>;
}

/** Spans like claimed open shifts: whole hours of the weeks after the clock, 1 to 8 hours long. */
function calls(world: PreparedWorld, now: number): Call[] {
  const rand = prng(11);
  const agents = (world.data.agents ?? []) as { agentId: number }[];
  const out: Call[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = now + 60 * Math.floor(rand() * 24 * 28);
    const end = start + 60 * (1 + Math.floor(rand() * 8));
    const excludeAgent = (agents[Math.floor(rand() * agents.length)] as { agentId: number }).agentId;
    const base = { start, end, stepMinutes: 10, excludeAgent, breakTypes: [5] };
    out.push({ params: i % 2 ? { ...base, spanish: true } : { ...base, group: 'supervisors' } });
  }
  return out;
}

function measure(world: PreparedWorld, now: number, list: Call[]): { firstMs: number; meanUs: number; checksum: number } {
  const ctx = { world, now, today: 0, actorId: 0, input: {}, roles };
  let t = performance.now();
  let checksum = Number(minHeadCount.compute((list[0] as Call).params, ctx));
  const firstMs = performance.now() - t;
  const means: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    t = performance.now();
    for (const c of list) checksum += Number(minHeadCount.compute(c.params, ctx));
    means.push(((performance.now() - t) / list.length) * 1000);
  }
  means.sort((a, b) => a - b);
  return { firstMs, meanUs: means[ROUNDS >> 1] as number, checksum };
}

for (const agents of SIZES) {
  const t = performance.now();
  const generated = generateWorld({ agents, firstDay: '2025-09-01', months: MONTHS });
  const world = new PreparedWorld(normalizeWorld(generated.world));
  const buildMs = performance.now() - t;
  const now = parseInstant(generated.now);
  const shifts = world.data.shifts?.length ?? 0;
  const m = measure(world, now, calls(world, now));
  console.log(
    `${fmt(agents)} agents, ${fmt(shifts)} shift records (${MONTHS} months, built in ${fmt(buildMs)} ms): ` +
      `first call (builds the indexes) ${fmt(m.firstMs, 1)} ms; then ${fmt(m.meanUs, 1)} µs a head count (median of ${ROUNDS} rounds of ${fmt(CALLS)}); checksum ${m.checksum}`,
  );
}
