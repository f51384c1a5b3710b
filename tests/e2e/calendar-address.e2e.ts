import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, eastern, mainShifts, poll } from './schedule-api.ts';
import { answerDialog, loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 20, defect 6: the chosen month and day are the address (/calendar?date=2026-11-30), so a
 * reload, Back and Forward keep them, and a screen that acted on a day's shift returns to that day.
 */

const env = useBrowserServer();

const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).toFormat('cccc, LLLL d')}`;
const dateInAddress = (page: Page): string | null => new URL(page.url()).searchParams.get('date');

async function showsDay(page: Page, date: string): Promise<void> {
  await page.getByRole('heading', { name: panelTitle(date) }).waitFor({ timeout: 20_000 });
  expect(dateInAddress(page)).toBe(date);
}

test.describe('the calendar address', () => {
  test('holds the chosen day through a reload, Back and Forward', async () => {
    const login = loginOf(env.logins, 20);
    const page = await env.newPage();
    await signIn(page, login);
    const today = DateTime.fromMillis(nowMs(), { zone: 'America/New_York' });
    const first = today.plus({ days: 1 }).toISODate() as string;
    const second = today.plus({ days: 2 }).toISODate() as string;
    await page.goto(`/calendar?date=${first}`);
    await showsDay(page, first);
    await page.reload();
    await showsDay(page, first);

    await page.locator(`button.calendar-day[data-date="${second}"]`).click();
    await showsDay(page, second);
    await page.goBack();
    await showsDay(page, first);
    await page.goForward();
    await showsDay(page, second);
  });

  test('after posting a shift for coverage, the calendar opens on its day', async () => {
    const login = loginOf(env.logins, 20);
    const api = await apiAs(env.url, login);
    const shift = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 2 * 86_400_000);
    await api.dispose();
    expect(shift, 'a shift more than two days ahead').toBeDefined();
    const date = (shift?.startTime ?? '').slice(0, 10);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/postShift/${shift?.id}`);
    await page.getByRole('heading', { name: 'Seeking Coverage', level: 1 }).waitFor();
    await page.getByLabel('Open to trade?').selectOption({ label: 'Coverage only' });
    await poll(() => page.getByTestId('preview').textContent()).toContain('The rules allow this.');
    await page.getByRole('button', { name: 'Post Shift' }).click();
    await answerDialog(page, 'Your request for coverage has been posted.');
    await page.waitForURL((u) => u.pathname === '/calendar');
    await showsDay(page, date);
  });
});
