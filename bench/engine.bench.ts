import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from 'json-rules-engine';
import { formatInstant, isLibrarySource, isShiftinatorError, loadRuleSet, parseInstant, type PreparedWorld } from '../engine/index.ts';
import type { CompiledAction } from '../engine/compiled-action.ts';
import { DEFAULT_RULES_DIR } from '../cli/load-rules.ts';
import { buildBenchWorld, dutySample, fmt, printWorld, prng } from './world.ts';

/**
 * Decisions per second of the headline actions on one core, against a large prepared world,
 * next to a bare json-rules-engine run with as many rules (the engine's former runner, a
 * yardstick) and to the same decisions with every fact given: the difference is what the world's
 * facts cost. Figures are printed, never asserted.
 */

const HEADLINE = ['acceptOffer', 'claimOpenShift', 'claimOpenTrainingShift', 'combineShifts'] as const;
const WARMUP_MS = 1000;
/**
 * Ours and the bare engine take turns in short rounds, so a burst of other work on the machine
 * hits both alike; each figure is the median over the rounds.
 */
const ROUNDS = 9;
const ROUND_MS = 400;
/** Distinct requests per class in the timed mix: enough that no single world corner dominates. */
const PER_CLASS = 1000;
const GOAL_DECISIONS_PER_SECOND = 5000;

interface Request {
  actor: number;
  input: Record<string, unknown>;
}

interface Classified extends Request {
  outcome: string;
  rule: string | null;
  ruleIndex: number;
}

interface Stats {
  count: number;
  perSecond: number;
  /** The fastest round's decisions per second: the machine's capacity with the least interference. */
  bestPerSecond: number;
  meanUs: number;
  p50Us: number;
  p99Us: number;
}

function statsOf(latenciesMs: number[], wallMs?: number): Stats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  const q = (p: number): number => (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 1000;
  const meanUs = (sum / Math.max(1, sorted.length)) * 1000;
  const perSecond = wallMs !== undefined ? (sorted.length / wallMs) * 1000 : 1e6 / meanUs;
  return {
    count: sorted.length,
    perSecond,
    bestPerSecond: perSecond,
    meanUs,
    p50Us: q(0.5),
    p99Us: q(0.99),
  };
}

interface Cursor<T> {
  items: T[];
  next: number;
}

