import { Migration } from '@mikro-orm/migrations';

export class Migration20261122220955 extends Migration {

  override name = 'Migration20261122220955';

  override up(): void | Promise<void> {
    this.addSql(`alter table "decision_log" add "needs" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "decision_log" drop column "needs";`);
  }

}
