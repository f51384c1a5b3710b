import type { ActionContext } from '../action-runner.ts';
import { epochMsOf, kyselyOf } from '../db/kysely.ts';
import { formatApiInstant, formatApiInstantOrNull } from '../reads/api-time.ts';
import { idParam, ownAgent, type ReadContext } from '../reads/http.ts';
import { feature, readRoutes } from './feature.ts';
import { groupRead, groupReader } from './team.ts';
import { ChatMessage } from '../reads/shapes.ts';

/**
 * Chat (spec 3 sections 2, 4, 5, 6 and 7): sending, reading and deleting threads are rule files
 * (rules/sendMessage.json, readMessages.json, deleteThread.json); the reads are the caller's
 * messages and the new-chat dialog's recipient lists by category (rules/roles.json groups).
 * Shapes and choices: docs/decisions.md, "Chat".
 */

/**
 * The caller's messages, sent and received, less the threads they deleted, oldest first: the
 * screen groups them into threads by the other person and into days.
 */
async function myTexts(c: ReadContext, ctx: ActionContext, { agentId }: { agentId: number }): Promise<ChatMessage[]> {
  const me = ownAgent(c, agentId);
  const rows = await kyselyOf(ctx.db.em())
    .selectFrom('chat_messages as m')
    .leftJoin('agents as f', 'f.agent_id', 'm.from_agent_id')
    .leftJoin('agents as t', 't.agent_id', 'm.to_agent_id')
    .select((eb) => [
      'm.id',
      'm.from_agent_id as from',
      'm.to_agent_id as to',
      'f.initials as fromInitials',
      't.initials as toInitials',
      'm.message',
      epochMsOf(eb.ref('m.sent_at')).as('sentAt'),
      epochMsOf(eb.ref('m.read_at')).as('readAt'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('m.from_agent_id', '=', me), eb.not(eb.ref('m.deleted_by_sender'))]),
        eb.and([eb('m.to_agent_id', '=', me), eb.not(eb.ref('m.deleted_by_recipient'))]),
      ]),
    )
    .orderBy('m.sent_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    msgID: r.id,
    fromEmpID: r.from,
    toEmpID: r.to,
    fromInitials: r.fromInitials,
    toInitials: r.toInitials,
    message: r.message,
    dateTime: formatApiInstant(r.sentAt),
    toReadDateTime: formatApiInstantOrNull(r.readAt),
  }));
}

const CHAT_READS = readRoutes('chat', {
  getMyTexts: {
    path: '/api/getMyTexts/{agentId}',
    summary: "The caller's chat messages, sent and received, less deleted threads, oldest first: msgID, fromEmpID, toEmpID, fromInitials, toInitials, message, dateTime, toReadDateTime",
    answer: ChatMessage,
    params: { agentId: idParam },
    forbidden: true,
  },
  getJess: groupRead('/api/getJess', "The Shiftinator Ideas recipient (rules/roles.json groups.ideas): [{ agentId, initials, fullName }]"),
  getOpsManagement: groupRead('/api/getOpsManagement', 'Management (agent types 105 and up, rules/roles.json groups.management): agentId, initials, fullName'),
});

export const chat = feature({
  name: 'chat',
  actions: [
    {
      action: 'sendMessage',
      method: 'post',
      path: '/sendMessage',
      summary: 'Send a chat message (Notes, under messageMaxLength characters of rules/parameters.json) to toAgentID: anyone in a category the sender\'s rank offers, or anyone who wrote to the sender',
      actor: 'AgentID',
      body: { toAgentID: 'toAgentId', Notes: 'notes' },
    },
    {
      action: 'readMessages',
      method: 'post',
      path: '/readMessages',
      summary: "Mark the messages toAgentID sent the caller read (opening the thread)",
      actor: 'AgentID',
      body: { toAgentID: 'toAgentId' },
    },
    {
      action: 'deleteThread',
      method: 'post',
      path: '/deleteThread',
      summary: 'Delete the thread with toAgentID for the caller only (the screen asks for confirmation first)',
      actor: 'AgentID',
      body: { toAgentID: 'toAgentId' },
    },
  ],
  reads: CHAT_READS,
  handlers: {
    getMyTexts: myTexts,
    getJess: groupReader('ideas'),
    getOpsManagement: groupReader('management'),
  },
});
