import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { colleagues, couldTake, decideForEach, requestOf, sharedFacts, sharedRules, TAKING_ACTIONS, takingRequest, type Takeable, type TakeableKind } from '../../engine/candidates.ts';
import { parseScenario, type Scenario } from '../../engine/scenario.ts';
import { parseInstant } from '../../engine/time.ts';
import { PreparedWorld } from '../../engine/world.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const rules = loadRulesDir();

function scenarios(action: string): (Scenario & { file: string })[] {
  const dir = join(ROOT, 'fixtures', action);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ ...parseScenario(JSON.parse(readFileSync(join(dir, file), 'utf8')), file), file }));
}

/** The request a colleague would be asked about, when the fixture's request is that one (else null). */
function takenWhole(kind: TakeableKind, s: Scenario): Record<string, unknown> | null {
  const collection = kind === 'coveragePosting' ? 'coveragePostings' : kind === 'pickupPosting' ? 'pickupPostings' : 'openShifts';
  const idField = kind === 'coveragePosting' ? 'lookingForCoverageId' : kind === 'pickupPosting' ? 'lookingToPickUpId' : 'openShiftId';
  const world = PreparedWorld.from(s.world);
  const record = world.get(collection, s.input[idField]);
  if (!record) return null;
  const whole = { ...requestOf(takingRequest(kind, record as unknown as Takeable, world), s.actor) };
  const given = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  const asked = given(s.input);
  // An offer's expiry is the offerer's own choice, not part of what is taken: kept as the fixture set it.
  if (asked.expirationDatetime !== undefined) whole.expirationDatetime = asked.expirationDatetime;
  const wanted = given(whole);
  const same = Object.keys(asked).length === Object.keys(wanted).length &&
    Object.entries(wanted).every(([k, v]) => {
      const sent = asked[k];
      return typeof sent === 'string' ? parseInstant(sent) === v : sent === v;
    });
  return same ? whole : null;
}

describe('who could take it: every colleague decided as if they tried it', () => {
  for (const kind of Object.keys(TAKING_ACTIONS) as TakeableKind[]) {
    const action = TAKING_ACTIONS[kind];
    it(`${action}: a colleague's answer is the recorded answer of the fixtures that ask for the whole ${kind}`, async () => {
      let compared = 0;
      for (const s of scenarios(action)) {
        const input = takenWhole(kind, s);
        if (!input) continue;
        const [answer] = await decideForEach(rules, { action, world: s.world, now: s.now, input, candidates: [s.actor] });
        expect(answer?.outcome, s.file).toBe(s.expect.outcome);
        if (s.expect.rule !== undefined) expect(answer?.rule, s.file).toBe(s.expect.rule);
        if (s.expect.message !== undefined) expect(answer?.message, s.file).toBe(s.expect.message);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('answers for every colleague, in order, with the rule and message that stop each', async () => {
    const [s] = scenarios('postOfferCoverage').filter((x) => x.file === 'error-600-after.json');
    if (!s) throw new Error('fixture error-600-after is missing');
    const world = PreparedWorld.from(s.world);
    const posting = world.get('coveragePostings', s.input.lookingForCoverageId) as { id: number; agentId: number; start: number; end: number };
    const now = parseInstant(s.now);
    const everyone = colleagues(world, now, posting.agentId);
    expect(everyone).not.toContain(posting.agentId);
    expect(everyone).toContain(s.actor);
    const answers = await decideForEach(rules, { action: 'postOfferCoverage', world, now, input: takingRequest('coveragePosting', posting, world), candidates: everyone });
    expect(answers.map((a) => a.agentId)).toEqual(everyone);
    const actor = answers.find((a) => a.agentId === s.actor);
    expect(actor).toMatchObject({ outcome: 'error', rule: 'postOfferCoverage.coverMaxAfter', message: 'ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut 180 min from this offer.' });
    for (const a of answers) expect(couldTake(a)).toBe(a.outcome !== 'error');
  });

  it('sharing what does not depend on who asks changes no answer: every fixture world, every agent in it', async () => {
    let compared = 0;
    for (const kind of Object.keys(TAKING_ACTIONS) as TakeableKind[]) {
      const action = TAKING_ACTIONS[kind];
      const collection = kind === 'coveragePosting' ? 'coveragePostings' : kind === 'pickupPosting' ? 'pickupPostings' : 'openShifts';
      for (const s of scenarios(action)) {
        const world = PreparedWorld.from(s.world);
        for (const record of (world.data[collection] ?? []) as unknown as Takeable[]) {
          const everyone = ((world.data.agents ?? []) as unknown as { agentId: number }[]).map((a) => a.agentId);
          const request = takingRequest(kind, record, world);
          const shared = await decideForEach(rules, { action, world, now: s.now, input: request, candidates: everyone });
          for (const [i, agentId] of everyone.entries()) {
            const alone = await rules.action(action).decide({ world, now: s.now, actor: agentId, input: requestOf(request, agentId) });
            expect(shared[i], `${action} ${s.file} ${collection} ${record.id} agent ${agentId}`).toEqual({ agentId, outcome: alone.outcome, rule: alone.rule ?? null, message: alone.message ?? null });
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('shares the head counts and the poster\'s hours, never the candidate\'s own', () => {
    const shared = sharedFacts(rules.action('postOfferCoverage').file, false);
    expect(shared).toContain('spanishOnDuty');
    expect(shared).toContain('posterWorkedAfter');
    expect(shared).not.toContain('coverWorkedAfter');
    expect(shared).not.toContain('coverExcessAfter');
    expect(shared).not.toContain('posterLine');
    const perCandidateInput = sharedFacts(rules.action('postOfferGiveAway').file, true);
    expect(perCandidateInput).not.toContain('shift');
  });

  it('skips only the rules that read nothing of the candidate: the posting\'s own checks, not the candidate\'s', () => {
    const shared = sharedRules(rules.action('postOfferCoverage').file, false);
    for (const id of ['postingActive', 'coverStartLeadTime', 'fullCoverageOnly', 'tradeSelectShift', 'messageLength']) expect(shared).toContain(`postOfferCoverage.${id}`);
    for (const id of ['ownPosting', 'probation', 'coverMaxAfter', 'coverScheduled', 'bilingual', 'tradeShiftValid']) expect(shared).not.toContain(`postOfferCoverage.${id}`);
    // Each colleague gives away their own shift for hours: what reads the request is theirs.
    const perCandidateInput = sharedRules(rules.action('postOfferGiveAway').file, true);
    for (const rule of rules.action('postOfferGiveAway').file.rules) {
      if (JSON.stringify(rule.when).includes('"input"')) expect(perCandidateInput, rule.id).not.toContain(rule.id);
    }
  });

  it('leaves out the poster and anyone who has left by now', () => {
    const world = {
      agents: [
        { agentId: 1, agentType: 200 },
        { agentId: 2, agentType: 200, terminationDate: '2026-01-01 00:00' },
        { agentId: 3, agentType: 200, terminationDate: '2026-03-01 00:00' },
        { agentId: 4, agentType: 200 },
      ],
    };
    expect(colleagues(world, parseInstant('2026-02-01 09:00'), 1)).toEqual([3, 4]);
  });

  it('refuses an action no rule file decides, saying which', async () => {
    await expect(decideForEach(rules, { action: 'takeEverything', world: {}, now: 0, input: {}, candidates: [] })).rejects.toThrow(/no rule file decides takeEverything/);
  });
});
