import { Migration } from '@mikro-orm/migrations';

/**
 * Every switch of the live rule set is a row (server/rule-history.ts): the set by its hash (its
 * files stay once in rule_sets), when it went live or is to, where (host, process) and how. The
 * sets recorded before this table existed become one switch each, at the time they first went
 * live, with how = 'recorded': their later returns were not kept. A set's files become json, not
 * jsonb: jsonb orders an object's keys its own way, and a set written out again (`rules show
 * --out`) must have the version it was recorded with.
 */
export class Migration20261128170000 extends Migration {

  override name = 'Migration20261128170000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "rule_sets" alter column "files" type json using "files"::text::json;`);
    this.addSql(`create table "rule_switches" ("id" serial primary key, "hash" varchar(64) not null, "live_at" timestamptz not null, "how" varchar(16) not null, "host" varchar(255) not null, "pid" int not null, "reason" text null, "cancelled_at" timestamptz null, "cancel_reason" text null);`);
    this.addSql(`alter table "rule_switches" add constraint "rule_switches_hash_foreign" foreign key ("hash") references "rule_sets" ("hash");`);
    this.addSql(`create index "rule_switches_live_at_index" on "rule_switches" ("live_at");`);
    this.addSql(`insert into "rule_switches" ("hash", "live_at", "how", "host", "pid") select "hash", "live_at", 'recorded', '', 0 from "rule_sets" order by "live_at", "id";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rule_switches" cascade;`);
    this.addSql(`alter table "rule_sets" alter column "files" type jsonb using "files"::jsonb;`);
  }

}
