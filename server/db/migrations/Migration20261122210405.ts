import { Migration } from '@mikro-orm/migrations';

export class Migration20261122210405 extends Migration {

  override name = 'Migration20261122210405';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notices" add "applied_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notices" drop column "applied_at";`);
  }

}
