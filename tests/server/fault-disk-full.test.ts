import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../server/logger.ts';
import { client, decisionCount, loadWorldAt, readWorld, useTestServer } from './support.ts';

// The database refuses every decision-log row as a full disk does (SQLSTATE 53100): a refusal is
// still answered as that refusal (its row is lost, and said so in the server's log); a write that cannot be
// saved answers 503 saying nothing was saved, and the world is as it was.

const server = useTestServer();
const { post } = client(server);

const execute = (statement: string): Promise<unknown> => server.db.exclusive(() => server.db.em().getConnection().execute(statement));

beforeEach(() =>
  loadWorldAt(server, '2025-10-14 09:00', {
    agents: [{ agentId: 101, agentType: 30, initials: 'AB' }],
    shifts: [{ id: 1, agentId: 101, start: '2025-10-15 08:00', end: '2025-10-15 12:00', shiftType: 0 }],
    openShifts: [{ id: 501, createdBy: 900, start: '2025-10-16 08:00', end: '2025-10-16 16:00', type: 0 }],
  }),
);

const claim = (openShiftId: number): Record<string, unknown> => ({
  coverageStartDatetime: '2025-10-16 08:00',
  coverageEndDatetime: '2025-10-16 10:00',
  lookingForCoverageID: openShiftId,
});

describe('the decision log cannot be written (disk full)', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await execute(`create or replace function test_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = 'disk_full'; end $$`);
    await execute('create trigger test_disk_full before insert on decision_log for each statement execute function test_disk_full()');
    logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    logged.mockRestore();
    await execute('drop trigger if exists test_disk_full on decision_log');
  });

  it("a refusal is still answered as that refusal, and the lost log row is told in the server's log", async () => {
    expect(await post('/api/claimOpenShift', 101, claim(999))).toEqual({
      status: 409,
      body: { outcome: 'error', message: 'This open shift is no longer available.', rule: 'claimOpenShift.available', warnings: [] },
    });
    expect(await decisionCount(server)).toBe(0);
    const told = logged.mock.calls.find((args: unknown[]) => String(args[1]).startsWith('decision log:'));
    expect(told?.[1]).toBe('decision log: could not log claimOpenShift by agent 101 (refused, claimOpenShift.available)');
    expect(String((told?.[0] as { err: unknown }).err)).toContain('No space left on device');
  });

  it('a write that cannot be saved answers 503 saying nothing was saved, and changes nothing', async () => {
    const before = await readWorld(server.db);
    expect(await post('/api/claimOpenShift', 101, claim(501))).toEqual({
      status: 503,
      body: { error: 'The database has no room to save anything (disk full); nothing was saved. Try again later.' },
    });
    expect(await readWorld(server.db)).toEqual(before);
    expect(await decisionCount(server)).toBe(0);
  });

  it('once there is room again, the same write goes through', async () => {
    await execute('drop trigger test_disk_full on decision_log');
    const res = await post('/api/claimOpenShift', 101, claim(501));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('SUCCESS: Open shift claimed.');
    expect(await decisionCount(server)).toBe(1);
  });
});
