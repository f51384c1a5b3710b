import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, eastern, mainShifts, preview, type MainShift } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 29 item 5: when the server's live rule set changes, every open screen learns it through
 * its event stream, fetches the new set and decides again: a form showing a refusal, and a day
 * panel's refused action, show the new rule's message within two seconds of the edit, without
 * a reload or a click.
 */

const env = useBrowserServer({ watchRules: true });
const DAY_MS = 86_400_000;
const RANK = 'ERROR: Must be at least an Advanced Trainee to post for coverage.';
/** The promise: from the edit of the rules to the screen. */
const FOLLOW_MS = 2_000;

/** The rank rule's message in the server's folder now (a failed test restarts the worker: a new server, a new copy). */
let current = RANK;

/**
 * Saves the rule file that writes the rank rule's message (a shared check of the rule library,
 * rules/shared-postings.json) with the message changed, as an editor saves (a new file renamed
 * over it).
 */
function editRankMessage(to: string): void {
  const holders = readdirSync(env.rulesDir).filter((f) => f.endsWith('.json') && readFileSync(join(env.rulesDir, f), 'utf8').includes(JSON.stringify(current)));
  expect(holders, 'the one rule file that writes the message').toHaveLength(1);
  const path = join(env.rulesDir, holders[0] as string);
  const text = readFileSync(path, 'utf8');
  writeFileSync(`${path}.swp`, text.replace(JSON.stringify(current), JSON.stringify(to)));
  renameSync(`${path}.swp`, path);
  current = to;
}

/** A shift of the trainee's three days ahead: Find Coverage is refused for their rank. */
async function traineeShift(): Promise<MainShift> {
  const api = await apiAs(env.url, loginOf(env.logins, 10));
  const shift = (await mainShifts(api, loginOf(env.logins, 10).agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 3 * DAY_MS);
  await api.dispose();
  expect(shift, 'a shift of the trainee three days ahead').toBeDefined();
  return shift as MainShift;
}

/**
 * Edits the message while `shown` shows it, and expects the edited one there within FOLLOW_MS,
 * with nothing done on the page and no reload (a reload would drop the mark set on it).
 */
async function expectFollows(page: Page, shown: Locator, to: string): Promise<void> {
  await expect(shown).toHaveText(current, { timeout: 45_000 });
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  editRankMessage(to);
  // Looked at every 50 ms: a web-first assertion's growing intervals would add up to a second.
  await expect.poll(() => shown.textContent(), { timeout: FOLLOW_MS, intervals: [50] }).toBe(to);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test.describe('open screens follow a change of the live rules', () => {
  test.setTimeout(180_000);

  test('a form showing a refusal shows the edited message within two seconds, untouched', async () => {
    const shift = await traineeShift();
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 10));
    await page.goto(`/postShift/${shift.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seeking Coverage', { timeout: 45_000 });
    // Filled in: the rules' refusal shows under the form.
    await page.getByLabel('Open to trade?').selectOption({ index: 1 });
    await expectFollows(page, preview(page).locator('.error .message'), 'ERROR: Trainees post for coverage once they are Advanced Trainees.');
  });

  test("a day panel's refused action shows the edited message within two seconds, untouched", async () => {
    const shift = await traineeShift();
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 10));
    await page.goto(`/calendar?date=${shift.startTime.slice(0, 10)}`);
    const mine = page.getByRole('region', { name: /^My Shifts For / });
    const edited = 'ERROR: Advanced Trainees and up post for coverage.';
    // Find Coverage's line, the first ("I am available..." has one of its own below it).
    await expectFollows(page, mine.locator('.refusal').first(), edited);
    expect(await mine.getByRole('button', { name: 'Find Coverage', exact: true }).getAttribute('title')).toBe(edited);
  });

  test("the person's permissions follow an edit of rules/roles.json within two seconds, untouched", async () => {
    const shift = await traineeShift();
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 10));
    await page.goto(`/calendar?date=${shift.startTime.slice(0, 10)}`);
    const mine = page.getByRole('region', { name: /^My Shifts For / });
    const link = mine.getByRole('link', { name: 'Request Personal', exact: true }).first();
    await expect(link).toBeVisible({ timeout: 45_000 });
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // Request Personal goes to nobody: GET /api/myPermissions answers without it, and the
    // calendar's link goes, as it would after a sign-in again.
    const path = join(env.rulesDir, 'roles.json');
    const roles = readFileSync(path, 'utf8');
    const edited = JSON.parse(roles) as { permissions: Record<string, { who: unknown }> };
    (edited.permissions.requestPersonal as { who: unknown }).who = [{ agentTypes: [999] }];
    writeFileSync(`${path}.swp`, JSON.stringify(edited, null, 2));
    renameSync(`${path}.swp`, path);
    try {
      await expect.poll(() => link.count(), { timeout: FOLLOW_MS, intervals: [50] }).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    } finally {
      writeFileSync(`${path}.swp`, roles);
      renameSync(`${path}.swp`, path);
    }
    // And back, when the file is restored.
    await expect.poll(() => link.count(), { timeout: FOLLOW_MS, intervals: [50] }).toBeGreaterThan(0);
  });
});
