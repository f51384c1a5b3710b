import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, useBrowserServer } from './support.ts';

/** Issue 21 part 4: a person finds their calendar feed's address, uses it, and replaces it. */

const env = useBrowserServer();

/** What a calendar app gets from the address: no cookie, as it has no session. */
async function fetchFeed(page: Page, url: string): Promise<{ status: number; type: string | null; body: string }> {
  const res = await page.context().request.fetch(url, { headers: { cookie: '' } });
  return { status: res.status(), type: res.headers()['content-type'] ?? null, body: await res.text() };
}

test.describe('my calendar feed', () => {
  test('shows the address from the footer, serves the shifts there, and a new address retires the old one', async () => {
    const page = await env.newPage();
    const login = env.logins[0];
    if (!login) throw new Error('the demo has no logins');
    await signIn(page, login);
    await page.getByRole('link', { name: 'My calendar feed' }).click();
    await page.getByRole('heading', { name: 'My Calendar Feed', level: 1 }).waitFor();
    const address = page.getByLabel('Calendar feed address');
    await expect.poll(() => address.inputValue()).toMatch(/^http:\/\/[^/]+\/api\/calendarFeed\/[A-Za-z0-9_-]{32}\.ics$/);
    const first = await address.inputValue();
    await expectAccessible(page);

    const feed = await fetchFeed(page, first);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed.body).toContain('BEGIN:VEVENT');

    await page.getByRole('button', { name: 'Get a new address' }).click();
    await page.getByText('Your old address will stop working').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    const second = await address.inputValue();
    expect((await fetchFeed(page, first)).status).toBe(404);
    expect((await fetchFeed(page, second)).status).toBe(200);
  });
});
