import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, eastern, getJson, mainShifts } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer, type DemoLogin } from './support.ts';
import { MAX_POSTING_IDS } from '../../server/routes/candidates.ts';

/**
 * Issue 21's limit on the Team Calendar: a day with more postings for coverage than
 * GET /api/whoCouldTakeCoveragePostings takes in one read is asked about in several reads of at
 * most that many, and every row shows who could cover it, not the server's 400.
 */

const env = useBrowserServer();
const DAY_MS = 86_400_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 60_000 });
/** One more than a read may name: the day's postings the test makes. */
const POSTINGS = MAX_POSTING_IDS + 1;
/** The shortest coverage the rules allow (rules/parameters.json minCoverageMinutes): many postings fit in one shift. */
const PART_MINUTES = 5;

interface Member {
  agentId: number;
  agentType: number;
}

interface Posting {
  lookingForCoverageID: number;
  startTime: string;
}

/** A team member's demo login: their account's initials and cell, and the demo's one password. */
async function loginFor(agentId: number): Promise<DemoLogin> {
  const [account] = await env.server.db.exclusive(() =>
    env.server.db.em().getConnection().execute<{ initials: string; cell: string }[]>('select initials, cell from accounts where agent_id = ?', [agentId]),
  );
  return { role: '', agentType: 0, agentId, initials: account?.initials ?? '', cell: account?.cell ?? '', password: env.logins[0]?.password ?? '', name: '', note: null };
}

/**
 * Posts consecutive 5-minute parts of one of the member's shifts two days or more ahead, each its
 * own posting, until `count` are posted or the shift ends: the day's date and how many were posted.
 */
async function postParts(api: APIRequestContext, agentId: number, count: number): Promise<{ day: string; posted: number } | null> {
  const shift = (await mainShifts(api, agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 2 * DAY_MS);
  if (!shift) return null;
  let posted = 0;
  const end = eastern(shift.endTime);
  for (let at = eastern(shift.startTime); posted < count && at.plus({ minutes: PART_MINUTES }) <= end; at = at.plus({ minutes: PART_MINUTES })) {
    const res = await api.post('/api/postShift', {
      timeout: 60_000,
      data: { AgentID: agentId, TimeScheduleItemID: shift.id, StartTime: apiTime(at), EndTime: apiTime(at.plus({ minutes: PART_MINUTES })), Notes: null, OpenToCots: 0, OpenToTrade: 0, Type: null },
    });
    // The first part refused: this member may not post (a trainee, say); the next one is tried.
    if (res.status() !== 200 && posted === 0) return null;
    if (res.status() === 200) posted++;
  }
  return { day: shift.startTime.slice(0, 10), posted };
}

test.describe('a Team Calendar day busier than one read', () => {
  test(`shows who could cover each of ${POSTINGS} postings, asked in reads of at most ${MAX_POSTING_IDS}`, async () => {
    test.setTimeout(480_000);
    const sup = loginOf(env.logins, 100);
    const supApi = await apiAs(env.url, sup);
    const team = await getJson<Member[]>(supApi, `/getAllTeam/${sup.agentId}`);
    let made: { day: string; posted: number } | null = null;
    for (const member of team.filter((m) => m.agentType >= 20 && m.agentType < 100)) {
      const api = await apiAs(env.url, await loginFor(member.agentId));
      made = await postParts(api, member.agentId, POSTINGS);
      await api.dispose();
      if (made) break;
    }
    expect(made, 'a team member who may post a shift two days ahead').not.toBeNull();
    const { day, posted } = made as { day: string; posted: number };
    expect(posted).toBe(POSTINGS);
    const onDay = (await getJson<Posting[]>(supApi, `/teamLookingForCov/${sup.agentId}`)).filter((p) => p.startTime.slice(0, 10) === day).map((p) => p.lookingForCoverageID);
    await supApi.dispose();
    expect(onDay.length).toBeGreaterThan(MAX_POSTING_IDS);

    const page = await env.newPage();
    await signIn(page, sup);
    const asked: { ids: number[]; status: number }[] = [];
    page.on('response', (r) => {
      const path = decodeURIComponent(new URL(r.url()).pathname);
      if (path.startsWith('/api/whoCouldTakeCoveragePostings/')) asked.push({ ids: (path.split('/')[3] ?? '').split(',').map(Number), status: r.status() });
    });
    await page.goto('/teamCalendar');
    await page.getByRole('button', { name: 'Previous month' }).waitFor();
    const cell = page.locator(`button[data-date="${day}"]`).first();
    if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
    await cell.click();
    const rows = page.getByRole('region', { name: 'Team Members Seeking Coverage', exact: true }).locator('tbody tr');
    await poll(() => rows.count()).toBe(onDay.length);
    // Every row's answer is in: a count of colleagues, and no error anywhere.
    const answered = rows.filter({ hasText: /\d+ of \d+ colleagues? could take this/ });
    await poll(() => answered.count()).toBe(onDay.length);
    expect(await page.locator('.who-could-take.error').count()).toBe(0);
    // The reads about this day (another day's, or the same read asked again, aside), each within the limit, together naming each posting once.
    const reads = [...new Map(asked.filter((a) => a.ids.some((id) => onDay.includes(id))).map((a) => [a.ids.join(','), a])).values()];
    const sizes = Array.from({ length: Math.ceil(onDay.length / MAX_POSTING_IDS) }, (_, i) => Math.min(MAX_POSTING_IDS, onDay.length - i * MAX_POSTING_IDS));
    expect(reads.map((a) => [a.ids.length, a.status])).toEqual(sizes.map((n) => [n, 200]));
    expect(reads.flatMap((a) => a.ids)).toEqual(onDay);
  });
});
