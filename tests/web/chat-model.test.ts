import { Settings } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../web/src/records.ts';
import { categoriesFor, groupByDay, threadsOf } from '../../web/src/screens/chat/model.ts';

// Chat's threads and days (spec 3 "Chat") for a person in Eastern time.
let zone: typeof Settings.defaultZone;
beforeAll(() => {
  zone = Settings.defaultZone;
  Settings.defaultZone = 'America/New_York';
});
afterAll(() => {
  Settings.defaultZone = zone;
});

const ME = 1;
let next = 1;
const msg = (from: number, to: number, dateTime: string, read: string | null = dateTime): ChatMessage => ({
  msgID: next++,
  fromEmpID: from,
  toEmpID: to,
  fromInitials: `A${from}`,
  toInitials: `A${to}`,
  message: `from ${from} at ${dateTime}`,
  dateTime,
  toReadDateTime: read,
});

describe('threads', () => {
  it('one per other person, the latest first, counting only their unread messages to me', () => {
    const list = [
      msg(2, ME, '2026-11-01 09:00:00.0'),
      msg(ME, 2, '2026-11-01 09:05:00.0', null),
      msg(3, ME, '2026-11-02 10:00:00.0', null),
      msg(3, ME, '2026-11-02 10:01:00.0', null),
      msg(ME, 4, '2026-11-03 08:00:00.0', null),
      msg(2, ME, '2026-11-01 09:10:00.0', null),
    ];
    const threads = threadsOf(list, ME);
    expect(threads.map((t) => [t.partnerId, t.partnerInitials, t.unread, t.messages.length])).toEqual([
      [4, 'A4', 0, 1],
      [3, 'A3', 2, 2],
      [2, 'A2', 1, 3],
    ]);
    expect(threads[2]?.last.dateTime).toBe('2026-11-01 09:10:00.0');
    expect(threadsOf([], ME)).toEqual([]);
  });
});

describe('days', () => {
  it('groups by the local day, in order, with the day written out', () => {
    const days = groupByDay([msg(2, ME, '2026-11-01 23:50:00.0'), msg(ME, 2, '2026-11-02 00:10:00.0'), msg(2, ME, '2026-11-02 08:00:00.0')]);
    expect(days.map((d) => [d.day, d.label, d.messages.length])).toEqual([
      ['2026-11-01', 'Sunday, November 1, 2026', 1],
      ['2026-11-02', 'Monday, November 2, 2026', 2],
    ]);
  });
});

describe('new-chat categories', () => {
  it("in the dialog's order, only those the rank is offered", () => {
    expect(categoriesFor(['ideas', 'callSpecialists']).map((c) => c.label)).toEqual(['Call Specialists', 'Shiftinator Ideas']);
    expect(categoriesFor(['callSpecialists', 'supervision', 'management', 'ideas']).map((c) => [c.label, c.people])).toEqual([
      ['Call Specialists', 'getCallSpecialists'],
      ['Supervision', 'getSups'],
      ['Management', 'getOpsManagement'],
      ['Shiftinator Ideas', 'getJess'],
    ]);
  });
});
