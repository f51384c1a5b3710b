import { beforeEach, describe, expect, it } from 'vitest';
import { loadWorldAt, useTestServer } from './support.ts';

/** Issue 21 part 1: who could take a posting, decided by the engine for every colleague on the database. */

const server = useTestServer();
const NOW = '2025-10-14 09:00';

const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB', firstName: 'Ann', lastName: 'Bell' },
    { agentId: 102, agentType: 20, initials: 'CD' },
    { agentId: 103, agentType: 20, initials: 'EF' },
    { agentId: 104, agentType: 20, initials: 'GH' },
    { agentId: 105, agentType: 5, initials: 'IJ' },
    { agentId: 106, agentType: 20, initials: 'KL', terminationDate: '2025-10-01 00:00' },
    { agentId: 200, agentType: 100, initials: 'SU' },
  ],
  shifts: [
    { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 16:00', shiftType: 0 },
    { id: 2, agentId: 103, start: '2025-10-15 17:00', end: '2025-10-15 22:00', shiftType: 0 },
    { id: 3, agentId: 104, start: '2025-10-15 12:00', end: '2025-10-15 20:00', shiftType: 0 },
  ],
  coveragePostings: [
    { id: 10, agentId: 102, shiftId: 1, start: '2025-10-15 08:00', end: '2025-10-15 16:00', type: 0, openToTrade: 1 },
    { id: 11, agentId: 103, shiftId: 2, start: '2025-10-15 17:00', end: '2025-10-15 22:00', type: 0, openToTrade: 0 },
  ],
  openShifts: [
    { id: 30, createdBy: 200, start: '2025-10-16 08:00', end: '2025-10-16 12:00', type: 0, quantityRemaining: 1 },
    { id: 31, createdBy: 200, start: '2025-10-16 17:00', end: '2025-10-16 21:30', type: 64, cots: 3, quantityRemaining: 3 },
  ],
};

interface Row {
  agentId: number;
  initials: string | null;
  fullName: string;
  could: boolean;
  outcome: string;
  rule: string | null;
  message: string | null;
}