/** Runs `once` in sequence (each awaited) for `ms`, timing each call; returns the latencies with each call's item. */
async function timed<T>(cursor: Cursor<T>, ms: number, once: (item: T) => Promise<unknown>): Promise<{ latencies: number[]; tags: T[]; wallMs: number }> {
  const latencies: number[] = [];
  const tags: T[] = [];
  const started = performance.now();
  const end = started + ms;
  let t = started;
  while (t < end) {
    const item = cursor.items[cursor.next++ % cursor.items.length] as T;
    await once(item);
    const after = performance.now();
    latencies.push(after - t);
    tags.push(item);
    t = after;
  }
  return { latencies, tags, wallMs: t - started };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Latencies pooled over the rounds for the percentiles; throughput and mean are the rounds' medians. */
function pooled(rounds: { latencies: number[]; wallMs?: number }[]): Stats {
  const all = statsOf(rounds.flatMap((r) => r.latencies));
  const each = rounds.map((r) => statsOf(r.latencies, r.wallMs));
  return {
    ...all,
    perSecond: median(each.map((e) => e.perSecond)),
    bestPerSecond: Math.max(...each.map((e) => e.perSecond)),
    meanUs: median(each.map((e) => e.meanUs)),
  };
}

function shuffle<T>(list: T[], rand: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

interface AgentRow {
  agentId: number;
  agentType: number;
  spanish: boolean;
  canCoverDOCS: boolean;
}

interface OpenShiftRow {
  id: number;
  start: number;
  end: number;
  type: number;
  endedAt: number | null;
}

/** Who may claim an open shift of a type, by the spec's role table: the candidates to try. */
function eligible(type: number, a: AgentRow): boolean {
  const t = a.agentType;
  switch (type) {
    case 0:
      return t >= 15 && t <= 80;
    case 1:
      return a.spanish && t >= 15 && t <= 80;
    case 9:
      return t === 75 || t === 80 || (t >= 100 && t <= 103);
    case 15:
      return t === 85 || a.canCoverDOCS;
    case 61:
      return t >= 30 && t <= 80;
    default:
      return t >= 32 && t <= 80;
  }
}

/**
 * Claims of open shifts: per shift, a few eligible agents free around the claimed hours (the
 * claims that go through) and a few who work then or just before (stopped by the late checks).
 */
function claimRequests(world: PreparedWorld, now: number, types: number[], rand: () => number): Request[] {
  const agents = (world.data.agents ?? []) as unknown as AgentRow[];
  const out: Request[] = [];
  for (const o of (world.data.openShifts ?? []) as unknown as OpenShiftRow[]) {
    if (!types.includes(o.type) || o.endedAt !== null || o.start < now + 60) continue;
    const pool = shuffle(agents.filter((a) => eligible(o.type, a)), rand);
    const windows: [number, number][] = [];
    if (o.type === 61) {
      // QA reviews are claimed one to three whole hours at a time.
      for (let k = 0; k < 3; k++) {
        const hours = 1 + Math.floor(rand() * 3);
        const from = o.start + 60 * Math.floor(rand() * ((o.end - o.start) / 60 - hours + 1));
        windows.push([from, from + hours * 60]);
      }
    } else {
      windows.push([o.start, o.end]);
    }
    for (const [s, e] of windows) {
      let free = 0;
      let busy = 0;
      let near = 0;
      for (const a of pool) {
        if (free >= 2 && busy >= 1 && near >= 1) break;
        const around = world.mainShiftsOverlapping(a.agentId, s - 600, e + 600).length;
        const during = world.mainShiftsOverlapping(a.agentId, s, e).length;
        const kind = around === 0 ? 'free' : during > 0 ? 'busy' : 'near';
        if (kind === 'free' && free < 2) free++;
        else if (kind === 'busy' && busy < 1) busy++;
        else if (kind === 'near' && near < 1) near++;
        else continue;
        // Inputs arrive as the API sends them: Eastern wall-clock text.
        out.push({ actor: a.agentId, input: { openShiftId: o.id, start: formatInstant(s), end: formatInstant(e) } });
      }
    }
  }
  return out;
}

function acceptOfferRequests(world: PreparedWorld): Request[] {
  const out: Request[] = [];
  for (const offer of world.data.offers ?? []) {
    const posting = world.get('coveragePostings', offer.postingId);
    if (!posting) continue;
    // The poster accepts an offer; the covering agent accepts the poster's counteroffer.
    const actor = offer.offeringAgentId === posting.agentId ? offer.coveringAgentId : posting.agentId;
    out.push({ actor: actor as number, input: { offerId: offer.id } });
  }
  return out;
}

/** Every pair of an agent's shifts on one day, from today on for four weeks. */
function combineRequests(world: PreparedWorld, now: number): Request[] {
  const out: Request[] = [];
  for (const a of (world.data.agents ?? []) as unknown as AgentRow[]) {
    const mains = world.mainShiftsOverlapping(a.agentId, now - 600, now + 28 * 1440);
    for (let i = 0; i + 1 < mains.length; i++) {
      const s1 = mains[i];
      const s2 = mains[i + 1];
      if (s1 && s2 && s2.start - s1.end <= 60) out.push({ actor: a.agentId, input: { shift1Id: s1.id, shift2Id: s2.id } });
    }
  }
  return out;
}

export function requestsFor(action: string, world: PreparedWorld, now: number, rand: () => number): Request[] {
  switch (action) {
    case 'acceptOffer':
      return acceptOfferRequests(world);
    case 'claimOpenShift':
      return claimRequests(world, now, [0, 1, 9, 15], rand);
    case 'claimOpenTrainingShift':
      return claimRequests(world, now, [61, 64, 65], rand);
    default:
      return combineRequests(world, now);
  }
}

function loadAction(name: string): { action: CompiledAction; ruleCount: number } | { skipped: string } {
  const path = join(DEFAULT_RULES_DIR, `${name}.json`);
  if (!existsSync(path)) return { skipped: `no rules/${name}.json` };
  try {
    // Each file on its own (with the named values, groups and shared checks it uses): a file still being written must not keep the others out.
    const parameters = join(DEFAULT_RULES_DIR, 'parameters.json');
    const roles = join(DEFAULT_RULES_DIR, 'roles.json');
    const shared = readdirSync(DEFAULT_RULES_DIR)
      .filter((n) => n.endsWith('.json') && !n.endsWith('.schema.json'))
      .map((n) => ({ file: `rules/${n}`, json: JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, n), 'utf8')) as unknown }))
      .filter((s) => isLibrarySource(s.json));
    const rules = loadRuleSet([
      { file: `rules/${name}.json`, json: JSON.parse(readFileSync(path, 'utf8')) },
      ...shared,
      ...(existsSync(parameters) ? [{ file: 'rules/parameters.json', json: JSON.parse(readFileSync(parameters, 'utf8')) as unknown, kind: 'parameters' as const }] : []),
      ...(existsSync(roles) ? [{ file: 'rules/roles.json', json: JSON.parse(readFileSync(roles, 'utf8')) as unknown, kind: 'roles' as const }] : []),
    ]);
    const action = rules.action(name);
    return { action, ruleCount: action.file.rules.length };
  } catch (e) {
    return { skipped: `rules/${name}.json does not load: ${(e as Error).message}` };
  }
}

