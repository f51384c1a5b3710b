import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { offeredFile } from '../../engine/offered.ts';
import { loadRuleSet, type RuleSet } from '../../engine/ruleset.ts';
import { parseScenario, type Scenario } from '../../engine/scenario.ts';
import type { RuleFile } from '../../engine/rule-file.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const rules = loadRulesDir();

function fixture(action: string, file: string): Scenario {
  return parseScenario(JSON.parse(readFileSync(join(ROOT, 'fixtures', action, file), 'utf8')), file);
}

/** The fixture's action as offered: only the `known` fields of its input given, the rest still to be chosen. */
async function offered(s: Scenario, known: string[], set: RuleSet = rules, changes: { actorType?: number } = {}): Promise<{ outcome: string; rule?: string; message?: string }> {
  const input = Object.fromEntries(known.map((k) => [k, s.input[k]]));
  const given = s.world as Record<string, Record<string, unknown>[]>;
  const world = changes.actorType === undefined ? given : { ...given, agents: (given.agents ?? []).map((a) => (a.agentId === s.actor ? { ...a, agentType: changes.actorType } : a)) };
  const d = await set.action(s.action).decide({ world, now: s.now, actor: s.actor, input, asOffered: true });
  return { outcome: d.outcome, ...(d.rule ? { rule: d.rule } : {}), ...(d.message ? { message: d.message } : {}) };
}

describe('an action as offered, before its form is filled in', () => {
  it('is refused for who the person is, with the rule and message the full decision gives', async () => {
    for (const [action, file, known] of [
      ['postShift', 'error-below-advanced-trainee.json', ['timeScheduleItemId']],
      ['postOfferCoverage', 'error-below-advanced-trainee.json', ['lookingForCoverageId']],
      ['postOfferGiveAway', 'error-below-advanced-trainee.json', ['lookingToPickUpId']],
      ['postWantWork', 'error-below-advanced-trainee.json', []],
      ['postOfferCoverage', 'error-supervisor-required.json', ['lookingForCoverageId']],
      ['giveNotice', 'more-than-48-hours-ahead.json', ['timeScheduleItemId']],
    ] as const) {
      const s = fixture(action, file);
      expect(await offered(s, [...known]), `${action}/${file}`).toEqual({ outcome: 'error', rule: s.expect.rule, message: s.expect.message });
    }
  });

  it('is offered to a rank the rules let do it', async () => {
    const s = fixture('postShift', 'error-below-advanced-trainee.json');
    expect(await offered(s, ['timeScheduleItemId'], rules, { actorType: 15 })).toEqual({ outcome: 'ok' });
    const w = fixture('postWantWork', 'error-below-advanced-trainee.json');
    expect(await offered(w, [], rules, { actorType: 20 })).toEqual({ outcome: 'ok' });
  });

  it('is refused for the state of the thing: a shift posted in full, but not one with hours still to post', async () => {
    const whole = fixture('postShift', 'error-whole-shift-already-posted.json');
    expect(await offered(whole, ['timeScheduleItemId'])).toEqual({ outcome: 'error', rule: 'postShift.alreadyPosted', message: 'ERROR: Part of this shift is already posted.' });
    // 12:00-16:00 of 08:00-16:00 is posted: 08:00-12:00 may still be.
    expect(await offered(fixture('postShift', 'error-part-already-posted.json'), ['timeScheduleItemId'])).toEqual({ outcome: 'ok' });
  });

  it('is not refused by a rule that depends on what is still to be chosen', async () => {
    // On probation, open to trades is refused; coverage only is not, and that is still to choose.
    const s = fixture('postShift', 'error-probation-open-to-trades.json');
    expect(s.expect.rule).toBe('postShift.probationTrade');
    expect(await offered(s, ['timeScheduleItemId'])).toEqual({ outcome: 'ok' });
    expect(await offered(s, ['timeScheduleItemId', 'openToTrade'])).toMatchObject({ outcome: 'error', rule: 'postShift.probationTrade' });
    // Notice within 48 hours of the start: the hours a late arrival names are still to choose.
    const soon = fixture('giveNotice', '48-hours-and-1-minute-ahead.json');
    expect(await offered({ ...soon, now: '2025-10-14 09:00' }, ['timeScheduleItemId'])).toEqual({ outcome: 'ok' });
  });

  it('follows the rule files: a rank group edited in roles.json changes what is offered', async () => {
    const sources = readRuleSources(join(ROOT, 'rules')).map((src) => {
      if (src.kind !== 'roles') return src;
      const json = structuredClone(src.json) as { groups: Record<string, { who: unknown[] }> };
      json.groups.trainees = { ...json.groups.trainees, who: [{ max: 9 }] };
      return { ...src, json };
    });
    const edited = loadRuleSet(sources);
    const s = fixture('postShift', 'error-below-advanced-trainee.json');
    expect(await offered(s, ['timeScheduleItemId'], edited)).toEqual({ outcome: 'ok' });
  });

  it('keeps of a rule only what holds whatever is chosen', () => {
    const file: RuleFile = {
      action: 'demo',
      input: { shiftId: 'id', startTime: 'instant' },
      facts: {
        shift: { kind: 'record', params: { collection: 'shifts', id: { fact: 'input', path: 'shiftId' } } },
        lead: { kind: 'elapsedMinutes', params: { from: { fact: 'now' }, to: { fact: 'input', path: 'startTime' } } },
      },
      rules: [
        { id: 'demo.either', when: { any: [{ fact: 'lead', operator: 'lessThan', value: 5 }, { fact: 'shift', operator: 'equal', value: null }] }, outcome: 'error', message: 'a', values: {} },
        { id: 'demo.both', when: { all: [{ fact: 'lead', operator: 'lessThan', value: 5 }, { fact: 'shift', operator: 'equal', value: null }] }, outcome: 'error', message: 'b', values: {} },
        { id: 'demo.notLate', when: { not: { fact: 'lead', operator: 'greaterThan', value: 0 } }, outcome: 'error', message: 'c', values: {} },
        { id: 'demo.notPast', when: { all: [{ not: { fact: 'shift', operator: 'equal', value: null } }] }, outcome: 'warning', message: 'd', values: {} },
      ],
      effects: { kind: 'insert', params: {} },
    };
    const out = offeredFile(file, new Set(['startTime']));
    expect(out.rules.map((r) => [r.id, r.when])).toEqual([['demo.either', { any: [{ fact: 'shift', operator: 'equal', value: null }] }]]);
    expect(out.input).toEqual({ shiftId: 'id', startTime: 'instant?' });
    expect(out.effects).toBeUndefined();
  });
});
