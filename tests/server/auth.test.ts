import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { hashPassword } from '../../server/auth.ts';
import { AccountSchema } from '../../server/db/server.entities.ts';
import { decisionCount, loadWorld, postedShiftWorld, readWorld, useTestServer } from './support.ts';

// Spec 1: Log In screen, section 5 'Sign-in', section 8 (messages), section 9 (inactivity);
// issue 3 'Sign-in'. Also who may act for whom (authorization).

const NOW = parseInstant('2025-10-14 09:00');
const MISSING = 'ERROR: Must enter valid credentials.';
const WRONG = 'ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.';

const server = useTestServer();
let hashes: { ab: string; sv: string };
beforeAll(async () => {
  hashes = { ab: await hashPassword('correct horse'), sv: await hashPassword('supervisor pw') };
});

beforeEach(async () => {
  server.setNow(NOW);
  await loadWorld(server.db, {
    agents: [
      { agentId: 101, agentType: 20, initials: 'AB', firstName: 'Alice', probationUntil: '2025-12-01' },
      { agentId: 102, agentType: 100, initials: 'SV', firstName: 'Sam' },
      { agentId: 103, agentType: 20, initials: 'EF', firstName: 'Eve' },
    ],
  });
  await server.db.exclusive(async () => {
    await server.db.em().insertMany(AccountSchema, [
      { agentId: 101, initials: 'AB', cell: '5551234567', passwordHash: hashes.ab },
      { agentId: 102, initials: 'SV', cell: '5559876543', passwordHash: hashes.sv },
    ] as never[]);
  });
});

