import type { EntityManager } from '@mikro-orm/core';
import { kyselyOf } from '../db/kysely.ts';
import type { NoticeSettings } from '../reads/shapes.ts';

/**
 * What each person chose to be told and how: for now, whether the who-could-take-it notices
 * (can-take.ts) also come as a text. A person without a row has the defaults: no such texts, as
 * texts cost the person a message on their phone they did not ask for.
 */

export async function noticeSettingsOf(em: EntityManager, agentId: number): Promise<NoticeSettings> {
  const row = await kyselyOf(em).selectFrom('notice_settings').select('can_take_texts').where('agent_id', '=', agentId).executeTakeFirst();
  return { canTakeTexts: row?.can_take_texts ?? false };
}

export async function saveNoticeSettings(em: EntityManager, agentId: number, settings: NoticeSettings, now: Date): Promise<void> {
  await kyselyOf(em)
    .insertInto('notice_settings')
    .values({ agent_id: agentId, can_take_texts: settings.canTakeTexts, updated_at: now })
    .onConflict((c) => c.column('agent_id').doUpdateSet((eb) => ({ can_take_texts: eb.ref('excluded.can_take_texts'), updated_at: eb.ref('excluded.updated_at') })))
    .execute();
}
