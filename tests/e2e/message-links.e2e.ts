import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, getJson } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 20, defect 5: sendMessage and sendMessageHours are reached where spec 2's flow puts them:
 * a posting's row in Agents Seeking Coverage and Agents Seeking Hours leads to a message about it.
 */

const env = useBrowserServer();

interface Posting {
  startTime: string;
}

const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).toFormat('cccc, LLLL d')}`;

async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/calendar?date=${date}`);
  await page.getByRole('heading', { name: panelTitle(date) }).waitFor({ timeout: 20_000 });
  await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
}

test.describe("a posting's Send Message", () => {
  for (const [section, list, idOf, route] of [
    ['Agents Seeking Coverage', 'otherDetailedUsersPendingShifts', 'lookingForCoverageID', 'sendMessage'],
    ['Agents Seeking Hours', 'otherDetailedUsersLookingForShifts', 'lookingToPickUpID', 'sendMessageHours'],
  ] as const) {
    test(`leads from ${section} to ${route} about that posting`, async () => {
      const login = loginOf(env.logins, 20);
      const api = await apiAs(env.url, login);
      const postings = (await getJson<(Posting & Record<string, number>)[]>(api, `/${list}/${login.agentId}`)).filter(
        (p) => DateTime.fromSQL(p.startTime.slice(0, 16), { zone: 'America/New_York' }).toMillis() > nowMs(),
      );
      await api.dispose();
      expect(postings.length, `someone else's posting in ${section}`).toBeGreaterThan(0);
      const posting = postings[0] as Posting & Record<string, number>;
      const id = posting[idOf];
      const page = await env.newPage();
      await signIn(page, login);
      await openDay(page, posting.startTime.slice(0, 10));
      const link = page.getByRole('region', { name: section, exact: true }).locator(`a[href="/${route}/${id}"]`);
      expect(await link.textContent()).toBe('Send Message');
      await link.click();
      await page.waitForURL(`**/${route}/${id}`);
      await page.getByRole('heading', { name: 'Send Message', level: 1 }).waitFor();
    });
  }
});
