import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { loadRuleSet } from '../../engine/ruleset.ts';
import { parseScenario, type Scenario } from '../../engine/scenario.ts';
import { suggest, type Suggestion } from '../../engine/suggest.ts';
import { parseInstant } from '../../engine/time.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const rules = loadRulesDir();

function fixture(action: string, file: string): Scenario {
  return parseScenario(JSON.parse(readFileSync(join(ROOT, 'fixtures', action, file), 'utf8')), file);
}

async function decide(s: Scenario, input: Record<string, unknown>): Promise<string> {
  const d = await rules.action(s.action).decide({ world: s.world, now: s.now, actor: s.actor, input });
  return d.outcome;
}

/** Every split of one minute less than the suggestion, on the range it moved, is still refused. */
async function expectNearest(s: Scenario, found: Suggestion): Promise<void> {
  const start = parseInstant(found.from.start);
  const end = parseInstant(found.from.end);
  const cut = found.cutMinutes - 1;
  for (let a = 0; a <= cut; a++) {
    const input = { ...s.input, [found.range.start]: start + a, [found.range.end]: end - (cut - a) };
    expect(await decide(s, input), `cutting ${a} from the start and ${cut - a} from the end`).toBe('error');
  }
}

describe('the fix, not only the refusal: the nearest request that passes', () => {
  it('600 minutes after the start: cuts what the message asks, keeping the start', async () => {
    const s = fixture('postOfferCoverage', 'error-600-after.json');
    const found = await suggest(rules, { action: s.action, world: s.world, now: s.now, actor: s.actor, input: s.input });
    expect(found).toMatchObject({
      range: { start: 'coverageStartDatetime', end: 'coverageEndDatetime' },
      from: { start: '2025-10-15 08:00', end: '2025-10-15 16:00' },
      to: { start: '2025-10-15 08:00', end: '2025-10-15 13:00' },
      cutMinutes: 180,
      decision: { outcome: 'ok' },
    });
    expect(await decide(s, found?.input ?? {})).toBe('ok');
    if (found) await expectNearest(s, found);
  });

  it('both windows: the message names the first (180), the suggestion passes both (360)', async () => {
    const base = fixture('postOfferCoverage', 'error-600-after.json');
    const world = structuredClone(base.world) as { shifts: Record<string, unknown>[] };
    // AB also works the night before, 22:00-06:00: 480 in the 18 hours before any end that day.
    world.shifts.push({ id: 5, agentId: 101, start: '2025-10-14 22:00', end: '2025-10-15 06:00', shiftType: 0 });
    const s = { ...base, world };
    const first = await rules.action(s.action).decide({ world, now: s.now, actor: s.actor, input: s.input });
    expect(first.message).toBe('ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut 180 min from this offer.');
    const cutAsTold = await rules.action(s.action).decide({ world, now: s.now, actor: s.actor, input: { ...s.input, coverageEndDatetime: '2025-10-15 13:00' } });
    expect(cutAsTold.message).toBe('ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut 180 min from this offer.');
    expect(cutAsTold.rule).toBe('postOfferCoverage.coverMaxBefore');
    const found = await suggest(rules, { action: s.action, world, now: s.now, actor: s.actor, input: s.input });
    expect(found).toMatchObject({ to: { start: '2025-10-15 08:00', end: '2025-10-15 10:00' }, cutMinutes: 360, decision: { outcome: 'ok' } });
    if (found) await expectNearest(s, found);
  });

  it("on a slice's given sums (minutes worked, counted for the hours asked), finds hours their own sums pass", async () => {
    // The browser searches on a world slice whose sums belong to the hours asked, then checks
    // what it found on a slice for those hours (web/src/ui/suggestion.tsx): here the same check.
    const base = fixture('postOfferCoverage', 'error-600-after.json');
    const world = structuredClone(base.world) as { shifts: Record<string, unknown>[] };
    world.shifts.push({ id: 5, agentId: 101, start: '2025-10-14 22:00', end: '2025-10-15 06:00', shiftType: 0 });
    const action = rules.action(base.action);
    const asked = await action.decide({ world, now: base.now, actor: base.actor, input: base.input, keepFacts: true });
    // The first window refuses, so only its sum was counted, and only it is given.
    const given = { coverWorkedAfter: asked.facts?.coverWorkedAfter };
    expect(given).toEqual({ coverWorkedAfter: 300 });
    expect(asked.facts).not.toHaveProperty('coverWorkedBefore');
    const found = await suggest(rules, { action: base.action, world, now: base.now, actor: base.actor, input: base.input, facts: given });
    expect(found?.to).toEqual({ start: '2025-10-15 08:00', end: '2025-10-15 10:00' });
    expect(await decide({ ...base, world }, found?.input ?? {})).toBe('ok');
  });

  it('a trade: the other person\'s 600 minutes shorten the swap (the whole shift, as no hours were sent)', async () => {
    const s = fixture('postOfferCoverage', 'error-swap-poster-600-after.json');
    const found = await suggest(rules, { action: s.action, world: s.world, now: s.now, actor: s.actor, input: s.input });
    expect(found).toMatchObject({
      range: { start: 'swapStartDatetime', end: 'swapEndDatetime' },
      from: { start: '2025-10-16 08:00', end: '2025-10-16 16:00' },
      to: { start: '2025-10-16 08:00', end: '2025-10-16 13:00' },
      cutMinutes: 180,
      decision: { outcome: 'ok' },
    });
    expect(found?.input).toMatchObject({ coverageStartDatetime: '2025-10-15 08:00', coverageEndDatetime: '2025-10-15 16:00', swapScheduleId: 2 });
    if (found) await expectNearest(s, found);
  });

  it('pauses every few decisions, and a pause that throws stops the search', async () => {
    const s = fixture('postOfferCoverage', 'error-600-after.json');
    const q = { action: s.action, world: s.world, now: s.now, actor: s.actor, input: s.input };
    let pauses = 0;
    const found = await suggest(rules, { ...q, pause: async () => void pauses++ });
    expect(found?.to).toEqual({ start: '2025-10-15 08:00', end: '2025-10-15 13:00' });
    expect(pauses).toBeGreaterThan(0);
    const stop = new Error('the form changed');
    await expect(suggest(rules, { ...q, pause: () => Promise.reject(stop) })).rejects.toBe(stop);
  });

  it('a claim starting too soon starts later, by the minute', async () => {
    const s = fixture('claimOpenShift', 'error-start-less-than-2-minutes-ahead.json');
    const found = await suggest(rules, { action: s.action, world: s.world, now: s.now, actor: s.actor, input: s.input });
    expect(found?.decision.outcome).toBe('ok');
    expect(found?.to.end).toBe(found?.from.end);
    if (found) await expectNearest(s, found);
  });

  it('nothing to suggest for a request that passes, or a refusal no shorter hours fix', async () => {
    const ok = fixture('postOfferCoverage', 'ok-account-manager-holiday.json');
    expect(await suggest(rules, { action: ok.action, world: ok.world, now: ok.now, actor: ok.actor, input: ok.input })).toBeNull();
    const probation = fixture('claimOpenShift', 'error-probation.json');
    expect(await suggest(rules, { action: probation.action, world: probation.world, now: probation.now, actor: probation.actor, input: probation.input })).toBeNull();
  });

  it('a rule file\'s adjust must name instant input fields and its own facts', () => {
    const withAdjust = (adjust: unknown): void => {
      const sources = readRuleSources(join(ROOT, 'rules')).map((src) =>
        src.file.endsWith('claimOpenShift.json') ? { ...src, json: { ...(src.json as object), adjust } } : src,
      );
      loadRuleSet(sources);
    };
    expect(() => withAdjust([{ start: 'openShiftId', end: 'end' }])).toThrow('"openShiftId" is not an instant field of "input"');
    expect(() => withAdjust([{ start: 'start', end: 'end', current: { start: 'shiftStart', end: 'end' } }])).toThrow('current names "shiftStart", which is not a fact of this file');
    expect(() => withAdjust([{ start: 'start', end: 'end' }])).not.toThrow();
  });
});
