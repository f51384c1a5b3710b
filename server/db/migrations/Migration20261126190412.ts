import { Migration } from '@mikro-orm/migrations';

export class Migration20261126190412 extends Migration {

  override name = 'Migration20261126190412';

  override up(): void | Promise<void> {
    this.addSql(`create table "rule_sets" ("id" serial primary key, "hash" varchar(64) not null, "files" jsonb not null, "live_at" timestamptz not null);`);
    this.addSql(`alter table "rule_sets" add constraint "rule_sets_hash_unique" unique ("hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rule_sets" cascade;`);
  }

}
