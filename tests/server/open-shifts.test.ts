import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { bodyCases, client, decisionCount, expectBadInput, expectNotYours, ID_ERROR, json, loadWorldAt, NUMBER_ERROR, readWorld, TIME_TYPE_ERROR, useTestServer, type BadRequest, type BodyPatch } from './support.ts';

// Creating, editing and removing open shifts (server/routes/open-shifts.ts) through HTTP: what the
// scenarios in fixtures/ cannot show. Malformed requests are 400s naming the field; every agent
// type the spec does not let through gets a 403; what is created can be claimed.

const server = useTestServer();
const { call, ok } = client(server);

/** Every agent-type code of spec 3 section 6; agent N has agent type N. */
const AGENT_TYPES = [10, 15, 21, 30, 31, 32, 75, 80, 85, 100, 101, 102, 103, 105, 110, 240, 350, 450];
const NOW = '2025-10-14 09:00';

const OPEN_SHIFTS = [
  { id: 500, createdBy: 102, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 },
  { id: 501, createdBy: 102, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 1 },
  { id: 509, createdBy: 102, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 9, assistantAfterDate: '2025-10-16 16:00' },
  { id: 515, createdBy: 105, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 15 },
  { id: 561, createdBy: 103, start: '2025-10-16 07:00', end: '2025-10-16 19:00', type: 61, quantityRemaining: 3 },
  { id: 564, createdBy: 103, start: '2025-10-16 17:00', end: '2025-10-16 21:30', type: 64, quantityRemaining: 2 },
  { id: 565, createdBy: 103, start: '2025-10-16 18:00', end: '2025-10-16 21:30', type: 65, quantityRemaining: 2 },
];

/** The world every test starts from (bad input, which changes nothing, loads it once). */
function freshWorld(): Promise<void> {
  return loadWorldAt(server, NOW, {
    agents: [
      ...AGENT_TYPES.map((t) => ({ agentId: t, agentType: t, initials: `A${t}` })),
      // Claimers for the create-then-claim flow.
      { agentId: 1030, agentType: 30, initials: 'QA' },
      { agentId: 1032, agentType: 32, initials: 'AT' },
      { agentId: 2032, agentType: 32, initials: 'BT' },
      { agentId: 3032, agentType: 32, initials: 'CT' },
    ],
    openShifts: OPEN_SHIFTS,
  });
}

async function openShift(id: number): Promise<Record<string, unknown> | undefined> {
  return (await readWorld(server.db)).openShifts?.find((o) => o.id === id);
}

// ---------------------------------------------------------------------------------------------
// Bad input

const GOOD = {
  postOpenShift: { AgentID: 102, StartTime: '2025-10-16 08:00', EndTime: '2025-10-16 16:00', Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null },
  editOpenShift: {
    AgentID: 102,
    TimeScheduleItemID: 500,
    StartTime: '2025-10-16 08:00',
    EndTime: '2025-10-16 16:00',
    Type: 0,
    ShiftCredits: 0,
    PayRate: 0,
    AssistantAfterDate: null,
  },
  postOpenTrainingShift: { AgentID: 102, StartTime: '2025-10-16 07:00', EndTime: '2025-10-16 19:00', Type: 61, ShiftCredits: 0, Quantity: 1 },
  editOpenTrainingShift: { AgentID: 103, TimeScheduleItemID: 561, StartTime: '2025-10-16 07:00', EndTime: '2025-10-16 19:00', ShiftCredits: 0, PayRate: 0, Quantity: 1 },
};
type Posted = keyof typeof GOOD;

