import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { scratchPostgres } from './support.ts';

// Two hosts started at once on one empty PostgreSQL (two `serve` processes, as a publish's
// deployment starts them) both migrate it: the second waits for the first and finds nothing
// left to do, where both used to create the same tables and one crashed.

const MIGRATIONS = readdirSync(join(import.meta.dirname, '..', '..', 'server', 'db', 'migrations')).filter((f) => /^Migration\d+\.ts$/.test(f));

const opened: Database[] = [];
let drop: () => Promise<void> = async () => undefined;

afterAll(async () => {
  for (const db of opened) await db.close();
  await drop();
});

describe.skipIf(!process.env.DATABASE_URL)('migrating one empty PostgreSQL from two processes at once', () => {
  it('both succeed, and every migration runs once', async () => {
    const scratch = await scratchPostgres(process.env.DATABASE_URL ?? '', 'shiftinator_migrate');
    drop = scratch.drop;
    for (let i = 0; i < 2; i++) opened.push(await openDatabase({ url: scratch.url }));
    const results = await Promise.allSettled(opened.map((db) => migrate(db)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'fulfilled']);
    const rows = await (opened[0] as Database).query({ text: 'select name from mikro_orm_migrations order by name', params: [] });
    expect(rows.map((r) => `${String(r.name)}.ts`)).toEqual(MIGRATIONS.sort());
    // The lock is let go: a third start migrates (nothing to do) without waiting for ever.
    await migrate(opened[1] as Database);
  }, 60_000);
});
