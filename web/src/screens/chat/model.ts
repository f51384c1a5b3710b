import { DateTime } from 'luxon';
import type { ChatMessage } from '../../records.ts';
import { fromApi } from '../../time.ts';

/**
 * Chat's threads and days (spec 3 "Chat"), apart from the screen so they can be tested: GET
 * /api/getMyTexts gives one list of messages both ways, oldest first; the screen shows one thread
 * per other person, newest first, each grouped by the day (in the person's own zone).
 */

/** The confirmation before deleting a thread (the spec asks for one and gives no words). */
export const DELETE_THREAD_CONFIRM = 'Are you sure you want to delete this thread?';

export interface Thread {
  partnerId: number;
  partnerInitials: string | null;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The partner's messages to me not yet read. */
  unread: number;
  last: ChatMessage;
}

/** One thread per person `me` wrote to or heard from, the one with the latest message first. */
export function threadsOf(messages: readonly ChatMessage[], me: number): Thread[] {
  const byPartner = new Map<number, Thread>();
  for (const m of messages) {
    const mine = m.fromEmpID === me;
    const partnerId = mine ? m.toEmpID : m.fromEmpID;
    const t = byPartner.get(partnerId) ?? { partnerId, partnerInitials: null, messages: [], unread: 0, last: m };
    t.partnerInitials ??= mine ? m.toInitials : m.fromInitials;
    t.messages.push(m);
    if (!mine && m.toReadDateTime === null) t.unread++;
    t.last = m;
    byPartner.set(partnerId, t);
  }
  const at = (m: ChatMessage): number => fromApi(m.dateTime).toMillis();
  return [...byPartner.values()].sort((a, b) => at(b.last) - at(a.last) || b.last.msgID - a.last.msgID);
}

export interface ChatDay {
  /** yyyy-MM-dd in the person's zone. */
  day: string;
  /** "Friday, November 20, 2026" */
  label: string;
  messages: ChatMessage[];
}

/** A thread's messages grouped by the day they were sent, in order. */
export function groupByDay(messages: readonly ChatMessage[]): ChatDay[] {
  const days: ChatDay[] = [];
  for (const m of messages) {
    const when = fromApi(m.dateTime);
    const day = when.toFormat('yyyy-MM-dd');
    let group = days[days.length - 1];
    if (!group || group.day !== day) {
      group = { day, label: when.toLocaleString({ ...DateTime.DATE_HUGE }, { locale: 'en-US' }), messages: [] };
      days.push(group);
    }
    group.messages.push(m);
  }
  return days;
}

/**
 * The new-chat dialog's categories (spec 3 sections 6 and 7), in the order the select lists them;
 * who gets which is rules/roles.json's chatCategories. Call Specialists reads the roles file's
 * group of that name (GET /api/getCallSpecialists) rather than /api/getAgents, which lists every
 * member of staff, so the list holds only people the sender may start a chat with.
 */
export const CHAT_CATEGORIES = [
  { value: 'callSpecialists', label: 'Call Specialists', people: 'getCallSpecialists' },
  { value: 'accountManagers', label: 'Account Managers', people: 'getAMs' },
  { value: 'supervision', label: 'Supervision', people: 'getSups' },
  { value: 'management', label: 'Management', people: 'getOpsManagement' },
  { value: 'ideas', label: 'Shiftinator Ideas', people: 'getJess' },
] as const;

export type ChatCategory = (typeof CHAT_CATEGORIES)[number];

/** The categories a rank is offered (the values of its chatCategories permission). */
export function categoriesFor(offered: readonly (string | number)[]): ChatCategory[] {
  return CHAT_CATEGORIES.filter((c) => offered.includes(c.value));
}
