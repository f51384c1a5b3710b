import { Migration } from '@mikro-orm/migrations';

/** Each person's calendar feed secret (issue 21, server/calendar-feed). */
export class Migration20261126223056 extends Migration {

  override name = 'Migration20261126223056';

  override up(): void | Promise<void> {
    this.addSql(`create table "calendar_feeds" ("agent_id" int not null, "token" varchar(64) not null, "created_at" timestamptz not null, primary key ("agent_id"));`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_unique" unique ("token");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }

}
