import { Migration } from '@mikro-orm/migrations';

/**
 * The live event streams of every process, so that a session's limit of streams holds across
 * processes (server/events/streams.ts); and who may read each record an event names, so that each
 * person is sent only what they may read (server/events/changes.ts).
 */
export class Migration20261128164513 extends Migration {

  override name = 'Migration20261128164513';

  override up(): void | Promise<void> {
    this.addSql(`create table "event_streams" ("id" uuid not null, "session" varchar(64) not null, "opened_at" timestamptz not null, "seen_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "event_streams_session_index" on "event_streams" ("session");`);

    this.addSql(`alter table "events" add "readers" jsonb null;`);

  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "event_streams" cascade;`);

    this.addSql(`alter table "events" drop column "readers";`);

  }

}
