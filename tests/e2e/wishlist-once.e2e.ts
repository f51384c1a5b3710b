import { expect, test } from '@playwright/test';
import { apiAs, getJson, poll } from './schedule-api.ts';
import { loginOf, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 20, defect 2: the Supervisor Wishlist lists each request once. The server's three lists
 * are spec 1 section 9's filters, which overlap (a 3:00-11:30 PM shift is in the 2nd and the 3rd);
 * the tables place each shift in one class (shared/domain-decisions.md), the first that holds it.
 */

const env = useBrowserServer();

test.describe('the Supervisor Wishlist', () => {
  for (const [kind, noun, approve] of [
    ['Cuts', 'Cuts', 'cutUser'],
    ['Breaks', 'Lunches', 'approveLunch'],
  ] as const) {
    test(`lists each pending ${kind.toLowerCase()} request in one table only`, async () => {
      const sup = loginOf(env.logins, 100);
      const api = await apiAs(env.url, sup);
      const lists = await Promise.all(['First', 'Second', 'Third'].map((c) => getJson<{ timeScheduleItemID: number }[]>(api, `/get${c}Shift${noun}`)));
      await api.dispose();
      const ids = lists.flat().map((r) => r.timeScheduleItemID);
      const distinct = [...new Set(ids)];
      expect(distinct.length, `pending ${kind.toLowerCase()} in the demo`).toBeGreaterThan(0);
      // The demo has a request on a shift two lists hold (a 3:00-11:30 PM shift), or this would prove nothing.
      expect(ids.length, 'a request the server lists twice').toBeGreaterThan(distinct.length);

      const page = await env.newPage();
      await signIn(page, sup);
      await page.goto(kind === 'Breaks' ? '/wishlist?show=breaks' : '/wishlist');
      await poll(() => page.getByRole('heading', { name: '3rd Shift' }).count()).toBe(1);
      await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      const links = page.locator(`a[href^="/${approve}/"]`);
      await poll(() => links.count()).toBe(distinct.length);
      const shown = await links.evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')?.split('/')[2])));
      expect(shown.sort((a, b) => a - b)).toEqual(distinct.sort((a, b) => a - b));
      // Each in the first table whose list holds it.
      for (const [i, title] of ['1st Shift', '2nd Shift', '3rd Shift'].entries()) {
        const inTable = await page
          .getByRole('region', { name: title })
          .locator(`a[href^="/${approve}/"]`)
          .evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')?.split('/')[2])));
        const earlier = new Set(lists.slice(0, i).flat().map((r) => r.timeScheduleItemID));
        expect(inTable.sort((a, b) => a - b), title).toEqual([...new Set((lists[i] ?? []).map((r) => r.timeScheduleItemID))].filter((id) => !earlier.has(id)).sort((a, b) => a - b));
      }
    });
  }
});
