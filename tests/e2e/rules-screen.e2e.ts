import { expect, test } from '@playwright/test';
import { traineeOnOfferForm } from './offered-support.ts';
import { expectAccessible, loginOf, screenshot, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 30, the Rules screen: every action's checks in order with their messages and the values
 * they use, the live rule version, and the changes of the live rules; a refusal's "Why?" leads
 * to its rule there; managers also see every named value with its unit and spec section.
 */

const env = useBrowserServer();

test('a trainee refused an offer follows "Why?" to the rule, and sees no named values table', async () => {
  test.setTimeout(240_000);
  const page = await traineeOnOfferForm(env);
  await page.getByRole('link', { name: 'Why?' }).click({ timeout: 45_000 });
  await page.waitForURL('**/rules#postOfferCoverage.minimumRank');
  const rule = page.locator('[id="postOfferCoverage.minimumRank"]');
  await expect(rule).toContainText('ERROR: Must be at least an Advanced Trainee to offer coverage.', { timeout: 30_000 });
  await expect(rule).toContainText('Stops you');
  await expect(rule).toBeInViewport();
  // Checks in order: the offer's first check is listed first under its action.
  const offerChecks = page.getByRole('region', { name: 'Post offer coverage' }).locator('.rule-check');
  await expect(offerChecks.first()).toHaveAttribute('id', /^postOfferCoverage\./);
  await expect(page.locator('.rule-version')).toHaveText(/^Rule version \S+, live since \d+\/\d+\/\d{4}/);
  await expect(page.getByRole('region', { name: 'Named Values' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'rules-trainee');
});

test('a manager sees the named values with units and spec sections, a check’s values, and the changes', async () => {
  test.setTimeout(180_000);
  const manager = loginOf(env.logins, 102);
  const page = await env.newPage();
  await signIn(page, manager);
  await page.getByRole('link', { name: 'Rules', exact: true }).click();
  await page.waitForURL('**/rules');
  const values = page.getByRole('region', { name: 'Named Values' });
  const row = values.getByRole('row').filter({ has: page.getByRole('cell', { name: 'maxWorkMinutes', exact: true }) });
  await expect(row.getByRole('cell')).toHaveText(['maxWorkMinutes', '600 minutes', /most minutes an agent may work/, /spec 1 §9/], { timeout: 30_000 });
  // A check says the values it uses, with the message as it reads.
  const maxAfter = page.locator('[id="claimOpenShift.maxAfter"]');
  await expect(maxAfter).toContainText('You are unable to work more than 10 hours in an 18 hour period. Please cut {excess} min from this offer.');
  await expect(maxAfter.getByRole('list')).toContainText('600 minutes (maxWorkMinutes)');
  await expect(maxAfter.getByRole('list')).toContainText('18 hours (workWindowHours)');
  await expect(page.getByRole('region', { name: 'Changes To The Rules' }).getByRole('listitem').first()).toContainText(/^Version \S+, live since /);
  await expectAccessible(page);
  await screenshot(page, 'rules-manager');
});
