import { colleagues, couldTake, decideForEach, parseInstant, TAKING_ACTIONS, takingRequest, type TakeableKind } from '../engine/index.ts';
import { loadRulesDir } from '../cli/load-rules.ts';
import { buildBenchWorld, fmt, printWorld } from './world.ts';

/**
 * Who could take a posting (issue 21): every colleague decided as if they tried it, on the
 * 2,000-agent world, one posting at a time on one core. Prints each kind's time per posting,
 * wall and CPU (median and worst), beside the decisions per CPU second it implies. Goal: under
 * 300 ms of one core a posting.
 */

const GOAL_MS = 300;
/** Postings timed per kind, after one untimed warm-up posting. */
const PER_KIND = 12;

interface Sample {
  ms: number;
  /** CPU time of this process (user + system): what the work costs a core, however busy the machine. */
  cpuMs: number;
  candidates: number;
  could: number;
}

const rules = loadRulesDir();
const bw = buildBenchWorld(process.env.BENCH_AGENTS ? { agents: Number(process.env.BENCH_AGENTS) } : {});
printWorld(bw);
const { world } = bw;
const now = parseInstant(bw.now);

type Rec = { id: number; start: number; end: number; agentId?: number; createdBy?: number | null; type?: number; endedAt?: number | null; quantityRemaining?: number };

/** Records still open to colleagues, spread over the weeks ahead so each posting meets other schedules. */
function upcoming(collection: string, keep: (r: Rec) => boolean): Rec[] {
  const all = ((world.data[collection] ?? []) as unknown as Rec[]).filter((r) => r.start > now + 60 && (r.endedAt ?? null) === null && keep(r));
  const step = Math.max(1, Math.floor(all.length / (PER_KIND + 1)));
  return all.filter((_, i) => i % step === 0).slice(0, PER_KIND + 1);
}

// The bench world's open training shifts are types 61, 64 and 65; its other open shifts are type 0.
const samples: Record<TakeableKind, Rec[]> = {
  coveragePosting: upcoming('coveragePostings', () => true),
  pickupPosting: upcoming('pickupPostings', () => true),
  openShift: upcoming('openShifts', (r) => r.type === 0 && (r.quantityRemaining ?? 1) > 0),
  openTrainingShift: upcoming('openShifts', (r) => r.type === 61 && (r.quantityRemaining ?? 1) > 0),
};

async function timeOne(kind: TakeableKind, record: Rec): Promise<Sample> {
  const poster = record.agentId ?? record.createdBy ?? null;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const candidates = colleagues(world, now, poster);
  const answers = await decideForEach(rules, { action: TAKING_ACTIONS[kind], world, now, input: takingRequest(kind, record, world), candidates });
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, candidates: candidates.length, could: answers.filter(couldTake).length };
}

console.log(`\nWho could take it: every colleague decided per posting (goal: under ${GOAL_MS} ms a posting, one core)`);
console.log('  kind                 action                   postings  colleagues  could (mean)  median ms  worst ms  CPU median ms  CPU worst ms  decisions/CPU s');
let worst = 0;
for (const kind of Object.keys(TAKING_ACTIONS) as TakeableKind[]) {
  const [warm, ...timed] = samples[kind];
  if (!warm || timed.length === 0) {
    console.log(`  ${kind.padEnd(20)} ${TAKING_ACTIONS[kind].padEnd(24)} (none in the bench world)`);
    continue;
  }
  await timeOne(kind, warm);
  const runs: Sample[] = [];
  for (const r of timed) runs.push(await timeOne(kind, r));
  const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
  const ms = sorted(runs.map((r) => r.ms));
  const cpuMs = sorted(runs.map((r) => r.cpuMs));
  const median = (xs: number[]): number => xs[Math.floor(xs.length / 2)] ?? 0;
  const max = (xs: number[]): number => xs[xs.length - 1] ?? 0;
  worst = Math.max(worst, max(cpuMs));
  const decisions = runs.reduce((a, r) => a + r.candidates, 0);
  const totalCpuMs = cpuMs.reduce((a, b) => a + b, 0);
  console.log(
    `  ${kind.padEnd(20)} ${TAKING_ACTIONS[kind].padEnd(24)} ${String(runs.length).padStart(8)}  ${fmt(decisions / runs.length).padStart(10)}  ` +
      `${fmt(runs.reduce((a, r) => a + r.could, 0) / runs.length, 1).padStart(12)}  ${fmt(median(ms), 1).padStart(9)}  ${fmt(max(ms), 1).padStart(8)}  ` +
      `${fmt(median(cpuMs), 1).padStart(13)}  ${fmt(max(cpuMs), 1).padStart(12)}  ${fmt((decisions / totalCpuMs) * 1000).padStart(15)}`,
  );
}
console.log(`  worst posting: ${fmt(worst, 1)} ms of CPU (${worst < GOAL_MS ? 'goal met' : 'GOAL MISSED'}); wall times count the machine's other work too`);
