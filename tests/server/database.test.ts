import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database.ts';

async function sharedBuffers(lowMemory: boolean): Promise<unknown> {
  const db = await openDatabase({ lowMemory });
  try {
    const [row] = await db.query({ text: 'show shared_buffers', params: [] });
    return row?.shared_buffers;
  } finally {
    await db.close();
  }
}

describe('the embedded database', () => {
  it('keeps PostgreSQL\'s buffer pool for the server and a small one for commands that read the log through', async () => {
    expect(await sharedBuffers(false)).toBe('128MB');
    expect(await sharedBuffers(true)).toBe('16MB');
  });
});

const url = process.env.DATABASE_URL;

/** The backends of `count` connections the pool opened at once, each busy for a moment. */
async function openConnections(db: Database, count: number): Promise<number[]> {
  const rows = await Promise.all(Array.from({ length: count }, () => db.query({ text: 'select pg_backend_pid() as pid, pg_sleep(0.2)', params: [] })));
  return rows.map((r) => Number(r[0]?.pid));
}

describe.skipIf(!url)('PostgreSQL connections', () => {
  it("the server's stay open when idle (no reconnecting and re-preparing at the next burst); a command's close after pg's 10 s", async () => {
    const server = await openDatabase({ url, keepConnections: true });
    const command = await openDatabase({ url });
    try {
      const kept = await openConnections(server, 3);
      const dropped = await openConnections(command, 3);
      expect(new Set(kept).size).toBe(3);
      expect(new Set(dropped).size).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      const alive = async (pids: number[]): Promise<number> =>
        Number((await server.query({ text: 'select count(*)::int as n from pg_stat_activity where pid = any(?::int[])', params: [pids] }))[0]?.n);
      expect(await alive(kept)).toBe(3);
      expect(await alive(dropped)).toBe(0);
    } finally {
      await server.close();
      await command.close();
    }
  }, 30_000);
});
