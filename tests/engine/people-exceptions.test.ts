import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { parseScenario, runScenario } from '../../engine/scenario.ts';

/**
 * The spec's single-person exceptions (the designated account manager, the one agent above 80 who
 * may ask for cuts and meal breaks, the Shiftinator Ideas recipient) are attributes of the agent's
 * record: the rules read the attribute, so whoever has it is exempt and agent 1259 or 1296 without
 * it is like anyone else. Each case starts from the fixture that shows the exception.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rules = loadRulesDir();

interface Case {
  fixture: string;
  /** The exceptional person in the fixture's world and the attribute that makes them so. */
  agentId: number;
  attribute: string;
  /** What the same request gets from someone without the attribute. */
  refused: string;
}

const CASES: Case[] = [
  {
    fixture: 'postShift/ok-type0-designated-account-manager-ordinary-day.json',
    agentId: 1259,
    attribute: 'designatedAccountManager',
    refused: 'ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.',
  },
  {
    fixture: 'postOfferCoverage/ok-designated-account-manager-ordinary-day.json',
    agentId: 1259,
    attribute: 'designatedAccountManager',
    refused: 'ERROR: Account Managers cannot post for or offer coverage unless it is a holiday.',
  },
  {
    fixture: 'postOfferGiveAway/ok-designated-account-manager.json',
    agentId: 1259,
    attribute: 'designatedAccountManager',
    refused: 'ERROR: You can only offer a holiday shift.',
  },
  {
    fixture: 'requestCut/privileged-agent.json',
    agentId: 1259,
    attribute: 'mayRequestCutsAndLunches',
    refused: 'ERROR: You are unable to request a cut through Shiftinator.',
  },
  {
    fixture: 'requestLunch/exempt-agent.json',
    agentId: 1259,
    attribute: 'mayRequestCutsAndLunches',
    refused: 'ERROR: You are unable to request a different lunch break through Shiftinator.',
  },
  {
    fixture: 'sendMessage/call-specialist-to-ideas.json',
    agentId: 1296,
    attribute: 'ideasRecipient',
    refused: 'ERROR: You are unable to start a chat with this person.',
  },
];

const fixtureText = (path: string): string => readFileSync(join(ROOT, 'fixtures', path), 'utf8');

/** The fixture with the person's id changed everywhere (world, actor, input, expectation). */
function renumbered(text: string, from: number, to: number): unknown {
  return JSON.parse(text.replace(new RegExp(`\\b${from}\\b`, 'g'), String(to)));
}

/** The fixture with the attribute taken off the person's record. */
function withoutAttribute(text: string, agentId: number, attribute: string): unknown {
  const json = JSON.parse(text) as { world: { agents: Record<string, unknown>[] } };
  const agent = json.world.agents.find((a) => a.agentId === agentId);
  if (!agent || agent[attribute] !== true) throw new Error(`the fixture's agent ${String(agentId)} does not have ${attribute}`);
  json.world.agents = json.world.agents.map((a) => (a === agent ? Object.fromEntries(Object.entries(a).filter(([k]) => k !== attribute)) : a));
  return json;
}

describe("people's exceptions are attributes of their record, not ids in the rules", () => {
  it.each(CASES)('$fixture: the person with $attribute is exempt', async ({ fixture }) => {
    const result = await runScenario(rules, parseScenario(JSON.parse(fixtureText(fixture)), fixture));
    expect(result.differences).toEqual([]);
  });

  it.each(CASES)('$fixture: agent $agentId without $attribute is refused like anyone else', async ({ fixture, agentId, attribute, refused }) => {
    const result = await runScenario(rules, parseScenario(withoutAttribute(fixtureText(fixture), agentId, attribute), fixture));
    expect(result.actual).toMatchObject({ outcome: 'error', message: refused });
  });

  it.each(CASES)('$fixture: another agent with $attribute is exempt the same way', async ({ fixture, agentId }) => {
    const result = await runScenario(rules, parseScenario(renumbered(fixtureText(fixture), agentId, 4321), fixture));
    expect(result.actual.outcome).toBe('ok');
    expect(result.differences).toEqual([]);
  });
});
