import { expect, test, type Page } from '@playwright/test';
import { signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 30 item 4 in the browser: the poster opens the day of their posting for coverage to see
 * how many colleagues could take it. On the demo's database the server answers one request at a
 * time, so the count is asked for before anything else the day panel asks (what it offers), and
 * then every one of those checks is still asked.
 */

const env = useBrowserServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface Posting {
  id: number;
  posterId: number;
  date: string;
  initials: string;
  cell: string;
}

/** The soonest live demo posting for coverage (posted from its poster's shift, on the schedule until taken). */
async function soonestPosting(): Promise<Posting | undefined> {
  const rows = await env.server.db.exclusive(() =>
    env.server.db
      .em()
      .getConnection()
      .execute<Posting[]>(
        `select p.id, p.agent_id as "posterId", to_char(p.start at time zone 'America/New_York', 'YYYY-MM-DD') as date, c.initials, c.cell
         from coverage_postings p join accounts c on c.agent_id = p.agent_id
         where p.ended_at is null and p.start > now() + interval '1 day' and p.start < date_trunc('month', now()) + interval '2 months'
         order by p.start, p.id limit 1`,
      ),
  );
  return rows[0];
}

/** The API paths the page asks from now on, in the order it asks them. */
function askedFrom(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}

test.describe("the day panel's count", () => {
  test('is asked for first, on the click that opens the day and at a day opened by its address; what is offered is asked after it', async () => {
    const posting = await soonestPosting();
    expect(posting, 'a demo posting for coverage').toBeDefined();
    const { id, date, initials, cell } = posting as Posting;
    const page = await env.newPage();
    await signIn(page, { initials, cell, password: env.logins[0]?.password ?? '' } as DemoLogin);
    const region = page.getByRole('region', { name: 'Agents Seeking Coverage', exact: true });
    const count = region.locator('tbody tr').getByText(/\d+ of \d+ colleagues? could take this/);

    // By a click on the day, the Calendar at rest.
    await page.goto(`/calendar?month=${date.slice(0, 7)}`);
    const day = page.locator(`button[data-date="${date}"]`).first();
    await day.waitFor();
    await page.waitForLoadState('networkidle');
    const clicked = askedFrom(page);
    await day.click();
    await poll(() => count.count()).toBe(1);
    // The poster's shift that day is still checked as offered (postShift), after the count.
    await poll(() => clicked.filter((p) => p.startsWith('/api/offeredSlice/postShift?')).length).toBeGreaterThan(0);
    expect(clicked[0]).toBe(`/api/whoCouldTakeCoveragePosting/${id}`);
    await expect(page.getByRole('region', { name: /^My Shifts For / }).getByText('Find Coverage').first()).toBeVisible();

    // By the day's address, the panel drawn with the Calendar.
    const direct = await page.context().newPage();
    const opened = askedFrom(direct);
    await direct.goto(`/calendar?date=${date}`);
    await poll(() => direct.getByRole('region', { name: 'Agents Seeking Coverage', exact: true }).locator('tbody tr').getByText(/\d+ of \d+ colleagues? could take this/).count()).toBe(1);
    await poll(() => opened.filter((p) => p.startsWith('/api/offeredSlice/')).length).toBeGreaterThan(0);
    const who = opened.indexOf(`/api/whoCouldTakeCoveragePosting/${id}`);
    expect(who, opened.join('\n')).toBeGreaterThanOrEqual(0);
    expect(opened.findIndex((p) => p.startsWith('/api/offeredSlice/')), opened.join('\n')).toBeGreaterThan(who);
  });
});
