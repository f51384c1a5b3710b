import { beforeEach, describe, expect, it } from 'vitest';
import { bodyCases, client, decisionCount, expectBadInput, ID_ERROR, json, loadWorldAt, TIME_TYPE_ERROR, useTestServer, type BadRequest, type BodyPatch } from './support.ts';

// Malformed requests get a 400 that names the field, never a 500, and never reach the rules (no
// decision is logged). An id that is well formed but names nothing is the rules' to answer.

const server = useTestServer();
const { call, post } = client(server);
beforeEach(() =>
  loadWorldAt(server, '2025-10-14 09:00', {
    agents: [{ agentId: 101, agentType: 30, initials: 'AB' }],
    shifts: [{ id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 }],
    openShifts: [
      { id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 },
      { id: 502, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 61 },
    ],
  }),
);

function idCases(action: 'acceptOffer' | 'acceptOfferHours'): BadRequest[] {
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
  ].map(([name, id]): BadRequest => [`${action}: ${name}`, 'PUT', `/api/${action}/${id}`, undefined, `id: ${ID_ERROR}`]);
}

function claimCases(action: 'claimOpenShift' | 'claimOpenTrainingShift', openShiftId: number): BadRequest[] {
  const good = {
    offeringAgentID: 101,
    coveringAgentID: 101,
    coverageStartDatetime: '2025-10-16 08:00',
    coverageEndDatetime: '2025-10-16 10:00',
    lookingForCoverageID: openShiftId,
    status: 0,
  };
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', '{"lookingForCoverageID": 501,', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['body JSON null', 'null', 'body: must be a JSON object'],
    ['body a JSON string', json('hello'), 'body: must be a JSON object'],
    ['missing lookingForCoverageID', { lookingForCoverageID: undefined }, 'lookingForCoverageID: is required'],
    ['null lookingForCoverageID', { lookingForCoverageID: null }, 'lookingForCoverageID: is required'],
    ['lookingForCoverageID as a string', { lookingForCoverageID: String(openShiftId) }, `lookingForCoverageID: ${ID_ERROR}`],
    ['negative lookingForCoverageID', { lookingForCoverageID: -1 }, `lookingForCoverageID: ${ID_ERROR}`],
    ['fractional lookingForCoverageID', { lookingForCoverageID: 1.5 }, `lookingForCoverageID: ${ID_ERROR}`],
    ['lookingForCoverageID past the largest integer', { lookingForCoverageID: 2 ** 31 }, `lookingForCoverageID: ${ID_ERROR}`],
    ['missing coverageStartDatetime', { coverageStartDatetime: undefined }, 'coverageStartDatetime: is required'],
    ['missing coverageEndDatetime', { coverageEndDatetime: undefined }, 'coverageEndDatetime: is required'],
    [
      'coverageStartDatetime in the spring-forward gap',
      { coverageStartDatetime: '2025-03-09 02:30' },
      'coverageStartDatetime: "2025-03-09 02:30" does not exist in America/New_York (daylight-saving gap)',
    ],
    [
      'coverageStartDatetime in month 13',
      { coverageStartDatetime: '2025-13-01 10:00' },
      'coverageStartDatetime: "2025-13-01 10:00" is not a valid date and time',
    ],
    [
      'coverageEndDatetime on February 30',
      { coverageEndDatetime: '2025-02-30 10:00' },
      'coverageEndDatetime: "2025-02-30 10:00" is not a valid date and time',
    ],
    [
      'coverageEndDatetime in words',
      { coverageEndDatetime: 'tomorrow at ten' },
      'coverageEndDatetime: "tomorrow at ten" is not an instant: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset',
    ],
    ['coverageStartDatetime as a number', { coverageStartDatetime: 1760619600000 }, `coverageStartDatetime: ${TIME_TYPE_ERROR}`],
    ['coverageEndDatetime as an object', { coverageEndDatetime: { date: '2025-10-16' } }, `coverageEndDatetime: ${TIME_TYPE_ERROR}`],
    ['over-long coverageStartDatetime', { coverageStartDatetime: `2025-10-16 08:00${' '.repeat(100)}` }, 'coverageStartDatetime: must be at most 40 characters'],
    ['over-long coverageEndDatetime', { coverageEndDatetime: 'x'.repeat(60_000) }, 'coverageEndDatetime: must be at most 40 characters'],
    ['offeringAgentID as a string', { offeringAgentID: '101' }, `offeringAgentID: ${ID_ERROR}`],
    ['coveringAgentID fractional', { coveringAgentID: 101.5 }, `coveringAgentID: ${ID_ERROR}`],
    ['status as a string', { status: '0' }, 'status: must be a whole number'],
  ];
  return bodyCases(action, good, cases);
}

function combineCases(): BadRequest[] {
  const NULLABLE = `${ID_ERROR}, or null when no shift is selected`;
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
  return cases.map(([name, body, error]): BadRequest => [`combineShifts: ${name}`, 'POST', '/api/combineShifts', body, error]);
}

function loginCases(): BadRequest[] {
  const good = { initials: 'AB', cell: '5551234567', password: 'secret' };
  const cases: [string, BodyPatch, string][] = [
    ['no body', undefined, 'body: must be JSON'],
    ['body not JSON', 'initials=AB&cell=5551234567&password=secret', 'body: must be JSON'],
    ['body a JSON array', json([good]), 'body: must be a JSON object'],
    ['initials as a number', { initials: 12 }, 'initials: must be text'],
    ['cell as a number', { cell: 5551234567 }, 'cell: must be text'],
    ['password as an object', { password: { value: 'secret' } }, 'password: must be text'],
    ['over-long initials', { initials: 'A'.repeat(17) }, 'initials: must be at most 16 characters'],
    ['over-long cell', { cell: '5'.repeat(33) }, 'cell: must be at most 32 characters'],
    ['over-long password', { password: 'p'.repeat(201) }, 'password: must be at most 200 characters'],
  ];
  return bodyCases('login', good, cases);
}

const CASES: BadRequest[] = [
  ...idCases('acceptOffer'),
  ...idCases('acceptOfferHours'),
  ...claimCases('claimOpenShift', 501),
  ...claimCases('claimOpenTrainingShift', 502),
  ...combineCases(),
  ...loginCases(),
];

describe('malformed requests: 400 naming the field, nothing decided', () => {
  it.each(CASES)('%s', (...bad) => expectBadInput(server, bad, 101));
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
    expect(await call(method, path, 101, body)).toEqual({ status, body: { outcome: 'error', message, rule, warnings: [] } });
    expect(await decisionCount(server)).toBe(1);
  });
});

describe('well-formed edge values are accepted', () => {
  it('an instant with an offset, and the fall-back hour, reach the rules', async () => {
    const res = await post('/api/claimOpenShift', 101, { coverageStartDatetime: '2025-10-16T12:00:00Z', coverageEndDatetime: '2025-10-16 10:00', lookingForCoverageID: 501 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('SUCCESS: Open shift claimed.');
  });

  it('a request naming no shift to combine is the rules\' to refuse, not bad input', async () => {
    const res = await post('/api/combineShifts', 101, { Shift1: null, Shift2: 1 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('ERROR: Select a shift to combine.');
  });
});
