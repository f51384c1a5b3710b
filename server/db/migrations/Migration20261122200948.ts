import { Migration } from '@mikro-orm/migrations';

export class Migration20261122200948 extends Migration {

  override name = 'Migration20261122200948';

  override up(): void | Promise<void> {
    this.addSql(`create table "chat_messages" ("id" serial primary key, "from_agent_id" int not null, "to_agent_id" int not null, "message" text null, "sent_at" timestamptz not null, "read_at" timestamptz null, "deleted_by_sender" boolean not null default false, "deleted_by_recipient" boolean not null default false);`);
    this.addSql(`create index "chat_messages_to_agent_id_read_at_index" on "chat_messages" ("to_agent_id", "read_at");`);
    this.addSql(`create index "chat_messages_from_agent_id_to_agent_id_index" on "chat_messages" ("from_agent_id", "to_agent_id");`);

    this.addSql(`create table "cut_requests" ("id" serial primary key, "agent_id" int not null, "shift_id" int not null, "requested_at" timestamptz not null, "requested_end" timestamptz not null, "status" varchar(16) not null default 'pending', "decided_by" int null, "decided_at" timestamptz null);`);
    this.addSql(`create index "cut_requests_status_requested_at_index" on "cut_requests" ("status", "requested_at");`);
    this.addSql(`create index "cut_requests_agent_id_status_index" on "cut_requests" ("agent_id", "status");`);
    this.addSql(`create index "cut_requests_shift_id_index" on "cut_requests" ("shift_id");`);

    this.addSql(`create table "lunch_requests" ("id" serial primary key, "agent_id" int not null, "shift_id" int not null, "requested_at" timestamptz not null, "notes" text null, "status" varchar(16) not null default 'pending', "decided_by" int null, "decided_at" timestamptz null, "approved_start" timestamptz null);`);
    this.addSql(`create index "lunch_requests_status_requested_at_index" on "lunch_requests" ("status", "requested_at");`);
    this.addSql(`create index "lunch_requests_agent_id_status_index" on "lunch_requests" ("agent_id", "status");`);
    this.addSql(`create index "lunch_requests_shift_id_index" on "lunch_requests" ("shift_id");`);

    this.addSql(`create table "notices" ("id" serial primary key, "agent_id" int not null, "shift_id" int null, "violation_type" int not null default 0, "start" timestamptz not null, "end" timestamptz not null, "vacation_applied" boolean not null default false, "reason" int not null default 0, "message" text null, "created_at" timestamptz not null, "personal_minutes" int not null default 0, "vacation_minutes" int not null default 0);`);
    this.addSql(`create index "notices_agent_id_start_index" on "notices" ("agent_id", "start");`);
    this.addSql(`create index "notices_shift_id_index" on "notices" ("shift_id");`);

    this.addSql(`create table "offer_log" ("id" serial primary key, "agent_id" int not null, "offer_id" int null, "at" timestamptz not null, "message" text null);`);
    this.addSql(`create index "offer_log_agent_id_at_index" on "offer_log" ("agent_id", "at");`);

    this.addSql(`create table "offer_messages" ("id" serial primary key, "offer_id" int not null, "agent_id" int not null, "notes" text null, "sent_at" timestamptz not null);`);
    this.addSql(`create index "offer_messages_offer_id_index" on "offer_messages" ("offer_id");`);

    this.addSql(`create table "personal_requests" ("id" serial primary key, "agent_id" int not null, "shift_id" int null, "start" timestamptz not null, "end" timestamptz not null, "minutes" int not null default 0, "requested_at" timestamptz not null, "status" varchar(16) not null default 'approved');`);
    this.addSql(`create index "personal_requests_agent_id_start_index" on "personal_requests" ("agent_id", "start");`);
    this.addSql(`create index "personal_requests_start_index" on "personal_requests" ("start");`);

    this.addSql(`create table "release_notes" ("id" serial primary key, "version" int not null default 0, "released_at" timestamptz not null, "notes" text null);`);

    this.addSql(`create table "teams" ("id" serial primary key, "name" text null, "leader_id" int null);`);

    this.addSql(`create table "text_messages" ("id" serial primary key, "to_agent_id" int not null, "kind" text null, "body" text null, "created_at" timestamptz not null, "sent_at" timestamptz null);`);
    this.addSql(`create index "text_messages_sent_at_id_index" on "text_messages" ("sent_at", "id");`);

    this.addSql(`drop table if exists "outbox" cascade;`);

    this.addSql(`alter table "agents" add "team_id" int null;`);
    this.addSql(`create index "agents_team_id_index" on "agents" ("team_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table "outbox" ("id" serial primary key, "created_at" timestamptz(6) not null, "to_agent_id" int4 not null, "kind" varchar(32) not null, "body" text not null, "sent_at" timestamptz(6) null);`);
    this.addSql(`create index "outbox_sent_at_index" on "outbox" ("sent_at");`);

    this.addSql(`drop table if exists "chat_messages" cascade;`);
    this.addSql(`drop table if exists "cut_requests" cascade;`);
    this.addSql(`drop table if exists "lunch_requests" cascade;`);
    this.addSql(`drop table if exists "notices" cascade;`);
    this.addSql(`drop table if exists "offer_log" cascade;`);
    this.addSql(`drop table if exists "offer_messages" cascade;`);
    this.addSql(`drop table if exists "personal_requests" cascade;`);
    this.addSql(`drop table if exists "release_notes" cascade;`);
    this.addSql(`drop table if exists "teams" cascade;`);
    this.addSql(`drop table if exists "text_messages" cascade;`);

    this.addSql(`drop index "agents_team_id_index";`);
    this.addSql(`alter table "agents" drop column "team_id";`);
  }

}
