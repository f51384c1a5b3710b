import { Migration } from '@mikro-orm/migrations';

export class Migration20261122203041 extends Migration {

  override name = 'Migration20261122203041';

  override up(): void | Promise<void> {
    this.addSql(`create table "session_log" ("id" serial primary key, "agent_id" int not null, "at" timestamptz not null, "event" varchar(16) not null default 'signIn');`);
    this.addSql(`create index "session_log_agent_id_at_index" on "session_log" ("agent_id", "at");`);

    this.addSql(`alter table "notices" add "minutes" int not null default 0;`);

    this.addSql(`alter table "offer_messages" add "handled_by" int null, add "handled_at" timestamptz null, add "handled_notes" text null;`);

    this.addSql(`alter table "personal_requests" add "shift_class" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "session_log" cascade;`);

    this.addSql(`alter table "notices" drop column "minutes";`);

    this.addSql(`alter table "offer_messages" drop column "handled_by", drop column "handled_at", drop column "handled_notes";`);

    this.addSql(`alter table "personal_requests" drop column "shift_class";`);
  }

}
