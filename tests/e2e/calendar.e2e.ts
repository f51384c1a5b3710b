import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, testNow, useBrowserServer } from './support.ts';

// The Calendar screen (spec 1 "Calendar screen", sections 6 and 9) on the seeded demo, whose
// shifts and postings lie around today.

const env = useBrowserServer();
const NY = 'America/New_York';
/** The screen's reads take a moment on a busy machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface ApiShift {
  id: number;
  scheduleId: number;
  startTime: string;
  endTime: string;
  isCovering: boolean;
}
interface ApiPosting {
  lookingForCoverageID: number;
  agentID: number;
  initials: string;
  startTime: string;
}
interface ApiOpenShift {
  lookingForCoverageID: number;
  type: number;
  startTime: string;
}

/** A read call with the page's session, as the screen makes it. */
function read<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(`/api${p}`)).json() as Promise<unknown>, path) as Promise<T>;
}

const eastern = (text: string): DateTime => DateTime.fromSQL(text.slice(0, 16), { zone: NY });
const dateOf = (text: string): string => text.slice(0, 10);
const dayButton = (page: Page, date: string) => page.locator(`button.calendar-day[data-date="${date}"]`);
const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).toFormat('cccc, LLLL d')}`;

async function viewDates(page: Page): Promise<string[]> {
  await dayButton(page, testNow().setZone(NY).toISODate() ?? '').waitFor();
  return page.locator('button.calendar-day').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.date ?? ''));
}

async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/calendar?day=${date}`);
  await page.getByRole('heading', { name: panelTitle(date) }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
}

async function signedIn(login: DemoLogin, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await env.newPage(viewport);
  await signIn(page, login);
  return page;
}

