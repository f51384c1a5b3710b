import { Migration } from '@mikro-orm/migrations';

/**
 * What an inbox item is about, when the same notice must not be sent twice: "who could take it"
 * notices (server/inbox/can-take.ts) name their posting, one per person and posting. Texts of
 * actions leave it null, and nulls never collide.
 */
export class Migration20261126233500 extends Migration {

  override name = 'Migration20261126233500';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notifications" add "about" varchar(64) null;`);
    this.addSql(`alter table "notifications" add constraint "notifications_agent_id_about_unique" unique ("agent_id", "about");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notifications" drop constraint "notifications_agent_id_about_unique";`);
    this.addSql(`alter table "notifications" drop column "about";`);
  }

}
