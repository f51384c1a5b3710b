// Writes a migration for the difference between the entities and the committed migrations
// (npm run db:migration), against a scratch in-memory database.
import { migrate, openDatabase } from '../server/db/database.ts';

const db = await openDatabase();
await migrate(db);
const result = await db.orm.migrator.create(undefined, false, process.argv[2] === '--initial');
console.log(result.fileName ? `wrote ${result.fileName}` : 'no changes: the migrations match the entities');
await db.close();
