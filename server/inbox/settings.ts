import type { EntityManager } from '@mikro-orm/core';
import { query, sql } from '../reads/sql.ts';
import type { NoticeSettings } from '../reads/shapes.ts';

/**
 * What each person chose to be told and how: for now, whether the who-could-take-it notices
 * (can-take.ts) also come as a text. A person without a row has the defaults: no such texts, as
 * texts cost the person a message on their phone they did not ask for.
 */

export async function noticeSettingsOf(em: EntityManager, agentId: number): Promise<NoticeSettings> {
  const [row] = await query<{ canTakeTexts: boolean }>(em, sql`select can_take_texts as "canTakeTexts" from notice_settings where agent_id = ${agentId}`);
  return { canTakeTexts: row?.canTakeTexts ?? false };
}

export async function saveNoticeSettings(em: EntityManager, agentId: number, settings: NoticeSettings, now: Date): Promise<void> {
  await query(
    em,
    sql`insert into notice_settings (agent_id, can_take_texts, updated_at) values (${agentId}, ${settings.canTakeTexts}, ${now.toISOString()}::timestamptz)
        on conflict (agent_id) do update set can_take_texts = excluded.can_take_texts, updated_at = excluded.updated_at`,
  );
}
