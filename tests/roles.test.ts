import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES_DIR, readRuleSources } from '../cli/load-rules.ts';
import { loadRuleSet, type RuleSet, type RuleSource } from '../engine/index.ts';
import { loadWorldAt, startTestServer } from './server/support.ts';

/**
 * rules/roles.json is the one place that says who may do what: the screens read its permissions
 * (GET /api/myPermissions) and the actions' rules name its groups. So one edit of it changes the
 * screens and the decisions alike. Here: rank 240 taken out of the wishlist group, on the
 * supervisors' cut and meal-break queue (spec 1 section 6, spec 3 sections 2 and 6).
 */

const NOW = '2025-10-15 06:00';
const DATE = '2025-10-15';
const at = (time: string): string => `${DATE} ${time}`;
const ACTOR = 1;
const THEIR_AGENT = 11;
const THEIR_SHIFT = 902;

/** Who is on the floor all day, so no head count stops anyone. */
const FLOOR = [
  ...[2, 3, 4, 5, 6].map((agentId) => ({ agentId, agentType: 20, spanish: true, initials: `S${agentId}` })),
  ...[[7, 100], [8, 101], [9, 102]].map(([agentId, agentType]) => ({ agentId, agentType, initials: `V${agentId}` })),
];

function world(agentType: number): Record<string, unknown> {
  return {
    agents: [{ agentId: ACTOR, agentType, initials: 'ME' }, ...FLOOR, { agentId: THEIR_AGENT, agentType: 20, initials: 'TA' }],
    days: [{ date: DATE }],
    shifts: [
      ...FLOOR.map((a, i) => ({ id: 800 + i, agentId: a.agentId, start: at('05:00'), end: at('23:00'), shiftType: 0 })),
      { id: THEIR_SHIFT, agentId: THEIR_AGENT, start: at('08:00'), end: at('16:00'), shiftType: 0 },
    ],
    cutRequests: [{ id: 950, agentId: THEIR_AGENT, shiftId: THEIR_SHIFT, requestedAt: at('05:00'), requestedEnd: at('12:00') }],
    lunchRequests: [{ id: 951, agentId: THEIR_AGENT, shiftId: THEIR_SHIFT, requestedAt: at('05:00'), notes: 'Later lunch' }],
  };
}

/** The wishlist's four actions, each with what the supervisor sends. */
const WISHLIST: Record<string, Record<string, unknown>> = {
  cutUser: { timeScheduleItemId: THEIR_SHIFT, startTime: null, endTime: null },
  approveLunch: { timeScheduleItemId: THEIR_SHIFT, startTime: at('12:00') },
  denyCut: { shiftId: THEIR_SHIFT, agentId: THEIR_AGENT, confirmed: true },
  denyLunch: { shiftId: THEIR_SHIFT, agentId: THEIR_AGENT },
};

/** The rule set of rules/, with roles.json changed by `edit`. */
function rulesWith(edit: (roles: { groups: Record<string, { who: Record<string, unknown>[] }> }) => void): RuleSet {
  const sources: RuleSource[] = readRuleSources(DEFAULT_RULES_DIR).map((src) => {
    if (src.kind !== 'roles') return src;
    const json = structuredClone(src.json) as { groups: Record<string, { who: Record<string, unknown>[] }> };
    edit(json);
    return { ...src, json };
  });
  return loadRuleSet(sources);
}

/** What agent type 240 gets: the screen's wishlist flag and each wishlist action's answer. */
async function asRank240(rules: RuleSet): Promise<{ screen: unknown; decisions: Record<string, string> }> {
  const decisions: Record<string, string> = {};
  for (const [action, input] of Object.entries(WISHLIST)) {
    const d = await rules.action(action).decide({ world: world(240), now: NOW, actor: ACTOR, input });
    decisions[action] = d.outcome === 'ok' ? 'ok' : `${d.outcome}: ${d.rule ?? ''}: ${d.message ?? ''}`;
  }
  return { screen: rules.permissionsFor(240, false).supervisorWishlist, decisions };
}

