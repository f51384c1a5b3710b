import { beforeEach, describe, expect, it } from 'vitest';
import { client, decisionCount, loadWorldAt, useTestServer } from './support.ts';

// An offset no zone has (beyond ±14:00) or the year 0000 is a typo, not an instant: every place a
// time comes in over HTTP (a body, a path segment, the world slice's query) answers 400 naming the
// field, and nothing is decided or logged.

const server = useTestServer();
const { call, get } = client(server);
beforeEach(() =>
  loadWorldAt(server, '2025-10-14 09:00', {
    agents: [
      { agentId: 101, agentType: 30, initials: 'AB' },
      { agentId: 103, agentType: 100, initials: 'EF' },
    ],
    shifts: [{ id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 }],
    openShifts: [{ id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 }],
  }),
);

const claim = (patch: Record<string, unknown>): Record<string, unknown> => ({
  offeringAgentID: 101,
  coveringAgentID: 101,
  coverageStartDatetime: '2025-10-16 08:00',
  coverageEndDatetime: '2025-10-16 10:00',
  lookingForCoverageID: 501,
  ...patch,
});

const DATE = 'must be a date that exists, as "YYYY-MM-DD"';
const at = (text: string): string => encodeURIComponent(text);

describe('times beyond any zone, or in the year 0000: 400 naming the field', () => {
  it.each([
    ['claimOpenShift body, offset +25:00', 'POST', '/api/claimOpenShift', claim({ coverageStartDatetime: '2025-10-16T08:00+25:00' }), 101,
      'coverageStartDatetime: "2025-10-16T08:00+25:00" has an offset beyond ±14:00'],
    ['claimOpenShift body, offset +99:99', 'POST', '/api/claimOpenShift', claim({ coverageEndDatetime: '2025-10-16T10:00+99:99' }), 101,
      'coverageEndDatetime: "2025-10-16T10:00+99:99" has an offset beyond ±14:00'],
    ['claimOpenShift body, offset -14:30', 'POST', '/api/claimOpenShift', claim({ coverageEndDatetime: '2025-10-16T10:00-14:30' }), 101,
      'coverageEndDatetime: "2025-10-16T10:00-14:30" has an offset beyond ±14:00'],
    ['claimOpenShift body, year 0000 with Z', 'POST', '/api/claimOpenShift', claim({ coverageStartDatetime: '0000-10-16T08:00Z' }), 101,
      'coverageStartDatetime: "0000-10-16T08:00Z" is not a valid instant'],
    ['approveLunch body, year 0000 Eastern', 'POST', '/api/approveLunch', { AgentID: 103, TimeScheduleItemID: 1, StartTime: '0000-10-15 10:00' }, 103,
      'StartTime: "0000-10-15 10:00" is not a valid date and time'],
    ['cutUser body, offset +25:00', 'POST', '/api/cutUser', { AgentID: 103, TimeScheduleItemID: 1, StartTime: '2025-10-15T08:00+25:00', EndTime: '2025-10-15 10:00' }, 103,
      'StartTime: "2025-10-15T08:00+25:00" has an offset beyond ±14:00'],
    ['isSpanishOK time with offset +99:99', 'GET', '/api/isSpanishOK/2025-10-15/10:00+99:99', undefined, 101,
      'time: "2025-10-15T10:00+99:99" has an offset beyond ±14:00'],
    ['areTheyWorking end with offset +25:00', 'GET', '/api/areTheyWorking/101/2025-10-15/08:00/2025-10-15/10:00+25:00', undefined, 101,
      'endTime: "2025-10-15T10:00+25:00" has an offset beyond ±14:00'],
    ['isSupOK date in year 0000', 'GET', '/api/isSupOK/0000-10-15/10:00', undefined, 101, `date: ${DATE}`],
    ['getDayDetailsAndBefore date in year 0000', 'GET', '/api/getDayDetailsAndBefore/0000-01-01', undefined, 101, `date: ${DATE}`],
    ['getPersonalVacaUsage start in year 0000', 'GET', `/api/getPersonalVacaUsage/${at('0000-10-15 08:00')}/${at('2025-10-15 16:00')}/20/1`, undefined, 101,
      'startDate: "0000-10-15 08:00" is not a valid date and time'],
    ['getPersonalVacaUsage end with offset +25:00', 'GET', `/api/getPersonalVacaUsage/${at('2025-10-15 08:00')}/${at('2025-10-15T16:00+25:00')}/20/1`, undefined, 101,
      'endDate: "2025-10-15T16:00+25:00" has an offset beyond ±14:00'],
  ])('%s', async (_name, method, path, body, as, error) => {
    const before = await decisionCount(server);
    expect(await call(method, path, as, body)).toEqual({ status: 400, body: { error } });
    expect(await decisionCount(server)).toBe(before);
  });

  it('the largest real offsets, +14:00 and -12:00, are still instants', async () => {
    const res = await call('POST', '/api/claimOpenShift', 101, claim({ coverageStartDatetime: '2025-10-17T02:00+14:00', coverageEndDatetime: '2025-10-16T00:00-12:00' }));
    // 2025-10-16 08:00 and 08:00 Eastern: the same instant twice, which the rules refuse as an empty span, not as bad input.
    expect(res.status).not.toBe(400);
    expect((await get('/api/isSpanishOK/2025-10-15/10:00+14:00', 101)).status).toBe(200);
  });

  it('the world slice refuses such a time in its query', async () => {
    const res = await get(`/api/worldSlice/claimOpenShift?openShiftId=501&start=${at('2025-10-16T08:00+25:00')}&end=${at('2025-10-16 10:00')}`, 101);
    expect(res.status).toBe(400);
    const { error } = res.body as { error: string };
    expect(error).toContain('start');
    expect(error).toContain('has an offset beyond ±14:00');
  });
});
