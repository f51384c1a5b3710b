import { Migration } from '@mikro-orm/migrations';

/** Each person's inbox of the texts sent to them (issue 21, server/inbox). */
export class Migration20261126223747 extends Migration {

  override name = 'Migration20261126223747';

  override up(): void | Promise<void> {
    this.addSql(`create table "notifications" ("id" serial primary key, "agent_id" int not null, "kind" varchar(64) null, "body" text not null, "link" varchar(255) not null, "created_at" timestamptz not null, "read_at" timestamptz null);`);
    this.addSql(`create index "notifications_agent_id_id_index" on "notifications" ("agent_id", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);
  }

}