test.describe('a call specialist', () => {
  test('sees the greeting, the month grid, and a chosen day with its shifts, hours and actions', async () => {
    const login = loginOf(env.logins, 20);
    const page = await signedIn(login);
    await poll(() => page.locator('.calendar-greeting').textContent()).toBe(`Hello, ${login.name.split(' ')[0]}!`);
    expect(await page.getByText(/^On probation until/).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: testNow().setZone(NY).toFormat('LLLL yyyy') }).waitFor();
    const dates = await viewDates(page);
    expect(dates).toHaveLength(49);
    expect(DateTime.fromISO(dates[0] ?? '').weekday).toBe(7);

    const details = await read<{ personalTime: number; vacationTime: number }>(page, `/getUserDetails/${login.agentId}`);
    const hm = (m: number): string => `${Math.floor(m / 60)} hours and ${m % 60} minutes`;
    await poll(() => page.locator('.calendar-balances').textContent()).toBe(`Personal Time: ${hm(details.personalTime)} Vacation Time: ${hm(details.vacationTime)}`);

    // A day ahead with shifts of one's own, from the same read the screen makes.
    const months = [...new Set(dates.map((d) => d.slice(0, 7)))];
    const shifts = (await Promise.all(months.map((m) => read<ApiShift[]>(page, `/userMonthShifts/${login.agentId}/${m}`)))).flat();
    const today = testNow().setZone(NY).toISODate() ?? '';
    const mains = shifts.filter((s) => s.scheduleId === s.id);
    const first = mains.find((s) => dateOf(s.startTime) > today && dates.includes(dateOf(s.startTime)));
    expect(first, 'a shift of the call specialist ahead in the view').toBeDefined();
    const date = dateOf(first?.startTime ?? '');
    const dayMains = mains.filter((s) => dateOf(s.startTime) === date);
    const dayBreaks = shifts.filter((s) => s.scheduleId !== s.id && dayMains.some((m) => m.id === s.scheduleId));
    const minutes = (s: ApiShift): number => eastern(s.endTime).diff(eastern(s.startTime), 'minutes').minutes;
    const scheduled = dayMains.reduce((n, s) => n + minutes(s), 0) - dayBreaks.reduce((n, s) => n + minutes(s), 0);

    await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
    await dayButton(page, date).click();
    expect(await dayButton(page, date).getAttribute('aria-pressed')).toBe('true');
    const panel = region(page, panelTitle(date));
    await panel.waitFor();
    expect(await panel.getByText(/^You are scheduled for/).textContent()).toBe(`You are scheduled for ${hm(scheduled)} on this date.`);
    const headers = ["Time I'm Scheduled", 'Shift Type', ...(dayMains.some((s) => s.isCovering) ? ['Open Shift Bonus'] : []), 'Action'];
    expect(await panel.locator('thead th').allTextContents()).toEqual(headers);
    expect(await panel.locator('tbody tr').count()).toBe(dayMains.length + dayBreaks.length);
    const shift = dayMains[0] as ApiShift;
    const link = (name: string) => panel.getByRole('link', { name, exact: true });
    expect(await link('Find Coverage').first().getAttribute('href')).toBe(`/postShift/${shift.id}`);
    expect(await link('Request Personal').first().getAttribute('href')).toBe(`/requestPersonal/${shift.id}`);
    expect(await link('Report Absence').first().getAttribute('href')).toBe(`/callOut/${shift.id}`);
    expect(await link('Request New Time for a Meal Break').first().getAttribute('href')).toBe(`/requestLunch/${shift.id}`);
    expect(await link('Combine').count()).toBe(dayMains.length > 1 ? dayMains.length : 0);
    // Within 24 hours of the start only (the rules' cut window, shown once the rule files load).
    await poll(() => link('Request Cut').count()).toBe(dayMains.filter((s) => eastern(s.startTime).diff(testNow(), 'hours').hours <= 24).length);
    expect(await page.getByRole('link', { name: 'I am available and want to pick up hours on this day.' }).getAttribute('href')).toBe(`/wantShift/${date}`);
    expect(await page.getByRole('link', { name: 'Create Open Shift' }).count()).toBe(0);
    for (const name of ['ASD Open Shifts', 'Agents Seeking Hours', 'Agents Seeking Coverage']) await region(page, name).waitFor();

    await expectAccessible(page);
    await screenshot(page, 'calendar');

    // Reloading keeps the chosen day: it is in the address.
    await page.reload();
    await region(page, panelTitle(date)).waitFor();
  });

  test('moves between days with the arrow keys and opens one with Enter, and between months with the buttons', async () => {
    const page = await signedIn(loginOf(env.logins, 20));
    const dates = await viewDates(page);
    const from = dates[10] as string;
    await dayButton(page, from).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const to = DateTime.fromISO(from).plus({ days: 8 }).toISODate() ?? '';
    await region(page, panelTitle(to)).waitFor();
    expect(await dayButton(page, to).getAttribute('aria-pressed')).toBe('true');

    const month = testNow().setZone(NY).startOf('month');
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('heading', { level: 2, name: month.plus({ months: 1 }).toFormat('LLLL yyyy') }).waitFor();
    // The chosen day left the view: its panel closes rather than show a day whose shifts are not loaded.
    expect(await dayButton(page, to).count()).toBe(0);
    expect(await page.getByRole('heading', { name: panelTitle(to) }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('heading', { level: 2, name: month.minus({ months: 1 }).toFormat('LLLL yyyy') }).waitFor();
    expect(await page.locator('button.calendar-day').first().getAttribute('data-date')).toBe(
      month.minus({ months: 1 }).minus({ days: month.minus({ months: 1 }).weekday % 7 }).toISODate(),
    );
  });
});

test.describe('the filters by role (spec 1 section 6)', () => {
  const CS = ['Mine', 'Call Specialist Available', 'Search For Individual'];
  const CS_SPANISH = ['Mine', 'Call Specialist Available', 'Spanish Required Available', 'Search For Individual'];
  const TRAINER = ['Mine', 'Call Specialist Available', 'Training Available', 'Search For Individual'];
  const ALL = ['Mine', 'Call Specialist Available', 'Spanish Required Available', 'Training Available', 'Supervisor Available', 'Cust. Service Available', 'Search For Individual'];

  for (const [who, agentType, note, expected] of [
    ['a type-20 call specialist', 20, undefined, CS],
    ['a Spanish-speaking type-20', 20, 'Spanish speaker', CS_SPANISH],
    ['an assistant supervisor (80)', 80, undefined, ALL],
    ['an advanced trainer (32, not Spanish)', 32, undefined, TRAINER],
  ] as const) {
    test(`${who} gets its Shift Filter options`, async () => {
      const page = await signedIn(loginOf(env.logins, agentType, note));
      await poll(() => page.getByLabel('Shift Filter').locator('option').allTextContents()).toEqual(expected);
    });
  }

  test('hides the Second Filter for Mine and Search For Individual, and searches one person with Select C/S', async () => {
    const login = loginOf(env.logins, 80);
    const page = await signedIn(login);
    const filter = page.getByLabel('Shift Filter');
    await poll(() => filter.inputValue()).toBe('mine');
    expect(await page.getByLabel('Second Filter').count()).toBe(0);
    await filter.selectOption({ label: 'Call Specialist Available' });
    expect(await page.getByLabel('Second Filter').locator('option').allTextContents()).toEqual([
      'All Shifts',
      '1st Shift',
      '2nd Shift',
      '3rd Shift',
      'Only Trades',
      'Only Coverage',
    ]);
    await page.getByLabel('Second Filter').selectOption({ label: '1st Shift' });
    expect(new URL(page.url()).searchParams.get('second')).toBe('first');
    await filter.selectOption({ label: 'Search For Individual' });
    expect(await page.getByLabel('Second Filter').count()).toBe(0);
    const person = page.getByLabel('Select C/S');
    await poll(() => person.locator('option').allTextContents()).toContain(`${login.initials} ${login.name}`);
    await poll(() => filter.inputValue()).toBe('searchIndividual');
  });
});

test.describe('day cells and day sections', () => {
  test("marks a pay day every 14 days from 2025-05-09 (rules/parameters.json), past the spec's 26 that end 2026-04-24", async () => {
    const page = await signedIn(loginOf(env.logins, 20));
    const dates = await viewDates(page);
    const expected = dates.filter((d) => Math.round(DateTime.fromISO(d).diff(DateTime.fromISO('2025-05-09'), 'days').days) % 14 === 0);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const marked = (): Promise<string[]> =>
      page.locator('button.calendar-day').evaluateAll((buttons) => buttons.filter((b) => b.textContent?.includes('Pay Day')).map((b) => (b as HTMLElement).dataset.date ?? ''));
    await poll(marked).toEqual(expected);
  });

  test("show as many 'Seeking Coverage' in a cell as the day's Agents Seeking Coverage table lists, and as the server holds", async () => {
    const login = loginOf(env.logins, 20);
    const page = await signedIn(login);
    await viewDates(page);
    await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
    const postings = [
      ...(await read<ApiPosting[]>(page, `/otherDetailedUsersPendingShifts/${login.agentId}`)),
      ...(await read<ApiPosting[]>(page, `/userPendingShifts/${login.agentId}`)),
    ];
    const cells = page.locator('button.calendar-day:has(.event-cov)');
    const withCounts = await cells.evaluateAll((buttons) =>
      buttons.map((b) => ({ date: (b as HTMLElement).dataset.date ?? '', text: b.querySelector('.event-cov .long')?.textContent ?? '' })),
    );
    expect(withCounts.length).toBeGreaterThan(0);
    for (const { date, text } of withCounts.slice(0, 4)) {
      const n = postings.filter((p) => dateOf(p.startTime) === date).length;
      expect(text).toBe(`${n} Seeking Coverage`);
      await dayButton(page, date).click();
      await region(page, panelTitle(date)).waitFor();
      expect(await region(page, 'Agents Seeking Coverage').locator('tbody tr').count(), date).toBe(n);
    }
  });

  test("marks a Spanish-speaking poster ', bilingual' for a Spanish-speaking viewer only", async () => {
    const spanishViewer = loginOf(env.logins, 20, 'Spanish speaker');
    const page = await signedIn(spanishViewer);
    const spanish = new Set((await read<{ agentId: number }[]>(page, '/getAllSpanishAgents')).map((a) => a.agentId));
    const others = await read<ApiPosting[]>(page, `/otherDetailedUsersPendingShifts/${spanishViewer.agentId}`);
    const posting = others.find((p) => spanish.has(p.agentID));
    expect(posting, 'a Spanish speaker seeking coverage').toBeDefined();
    const date = dateOf(posting?.startTime ?? '');
    const cellsOf = (p: Page) => region(p, 'Agents Seeking Coverage').locator('tbody tr td:first-child').allTextContents();
    await openDay(page, date);
    expect(await cellsOf(page)).toContain(`${posting?.initials}, bilingual`);

    const other = await signedIn(loginOf(env.logins, 20));
    await openDay(other, date);
    const initials = await cellsOf(other);
    expect(initials).toContain(posting?.initials);
    expect(initials.some((t) => t.endsWith(', bilingual'))).toBe(false);
  });

  test('shows a manager the Create buttons and lets them remove an open shift after the confirmation', async () => {
    const login = loginOf(env.logins, 102);
    const page = await signedIn(login);
    const opens = [...(await read<ApiOpenShift[]>(page, '/pendingOpenShifts')), ...(await read<ApiOpenShift[]>(page, '/pendingOpenTrainingShifts'))];
    const { permissions } = await read<{ permissions: { openShiftTypes: number[] } }>(page, '/myPermissions');
    // Open Call Specialist shifts: a 102 may edit and remove them (rules/roles.json).
    const open = opens.find((o) => o.type <= 1);
    expect(open, 'an open call specialist shift').toBeDefined();
    const date = dateOf(open?.startTime ?? '');
    await openDay(page, date);
    const section = region(page, 'ASD Open Shifts');
    expect(await section.getByRole('link', { name: 'Create Open Shift' }).getAttribute('href')).toBe(`/createOpen/${date}`);
    expect(await section.getByRole('link', { name: 'Create Open Training Shift' }).getAttribute('href')).toBe(`/createOpenTraining/${date}`);
    expect(await section.getByRole('link', { name: 'Claim' }).count()).toBe(0);
    const sameDay = opens.filter((o) => dateOf(o.startTime) === date && permissions.openShiftTypes.includes(o.type)).length;
    const rows = section.locator('tbody tr');
    await poll(() => rows.count()).toBe(sameDay);
    const row = rows.filter({ has: page.getByRole('link', { name: 'Edit' }) }).first();
    expect(await row.getByRole('link', { name: 'Edit' }).getAttribute('href')).toMatch(/^\/editOpenShift\/\d+$/);
    await row.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this listing?');
    await answerDialog(page, 'SUCCESS: Open shift removed.');
    await page.reload();
    await region(page, panelTitle(date)).waitFor();
    await poll(() => region(page, 'ASD Open Shifts').locator('tbody tr').count()).toBe(sameDay - 1);
  });

  test('removes one\'s own posting for coverage after the spec\'s confirmation, and it stays gone after a reload', async () => {
    const login = loginOf(env.logins, 20);
    const page = await signedIn(login);
    const mine = await read<ApiPosting[]>(page, `/userPendingShifts/${login.agentId}`);
    expect(mine.length, 'a posting for coverage of the call specialist').toBeGreaterThan(0);
    const posting = mine[0] as ApiPosting;
    const date = dateOf(posting.startTime);
    await openDay(page, date);
    const section = region(page, 'Agents Seeking Coverage');
    const own = section.locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Remove' }) });
    await poll(() => own.count()).toBe(mine.filter((p) => dateOf(p.startTime) === date).length);
    expect(await own.first().getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/editCoverage/${posting.lookingForCoverageID}`);
    const before = await dayButton(page, date).locator('.event-cov .long').textContent();

    // Cancel keeps it.
    await own.first().getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you no longer want coverage? You will be responsible for this shift.', 'Cancel');
    await page.reload();
    await region(page, panelTitle(date)).waitFor();
    await poll(() => own.count()).toBeGreaterThan(0);

    await own.first().getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you no longer want coverage? You will be responsible for this shift.');
    await poll(() => read<ApiPosting[]>(page, `/userPendingShifts/${login.agentId}`).then((l) => l.length)).toBe(mine.length - 1);
    await page.reload();
    await region(page, panelTitle(date)).waitFor();
    await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
    const ids = await section.locator('tbody tr').count();
    const n = Number((before ?? '').split(' ')[0]);
    expect(ids).toBe(n - 1);
    expect(await section.getByRole('link', { name: 'Edit' }).evaluateAll((links) => links.map((l) => l.getAttribute('href')))).not.toContain(
      `/editCoverage/${posting.lookingForCoverageID}`,
    );
  });
});

test.describe('the probation banner and narrow screens', () => {
  test('shows the on-probation agent the banner with their date', async () => {
    const login = loginOf(env.logins, 20, 'on probation');
    const page = await signedIn(login);
    const { probationUntil } = await read<{ probationUntil: string }>(page, `/getUserDetails/${login.agentId}`);
    await poll(() => page.getByRole('status').filter({ hasText: 'On probation' }).textContent()).toBe(
      `On probation until ${DateTime.fromISO(probationUntil).toFormat('LLLL d')} 11:59 PM`,
    );
  });

  test('fits a 375 px screen, with counts in the cells, and passes the accessibility check', async () => {
    const page = await signedIn(loginOf(env.logins, 20), { width: 375, height: 800 });
    const dates = await viewDates(page);
    await page.getByRole('status').filter({ hasText: 'Loading the calendar' }).waitFor({ state: 'detached' });
    const cell = page.locator('button.calendar-day:has(.event-cov)').first();
    // The words stay for screen readers only (1 px), the count shows.
    expect((await cell.locator('.event-cov .long').boundingBox())?.width).toBeLessThanOrEqual(1);
    expect(await cell.locator('.event-cov .short').textContent()).toMatch(/^\d+$/);
    const date = (await cell.getAttribute('data-date')) ?? dates[0] ?? '';
    await cell.click();
    await region(page, panelTitle(date)).waitFor();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'calendar-375');
  });
});
