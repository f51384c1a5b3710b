import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { loadWorld, startTestServer, type TestServer } from './support.ts';

// Malformed requests get a 400 that names the field, never a 500, and never reach the rules (no
// decision is logged). An id that is well formed but names nothing is the rules' to answer.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server.drop();
});
beforeEach(async () => {
  server.setNow(parseInstant('2025-10-14 09:00'));
  await loadWorld(server.db, {
    agents: [{ agentId: 101, agentType: 30, initials: 'AB' }],
    shifts: [{ id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 }],
    openShifts: [
      { id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 },
      { id: 502, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 61 },
    ],
  });
});

const ID = 'must be a whole number from 1 to 2147483647';
const TIME_TYPE = 'must be text, a date and time as "YYYY-MM-DD HH:mm" (Eastern)';

type Case = [name: string, method: string, path: string, body: string | undefined, error: string];

const json = (v: unknown): string => JSON.stringify(v);

function idCases(action: 'acceptOffer' | 'acceptOfferHours'): Case[] {
  return [
    ['non-numeric id', 'abc'],
    ['negative id', '-5'],
    ['zero id', '0'],
    ['fractional id', '1.5'],
    ['id in exponent form', '1e3'],
    ['hexadecimal id', '0x10'],
    ['id past the largest integer', '2147483648'],
    ['id of many digits', '9'.repeat(400)],
    ['id with a space', '%2012'],
  ].map(([name, id]): Case => [`${action}: ${name}`, 'PUT', `/api/${action}/${id}`, undefined, `id: ${ID}`]);
}