/** Cases every body of these calls shares, for the fields it has. */
function postCases(action: Posted): BadRequest[] {
  const good: Record<string, unknown> = GOOD[action];
  const as = good.AgentID as number;
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"AgentID": 102,', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['body JSON null', 'null', 'body: must be a JSON object'],
    ['AgentID missing', { AgentID: undefined }, 'AgentID: is required'],
    ['AgentID as a string', { AgentID: String(as) }, `AgentID: ${ID_ERROR}`],
    ['StartTime missing', { StartTime: undefined }, 'StartTime: is required'],
    ['StartTime null', { StartTime: null }, 'StartTime: is required'],
    ['StartTime as a number', { StartTime: 1760616000000 }, `StartTime: ${TIME_TYPE_ERROR}`],
    ['StartTime in the spring-forward gap', { StartTime: '2025-03-09 02:30' }, 'StartTime: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)'],
    ['StartTime on February 30', { StartTime: '2025-02-30 08:00' }, 'StartTime: "2025-02-30 08:00" is not a valid date and time'],
    ['EndTime in words', { EndTime: 'tonight' }, 'EndTime: "tonight" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    ['EndTime over-long', { EndTime: 'x'.repeat(1000) }, 'EndTime: must be at most 40 characters'],
    ['ShiftCredits missing', { ShiftCredits: undefined }, 'ShiftCredits: is required'],
    ['ShiftCredits as a string', { ShiftCredits: '2' }, `ShiftCredits: ${NUMBER_ERROR}`],
    ['ShiftCredits too large for a number', `${json(good).slice(0, -1)},"ShiftCredits":1e400}`, `ShiftCredits: ${NUMBER_ERROR}`],
  ];
  if ('Type' in good) {
    cases.push(['Type missing', { Type: undefined }, 'Type: is required'], ['Type as a string', { Type: 'Open' }, `Type: ${NUMBER_ERROR}`], ['Type as a boolean', { Type: true }, `Type: ${NUMBER_ERROR}`]);
  }
  if ('PayRate' in good) cases.push(['PayRate null', { PayRate: null }, 'PayRate: is required'], ['PayRate as a string', { PayRate: '1.5x' }, `PayRate: ${NUMBER_ERROR}`]);
  if ('Quantity' in good) cases.push(['Quantity missing', { Quantity: undefined }, 'Quantity: is required'], ['Quantity as an array', { Quantity: [1] }, `Quantity: ${NUMBER_ERROR}`]);
  if ('AssistantAfterDate' in good) {
    cases.push(
      ['AssistantAfterDate as a number', { AssistantAfterDate: 0 }, `AssistantAfterDate: ${TIME_TYPE_ERROR}`],
      ['AssistantAfterDate not a date', { AssistantAfterDate: '2025-10-16' }, 'AssistantAfterDate: "2025-10-16" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset'],
    );
  }
  if ('TimeScheduleItemID' in good) {
    cases.push(
      ['TimeScheduleItemID missing', { TimeScheduleItemID: undefined }, 'TimeScheduleItemID: is required'],
      ['TimeScheduleItemID as a string', { TimeScheduleItemID: '500' }, `TimeScheduleItemID: ${ID_ERROR}`],
      ['TimeScheduleItemID zero', { TimeScheduleItemID: 0 }, `TimeScheduleItemID: ${ID_ERROR}`],
      ['TimeScheduleItemID fractional', { TimeScheduleItemID: 500.5 }, `TimeScheduleItemID: ${ID_ERROR}`],
      ['TimeScheduleItemID past the largest integer', { TimeScheduleItemID: 2 ** 31 }, `TimeScheduleItemID: ${ID_ERROR}`],
    );
  }
  return bodyCases(action, good, cases, as);
}

function removeCases(): BadRequest[] {
  return [
    ['id not a number', '/api/removeOpenShift/abc/102', `id: ${ID_ERROR}`],
    ['id zero', '/api/removeOpenShift/0/102', `id: ${ID_ERROR}`],
    ['id in exponent form', '/api/removeOpenShift/5e2/102', `id: ${ID_ERROR}`],
    ['id past the largest integer', '/api/removeOpenShift/2147483648/102', `id: ${ID_ERROR}`],
    ['id2 not a number', '/api/removeOpenShift/500/me', `id2: ${ID_ERROR}`],
    ['id2 negative', '/api/removeOpenShift/500/-102', `id2: ${ID_ERROR}`],
  ].map(([name, path, error]): BadRequest => [`removeOpenShift: ${name}`, 'PUT', path as string, undefined, error as string, 102]);
}

const BAD: BadRequest[] = [...postCases('postOpenShift'), ...postCases('editOpenShift'), ...removeCases(), ...postCases('postOpenTrainingShift'), ...postCases('editOpenTrainingShift')];

