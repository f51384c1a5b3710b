import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { findShift, poll, preview } from './schedule-api.ts';
import { answerDialog, loginOf, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 30, defect 3: a call out lands where its result shows, Attendance's Absences, which lists
 * it; the screen of the shift it removed asks nothing more of the server (no 404 for it).
 */

const env = useBrowserServer();

/** Every response of 400 or more, and every request that got no answer, from now on. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    // Leaving a page cancels what it was still loading (its live stream, say): not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed: ${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return failed;
}

test('Call Out lands on Attendance, which lists the call out, with no failed request', async () => {
  test.setTimeout(240_000);
  const entry = 'The bus never came this morning.';
  const staff = [20, 15, 30, 31, 21].map((t) => loginOf(env.logins, t));
  const { login, shift, api } = await findShift(env.url, staff, 'callOut', (s) => ({ shiftId: s.id, personalTime: 1, message: entry, violationType: 0, reason: 2, vacationApplied: false }));
  await api.dispose();
  const page = await env.newPage();
  await signIn(page, login);
  const failed = failedRequests(page);
  await page.goto(`/virtualShift/${shift.id}`);
  await page.getByLabel('Personal Time').selectOption('1');
  await page.getByLabel('Log entry').fill(entry);
  await page.getByLabel('Reason').selectOption({ label: 'Personal' });
  if ((await page.getByLabel('Apply vacation time?').count()) > 0) await page.getByLabel('Apply vacation time?').selectOption({ label: 'No' });
  await poll(() => preview(page).textContent()).toContain('The rules allow this.');
  await page.getByRole('button', { name: 'Call Out' }).click();
  await answerDialog(page, 'SUCCESS: Log entry created.');
  await page.waitForURL('**/attendance', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Absences' }).locator('tbody tr', { hasText: entry })).toHaveCount(1, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});
