import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loginOf, signIn, testNow, useBrowserServer } from './support.ts';
import { ZONE } from './schedule-api.ts';

/**
 * Issue 30, defect 2: working out what the rules refuse is no error. A trainee, to whom most
 * actions are refused, goes through seven calendar days and sends a chat message the rules refuse:
 * no console error and no failed request (a status of 400 or more, or no answer) on the way.
 */

const env = useBrowserServer();

/** Every console error and failed request of the page from now on. */
function collectFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    // Leaving a page cancels what it was still loading (its live stream, say): not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return failures;
}

test('a trainee’s seven calendar days and a refused submit: no console error, no failed request', async () => {
  test.setTimeout(300_000);
  const trainee = loginOf(env.logins, 10);
  const colleague = loginOf(env.logins, 20);
  const page = await env.newPage();
  const failures = collectFailures(page);
  await signIn(page, trainee);
  const today = testNow().setZone(ZONE).startOf('day');
  for (let d = 0; d < 7; d++) {
    await page.goto(`/calendar?date=${today.plus({ days: d }).toFormat('yyyy-MM-dd')}`);
    await page.getByRole('region', { name: /^My Shifts For / }).waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
  }
  // The trainee's own refused actions were worked out (shown disabled) on the way.
  expect(await page.locator('.refused-action').count()).toBeGreaterThan(0);

  await page.goto(`/chat?to=${colleague.agentId}`);
  const input = page.getByLabel(/^Message to /);
  await input.waitFor({ timeout: 20_000 });
  // Only spaces: the rules' empty-message check refuses it, in the browser before anything is sent.
  await input.fill('   ');
  await expect(page.getByTestId('preview')).toContainText('Please type a message.', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Please type a message.', { timeout: 15_000 });
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});
