import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';

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
