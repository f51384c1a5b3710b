import { Migration } from '@mikro-orm/migrations';

export class Migration20261122184746 extends Migration {

  override name = 'Migration20261122184746';

  override up(): void | Promise<void> {
    this.addSql(`create table "accounts" ("agent_id" int not null, "initials" varchar(16) not null, "cell" varchar(32) not null, "password_hash" text not null, "failed_attempts" int not null default 0, "locked_until" timestamptz null, primary key ("agent_id"));`);
    this.addSql(`create index "accounts_initials_cell_index" on "accounts" ("initials", "cell");`);

    this.addSql(`create table "agents" ("agent_id" int not null, "agent_type" int not null, "initials" text null, "first_name" text null, "last_name" text null, "spanish" boolean not null default false, "can_cover_docs" boolean not null default false, "probation_until" date null, "termination_date" timestamptz null, "personal_time" int not null default 0, "vacation_time" int not null default 0, "fmla_intermittent_until" date null, "fmla_continuous_until" date null, primary key ("agent_id"));`);
    this.addSql(`create index "agents_spanish_index" on "agents" ("spanish");`);
    this.addSql(`create index "agents_agent_type_index" on "agents" ("agent_type");`);

    this.addSql(`create table "coverage_postings" ("id" serial primary key, "agent_id" int not null, "shift_id" int null, "start" timestamptz not null, "end" timestamptz not null, "type" int not null default 0, "open_to_trade" int not null default 0, "notes" text null, "cots" int not null default 0, "ended_at" timestamptz null);`);
    this.addSql(`create index "coverage_postings_agent_id_ended_at_index" on "coverage_postings" ("agent_id", "ended_at");`);
    this.addSql(`create index "coverage_postings_shift_id_index" on "coverage_postings" ("shift_id");`);

    this.addSql(`create table "days" ("date" date not null, "holiday" boolean not null default false, "schedule_posted" boolean not null default true, primary key ("date"));`);

    this.addSql(`create table "decision_log" ("id" serial primary key, "decided_at" timestamptz not null, "actor" int not null, "action" varchar(64) not null, "input" jsonb not null, "world" jsonb not null, "outcome" varchar(16) not null, "message" text null, "rule" varchar(128) null, "warnings" jsonb not null, "rules_hash" varchar(64) not null, "applied" boolean not null);`);
    this.addSql(`create index "decision_log_decided_at_index" on "decision_log" ("decided_at");`);
    this.addSql(`create index "decision_log_actor_index" on "decision_log" ("actor");`);

    this.addSql(`create table "offers" ("id" serial primary key, "posting_id" int null, "pickup_posting_id" int null, "offering_agent_id" int not null, "covering_agent_id" int not null, "start" timestamptz not null, "end" timestamptz not null, "shift_id" int null, "swap_shift_id" int null, "swap_start" timestamptz null, "swap_end" timestamptz null, "expiration" timestamptz null, "status" varchar(16) not null default 'pending', "rejecting_offer_id" int null, "nudged_at" timestamptz null, "comment" text null, "created_at" timestamptz null);`);
    this.addSql(`create index "offers_posting_id_status_index" on "offers" ("posting_id", "status");`);
    this.addSql(`create index "offers_pickup_posting_id_status_index" on "offers" ("pickup_posting_id", "status");`);
    this.addSql(`create index "offers_offering_agent_id_status_index" on "offers" ("offering_agent_id", "status");`);
    this.addSql(`create index "offers_covering_agent_id_status_index" on "offers" ("covering_agent_id", "status");`);

    this.addSql(`create table "open_shifts" ("id" serial primary key, "created_by" int null, "start" timestamptz not null, "end" timestamptz not null, "type" int not null default 0, "pay_rate" int not null default 0, "cots" int not null default 0, "quantity_remaining" int not null default 1, "assistant_after_date" timestamptz null, "ended_at" timestamptz null);`);
    this.addSql(`create index "open_shifts_start_index" on "open_shifts" ("start");`);
    this.addSql(`create index "open_shifts_ended_at_index" on "open_shifts" ("ended_at");`);

    this.addSql(`create table "outbox" ("id" serial primary key, "created_at" timestamptz not null, "to_agent_id" int not null, "kind" varchar(32) not null, "body" text not null, "sent_at" timestamptz null);`);
    this.addSql(`create index "outbox_sent_at_index" on "outbox" ("sent_at");`);

    this.addSql(`create table "pickup_postings" ("id" serial primary key, "agent_id" int not null, "start" timestamptz not null, "end" timestamptz not null, "type" int not null default 0, "notes" text null, "ended_at" timestamptz null);`);
    this.addSql(`create index "pickup_postings_agent_id_ended_at_index" on "pickup_postings" ("agent_id", "ended_at");`);

    this.addSql(`create table "sessions" ("id" varchar(64) not null, "agent_id" int not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "idle_minutes" int not null, primary key ("id"));`);
    this.addSql(`create index "sessions_agent_id_index" on "sessions" ("agent_id");`);

    this.addSql(`create table "shifts" ("id" serial primary key, "agent_id" int not null, "start" timestamptz not null, "end" timestamptz not null, "shift_type" int not null default 0, "pay_rate" int not null default 0, "cots" int not null default 0, "is_covering" boolean not null default false, "parent_id" int null);`);
    this.addSql(`create index "shifts_agent_id_start_index" on "shifts" ("agent_id", "start");`);
    this.addSql(`create index "shifts_start_end_index" on "shifts" ("start", "end");`);
    this.addSql(`create index "shifts_parent_id_index" on "shifts" ("parent_id");`);
  }

}
