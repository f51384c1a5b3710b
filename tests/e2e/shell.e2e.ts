import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, signOut, useBrowserServer } from './support.ts';

const env = useBrowserServer();

/** Spec 1 "Application shell" and section 6. */
const NAV_BASE = ['Calendar', 'Attendance', 'Wishlist', 'Chat', 'Pending Activity', 'Recent Activity', 'Inbox', 'Log Out'];
const WITH_TEAM = ['Calendar', 'Team Calendar', 'Attendance', 'Wishlist', 'Chat', 'Pending Activity', 'Recent Activity', 'Inbox', 'Log Out'];

test.describe('signing in and the navigation by role', () => {
  test('shows the Log In screen at home, without navigation or footer, and passes the accessibility check', async () => {
    const page = await env.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Shiftinator');
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByText('Version 154').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'login');
  });

  test('refuses a sign-in with a field missing, and wrong credentials, with the spec messages', async () => {
    const page = await env.newPage();
    await page.goto('/');
    await page.getByLabel('Initials').fill('ZW');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('ERROR: Must enter valid credentials.');
    await page.getByLabel('Cell').fill('5551000001');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByLabel('Password').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  for (const [agentType, expected, wishlist] of [
    [10, NAV_BASE, '/myWishlist'],
    [20, NAV_BASE, '/myWishlist'],
    [80, NAV_BASE, '/myWishlist'],
    [100, WITH_TEAM, '/wishlist'],
    [102, WITH_TEAM, '/wishlist'],
    [103, WITH_TEAM, '/wishlist'],
    [105, NAV_BASE, '/myWishlist'],
    [240, NAV_BASE, '/wishlist'],
    [450, NAV_BASE, '/wishlist'],
  ] as const) {
    test(`agent type ${agentType} sees its navigation`, async () => {
      const page = await env.newPage();
      const login = loginOf(env.logins, agentType);
      await signIn(page, login);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // Chat and Inbox carry their unread counts ("Chat2 unread") once loaded.
      expect((await nav.locator('a, button').allTextContents()).map((t) => t.replace(/\d+ unread$/, ''))).toEqual(expected);
      expect(await nav.getByRole('link', { name: 'Wishlist' }).getAttribute('href')).toBe(wishlist);
      expect(await nav.getByRole('link', { name: 'Calendar', exact: true }).getAttribute('aria-current')).toBe('page');
    });
  }

  test('keeps a saved sign-in across a reload, and Log Out returns home and protects the routes again', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 20));
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/calendar');
    await signOut(page);
    await page.goto('/pending');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Log In' }).waitFor();
  });

  test('opens the release notes from the footer label', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 20));
    await page.getByRole('link', { name: 'Version 154' }).click();
    await page.waitForURL('**/releaseNotes');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Release Notes');
    await page.getByRole('table').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'release-notes');
  });

  test('fits a 375 px screen', async () => {
    const page = await env.newPage({ width: 375, height: 800 });
    await signIn(page, loginOf(env.logins, 20));
    await page.goto('/releaseNotes');
    await page.getByRole('table').waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'release-notes-375');
  });
});
