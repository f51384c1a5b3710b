import { Migration } from '@mikro-orm/migrations';

/**
 * Booked personal time stays in the balance until it starts (docs/decisions.md, "Personal time"):
 * `charge_at_start` marks the bookings whose minutes still have to come out. Rows booked before
 * were taken from the balance at once, so those still ahead go back into it and are marked.
 */
export class Migration20261126230000 extends Migration {

  override name = 'Migration20261126230000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "personal_requests" add "charge_at_start" boolean not null default false;`);
    this.addSql(`create index "personal_requests_charge_at_start_index" on "personal_requests" ("start") where "charge_at_start";`);
    this.addSql(`update "agents" a set "personal_time" = a."personal_time" + f.minutes from (select "agent_id", sum("minutes")::int as minutes from "personal_requests" where "status" = 'approved' and "start" > now() group by "agent_id") f where f."agent_id" = a."agent_id";`);
    this.addSql(`update "personal_requests" set "charge_at_start" = true where "status" = 'approved' and "start" > now();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "agents" a set "personal_time" = a."personal_time" - f.minutes from (select "agent_id", sum("minutes")::int as minutes from "personal_requests" where "charge_at_start" group by "agent_id") f where f."agent_id" = a."agent_id";`);
    this.addSql(`drop index "personal_requests_charge_at_start_index";`);
    this.addSql(`alter table "personal_requests" drop column "charge_at_start";`);
  }

}