function login(body: unknown): Promise<Response> {
  return server.request('/api/login', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** The session cookie a response set, as a request header value. */
function sessionCookie(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  const pair = set.split(';')[0] ?? '';
  expect(pair).toMatch(/^shiftinator_session=[0-9a-f]{64}$/);
  return pair;
}

/** A call that needs a session and answers with the rules when there is one. */
function protectedCall(cookie?: string): Promise<Response> {
  return server.request('/api/combineShifts', {
    method: 'POST',
    body: JSON.stringify({ Shift1: null, Shift2: null }),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function expectSignedIn(cookie: string): Promise<void> {
  const res = await protectedCall(cookie);
  expect(res.status).toBe(422);
  expect(((await res.json()) as { message: string }).message).toBe('ERROR: Select a shift to combine.');
}

async function expectSignedOut(cookie?: string): Promise<void> {
  const res = await protectedCall(cookie);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: 'Please sign in.' });
}

describe('POST /api/login', () => {
  it.each([
    ['no initials', { cell: '5551234567', password: 'correct horse' }],
    ['no cell', { initials: 'AB', password: 'correct horse' }],
    ['no password', { initials: 'AB', cell: '5551234567' }],
    ['empty initials', { initials: '', cell: '5551234567', password: 'correct horse' }],
    ['initials of punctuation only', { initials: ' .- ', cell: '5551234567', password: 'correct horse' }],
    ['cell of punctuation only', { initials: 'AB', cell: '() -', password: 'correct horse' }],
    ['empty password', { initials: 'AB', cell: '5551234567', password: '' }],
    ['an empty object', {}],
  ])('%s: 400 with the spec message', async (_name, body) => {
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MISSING });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['a wrong password', { initials: 'AB', cell: '5551234567', password: 'wrong' }],
    ['unknown initials', { initials: 'ZZ', cell: '5551234567', password: 'correct horse' }],
    ['a cell that is not theirs', { initials: 'AB', cell: '5559876543', password: 'correct horse' }],
    ["another agent's password", { initials: 'AB', cell: '5551234567', password: 'supervisor pw' }],
    ['the password in another case', { initials: 'AB', cell: '5551234567', password: 'Correct Horse' }],
  ])('%s: 401 with the spec message', async (_name, body) => {
    const res = await login(body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: WRONG });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['stored form', 'AB', '5551234567'],
    ['initials padded and lower-case', ' ab ', '5551234567'],
    ['initials with a dot', 'a.b', '5551234567'],
    ['cell formatted', 'AB', '(555) 123-4567'],
    ['cell with dots', 'ab', '555.123.4567'],
  ])('initials and cell are normalised (%s)', async (_name, initials, cell) => {
    const res = await login({ initials, cell, password: 'correct horse' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ agentId: 101, agentType: 20, firstName: 'Alice', probationUntil: '2025-12-01' });
  });

  it('success sets an httpOnly, SameSite=Strict session cookie that signs the next calls in', async () => {
    const res = await login({ initials: 'SV', cell: '555-987-6543', password: 'supervisor pw' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ agentId: 102, agentType: 100, firstName: 'Sam', probationUntil: null });
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/;\s*HttpOnly/i);
    expect(set).toMatch(/;\s*SameSite=Strict/i);
    expect(set).toMatch(/;\s*Path=\//i);
    await expectSignedIn(sessionCookie(res));
  });

  it('a protected call without a session, or with a made-up one, answers 401', async () => {
    await expectSignedOut();
    await expectSignedOut(`shiftinator_session=${'0'.repeat(64)}`);
    await expectSignedOut('shiftinator_session=');
    for (const [method, path] of [
      ['PUT', '/api/acceptOffer/1'],
      ['PUT', '/api/acceptOfferHours/1'],
      ['POST', '/api/claimOpenShift'],
      ['POST', '/api/claimOpenTrainingShift'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await server.request(path, { method, body: '{}' });
      expect(res.status, path).toBe(401);
    }
    // Nothing was decided for a caller without a session.
    const log = await server.db.em().getConnection().execute('select count(*)::int as n from decision_log');
    expect(log[0]).toEqual({ n: 0 });
  });

  it('logout ends the session: the same cookie is refused afterwards', async () => {
    const cookie = sessionCookie(await login({ initials: 'AB', cell: '5551234567', password: 'correct horse' }));
    await expectSignedIn(cookie);
    const out = await server.request('/api/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^shiftinator_session=;/);
    await expectSignedOut(cookie);
  });

  it('a session ended elsewhere (another server process, the database) is refused by every kind of call, and nothing is decided', async () => {
    const cookie = sessionCookie(await login({ initials: 'AB', cell: '5551234567', password: 'correct horse' }));
    await expectSignedIn(cookie); // this process now knows whose session it is
    await server.db.exclusive(() => server.db.em().getConnection().execute('delete from sessions'));
    const before = await decisionCount(server);
    for (const [method, path, body] of [
      ['POST', '/api/combineShifts', { Shift1: null, Shift2: null }], // decided by the rules
      ['POST', '/api/combineShifts', { Shift1: 'x' }], // bad input
      ['PUT', '/api/acceptOffer/1', undefined], // an unknown offer
      ['POST', '/api/claimOpenShift', { coveringAgentID: 103, lookingForCoverageID: 1, coverageStartDatetime: '2025-10-15 09:00', coverageEndDatetime: '2025-10-15 10:00' }], // for someone else
      ['GET', '/api/worldSlice/combineShifts', undefined],
      ['GET', '/api/userMonthShifts/101/2025-10', undefined],
    ] as const) {
      const res = await server.request(path, { method, headers: { cookie }, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json(), `${method} ${path}`).toEqual({ error: 'Please sign in.' });
    }
    expect(await decisionCount(server)).toBe(before);
  });

  it('an agent below type 100 is signed out after more than 15 minutes idle', async () => {
    const cookie = sessionCookie(await login({ initials: 'AB', cell: '5551234567', password: 'correct horse' }));
    server.setNow(NOW + 15);
    await expectSignedIn(cookie); // exactly 15 minutes idle: still in, and the clock restarts
    server.setNow(NOW + 30);
    await expectSignedIn(cookie);
    server.setNow(NOW + 46);
    await expectSignedOut(cookie);
    server.setNow(NOW + 47);
    await expectSignedOut(cookie); // and it stays ended
  });

  it('an agent of type 100 or above is signed out after more than 45 minutes idle, not 15', async () => {
    const cookie = sessionCookie(await login({ initials: 'SV', cell: '5559876543', password: 'supervisor pw' }));
    server.setNow(NOW + 45);
    await expectSignedIn(cookie);
    server.setNow(NOW + 91);
    await expectSignedOut(cookie);
  });

  it('repeated failed sign-ins are slowed down: 429 while locked, even with the right password', async () => {
    const good = { initials: 'AB', cell: '5551234567', password: 'correct horse' };
    const bad = { ...good, password: 'nope' };
    for (let i = 0; i < 3; i++) expect((await login(bad)).status).toBe(401);
    const locked = await login(good);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1'); // the third failure waits 1 s
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(((await locked.json()) as { error: string }).error).toBe(
      'ERROR: Too many failed sign-in attempts. Please wait a moment and try again. Contact Supervision if further assistance needed.',
    );
    // Another account is not affected.
    expect((await login({ initials: 'SV', cell: '5559876543', password: 'supervisor pw' })).status).toBe(200);
    // Once the wait is over the right password works, and the count starts again.
    server.setNow(NOW + 1);
    expect((await login(good)).status).toBe(200);
    expect((await login(bad)).status).toBe(401);
    expect((await login(good)).status).toBe(200);
  });

  it('each further failure doubles the wait', async () => {
    const bad = { initials: 'AB', cell: '5551234567', password: 'nope' };
    const good = { ...bad, password: 'correct horse' };
    for (let i = 0; i < 3; i++) expect((await login(bad)).status).toBe(401);
    // The clock is in whole minutes: after one, the 1 s wait is over; the 4th failure waits 2 s, ...
    for (let i = 4; i <= 9; i++) {
      server.setNow(NOW + i);
      expect((await login(bad)).status).toBe(401);
    }
    // After the 9th failure the wait is 2^6 = 64 s: one minute later it is still locked.
    server.setNow(NOW + 10);
    expect((await login(good)).status).toBe(429);
    server.setNow(NOW + 11);
    expect((await login(good)).status).toBe(200);
  });

  it('failures at the same moment cannot slip past the count', async () => {
    const bad = { initials: 'AB', cell: '5551234567', password: 'nope' };
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => login(bad)))).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
  });

  it('GET /api/login/{initials}/{cell}/{password} does not exist: passwords do not go in URLs', async () => {
    for (const path of ['/api/login/AB/5551234567/correct%20horse', '/api/login']) {
      expect((await server.request(path)).status, path).toBe(404);
      expect((await server.request(path, { as: 101 })).status, path).toBe(404);
    }
  });
});

describe('authorization: an agent acts only for themself', () => {
  const claimWorld = {
    agents: [
      { agentId: 101, agentType: 30, initials: 'AB' },
      { agentId: 103, agentType: 30, initials: 'EF' },
    ],
    openShifts: [{ id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0, quantityRemaining: 1 }],
  };
  const claimBody = (offering: number, covering: number): string =>
    JSON.stringify({
      offeringAgentID: offering,
      coveringAgentID: covering,
      coverageStartDatetime: '2025-10-16 08:00',
      coverageEndDatetime: '2025-10-16 16:00',
      lookingForCoverageID: 501,
      status: 0,
    });

  it.each([
    ['claimOpenShift', 'offeringAgentID names another agent', 103, 101],
    ['claimOpenShift', 'coveringAgentID names another agent', 101, 103],
    ['claimOpenShift', 'both name another agent', 103, 103],
    ['claimOpenTrainingShift', 'offeringAgentID names another agent', 103, 101],
    ['claimOpenTrainingShift', 'coveringAgentID names another agent', 101, 103],
  ])('%s where %s: 403, nothing decided or changed', async (action, _name, offering, covering) => {
    await loadWorld(server.db, claimWorld);
    const res = await server.request(`/api/${action}`, { method: 'POST', as: 101, body: claimBody(offering, covering) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'You can only act for yourself here.' });
    const world = await readWorld(server.db);
    expect(world.shifts).toEqual([]);
    expect(world.openShifts?.[0]?.quantityRemaining).toBe(1);
  });

  it('the same claim for oneself goes through', async () => {
    await loadWorld(server.db, claimWorld);
    const res = await server.request('/api/claimOpenShift', { method: 'POST', as: 101, body: claimBody(101, 101) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe('SUCCESS: Open shift claimed.');
  });

  it("accepting an offer on someone else's posting is refused by the rules, and nothing changes", async () => {
    await loadWorld(server.db, postedShiftWorld([
      { id: 40, postingId: 10, offeringAgentId: 101, coveringAgentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 16:00', expiration: '2025-10-15 07:00' },
    ]));
    // A third agent, and the offerer themself: neither is the poster the offer was made to.
    for (const as of [103, 101]) {
      const res = await server.request('/api/acceptOffer/40', { method: 'PUT', as });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        outcome: 'error',
        rule: 'acceptOffer.recipient',
        message: 'ERROR: Only the person this offer was made to can accept it.',
      });
    }
    const world = await readWorld(server.db);
    expect(world.offers?.[0]?.status).toBe('pending');
    expect(world.shifts).toMatchObject([{ id: 1, agentId: 102 }]);
  });

  it("combining someone else's shifts is refused by the rules", async () => {
    await loadWorld(server.db, {
      agents: [
        { agentId: 101, agentType: 20, initials: 'AB' },
        { agentId: 102, agentType: 20, initials: 'CD' },
      ],
      shifts: [
        { id: 1, agentId: 102, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 },
        { id: 2, agentId: 102, start: '2025-10-15 12:15', end: '2025-10-15 16:00', shiftType: 0 },
      ],
    });
    const res = await server.request('/api/combineShifts', { method: 'POST', as: 101, body: JSON.stringify({ Shift1: 1, Shift2: 2 }) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ outcome: 'error', message: 'ERROR: You can only combine your own shifts.' });
  });
});
