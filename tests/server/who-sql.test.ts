import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, readRuleSources } from '../../cli/load-rules.ts';
import { compileWho, dutyClause, flagWho, loadRuleSet, whoMatches, type AgentAttribute, type AgentAttributes, type DutyFilter, type WhoClause } from '../../engine/index.ts';
import type { Who } from '../../engine/roles.ts';
import type { Database } from '../../server/db/database.ts';
import { kyselyOf } from '../../server/db/kysely.ts';
import { query } from '../../server/reads/sql.ts';
import { AGENT_COLUMNS, whoIs } from '../../server/routes/shared.ts';
import { whoSql } from '../../server/who-sql.ts';
import { loadWorld, openTestDatabase } from './support.ts';

/**
 * The "who" language of rules/roles.json is parsed once (engine/roles.ts compileWho) and run two
 * ways: whoMatches in JavaScript (permissions, the rules' inGroup, the head counts in the engine)
 * and whoSql in SQL (the permission reads, the group lists, the head counts' populations loaded
 * from the database). Every case below must pick the same agents both ways, and the SQL both as
 * the reads write it (Kysely) and as the world loader does (raw text).
 */

const TYPES = [0, 10, 14, 15, 20, 21, 30, 31, 32, 74, 75, 80, 81, 84, 85, 86, 99, 100, 101, 102, 103, 104, 105, 110, 231, 240, 350, 450];
const ATTRIBUTES: AgentAttribute[] = ['designatedAccountManager', 'mayRequestCutsAndLunches', 'ideasRecipient'];

/** Every type with Spanish off and on, and some of them with one attribute each. */
const AGENTS = TYPES.flatMap((agentType, i) =>
  [false, true].map((spanish, j) => {
    const attribute = (i + j) % 4 < ATTRIBUTES.length ? ATTRIBUTES[(i + j) % 4] : undefined;
    return { agentId: i * 2 + j + 1, agentType, spanish, initials: `A${i * 2 + j + 1}`, ...(attribute ? { [attribute]: true } : {}) };
  }),
);

const GROUPS: Record<string, { who: Who[] }> = {
  managers: { who: [{ min: 100 }] },
  spanishStaff: { who: [{ max: 84, spanish: true }] },
  trainers: { who: [{ agentTypes: [30, 31, 32] }] },
  nested: { who: [{ group: 'trainers' }, { group: 'managers', max: 103 }] },
  nothing: { who: [] },
};

/** The table of cases: a "who" list over GROUPS. */
const CASES: [string, Who[]][] = [
  ['nobody (an empty list)', []],
  ['everyone ({})', [{}]],
  ['listed types', [{ agentTypes: [15, 21, 240] }]],
  ['a minimum', [{ min: 100 }]],
  ['a maximum', [{ max: 14 }]],
  ['a range', [{ min: 30, max: 80 }]],
  ['Spanish only', [{ spanish: true }]],
  ['not Spanish, in a range', [{ min: 20, max: 84, spanish: false }]],
  ['an attribute', [{ attribute: 'ideasRecipient' }]],
  ['an attribute or a rank', [{ attribute: 'mayRequestCutsAndLunches' }, { max: 80 }]],
  ['listed types within a range', [{ agentTypes: [10, 30, 100, 450], min: 20, max: 400 }]],
  ['a group', [{ group: 'managers' }]],
  ['a group narrowed by a maximum', [{ group: 'managers', max: 102 }]],
  ['a group narrowed by Spanish', [{ group: 'spanishStaff', min: 20 }]],
  ['a group whose Spanish conflicts', [{ group: 'spanishStaff', spanish: false }]],
  ['a group of listed types within a range', [{ group: 'trainers', min: 31 }]],
  ['a group naming groups', [{ group: 'nested' }]],
  ['a group of nobody', [{ group: 'nothing' }, { agentTypes: [85] }]],
  ['a group and an attribute', [{ group: 'managers', attribute: 'designatedAccountManager' }]],
];

/** Head counts' populations (engine/world.ts DutyFilter). */
const DUTY: DutyFilter[] = [{}, { spanish: true }, { agentTypeMin: 100, agentTypeMax: 103 }, { spanish: false, agentTypeMax: 84 }];

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await loadWorld(db, { agents: AGENTS });
});
afterAll(() => drop());

function inJs(clauses: readonly WhoClause[]): number[] {
  return AGENTS.filter((a) => whoMatches(clauses, a.agentType, a.spanish, a as AgentAttributes)).map((a) => a.agentId);
}

async function inKysely(who: readonly Who[], groups: Record<string, { who: Who[] }>): Promise<number[]> {
  const rows = await kyselyOf(db.em()).selectFrom('agents as a').select('a.agent_id').where(whoIs(who, groups)).orderBy('a.agent_id').execute();
  return rows.map((r) => r.agent_id);
}

async function inRawSql(clauses: readonly WhoClause[]): Promise<number[]> {
  const rows = await query<{ id: number }>(db.em(), { text: `select a.agent_id as id from agents a where ${whoSql(clauses, AGENT_COLUMNS).text} order by a.agent_id`, params: whoSql(clauses, AGENT_COLUMNS).params });
  return rows.map((r) => r.id);
}

describe('one "who" language, in JavaScript and in SQL', () => {
  it.each(CASES)('%s', async (_name, who) => {
    const clauses = compileWho(who, GROUPS);
    const js = inJs(clauses);
    expect(await inKysely(who, GROUPS)).toEqual(js);
    expect(await inRawSql(clauses)).toEqual(js);
  });

  it('the cases tell agents apart: only those meant to pick everyone or no one do', () => {
    const picked = Object.fromEntries(CASES.map(([name, who]) => [name, inJs(compileWho(who, GROUPS)).length]));
    const all = Object.entries(picked).filter(([, n]) => n === AGENTS.length).map(([name]) => name);
    const none = Object.entries(picked).filter(([, n]) => n === 0).map(([name]) => name);
    expect({ all, none }).toEqual({ all: ['everyone ({})'], none: ['nobody (an empty list)', 'a group whose Spanish conflicts'] });
  });

  it.each(DUTY.map((f) => [JSON.stringify(f), f] as const))('the head count population %s', async (_name, f) => {
    const clauses = [dutyClause(f)];
    expect(await inRawSql(clauses)).toEqual(inJs(clauses));
  });

  it("every group and flag permission of rules/roles.json", async () => {
    const roles = loadRuleSet(readRuleSources(DEFAULT_RULES_DIR)).roles;
    if (!roles) throw new Error('no roles.json');
    const lists: [string, readonly Who[]][] = [
      ...Object.entries(roles.groups).map(([name, g]) => [`group ${name}`, g.who] as [string, readonly Who[]]),
      ...Object.entries(roles.permissions).filter(([, p]) => 'who' in p).map(([name]) => [`permission ${name}`, flagWho(roles, name)] as [string, readonly Who[]]),
    ];
    for (const [name, who] of lists) {
      const clauses = compileWho(who, roles.groups);
      expect(await inKysely(who, roles.groups), name).toEqual(inJs(clauses));
    }
  });
});