describe('malformed requests: 400 naming the field, nothing decided', () => {
  beforeAll(freshWorld);
  it.each(BAD)('%s', (...bad) => expectBadInput(server, bad, 102));
});

describe('well-formed requests reach the rules', () => {
  beforeEach(freshWorld);
  it('AssistantAfterDate may be left out: a well-formed request reaches the rules', async () => {
    const res = await call('POST', '/api/postOpenShift', 102, { ...GOOD.postOpenShift, AssistantAfterDate: undefined });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('SUCCESS: Open shift has been created.');
    expect(await decisionCount(server)).toBe(1);
  });
});

describe('acting for someone else: 403 before anything is decided', () => {
  beforeEach(freshWorld);
  it.each([
    ['postOpenShift', 'POST', '/api/postOpenShift', { ...GOOD.postOpenShift, AgentID: 450 }],
    ['editOpenShift', 'POST', '/api/editOpenShift', { ...GOOD.editOpenShift, AgentID: 450 }],
    ['removeOpenShift', 'PUT', '/api/removeOpenShift/500/450?confirmed=true', undefined],
    ['postOpenTrainingShift', 'POST', '/api/postOpenTrainingShift', { ...GOOD.postOpenTrainingShift, AgentID: 450 }],
    ['editOpenTrainingShift', 'POST', '/api/editOpenTrainingShift', { ...GOOD.editOpenTrainingShift, AgentID: 450 }],
  ] as const)('%s', async (_action, method, path, body) => {
    await expectNotYours(server, method, path, 102, body);
    expect(await openShift(500)).toMatchObject({ endedAt: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Role gates: every agent type, the spec's sets

/** Creation codes each agent type may pick (spec 3 section 6); absent: no Create Open Shift button. */
const CREATE_TYPES: Record<number, number[]> = { 100: [0, 16], 102: [0, 16, 21], 105: [15], 110: [15], 350: [0, 16, 21, 15], 450: [0, 16, 21, 15] };
/** Posting types each agent type may edit and remove (spec 1 and 3 section 6). */
const EDIT_TYPES: Record<number, number[]> = { 100: [0, 1], 102: [0, 1, 9], 105: [15], 110: [15], 350: [0, 1, 9, 15], 450: [0, 1, 9, 15] };
const TRAINING_CREATORS = [240, 102, 103, 350, 450];
const SHIFT_OF_TYPE: Record<number, number> = { 0: 500, 1: 501, 9: 509, 15: 515, 61: 561, 64: 564, 65: 565 };

const CREATE_REFUSED = 'ERROR: You are unable to create an open shift.';
const TYPE_REFUSED = 'ERROR: You are unable to post this type of open shift.';

function createBody(agent: number, type: number): Record<string, unknown> {
  return { ...GOOD.postOpenShift, AgentID: agent, Type: type, AssistantAfterDate: type === 21 ? '2025-10-16 16:00' : null };
}

// One test per agent type, each trying every type of shift: the calls of one test touch different
// records, so they need no fresh world between them.
describe('postOpenShift: only the Create Open Shift button holders, only their types', () => {
  beforeEach(freshWorld);
  it.each(AGENT_TYPES)('agent type %i', async (t) => {
    let made = 0;
    for (const code of [0, 16, 15, 21]) {
      const res = await call('POST', '/api/postOpenShift', t, createBody(t, code));
      const allowed = CREATE_TYPES[t];
      const at = `creation code ${code}`;
      if (!allowed) {
        expect(res.status, at).toBe(403);
        expect(res.body, at).toMatchObject({ outcome: 'error', rule: 'postOpenShift.role', message: CREATE_REFUSED });
      } else if (!allowed.includes(code)) {
        expect(res.status, at).toBe(403);
        expect(res.body, at).toMatchObject({ outcome: 'error', rule: 'postOpenShift.typeForRole', message: TYPE_REFUSED });
      } else {
        expect(res.status, at).toBe(200);
        expect(res.body.message, at).toBe('SUCCESS: Open shift has been created.');
        made++;
      }
      const created = (await readWorld(server.db)).openShifts?.filter((o) => o.createdBy === t && !OPEN_SHIFTS.some((s) => s.id === o.id)) ?? [];
      expect(created.length, at).toBe(made);
    }
    expect(made).toBe(CREATE_TYPES[t]?.length ?? 0);
  });
});

describe('editOpenShift and removeOpenShift: the Edit and Remove sets by posting type', () => {
  beforeEach(freshWorld);
  it.each(AGENT_TYPES)('edit: agent type %i', async (t) => {
    for (const type of [0, 1, 9, 15]) {
      const id = SHIFT_OF_TYPE[type] as number;
      const code = type === 1 ? 16 : type === 9 ? 21 : type;
      const body = { ...GOOD.editOpenShift, AgentID: t, TimeScheduleItemID: id, Type: code, PayRate: 2, AssistantAfterDate: type === 9 ? '2025-10-16 16:00' : null };
      const res = await call('POST', '/api/editOpenShift', t, body);
      const at = `open shift of type ${type}`;
      if (t < 100) {
        expect(res.status, at).toBe(403);
        expect(res.body, at).toMatchObject({ rule: 'editOpenShift.rank', message: "ERROR! You're unable to edit an open shift. How did you get here?" });
      } else if (!EDIT_TYPES[t]?.includes(type)) {
        expect(res.status, at).toBe(403);
        expect(res.body, at).toMatchObject({ rule: 'editOpenShift.editableType', message: "ERROR! You're unable to edit this open shift." });
      } else {
        expect(res.status, at).toBe(200);
        expect(res.body.message, at).toBe('SUCCESS: Open shift has been edited.');
      }
      expect((await openShift(id))?.payRate, at).toBe(res.status === 200 ? 2 : 0);
    }
  });

  it.each(AGENT_TYPES)('remove: agent type %i', async (t) => {
    for (const type of [0, 1, 9, 15, 61, 64, 65]) {
      const id = SHIFT_OF_TYPE[type] as number;
      const res = await call('PUT', `/api/removeOpenShift/${id}/${t}?confirmed=true`, t);
      const allowed = type >= 61 ? t >= 102 : Boolean(EDIT_TYPES[t]?.includes(type));
      const at = `open shift of type ${type}`;
      if (allowed) {
        expect(res.status, at).toBe(200);
        expect(res.body.message, at).toBe('SUCCESS: Open shift removed.');
        expect((await openShift(id))?.endedAt, at).toBe(parseInstant(NOW));
      } else {
        expect(res.status, at).toBe(403);
        expect(res.body, at).toMatchObject({ rule: 'removeOpenShift.role', message: "ERROR! You're unable to remove this open shift." });
        expect((await openShift(id))?.endedAt, at).toBeNull();
      }
    }
  });
});

describe('open training shifts: create for 240, 102, 103, 350, 450; edit for 103 and above', () => {
  beforeEach(freshWorld);
  it.each(AGENT_TYPES)('create: agent type %i', async (t) => {
    const res = await call('POST', '/api/postOpenTrainingShift', t, { ...GOOD.postOpenTrainingShift, AgentID: t });
    if (TRAINING_CREATORS.includes(t)) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('SUCCESS: Open shift has been created.');
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ rule: 'postOpenTrainingShift.role', message: "ERROR! You're unable to create a training open shift." });
    }
  });

  it.each(AGENT_TYPES)('edit: agent type %i', async (t) => {
    const res = await call('POST', '/api/editOpenTrainingShift', t, { ...GOOD.editOpenTrainingShift, AgentID: t, Quantity: 7 });
    if (t >= 103) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('SUCCESS: Open shift has been edited.');
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ rule: 'editOpenTrainingShift.rank', message: "ERROR! You're unable to edit a training open shift." });
    }
    expect((await openShift(561))?.quantityRemaining).toBe(t >= 103 ? 7 : 3);
  });
});