/** json-rules-engine alone: one condition per rule on a constant fact, no rule firing, so every rule runs. */
function bareEngine(ruleCount: number, distinctPriorities: boolean): Engine {
  const engine = new Engine([], { allowUndefinedFacts: false });
  for (let i = 0; i < ruleCount; i++) {
    engine.addFact(`c${i}`, i);
    engine.addRule({
      name: `r${i}`,
      priority: distinctPriorities ? ruleCount - i : 1,
      conditions: { all: [{ fact: `c${i}`, operator: 'equal', value: -1 }] },
      event: { type: `r${i}` },
    });
  }
  return engine;
}

interface Row {
  label: string;
  stats: Stats;
}

function table(rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.label.length), 10);
  const head = `${'run'.padEnd(width)}  ${'decisions'.padStart(9)}  ${'decisions/s'.padStart(11)}  ${'best round'.padStart(10)}  ${'mean µs'.padStart(8)}  ${'p50 µs'.padStart(8)}  ${'p99 µs'.padStart(8)}`;
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const r of rows) {
    const s = r.stats;
    console.log(
      `${r.label.padEnd(width)}  ${fmt(s.count).padStart(9)}  ${fmt(s.perSecond).padStart(11)}  ${fmt(s.bestPerSecond).padStart(10)}  ${fmt(s.meanUs, 1).padStart(8)}  ${fmt(s.p50Us, 1).padStart(8)}  ${fmt(s.p99Us, 1).padStart(8)}`,
    );
  }
}

interface ActionResult {
  name: string;
  ruleCount: number;
  mix: Stats;
  through: Stats;
  late: Stats;
  bare: Stats;
  bareShared: Stats;
  /** Our rules, in our order, with every fact given as a precomputed constant. */
  constant: Stats;
  /**
   * Median over the rounds of (our "through" mean - the constant-facts mean), each pair timed side
   * by side: what computing the world's facts costs, the rules and conditions being the same.
   */
  factsCostUs: number;
}

/**
 * One pass over every candidate: says which go through and which fail late, and warms up (the
 * first decision also builds the world's head-count indexes).
 */
async function classify(candidates: readonly Request[], action: CompiledAction, ruleCount: number, world: PreparedWorld, now: number) {
  const classified: Classified[] = [];
  const byRule = new Map<string, number>();
  let invalid = 0;
  let firstMs = 0;
  for (const req of candidates) {
    const ts = performance.now();
    try {
      const d = await action.decide({ world, now, actor: req.actor, input: req.input });
      const ruleIndex = d.rule ? action.file.rules.findIndex((r) => r.id === d.rule) : ruleCount;
      classified.push({ ...req, outcome: d.outcome, rule: d.rule ?? null, ruleIndex });
      const key = d.outcome === 'error' ? (d.rule ?? '?') : d.outcome;
      byRule.set(key, (byRule.get(key) ?? 0) + 1);
    } catch (e) {
      if (!isShiftinatorError(e)) throw e;
      invalid++;
    }
    if (classified.length + invalid === 1) firstMs = performance.now() - ts;
  }
  return { classified, byRule, invalid, firstMs };
}

