import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { answerDialog, loginOf, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 19: after an action the screen shows the new state without a page load, and asks the
 * server again only for the reads the action changed (web/src/queries.ts), not for everything.
 */

const env = useBrowserServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface ApiPosting {
  lookingForCoverageID: number;
  startTime: string;
}

function read<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(`/api${p}`)).json() as Promise<unknown>, path) as Promise<T>;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).toFormat('cccc, LLLL d')}`;

/** The reads (GET /api/name...) the page asks for from now on, by name, and the documents it loads. */
function watch(page: Page): { reads: string[]; documents: string[] } {
  const seen = { reads: [] as string[], documents: [] as string[] };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'document') seen.documents.push(url.pathname);
    else if (r.method() === 'GET' && url.pathname.startsWith('/api/')) seen.reads.push(url.pathname.split('/')[2] ?? '');
  });
  return seen;
}

/** A mark on the page's window: gone if the page was loaded again. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
const stillMarked = (page: Page): Promise<boolean> => page.evaluate(() => 'sameDocument' in window);

test.describe('refreshing after an action', () => {
  test("removing one's posting on the calendar refreshes the postings and shifts, not the open shifts, hours or days", async () => {
    const login = loginOf(env.logins, 20);
    const page = await env.newPage();
    await signIn(page, login);
    const mine = await read<ApiPosting[]>(page, `/userPendingShifts/${login.agentId}`);
    expect(mine.length, 'a posting for coverage of the call specialist').toBeGreaterThan(0);
    const posting = mine[0] as ApiPosting;
    const date = posting.startTime.slice(0, 10);
    await page.goto(`/calendar?day=${date}`);
    await page.getByRole('heading', { name: panelTitle(date) }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
    const own = region(page, 'Agents Seeking Coverage')
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: 'Remove' }) });
    const before = await own.count();
    expect(before).toBeGreaterThan(0);

    await mark(page);
    const seen = watch(page);
    await own.first().getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you no longer want coverage? You will be responsible for this shift.');
    await poll(() => own.count()).toBe(before - 1);

    expect(await stillMarked(page)).toBe(true);
    expect(seen.documents).toEqual([]);
    expect(seen.reads).toContain('userPendingShifts');
    expect(seen.reads).toContain('userMonthShifts');
    for (const untouched of ['pendingOpenShifts', 'pendingOpenTrainingShifts', 'myRequestsToPickUp', 'otherDetailedUsersLookingForShifts', 'getCalendarDays']) {
      expect(seen.reads, untouched).not.toContain(untouched);
    }
    // Each changed read is asked once, not once per screen that shows it.
    expect(seen.reads.filter((r) => r === 'userPendingShifts')).toHaveLength(1);
  });

  test('accepting an offer on Pending Activity shows the new lists without a page load', async () => {
    const [offer] = await env.server.db.exclusive(() =>
      env.server.db
        .em()
        .getConnection()
        .execute<{ id: number; posterId: number; initials: string }[]>(
          `select o.id, p.agent_id as "posterId", a.initials from offers o
           join coverage_postings p on p.id = o.posting_id join agents a on a.agent_id = o.offering_agent_id
           where o.status = 'pending' and (o.expiration is null or o.expiration > now()) and p.ended_at is null and p."end" > now()
             and o.rejecting_offer_id is null and o.offering_agent_id <> p.agent_id
             and (select count(*) from offers x where x.posting_id = p.id and x.offering_agent_id = o.offering_agent_id) = 1
           order by o.id limit 1`,
        ),
    );
    expect(offer, 'an open offer in the demo').toBeDefined();
    const [account] = await env.server.db.exclusive(() =>
      env.server.db.em().getConnection().execute<{ initials: string; cell: string }[]>('select initials, cell from accounts where agent_id = ?', [offer?.posterId]),
    );
    const page = await env.newPage();
    await signIn(page, { role: '', agentType: 0, agentId: offer?.posterId ?? 0, initials: account?.initials ?? '', cell: account?.cell ?? '', password: env.logins[0]?.password ?? '', name: '', note: null });
    await page.getByRole('link', { name: 'Pending Activity' }).click();
    const covered = region(page, 'Shifts I Want Covered');
    const row = covered.getByRole('row').filter({ has: page.getByRole('cell', { name: offer?.initials ?? '', exact: true }) });
    await poll(() => row.count()).toBe(1);

    await mark(page);
    const seen = watch(page);
    await row.getByRole('button', { name: 'Accept' }).click();
    await answerDialog(page, 'Are you sure you want to accept this offer?');
    await answerDialog(page, 'SUCCESS: Offer accepted.');
    await poll(() => row.count()).toBe(0);
    expect(await stillMarked(page)).toBe(true);
    expect(seen.documents).toEqual([]);
    expect(seen.reads).toContain('detailedAllOffersForMyShifts');
    expect(seen.reads).toContain('userPendingShifts');
    expect(seen.reads).not.toContain('myPermissions');

  });
});
