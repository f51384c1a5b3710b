import { Migration } from '@mikro-orm/migrations';

export class Migration20261122185622 extends Migration {

  override name = 'Migration20261122185622';

  override up(): void | Promise<void> {
    this.addSql(`create index "coverage_postings_ended_at_end_index" on "coverage_postings" ("ended_at", "end");`);

    this.addSql(`create index "pickup_postings_ended_at_end_index" on "pickup_postings" ("ended_at", "end");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "coverage_postings_ended_at_end_index";`);

    this.addSql(`drop index "pickup_postings_ended_at_end_index";`);
  }

}