async function benchAction(name: string, action: CompiledAction, ruleCount: number, world: PreparedWorld, now: number): Promise<ActionResult | string> {
  const rand = prng(7);
  const candidates = requestsFor(name, world, now, rand);
  const t0 = performance.now();
  const { classified, byRule, invalid, firstMs } = await classify(candidates, action, ruleCount, world, now);
  const passMs = performance.now() - t0;
  const lateFrom = Math.floor(ruleCount / 2);
  const through = shuffle(classified.filter((c) => c.outcome !== 'error'), rand).slice(0, PER_CLASS);
  const late = shuffle(classified.filter((c) => c.outcome === 'error' && c.ruleIndex >= lateFrom), rand).slice(0, PER_CLASS);
  console.log(
    `\n${name}: ${ruleCount} rules; ${fmt(candidates.length)} candidate requests classified in ${fmt(passMs)} ms ` +
      `(first, cold: ${fmt(firstMs, 1)} ms)${invalid ? `; ${invalid} rejected as invalid input` : ''}`,
  );
  const shown = [...byRule.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k.replace(`${name}.`, '')} ${v}`);
  console.log(`  answers: ${shown.join(', ')}`);
  if (through.length === 0 || late.length === 0) {
    return `${name}: no ${through.length === 0 ? 'requests that go through' : `requests failing late (rule ${lateFrom + 1} or later)`} in the world`;
  }
  // Alternate the two classes so neither runs as one warm streak.
  const mix: Classified[] = [];
  for (let i = 0; i < Math.max(through.length, late.length); i++) {
    mix.push(through[i % through.length] as Classified, late[i % late.length] as Classified);
  }
  const decide = (r: Classified): Promise<unknown> => action.decide({ world, now, actor: r.actor, input: r.input });
  const bare = bareEngine(ruleCount, true);
  const bareShared = bareEngine(ruleCount, false);
  // The facts each "through" decision computed, given back to the same decision: its rules run
  // on them as constants (DecisionRequest.facts), none computed.
  const constantFacts: { r: Classified; facts: Record<string, unknown> }[] = [];
  for (const r of through) constantFacts.push({ r, facts: (await action.decide({ world, now, actor: r.actor, input: r.input, keepFacts: true })).facts ?? {} });
  const cursors = {
    ours: { items: mix, next: 0 },
    bare: { items: [bare], next: 0 },
    shared: { items: [bareShared], next: 0 },
    constant: { items: constantFacts, next: 0 },
  };
  const runBare = (engine: Engine): Promise<unknown> => engine.run();
  const runConstant = ({ r, facts }: { r: Classified; facts: Record<string, unknown> }): Promise<unknown> => action.decide({ world, now, actor: r.actor, input: r.input, facts });
  await timed(cursors.ours, WARMUP_MS, decide);
  await timed(cursors.bare, WARMUP_MS / 2, runBare);
  await timed(cursors.shared, WARMUP_MS / 2, runBare);
  await timed(cursors.constant, WARMUP_MS / 2, runConstant);
  const rounds: { mix: { latencies: number[]; wallMs: number }; through: { latencies: number[] }; late: { latencies: number[] }; bare: { latencies: number[]; wallMs: number }; shared: { latencies: number[]; wallMs: number }; constant: { latencies: number[]; wallMs: number } }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const ours = await timed(cursors.ours, ROUND_MS, decide);
    const pick = (late: boolean): number[] => ours.latencies.filter((_, k) => (ours.tags[k]?.outcome === 'error') === late);
    rounds.push({
      mix: ours,
      through: { latencies: pick(false) },
      late: { latencies: pick(true) },
      bare: await timed(cursors.bare, ROUND_MS / 2, runBare),
      shared: await timed(cursors.shared, ROUND_MS / 2, runBare),
      constant: await timed(cursors.constant, ROUND_MS / 2, runConstant),
    });
  }
  return {
    name,
    ruleCount,
    mix: pooled(rounds.map((r) => r.mix)),
    through: pooled(rounds.map((r) => r.through)),
    late: pooled(rounds.map((r) => r.late)),
    bare: pooled(rounds.map((r) => r.bare)),
    bareShared: pooled(rounds.map((r) => r.shared)),
    constant: pooled(rounds.map((r) => r.constant)),
    factsCostUs: median(rounds.map((r) => statsOf(r.through.latencies).meanUs - statsOf(r.constant.latencies).meanUs)),
  };
}

async function main(): Promise<void> {
  const jreVersion = (JSON.parse(readFileSync(new URL('../node_modules/json-rules-engine/package.json', import.meta.url), 'utf8')) as { version: string }).version;
  console.log(`Engine benchmark: Node ${process.version}, json-rules-engine ${jreVersion}; one core, each decision awaited before the next.`);
  // BENCH_AGENTS shrinks the world for a quick try; the figures in bench/README.md use the default.
  const bw = buildBenchWorld(process.env.BENCH_AGENTS ? { agents: Number(process.env.BENCH_AGENTS) } : {});
  printWorld(bw);
  const now = parseInstant(bw.now);
  const sample = dutySample(bw.world, now);
  console.log(
    `  on duty, hourly over two weeks (min / mean / max): Spanish ${sample.spanish.map((v) => fmt(v, 1)).join(' / ')}, ` +
      `supervisors ${sample.supervisors.map((v) => fmt(v, 1)).join(' / ')}`,
  );

  const results: ActionResult[] = [];
  const skipped: string[] = [];
  for (const name of HEADLINE) {
    const loaded = loadAction(name);
    if ('skipped' in loaded) {
      skipped.push(`${name} (${loaded.skipped})`);
      continue;
    }
    const r = await benchAction(name, loaded.action, loaded.ruleCount, bw.world, now);
    if (typeof r === 'string') skipped.push(r);
    else results.push(r);
  }

  console.log(
    `\nTimed: ${WARMUP_MS} ms warm-up, then ${ROUNDS} rounds of ${ROUND_MS} ms ours + ${ROUND_MS} ms bare engine (two variants), taking turns; ` +
      `decisions/s and mean are medians over the rounds, p50/p99 over all decisions; "best round": the fastest round.\n"through": ok, every rule evaluated; "late": stopped by a rule in the second half of the file.`,
  );
  const rows: Row[] = [];
  for (const r of results) {
    rows.push({ label: `${r.name}  mix (half through, half late)`, stats: r.mix });
    rows.push({ label: `${r.name}  through`, stats: r.through });
    rows.push({ label: `${r.name}  late fail`, stats: r.late });
    rows.push({ label: `  bare engine, ${r.ruleCount} rules, distinct priorities`, stats: r.bare });
    rows.push({ label: `  bare engine, ${r.ruleCount} rules, one priority`, stats: r.bareShared });
    rows.push({ label: `  our ${r.ruleCount} rules, facts given as constants`, stats: r.constant });
  }
  table(rows);

  console.log(
    '\nFacts cost = our "through" mean - the same rules\' mean with every fact a constant, median over the rounds;' +
      '\ncompared with the bare run of as many one-condition rules (distinct priorities):',
  );
  let factsMet = results.length > 0;
  for (const r of results) {
    const cost = r.factsCostUs;
    const met = cost <= r.bare.meanUs;
    factsMet &&= met;
    console.log(`  ${r.name.padEnd(24)} ${fmt(cost, 1).padStart(8)} µs facts vs ${fmt(r.bare.meanUs, 1).padStart(7)} µs bare  (${fmt(cost / r.bare.meanUs, 2)}x)  ${met ? 'met' : 'NOT met'}`);
  }
  if (skipped.length) console.log(`\nSkipped: ${skipped.join('; ')}`);

  const accept = results.find((r) => r.name === 'acceptOffer');
  console.log('\nGoals:');
  console.log(
    `acceptOffer >= 5,000 decisions/s per core: ${accept ? (accept.mix.perSecond >= GOAL_DECISIONS_PER_SECOND ? 'met' : 'NOT met') : 'NOT met (not measured)'}` +
      (accept ? ` (median ${fmt(accept.mix.perSecond)}/s on the mix; best round ${fmt(accept.mix.bestPerSecond)}/s)` : ''),
  );
  console.log(`facts cost <= bare engine run: ${factsMet ? 'met' : 'NOT met'} (${results.map((r) => r.name).join(', ') || 'nothing measured'})`);
}

if (import.meta.main) await main();
