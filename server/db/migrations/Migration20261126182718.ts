import { Migration } from '@mikro-orm/migrations';

export class Migration20261126182718 extends Migration {

  override name = 'Migration20261126182718';

  override up(): void | Promise<void> {
    this.addSql(`create table "sign_in_throttle" ("key" varchar(255) not null, "failures" int not null, "last_failed_at" timestamptz not null, "locked_until" timestamptz null, primary key ("key"));`);

    this.addSql(`alter table "accounts" drop column "failed_attempts", drop column "locked_until";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sign_in_throttle" cascade;`);

    this.addSql(`alter table "accounts" add "failed_attempts" int4 not null default 0, add "locked_until" timestamptz(6) null;`);
  }

}