function claimCases(action: 'claimOpenShift' | 'claimOpenTrainingShift', openShiftId: number): Case[] {
  const good = {
    offeringAgentID: 101,
    coveringAgentID: 101,
    coverageStartDatetime: '2025-10-16 08:00',
    coverageEndDatetime: '2025-10-16 10:00',
    lookingForCoverageID: openShiftId,
    status: 0,
  };
  const with_ = (patch: Record<string, unknown>): string => json({ ...good, ...patch });
  const without = (field: keyof typeof good): string => json({ ...good, [field]: undefined });
  const cases: [string, string | undefined, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"lookingForCoverageID": 501,', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['body JSON null', 'null', 'body: must be a JSON object'],
    ['body a JSON string', json('hello'), 'body: must be a JSON object'],
    ['missing lookingForCoverageID', without('lookingForCoverageID'), 'lookingForCoverageID: is required'],
    ['null lookingForCoverageID', with_({ lookingForCoverageID: null }), 'lookingForCoverageID: is required'],
    ['lookingForCoverageID as a string', with_({ lookingForCoverageID: String(openShiftId) }), `lookingForCoverageID: ${ID}`],
    ['negative lookingForCoverageID', with_({ lookingForCoverageID: -1 }), `lookingForCoverageID: ${ID}`],
    ['fractional lookingForCoverageID', with_({ lookingForCoverageID: 1.5 }), `lookingForCoverageID: ${ID}`],
    ['lookingForCoverageID past the largest integer', with_({ lookingForCoverageID: 2 ** 31 }), `lookingForCoverageID: ${ID}`],
    ['missing coverageStartDatetime', without('coverageStartDatetime'), 'coverageStartDatetime: is required'],
    ['missing coverageEndDatetime', without('coverageEndDatetime'), 'coverageEndDatetime: is required'],
    [
      'coverageStartDatetime in the spring-forward gap',
      with_({ coverageStartDatetime: '2025-03-09 02:30' }),
      'coverageStartDatetime: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    ],
    [
      'coverageStartDatetime in month 13',
      with_({ coverageStartDatetime: '2025-13-01 10:00' }),
      'coverageStartDatetime: "2025-13-01 10:00" is not a valid date and time',
    ],
    [
      'coverageEndDatetime on February 30',
      with_({ coverageEndDatetime: '2025-02-30 10:00' }),
      'coverageEndDatetime: "2025-02-30 10:00" is not a valid date and time',
    ],
    [
      'coverageEndDatetime in words',
      with_({ coverageEndDatetime: 'tomorrow at ten' }),
      'coverageEndDatetime: "tomorrow at ten" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset',
    ],
    ['coverageStartDatetime as a number', with_({ coverageStartDatetime: 1760619600000 }), `coverageStartDatetime: ${TIME_TYPE}`],
    ['coverageEndDatetime as an object', with_({ coverageEndDatetime: { date: '2025-10-16' } }), `coverageEndDatetime: ${TIME_TYPE}`],
    ['over-long coverageStartDatetime', with_({ coverageStartDatetime: `2025-10-16 08:00${' '.repeat(100)}` }), 'coverageStartDatetime: must be at most 40 characters'],
    ['over-long coverageEndDatetime', with_({ coverageEndDatetime: 'x'.repeat(100_000) }), 'coverageEndDatetime: must be at most 40 characters'],
    ['offeringAgentID as a string', with_({ offeringAgentID: '101' }), `offeringAgentID: ${ID}`],
    ['coveringAgentID fractional', with_({ coveringAgentID: 101.5 }), `coveringAgentID: ${ID}`],
    ['status as a string', with_({ status: '0' }), 'status: must be a whole number'],
  ];
  return cases.map(([name, body, error]): Case => [`${action}: ${name}`, 'POST', `/api/${action}`, body, error]);
}

function combineCases(): Case[] {
  const NULLABLE = `${ID}, or null when no shift is selected`;
  const cases: [string, string | undefined, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', 'Shift1=1&Shift2=2', 'body: must be JSON'],
    ['body a JSON array', json([1, 2]), 'body: must be a JSON object'],
    ['Shift1 as a string', json({ Shift1: '1', Shift2: 2 }), `Shift1: ${NULLABLE}`],
    ['Shift2 as a string', json({ Shift1: 1, Shift2: 'two' }), `Shift2: ${NULLABLE}`],
    ['Shift1 missing', json({ Shift2: 2 }), 'Shift1: is required (null when no shift is selected)'],
    ['Shift2 missing', json({ Shift1: 1 }), 'Shift2: is required (null when no shift is selected)'],
    ['negative Shift1', json({ Shift1: -1, Shift2: 2 }), `Shift1: ${NULLABLE}`],
    ['fractional Shift2', json({ Shift1: 1, Shift2: 2.5 }), `Shift2: ${NULLABLE}`],
    ['Shift1 past the largest integer', json({ Shift1: 1e12, Shift2: 2 }), `Shift1: ${NULLABLE}`],
    ['Shift1 as a boolean', json({ Shift1: true, Shift2: 2 }), `Shift1: ${NULLABLE}`],
  ];
  return cases.map(([name, body, error]): Case => [`combineShifts: ${name}`, 'POST', '/api/combineShifts', body, error]);
}

function loginCases(): Case[] {
  const good = { initials: 'AB', cell: '5551234567', password: 'secret' };
  const cases: [string, string | undefined, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', 'initials=AB&cell=5551234567&password=secret', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['initials as a number', json({ ...good, initials: 12 }), 'initials: must be text'],
    ['cell as a number', json({ ...good, cell: 5551234567 }), 'cell: must be text'],
    ['password as an object', json({ ...good, password: { value: 'secret' } }), 'password: must be text'],
    ['over-long initials', json({ ...good, initials: 'A'.repeat(17) }), 'initials: must be at most 16 characters'],
    ['over-long cell', json({ ...good, cell: '5'.repeat(33) }), 'cell: must be at most 32 characters'],
    ['over-long password', json({ ...good, password: 'p'.repeat(201) }), 'password: must be at most 200 characters'],
  ];
  return cases.map(([name, body, error]): Case => [`login: ${name}`, 'POST', '/api/login', body, error]);
}

const CASES: Case[] = [
  ...idCases('acceptOffer'),
  ...idCases('acceptOfferHours'),
  ...claimCases('claimOpenShift', 501),
  ...claimCases('claimOpenTrainingShift', 502),
  ...combineCases(),
  ...loginCases(),
];

async function decisions(): Promise<number> {
  const rows = await server.db.em().getConnection().execute<{ n: number }[]>('select count(*)::int as n from decision_log');
  return rows[0]?.n ?? -1;
}

describe('malformed requests: 400 naming the field, nothing decided', () => {
  it.each(CASES)('%s', async (_name, method, path, body, error) => {
    const res = await server.request(path, { method, as: 101, ...(body !== undefined ? { body } : {}) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
    expect(await decisions()).toBe(0);
  });
});

describe('a well-formed id that names nothing: the rules answer', () => {
  it.each([
    ['acceptOffer', 'PUT', '/api/acceptOffer/999', undefined, 409, 'acceptOffer.offerExists', 'ERROR: This offer no longer exists.'],
    ['acceptOfferHours', 'PUT', '/api/acceptOfferHours/2147483647', undefined, 409, 'acceptOfferHours.offerExists', 'ERROR: This offer no longer exists.'],
    [
      'claimOpenShift',
      'POST',
      '/api/claimOpenShift',
      json({ coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: 999 }),
      409,
      'claimOpenShift.available',
      'This open shift is no longer available.',
    ],
    [
      'claimOpenTrainingShift',
      'POST',
      '/api/claimOpenTrainingShift',
      json({ coverageStartDatetime: '2025-10-16 08:00', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: 999 }),
      409,
      'claimOpenTrainingShift.available',
      'ERROR: This open shift is no longer available.',
    ],
    ['combineShifts', 'POST', '/api/combineShifts', json({ Shift1: 1, Shift2: 999 }), 409, 'combineShifts.shiftExists', 'ERROR: This shift was deleted.'],
  ] as const)('%s', async (_action, method, path, body, status, rule, message) => {
    const res = await server.request(path, { method, as: 101, ...(body !== undefined ? { body } : {}) });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ outcome: 'error', message, rule, warnings: [] });
    expect(await decisions()).toBe(1);
  });
});

describe('well-formed edge values are accepted', () => {
  it('an instant with an offset, and the fall-back hour, reach the rules', async () => {
    const res = await server.request('/api/claimOpenShift', {
      method: 'POST',
      as: 101,
      body: json({ coverageStartDatetime: '2025-10-16T12:00:00Z', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: 501 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe('SUCCESS: Open shift claimed.');
  });

  it('a request naming no shift to combine is the rules\' to refuse, not bad input', async () => {
    const res = await server.request('/api/combineShifts', { method: 'POST', as: 101, body: json({ Shift1: null, Shift2: 1 }) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe('ERROR: Select a shift to combine.');
  });
});
