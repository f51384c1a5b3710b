import { expect, test, type Locator } from '@playwright/test';
import { apiAs, apiTime, clearDay, postOk } from './schedule-api.ts';
import { expectAccessible, loginOf, screenshot, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 30, defect 4: the supervisor's who-could-take list is usable: grouped by what each person
 * would be told (who could first, then each refusal with its count), names in order, a filter by
 * name, and groups that fold; the Supervisor-type open shift row has its count too.
 */

const env = useBrowserServer();
const COUNT = /^\d+ of \d+ colleagues? could take this$/;

const countOf = async (summary: Locator): Promise<number> => Number(/\((\d+)\)\s*$/.exec((await summary.textContent()) ?? '')?.[1] ?? NaN);

test('a supervisor’s Could Claim: grouped by reason with counts, sorted, filtered by name, folding; the Supervisor shift counted too', async () => {
  test.setTimeout(300_000);
  const manager = loginOf(env.logins, 102);
  const sup = loginOf(env.logins, 100);
  const day = clearDay();
  const api = await apiAs(env.url, manager);
  await postOk(api, '/postOpenShift', { AgentID: manager.agentId, StartTime: apiTime(day.set({ hour: 9 })), EndTime: apiTime(day.set({ hour: 13 })), Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null });
  await postOk(api, '/postOpenShift', { AgentID: manager.agentId, StartTime: apiTime(day.set({ hour: 14 })), EndTime: apiTime(day.set({ hour: 18 })), Type: 21, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: apiTime(day.set({ hour: 12 })) });
  await api.dispose();

  const page = await env.newPage();
  await signIn(page, sup);
  await page.goto(`/calendar?date=${day.toFormat('yyyy-MM-dd')}`);
  const rows = page.getByRole('region', { name: 'ASD Open Shifts' }).locator('tbody tr');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  // Both rows, the Supervisor shift's as well, say how many could claim them.
  for (const row of await rows.all()) await expect(row.locator('td[data-label="Could Claim"] summary').first()).toHaveText(COUNT, { timeout: 60_000 });

  const cell = rows.first().locator('td[data-label="Could Claim"]');
  const total = Number(/ of (\d+) /.exec((await cell.locator('summary').first().textContent()) ?? '')?.[1]);
  await cell.locator('summary').first().click();
  const groups = cell.locator('.who-group');
  const summaries = groups.locator('summary');
  await expect(summaries.first()).toHaveText(/^Could take it \(\d+\)$/);
  // Every group names its count, and together they are everyone asked.
  let sum = 0;
  for (const s of await summaries.all()) sum += await countOf(s);
  expect(sum).toBe(total);
  // The refusal groups are folded, the first open; each opens and closes by its heading.
  const second = groups.nth(1);
  expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  await second.locator('summary').click();
  expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  const names = await second.getByRole('listitem').allTextContents();
  expect(names.length).toBe(await countOf(second.locator('summary')));
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await expectAccessible(page);
  await screenshot(page, 'who-could-take-groups');

  // A filter by name keeps only those whose name holds it.
  const someone = names[0] as string;
  await cell.getByLabel('Filter by name').fill(someone);
  await expect(cell.locator('.who-group li')).toHaveText([someone]);
});
