import { expect, test } from '@playwright/test';
import { loginWithOffers } from './offered-support.ts';
import { signIn, useBrowserServer } from './support.ts';

/**
 * Issue 30, defect 6: the demo's inboxes hold what its pending offers would have sent: a demo
 * login with a pending offer on a posting of theirs finds it in their Inbox, counted unread.
 */

const env = useBrowserServer();

test('a demo login with pending offers on their posting finds them in the Inbox', async () => {
  test.setTimeout(180_000);
  const poster = await loginWithOffers(env.url, env.logins);
  const page = await env.newPage();
  await signIn(page, poster);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox/ })).toContainText(/\d/, { timeout: 30_000 });
  await page.goto('/inbox');
  await expect(page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').filter({ hasText: /offered to cover your shift for / }).first()).toBeVisible({ timeout: 30_000 });
});
