import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, mainShifts, eastern, poll } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 20, defect 7: the small things a new user meets. The icon is there on the first load;
 * both calendars name their month buttons alike; outside Eastern time, times carry their zone.
 * (Posting availability's confirmation is in postings.e2e.ts, with the posting itself.)
 */

const env = useBrowserServer();

async function pageIn(zone: string): Promise<Page> {
  const context = await env.browser.newContext({ baseURL: env.url, viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: zone });
  await context.clock.setSystemTime(nowMs());
  return context.newPage();
}

test.describe('small things', () => {
  test('a first load asks for nothing that is missing: the icon is there', async () => {
    const page = await env.newPage();
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(new URL(r.url()).pathname);
    });
    await signIn(page, loginOf(env.logins, 20));
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(missing).toEqual([]);
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/');
  });

  test('Calendar and Team Calendar name their month buttons alike', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 100));
    const names = async (): Promise<string[]> => page.locator('button').filter({ hasText: /month/iu }).allTextContents();
    await page.getByRole('button', { name: 'Previous month', exact: true }).waitFor();
    const calendar = await names();
    await page.goto('/teamCalendar');
    await page.getByRole('heading', { name: 'Team Calendar', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Previous month', exact: true }).waitFor();
    expect(await names()).toEqual(calendar);
    expect(calendar).toEqual(['‹ Previous month', 'Next month ›']);
  });

  test("shows the zone with times in a browser outside Eastern time, and none in Eastern time's browsers", async () => {
    const login = loginOf(env.logins, 20);
    const api = await apiAs(env.url, login);
    const shift = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs());
    await api.dispose();
    expect(shift, 'an upcoming shift').toBeDefined();
    const day = (shift?.startTime ?? '').slice(0, 10);
    const panelText = async (page: Page): Promise<string> => {
      await signIn(page, login);
      await page.goto(`/calendar?date=${day}`);
      const panel = page.getByRole('region', { name: /^My Shifts For / });
      await panel.waitFor();
      await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
      await poll(() => panel.locator('tbody tr').count()).toBeGreaterThan(0);
      return (await panel.locator('tbody tr').first().textContent()) ?? '';
    };
    const chicago = await panelText(await pageIn('America/Chicago'));
    expect(chicago).toMatch(/\d:\d\d [AP]M C[SD]T/u);
    const newYork = await panelText(await env.newPage());
    expect(newYork).toMatch(/\d:\d\d [AP]M/u);
    expect(newYork).not.toMatch(/[AP]M E[SD]T/u);
  });
});
