import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { ruleSwitches, storedRuleSets } from '../../server/rule-history.ts';
import { scratchPostgres } from './support.ts';

// Rule sets recorded before switches were (rule_sets alone) stay readable: each becomes one
// switch, at the time it first went live, marked 'recorded'.

let db: Database | undefined;
let drop: () => Promise<void> = async () => undefined;

afterAll(async () => {
  await db?.close();
  await drop();
});

it('migrates the rule sets recorded before into switches', async () => {
  let url: string | undefined;
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_switch_migration');
    url = scratch.url;
    drop = scratch.drop;
  }
  db = await openDatabase(url ? { url } : {});
  await db.orm.migrator.up({ to: 'Migration20261127013644' });
  const files = (n: number): string => JSON.stringify([{ file: 'rules/login.json', json: { n } }]);
  await db.query({ text: `insert into rule_sets (hash, files, live_at) values ('${'b'.repeat(64)}', ?, '2026-11-26T19:43:14Z'), ('${'a'.repeat(64)}', ?, '2026-11-26T19:43:07Z')`, params: [files(2), files(1)] });
  await db.orm.migrator.up();
  const switches = await ruleSwitches(db);
  expect(switches.map((s) => [s.hash, s.liveAt.toISOString(), s.how, s.host, s.pid])).toEqual([
    ['a'.repeat(64), '2026-11-26T19:43:07.000Z', 'recorded', '', 0],
    ['b'.repeat(64), '2026-11-26T19:43:14.000Z', 'recorded', '', 0],
  ]);
  expect((await storedRuleSets(db, 'bbbbbb')).map((s) => s.files)).toEqual([[{ file: 'rules/login.json', json: { n: 2 } }]]);
});
