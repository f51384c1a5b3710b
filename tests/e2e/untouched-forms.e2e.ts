import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { eastern, mainShifts, apiAs, poll, preview, type MainShift } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 20, defect 4: a form nobody has touched shows no error. The rules' check speaks once the
 * person changes something or presses the button, and the deciding rule's id is behind "Why?",
 * not in the message.
 */

const env = useBrowserServer();

const FORMS: { path: (shift: MainShift) => string; title: string; open?: (page: Page) => Promise<void> }[] = [
  { path: (s) => `/postShift/${s.id}`, title: 'Seeking Coverage' },
  { path: (s) => `/requestLunch/${s.id}`, title: 'Request Different Meal Break' },
  { path: (s) => `/requestCut/${s.id}`, title: 'Request Cut' },
  // The kind chosen above the form opens it; the form itself is still untouched.
  { path: (s) => `/callOut/${s.id}`, title: 'Report Absence', open: (page) => page.getByRole('group', { name: 'What are you reporting?' }).getByLabel('Call Out').check() },
  { path: (s) => `/requestPersonal/${s.id}`, title: 'Request Personal Time' },
];

/** The screen is in and its first check has been asked and answered. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await poll(async () => ((await preview(page).count()) === 0 ? '' : ((await preview(page).textContent()) ?? ''))).not.toContain('Checking the rules');
  await page.waitForLoadState('networkidle');
}

test.describe('forms nobody has touched', () => {
  test('show no error until the person presses the button; then the message, with the rule behind "Why?"', async () => {
    const login = loginOf(env.logins, 20);
    const api = await apiAs(env.url, login);
    const shift = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 3_600_000 && s.breaks.some((b) => b.type === 5));
    await api.dispose();
    expect(shift, 'an upcoming shift with a meal break').toBeDefined();
    const page = await env.newPage();
    await signIn(page, login);
    const refusals: string[] = [];
    for (const form of FORMS) {
      await page.goto(form.path(shift as MainShift));
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(form.title);
      if (form.open) await form.open(page);
      await settled(page);
      expect(await preview(page).count(), `${form.title}: its form`).toBe(1);
      expect(await preview(page).locator('.error').count(), form.title).toBe(0);
      expect(await preview(page).textContent(), form.title).not.toContain('ERROR');

      await page.locator('form button[type="submit"]').first().click();
      // The server's answer to the press, if it refused, in the dialog; the form's own check below it.
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor({ timeout: 15_000 }).catch(() => {});
      if (await dialog.count()) await dialog.getByRole('button', { name: 'OK' }).click();
      if (new URL(page.url()).pathname !== form.path(shift as MainShift)) continue;
      const shown = preview(page).locator('.error');
      if ((await shown.count()) === 0) continue;
      refusals.push(form.title);
      const text = (await shown.locator('.message').textContent()) ?? '';
      expect(text, form.title).toMatch(/^ERROR: |^FAILURE: |\S/u);
      expect(await shown.textContent(), form.title).not.toContain('(rule ');
      const rule = await shown.getAttribute('data-rule');
      if (rule) {
        const why = shown.locator('details.why');
        expect(await why.locator('summary').textContent()).toBe('Why?');
        await why.locator('summary').click();
        expect(await why.textContent()).toContain(rule);
      }
    }
    // The forms that refuse an untouched submission (issue 20 names them) did speak once pressed.
    expect(refusals.length).toBeGreaterThanOrEqual(3);
  });
});