async function get(path: string, as: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await server.request(path, { as });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The engine's own answer for one colleague, decided on the whole world. */
async function engineAnswer(action: string, actor: number, input: Record<string, unknown>): Promise<{ outcome: string; rule: string | null; message: string | null }> {
  const d = await server.rules.action(action).decide({ world: WORLD, now: NOW, actor, input });
  return { outcome: d.outcome, rule: d.rule ?? null, message: d.message ?? null };
}

describe('who could take it', () => {
  beforeEach(() => loadWorldAt(server, NOW, WORLD));

  it('tells a supervisor who could cover a posting and, for the rest, the rule and its message', async () => {
    const { status, body } = await get('/api/whoCouldTakeCoveragePosting/10', 200);
    expect(status).toBe(200);
    const people = body.people as Row[];
    // Everyone employed but the poster, those who could first.
    expect(people.map((p) => p.agentId).sort()).toEqual([101, 103, 104, 105, 200]);
    expect(people.findIndex((p) => !p.could)).toBe(people.filter((p) => p.could).length);
    expect(people.find((p) => p.agentId === 101)).toEqual({ agentId: 101, initials: 'AB', fullName: 'Ann Bell', could: true, outcome: 'ok', rule: null, message: null });
    expect(people.find((p) => p.agentId === 103)).toMatchObject({
      could: false,
      rule: 'postOfferCoverage.coverMaxAfter',
      message: 'ERROR: You are unable to work more than 10 hours in an 18 hour period. Please cut 180 min from this offer.',
    });
    // The server's answer on the database is the engine's on the whole world, for every colleague.
    const input = { lookingForCoverageId: 10, coverageStartDatetime: '2025-10-15 08:00', coverageEndDatetime: '2025-10-15 16:00' };
    for (const p of people) expect({ outcome: p.outcome, rule: p.rule, message: p.message }, p.initials ?? '').toEqual(await engineAnswer('postOfferCoverage', p.agentId, input));
    expect(body).toMatchObject({ could: people.filter((p) => p.could).length, of: 5 });
  });

  it('tells the poster only how many could, never who', async () => {
    const { status, body } = await get('/api/whoCouldTakeCoveragePosting/10', 102);
    expect(status).toBe(200);
    const supervisorView = (await get('/api/whoCouldTakeCoveragePosting/10', 200)).body;
    expect(body).toEqual({ could: supervisorView.could, of: 5 });
  });

  it('refuses anyone else, and answers 404 for no such posting', async () => {
    expect(await get('/api/whoCouldTakeCoveragePosting/10', 101)).toEqual({ status: 403, body: { error: 'Only the person who posted it and supervisors can see who could take it.' } });
    expect(await get('/api/whoCouldTakeCoveragePosting/99', 200)).toEqual({ status: 404, body: { error: 'There is no posting for coverage 99.' } });
    expect(await get('/api/whoCouldTakeOpenShift/99', 200)).toEqual({ status: 404, body: { error: 'There is no open shift 99.' } });
    expect((await get('/api/whoCouldTakeCoveragePosting/x', 200)).status).toBe(400);
  });

  it('decides an open shift by its claim, and an open training shift by the training claim', async () => {
    for (const [id, action, start, end] of [
      [30, 'claimOpenShift', '2025-10-16 08:00', '2025-10-16 12:00'],
      [31, 'claimOpenTrainingShift', '2025-10-16 17:00', '2025-10-16 21:30'],
    ] as const) {
      const { status, body } = await get(`/api/whoCouldTakeOpenShift/${id}`, 200);
      expect(status).toBe(200);
      const people = body.people as Row[];
      expect(people.map((p) => p.agentId).sort()).toEqual([101, 102, 103, 104, 105]);
      for (const p of people) {
        expect({ outcome: p.outcome, rule: p.rule, message: p.message }, `${action} ${p.initials ?? ''}`).toEqual(await engineAnswer(action, p.agentId, { openShiftId: id, start, end }));
      }
    }
  });

  it('answers for a day of postings at once, each as its own read answers it', async () => {
    const { status, body } = await server.request('/api/whoCouldTakeCoveragePostings/11,10', { as: 200 }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown>[] }));
    expect(status).toBe(200);
    expect(body.map((w) => w.id)).toEqual([11, 10]);
    for (const w of body) {
      const { id, ...rest } = w;
      expect(rest, `posting ${String(id)}`).toEqual((await get(`/api/whoCouldTakeCoveragePosting/${String(id)}`, 200)).body);
    }
    expect((body[0]?.people as Row[]).map((p) => p.agentId).sort()).toEqual([101, 102, 104, 105, 200]);
    expect((body[1]?.people as Row[]).map((p) => p.agentId).sort()).toEqual([101, 103, 104, 105, 200]);
  });

  it('shows a poster the count of their own postings only, and refuses anyone else the batch', async () => {
    const own = await server.request('/api/whoCouldTakeCoveragePostings/10', { as: 102 });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual([{ id: 10, ...(await get('/api/whoCouldTakeCoveragePosting/10', 102)).body }]);
    const notOwn = { status: 403, body: { error: 'Only the person who posted it and supervisors can see who could take it.' } };
    expect(await get('/api/whoCouldTakeCoveragePostings/10,11', 102)).toEqual(notOwn);
    expect(await get('/api/whoCouldTakeCoveragePostings/10', 101)).toEqual(notOwn);
    expect(await get('/api/whoCouldTakeCoveragePostings/10,99', 200)).toEqual({ status: 404, body: { error: 'There is no posting for coverage 99.' } });
    expect(await get('/api/whoCouldTakeCoveragePostings/10,10', 200)).toEqual({ status: 400, body: { error: 'ids: must name each posting once' } });
    expect((await get('/api/whoCouldTakeCoveragePostings/10,x', 200)).status).toBe(400);
    expect((await get(`/api/whoCouldTakeCoveragePostings/${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 200)).body).toEqual({ error: 'ids: must name at most 50 postings' });
  });
});