describe('one edit of rules/roles.json changes the screens and the decisions alike', () => {
  it('rank 240 in the wishlist group: the Wishlist screen and all four actions let it through', async () => {
    const rules = rulesWith(() => undefined);
    expect(await asRank240(rules)).toEqual({ screen: true, decisions: { cutUser: 'ok', approveLunch: 'ok', denyCut: 'ok', denyLunch: 'ok' } });
  });

  it('rank 240 taken out of the wishlist group: the screen hides the queue and all four actions refuse it', async () => {
    const rules = rulesWith((roles) => {
      const who = roles.groups.wishlist?.who[0] as { agentTypes: number[] };
      who.agentTypes = who.agentTypes.filter((t) => t !== 240);
    });
    expect(await asRank240(rules)).toEqual({
      screen: false,
      decisions: {
        cutUser: 'error: cutUser.supervisorsOnly: ERROR: Only supervision can cut a shift.',
        approveLunch: 'error: approveLunch.supervisorsOnly: ERROR: Only supervision can approve a meal break.',
        denyCut: 'error: denyCut.supervisorsOnly: ERROR: Only supervision can deny a cut request.',
        denyLunch: 'error: denyLunch.supervisorsOnly: ERROR: Only supervision can deny a meal break request.',
      },
    });
    // Everyone else keeps what they had.
    for (const t of [20, 100, 102, 103, 350, 450]) {
      expect(rules.permissionsFor(t, false).supervisorWishlist, `agent type ${t}`).toBe(t !== 20);
    }
  });

  it('no action file writes an agent type of its own: every rank check names a group of roles.json', () => {
    for (const src of readRuleSources(DEFAULT_RULES_DIR)) {
      if (src.kind === 'roles' || src.kind === 'parameters') continue;
      expect(JSON.stringify(src.json), src.file).not.toMatch(/"agentTypes?"/);
    }
  });
});

/**
 * Who reads other agents' data is rules/roles.json's group supervisorsAndUp (through the permission SEES_OTHERS):
 * every read of another's details, shifts, schedule and postings' candidates, and the world
 * slice, ask it through the same permission (server/reads/details.ts seesOthers). Here: rank 100
 * taken out of the group, as a supervisor (100) looks at a call specialist's data.
 */
describe("one edit of rules/roles.json changes who reads others' data, in every read and the world slice", () => {
  const SUP = 7;
  const KA = 11;
  const SEES = {
    agents: [
      { agentId: SUP, agentType: 100, initials: 'SU' },
      { agentId: KA, agentType: 20, initials: 'KA', personalTime: 480, vacationTime: 960 },
    ],
    shifts: [
      { id: 901, agentId: KA, start: '2026-06-10 08:00', end: '2026-06-10 16:00' },
      // Not posted, so only KA and those who see others' data read it.
      { id: 902, agentId: KA, start: '2026-06-11 08:00', end: '2026-06-11 16:00' },
    ],
    coveragePostings: [{ id: 5, agentId: KA, shiftId: 901, start: '2026-06-10 08:00', end: '2026-06-10 16:00' }],
  };
  const READS = [`/api/getUserDetails/${KA}`, '/api/getShiftDetails/902', `/api/getMinWorkedWeek/${KA}/2026-06-10`, '/api/whoCouldTakeCoveragePosting/5'];

  /** What the supervisor gets from each read, and of the world slice of a cut on KA's shift. */
  async function asSupervisor(rules: RuleSet): Promise<{ reads: Record<string, number>; slice: { status: number; kaPersonalTime: unknown; error: unknown } }> {
    const server = await startTestServer(rules);
    try {
      await loadWorldAt(server, '2026-06-01 08:00', SEES);
      const reads: Record<string, number> = {};
      for (const path of READS) reads[path] = (await server.request(path, { as: SUP })).status;
      const res = await server.request('/api/worldSlice/cutUser?timeScheduleItemId=902&startTime=2026-06-11+12%3A00&endTime=2026-06-11+16%3A00', { as: SUP });
      const body = (await res.json()) as { error?: string; world?: { agents?: Record<string, unknown>[] } };
      return { reads, slice: { status: res.status, kaPersonalTime: body.world?.agents?.find((a) => a.agentId === KA)?.personalTime, error: body.error } };
    } finally {
      await server.drop();
    }
  }

  it('rank 100 in supervisorsAndUp: every read answers and the slice shows the balances', async () => {
    expect(await asSupervisor(rulesWith(() => undefined))).toEqual({
      reads: Object.fromEntries(READS.map((p) => [p, 200])),
      slice: { status: 200, kaPersonalTime: 480, error: undefined },
    });
  });

  it('rank 100 taken out of supervisorsAndUp: every read and the slice refuse it alike', async () => {
    const rules = rulesWith((roles) => {
      (roles.groups.supervisorsAndUp as { who: Record<string, unknown>[] }).who = [{ min: 101 }];
    });
    expect(await asSupervisor(rules)).toEqual({
      reads: Object.fromEntries(READS.map((p) => [p, 403])),
      slice: { status: 403, kaPersonalTime: undefined, error: 'You can only act on your own shifts.' },
    });
  });
});