// ---------------------------------------------------------------------------------------------
// What is created can be claimed

async function pending(path: string): Promise<Record<string, unknown>[]> {
  return (await ok(path, 1030)) as Record<string, unknown>[];
}

describe('create, then claim', () => {
  beforeEach(freshWorld);
  it('an open shift created by a manager is listed, claimed through claimOpenShift, and its one slot is gone', async () => {
    const made = await call('POST', '/api/postOpenShift', 102, { ...GOOD.postOpenShift, StartTime: '2025-10-16 10:00', EndTime: '2025-10-16 14:00', ShiftCredits: 2, PayRate: 1 });
    expect(made.status).toBe(200);
    const id = made.body.created?.openShifts?.[0] as number;
    expect(id).toBeGreaterThan(0);
    expect((await pending('/api/pendingOpenShifts')).find((o) => o.lookingForCoverageID === id)).toMatchObject({
      agentID: 102,
      startTime: '2025-10-16 10:00:00.0',
      endTime: '2025-10-16 14:00:00.0',
      type: 0,
      payRate: 1,
      openToCots: 2,
      quantityRemaining: 1,
      assistantAfterDate: null,
    });

    const claim = { offeringAgentID: 1030, coveringAgentID: 1030, coverageStartDatetime: '2025-10-16 10:00', coverageEndDatetime: '2025-10-16 14:00', lookingForCoverageID: id, status: 0 };
    const claimed = await call('POST', '/api/claimOpenShift', 1030, claim);
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe('SUCCESS: Open shift claimed.');
    const world = await readWorld(server.db);
    expect(world.openShifts?.find((o) => o.id === id)).toMatchObject({ quantityRemaining: 0, endedAt: parseInstant(NOW) });
    expect(world.shifts?.filter((s) => s.agentId === 1030)).toMatchObject([
      { start: parseInstant('2025-10-16 10:00'), end: parseInstant('2025-10-16 14:00'), shiftType: 0, payRate: 1, cots: 2, isCovering: true },
    ]);
    expect((await pending('/api/pendingOpenShifts')).some((o) => o.lookingForCoverageID === id)).toBe(false);

    const again = await call('POST', '/api/claimOpenShift', 1032, { ...claim, offeringAgentID: 1032, coveringAgentID: 1032 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This open shift is no longer available.');
  });

  it('an open training shift with two openings is claimed twice through claimOpenTrainingShift, then is gone', async () => {
    const made = await call('POST', '/api/postOpenTrainingShift', 103, {
      AgentID: 103,
      StartTime: '2025-10-16 17:00',
      EndTime: '2025-10-16 21:30',
      Type: 64,
      ShiftCredits: 3,
      Quantity: 2,
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('SUCCESS: Open shift has been created.');
    const id = made.body.created?.openShifts?.[0] as number;
    expect((await pending('/api/pendingOpenTrainingShifts')).find((o) => o.lookingForCoverageID === id)).toMatchObject({ type: 64, quantityRemaining: 2, openToCots: 3 });

    const claim = (agent: number): Record<string, unknown> => ({
      offeringAgentID: agent,
      coveringAgentID: agent,
      coverageStartDatetime: '2025-10-16 17:00',
      coverageEndDatetime: '2025-10-16 21:30',
      lookingForCoverageID: id,
      status: 0,
    });
    const first = await call('POST', '/api/claimOpenTrainingShift', 1032, claim(1032));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('SUCCESS: Open shift claimed.');
    expect(await openShift(id)).toMatchObject({ quantityRemaining: 1, endedAt: null });

    const second = await call('POST', '/api/claimOpenTrainingShift', 2032, claim(2032));
    expect(second.status).toBe(200);
    expect(await openShift(id)).toMatchObject({ quantityRemaining: 0, endedAt: parseInstant(NOW) });
    const covering = (await readWorld(server.db)).shifts?.filter((s) => s.shiftType === 64) ?? [];
    expect(covering.map((s) => s.agentId).sort()).toEqual([1032, 2032]);

    const third = await call('POST', '/api/claimOpenTrainingShift', 3032, claim(3032));
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('ERROR: This open shift is no longer available.');
  });

  it('an open training shift takes the pay rate its create screen asks for (PayRate, optional), 1x without it', async () => {
    const paid = await call('POST', '/api/postOpenTrainingShift', 103, { ...GOOD.postOpenTrainingShift, AgentID: 103, PayRate: 2 });
    expect(paid.status).toBe(200);
    const plain = await call('POST', '/api/postOpenTrainingShift', 103, { ...GOOD.postOpenTrainingShift, AgentID: 103 });
    const rows = await pending('/api/pendingOpenTrainingShifts');
    expect(rows.find((o) => o.lookingForCoverageID === paid.body.created?.openShifts?.[0])).toMatchObject({ payRate: 2, openToTrade: 2 });
    expect(rows.find((o) => o.lookingForCoverageID === plain.body.created?.openShifts?.[0])).toMatchObject({ payRate: 0 });
    const refused = await call('POST', '/api/postOpenTrainingShift', 103, { ...GOOD.postOpenTrainingShift, AgentID: 103, PayRate: 4 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('ERROR: Pay rate must be 1x, 1.5x, 2x or 3x.');
    const text = await call('POST', '/api/postOpenTrainingShift', 103, { ...GOOD.postOpenTrainingShift, AgentID: 103, PayRate: '2x' });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: `PayRate: ${NUMBER_ERROR}` });
  });

  it('editing the quantity of an open training shift sets the openings left', async () => {
    const made = await call('POST', '/api/postOpenTrainingShift', 103, { ...GOOD.postOpenTrainingShift, AgentID: 103, Quantity: 1 });
    const id = made.body.created?.openShifts?.[0] as number;
    const edited = await call('POST', '/api/editOpenTrainingShift', 103, { ...GOOD.editOpenTrainingShift, AgentID: 103, TimeScheduleItemID: id, PayRate: 2, Quantity: 2 });
    expect(edited.status).toBe(200);
    expect(await openShift(id)).toMatchObject({ quantityRemaining: 2, payRate: 2 });
    const claim = { offeringAgentID: 1030, coveringAgentID: 1030, coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: id, status: 0 };
    expect((await call('POST', '/api/claimOpenTrainingShift', 1030, claim)).status).toBe(200);
    expect(await openShift(id)).toMatchObject({ quantityRemaining: 1, endedAt: null });
    expect((await readWorld(server.db)).shifts?.find((s) => s.agentId === 1030)).toMatchObject({ shiftType: 61, payRate: 2 });
  });

  it('an Open Supervisor shift is reserved for supervisors: an assistant waits until the reservation, a supervisor claims at once', async () => {
    const made = await call('POST', '/api/postOpenShift', 102, {
      ...GOOD.postOpenShift,
      StartTime: '2025-10-16 08:00',
      EndTime: '2025-10-16 12:00',
      Type: 21,
      AssistantAfterDate: '2025-10-15 09:00',
    });
    const id = made.body.created?.openShifts?.[0] as number;
    expect(await openShift(id)).toMatchObject({ type: 9, assistantAfterDate: parseInstant('2025-10-15 09:00') });
    const claim = (agent: number): Record<string, unknown> => ({ coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 12:00', lookingForCoverageID: id, offeringAgentID: agent, coveringAgentID: agent });

    const assistant = await call('POST', '/api/claimOpenShift', 80, claim(80));
    expect(assistant.status).toBe(422);
    expect(assistant.body.message).toBe('Sorry! This shift is reserved for Supervisors until 10/15/2025 9:00 AM');

    const supervisor = await call('POST', '/api/claimOpenShift', 100, claim(100));
    expect(supervisor.status).toBe(200);
    expect(await openShift(id)).toMatchObject({ quantityRemaining: 0, endedAt: parseInstant(NOW) });
  });

  it('a removed open shift can no longer be claimed; the removal first asks, and only the confirmed call ends it', async () => {
    const asked = await call('PUT', '/api/removeOpenShift/500/102', 102);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ outcome: 'confirm', message: 'Are you sure you want to remove this listing?' });
    expect(await openShift(500)).toMatchObject({ endedAt: null });

    const removed = await call('PUT', '/api/removeOpenShift/500/102?confirmed=true', 102);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Open shift removed.' });

    const claim = { offeringAgentID: 1030, coveringAgentID: 1030, coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 16:00', lookingForCoverageID: 500 };
    const late = await call('POST', '/api/claimOpenShift', 1030, claim);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This open shift is no longer available.');
  });
});
