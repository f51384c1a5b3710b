import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, getJson } from './schedule-api.ts';
import { nowMs, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 20, defect 5: sendMessage and sendMessageHours are reached where spec 2's flow puts them:
 * a posting's row in Agents Seeking Coverage and Agents Seeking Hours leads to a message about it.
 */

const env = useBrowserServer();

/** A pending offer of the person's, as the offer lists answer. */
interface Offer {
  startDatetime: string;
  lookingForCoverageID: number | null;
  lookingToPickUpID: number | null;
}

const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).toFormat('cccc, LLLL d')}`;

async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/calendar?date=${date}`);
  await page.getByRole('heading', { name: panelTitle(date) }).waitFor({ timeout: 20_000 });
  await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
}

/** A demo agent's sign-in (every demo account has the demo password). */
async function loginFor(agentId: number): Promise<DemoLogin> {
  const db = env.server.db;
  const [account] = await db.exclusive(() => db.em().getConnection().execute<{ initials: string; cell: string }[]>('select initials, cell from accounts where agent_id = ?', [agentId]));
  return { ...(env.logins[0] as DemoLogin), agentId, initials: account?.initials ?? '', cell: account?.cell ?? '' };
}

/** Someone with a pending offer between them and the other side of a posting of the section, and the offer. */
async function withOffer(list: string, idOf: 'lookingForCoverageID' | 'lookingToPickUpID', owners: boolean): Promise<{ login: DemoLogin; offer: Offer } | null> {
  // The demo's logins made offers on others' postings; its offers of hours are to other agents' requests.
  const db = env.server.db;
  const candidates = owners
    ? (await db.exclusive(() => db.em().getConnection().execute<{ agentId: number }[]>(`select distinct p.agent_id as "agentId" from pickup_postings p join offers o on o.pickup_posting_id = p.id where o.status = 'pending' order by 1`))).map((r: { agentId: number }) => r.agentId)
    : env.logins.map((l) => l.agentId);
  for (const agentId of candidates) {
    const login = owners ? await loginFor(agentId) : (env.logins.find((l) => l.agentId === agentId) as DemoLogin);
    const api = await apiAs(env.url, login);
    const offers = (await getJson<Offer[]>(api, `/${list}/${agentId}`)).filter((o) => o[idOf] !== null && DateTime.fromSQL(o.startDatetime.slice(0, 16), { zone: 'America/New_York' }).toMillis() > nowMs());
    await api.dispose();
    if (offers[0]) return { login, offer: offers[0] };
  }
  return null;
}

test.describe("a posting's Send Message", () => {
  // Send Message writes about an offer on the posting: it leads there once there is one between
  // the person and the posting's other side (before that, issue 30, it is shown refused:
  // tests/e2e/refused-links.e2e.ts).
  for (const [section, list, idOf, route, owners] of [
    ['Agents Seeking Coverage', 'detailedMyOffersForShifts', 'lookingForCoverageID', 'sendMessage', false],
    ['Agents Seeking Hours', 'detailedAllOffersForMyHours', 'lookingToPickUpID', 'sendMessageHours', true],
  ] as const) {
    test(`leads from ${section} to ${route} about that posting`, async () => {
      const found = await withOffer(list, idOf, owners);
      expect(found, `someone with a pending offer on a posting in ${section}`).not.toBeNull();
      const { login, offer } = found as { login: DemoLogin; offer: Offer };
      const id = offer[idOf] as number;
      const page = await env.newPage();
      await signIn(page, login);
      await openDay(page, offer.startDatetime.slice(0, 10));
      const link = page.getByRole('region', { name: section, exact: true }).locator(`a[href="/${route}/${id}"]`);
      expect(await link.textContent()).toBe('Send Message');
      await link.click();
      await page.waitForURL(`**/${route}/${id}`);
      await page.getByRole('heading', { name: 'Send Message', level: 1 }).waitFor();
    });
  }
});
