import { Migration } from '@mikro-orm/migrations';

/**
 * The decision log's slices as `json` (the text as written) instead of `jsonb`: written on every
 * decision and read back whole, never searched inside (server/db/server.entities.ts). Written by
 * hand: MikroORM's schema diff takes json and jsonb for the same type.
 */
export class Migration20261123021500 extends Migration {

  override name = 'Migration20261123021500';

  override up(): void | Promise<void> {
    this.addSql(`alter table "decision_log" alter column "input" type json using "input"::json, alter column "world" type json using "world"::json, alter column "needs" type json using "needs"::json;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "decision_log" alter column "input" type jsonb using "input"::jsonb, alter column "world" type jsonb using "world"::jsonb, alter column "needs" type jsonb using "needs"::jsonb;`);
  }

}
