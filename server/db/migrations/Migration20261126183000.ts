import { Migration } from '@mikro-orm/migrations';

/**
 * An index on end - start for the collections read by overlap (DURATION_INDEXED in
 * server/db/world.entities.ts): the loader reads their longest record's duration from it in the
 * statement that reads the overlap, instead of assuming no record lasts longer than a day.
 */
export class Migration20261126183000 extends Migration {

  override name = 'Migration20261126183000';

  override up(): void | Promise<void> {
    this.addSql(`create index "shifts_duration_index" on "shifts" (("end" - "start"));`);
    this.addSql(`create index "open_shifts_duration_index" on "open_shifts" (("end" - "start"));`);
    this.addSql(`create index "personal_requests_duration_index" on "personal_requests" (("end" - "start"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "shifts_duration_index";`);
    this.addSql(`drop index "open_shifts_duration_index";`);
    this.addSql(`drop index "personal_requests_duration_index";`);
  }

}
