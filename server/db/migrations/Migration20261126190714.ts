import { Migration } from '@mikro-orm/migrations';

/**
 * The spec's exceptions for single people as attributes of their agent record (engine/collections.ts
 * AGENT_ATTRIBUTES) instead of ids in the rules. A database made before keeps its meaning: the
 * people the rules named until now (1259, 1296) get the attributes those rules gave them.
 */
export class Migration20261126190714 extends Migration {

  override name = 'Migration20261126190714';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents" add "designated_account_manager" boolean not null default false, add "may_request_cuts_and_lunches" boolean not null default false, add "ideas_recipient" boolean not null default false;`);
    this.addSql(`update "agents" set "designated_account_manager" = true, "may_request_cuts_and_lunches" = true where "agent_id" = 1259;`);
    this.addSql(`update "agents" set "ideas_recipient" = true where "agent_id" = 1296;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents" drop column "designated_account_manager", drop column "may_request_cuts_and_lunches", drop column "ideas_recipient";`);
  }

}
