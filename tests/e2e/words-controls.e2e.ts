import { expect, test } from '@playwright/test';
import { loginWithOffers, postedShift } from './offered-support.ts';
import { loginOf, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 30, defect 7: the same minute pickers on every form (every minute, as spec 3 has them),
 * collapse buttons named by what they do and to which section, and the Stats' minutes said
 * plainly.
 */

const env = useBrowserServer();

test('the offer form picks every minute, as the other forms do', async () => {
  test.setTimeout(180_000);
  const coverer = loginOf(env.logins, 20);
  const poster = env.logins.filter((l) => l.agentType === 20).at(-1) as DemoLogin;
  const id = await postedShift(env.url, poster);
  const page = await env.newPage();
  await signIn(page, coverer);
  await page.goto(`/offerCoverage/${id}`);
  const minute = page.getByRole('group', { name: 'Coverage start' }).getByLabel('Minute');
  await expect(minute.locator('option')).toHaveCount(60, { timeout: 45_000 });
});

test('collapse buttons say what they fold, and the Stats say what the minutes count', async () => {
  test.setTimeout(180_000);
  const poster = await loginWithOffers(env.url, env.logins);
  const page = await env.newPage();
  await signIn(page, poster);
  await page.goto('/pending');
  // "Collapse" and the section's heading (a posting's hours), not a bare "-".
  const toggle = page.getByRole('button', { name: /^Collapse \d+\/\d+\/\d{4}/ }).first();
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await toggle.click();
  await expect(page.getByRole('button', { name: /^Expand \d+\/\d+\/\d{4}/ }).first()).toBeVisible();

  await page.goto('/history');
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByRole('cell', { name: 'Minutes worked on shifts picked up', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(stats).toContainText('Minutes worked on shifts picked up from others (coverage taken and open shifts claimed), from 2/14/24 until now, meal breaks left out.');
});
