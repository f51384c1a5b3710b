import { expect, test } from '@playwright/test';
import { ZONE } from './schedule-api.ts';
import { loginOf, signIn, testNow, useBrowserServer } from './support.ts';

/**
 * Issue 30, defect 5: the Team Calendar's day is its address, as the Calendar's is: `?date=`
 * opens that day, choosing a day writes it, and a reload stays on it.
 */

const env = useBrowserServer();

const heading = (day: string): string => new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

test('the Team Calendar honours ?date=, writes the chosen day, and a reload stays on it', async () => {
  test.setTimeout(180_000);
  const sup = loginOf(env.logins, 100);
  const page = await env.newPage();
  await signIn(page, sup);
  const today = testNow().setZone(ZONE).startOf('day');
  // Next month's 3rd: another month than the one the screen opens on by itself.
  const asked = today.plus({ months: 1 }).set({ day: 3 }).toFormat('yyyy-MM-dd');
  await page.goto(`/teamCalendar?date=${asked}`);
  const details = page.locator('.team-day-details > h2');
  await expect(details).toHaveText(heading(asked), { timeout: 30_000 });
  await expect(page.locator(`button[data-date="${asked}"]`).first()).toHaveAttribute('aria-pressed', 'true');

  const other = today.plus({ months: 1 }).set({ day: 10 }).toFormat('yyyy-MM-dd');
  await page.locator(`button[data-date="${other}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/teamCalendar\\?date=${other}$`));
  await page.reload();
  await expect(details).toHaveText(heading(other), { timeout: 30_000 });
});
