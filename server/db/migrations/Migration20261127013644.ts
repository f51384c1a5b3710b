import { Migration } from '@mikro-orm/migrations';

/**
 * What each person chose to be told: whether a who-could-take-it notice also comes as a text
 * (server/inbox/settings.ts). No row means the default, no text.
 */
export class Migration20261127013644 extends Migration {

  override name = 'Migration20261127013644';

  override up(): void | Promise<void> {
    this.addSql(`create table "notice_settings" ("agent_id" int not null, "can_take_texts" boolean not null, "updated_at" timestamptz not null, primary key ("agent_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notice_settings" cascade;`);
  }

}
