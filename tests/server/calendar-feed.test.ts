import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { loadWorldAt, useTestServer } from './support.ts';

/** Issue 21 part 4: a person's shifts in their own calendar app, read with a real iCalendar parser. */

const server = useTestServer();

const WORLD = {
  agents: [
    { agentId: 101, agentType: 20, initials: 'AB' },
    { agentId: 102, agentType: 20, initials: 'CD' },
  ],
  shifts: [
    // Across the fall-back night of 2025-11-02: nine hours, not eight.
    { id: 1, agentId: 101, start: '2025-11-01 22:00', end: '2025-11-02 06:00', shiftType: 0 },
    { id: 2, agentId: 101, start: '2025-11-03 08:00', end: '2025-11-03 16:00', shiftType: 0 },
    { id: 3, agentId: 101, parentId: 2, start: '2025-11-03 12:00', end: '2025-11-03 12:30', shiftType: 5 },
    // A covering shift that starts in the repeated hour's second pass (EST).
    { id: 4, agentId: 101, start: '2025-11-02T01:30:00-05:00', end: '2025-11-02T04:00:00-05:00', shiftType: 0, isCovering: true },
    // And one in its first pass (EDT), the minutes before.
    { id: 7, agentId: 101, start: '2025-11-02T01:00:00-04:00', end: '2025-11-02T01:25:00-04:00', shiftType: 0, isCovering: true },
    // A claimed open training shift.
    { id: 5, agentId: 101, start: '2025-11-04 17:00', end: '2025-11-04 21:30', shiftType: 64, isCovering: true },
    // Someone else's: never in AB's feed.
    { id: 6, agentId: 102, start: '2025-11-03 08:00', end: '2025-11-03 16:00', shiftType: 0 },
  ],
};

interface Parsed {
  uid: string;
  summary: string;
  start: number;
  end: number;
}

function parseFeed(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, summary: e.summary, start: e.startDate.toJSDate().getTime(), end: e.endDate.toJSDate().getTime() };
  });
}

const ms = (text: string): number => parseInstant(text) * 60_000;

async function feedUrl(as: number, method: 'GET' | 'POST' = 'GET'): Promise<string> {
  const res = await server.request('/api/myCalendarFeed', { method, as });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return url;
}

/** The feed as a calendar app asks for it: no cookie, no session. */
const fetchFeed = (url: string): Promise<Response> => server.request(new URL(url).pathname);

describe('my shifts in my calendar', () => {
  beforeEach(() => loadWorldAt(server, '2025-10-30 09:00', WORLD));

  it('gives a signed-in person one secret URL, the same each time', async () => {
    const url = await feedUrl(101);
    expect(url).toMatch(/^http:\/\/localhost\/api\/calendarFeed\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(await feedUrl(101)).toBe(url);
    expect(await feedUrl(102)).not.toBe(url);
  });

  it('refuses the address to someone not signed in', async () => {
    const res = await server.request('/api/myCalendarFeed');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Please sign in.' });
  });

  it('answers text/calendar without a session: every shift of theirs with its meal break, at the right instants across 2025-11-02', async () => {
    const res = await fetchFeed(await feedUrl(101));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(text).toContain('DTSTART;TZID=America/New_York:20251101T220000');
    // 1:00 to 1:59 come twice that night: Eastern text would not say which, so both are in UTC.
    expect(text).toContain('DTSTART:20251102T050000Z');
    expect(text).toContain('DTSTART:20251102T063000Z');
    expect(parseFeed(text)).toEqual([
      { uid: 'shift-1@shiftinator', summary: 'Call specialist', start: ms('2025-11-01 22:00'), end: ms('2025-11-02 06:00') },
      { uid: 'shift-7@shiftinator', summary: 'Covering: Call specialist', start: ms('2025-11-02T01:00:00-04:00'), end: ms('2025-11-02T01:25:00-04:00') },
      { uid: 'shift-4@shiftinator', summary: 'Covering: Call specialist', start: ms('2025-11-02T01:30:00-05:00'), end: ms('2025-11-02T04:00:00-05:00') },
      { uid: 'shift-2@shiftinator', summary: 'Call specialist', start: ms('2025-11-03 08:00'), end: ms('2025-11-03 16:00') },
      { uid: 'shift-3@shiftinator', summary: 'Meal Break', start: ms('2025-11-03 12:00'), end: ms('2025-11-03 12:30') },
      { uid: 'shift-5@shiftinator', summary: 'Covering: Training Class', start: ms('2025-11-04 17:00'), end: ms('2025-11-04 21:30') },
    ]);
    const [overnight] = parseFeed(text);
    expect(((overnight?.end ?? 0) - (overnight?.start ?? 0)) / 3_600_000).toBe(9);
  });

  it('replacing the address makes the old one answer 404', async () => {
    const old = await feedUrl(101);
    const replaced = await feedUrl(101, 'POST');
    expect(replaced).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'There is no such calendar feed. Copy the current address from Shiftinator.' });
    expect((await fetchFeed(replaced)).status).toBe(200);
    expect(await feedUrl(101)).toBe(replaced);
  });

  it('answers 404 for an address never given out', async () => {
    for (const path of ['/api/calendarFeed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/api/calendarFeed/x.ics', "/api/calendarFeed/'%20or%201=1.ics"]) {
      expect((await server.request(path)).status, path).toBe(404);
    }
  });
});
