import { Migration } from '@mikro-orm/migrations';

/** What committed actions changed, kept a few minutes for the live screens' streams (issue 21, server/events). */
export class Migration20261126225403 extends Migration {

  override name = 'Migration20261126225403';

  override up(): void | Promise<void> {
    this.addSql(`create table "events" ("id" serial primary key, "created_at" timestamptz not null, "action" varchar(64) not null, "actor" int not null, "records" jsonb not null, "audience" jsonb null);`);
    this.addSql(`create index "events_created_at_index" on "events" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "events" cascade;`);
  }

}
