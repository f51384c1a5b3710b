import { DateTime } from 'luxon';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiTime, eastern, findShift, getJson, poll } from './schedule-api.ts';
import { expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, useBrowserServer, type DemoLogin } from './support.ts';
import type { Absence, PaidTimeRow as PaidRow, TrainingRow } from '../../web/src/api-types.ts';

interface Person {
  agentId: number;
  initials: string;
  fullName: string;
  agentType: number;
}

const env = useBrowserServer();

// Attendance (spec 3 "Attendance", sections 6 and 9): one's own summary, absences, hours per
// month and training hours; the views of others by rank (rules/roles.json attendanceOthers).

/** Minutes as the screen shows hours: to a tenth (spec 3). */
const tenth = (minutes: number): string => (Math.round(minutes / 6) / 10).toFixed(1);
const monthName = (month: string): string => DateTime.fromFormat(month, 'yyyy-MM').toFormat('LLL yyyy', { locale: 'en-US' });
const nameOf = (l: DemoLogin): string => `${l.initials} - ${l.name}`;

async function openAttendance(page: Page, path = '/attendance'): Promise<void> {
  await page.goto(path);
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Attendance');
  await page.getByRole('region', { name: 'Hours Worked' }).locator('table').waitFor();
}

/** The Hours Worked table as the page shows it: one row of texts per month. */
async function hoursTable(page: Page): Promise<string[][]> {
  return page
    .getByRole('region', { name: 'Hours per month (13 months)', exact: true })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
}

/**
 * The table against the server's months, read before and after the page: a shift under way adds
 * a minute at a time, so each cell is one of the two readings, rounded to a tenth of an hour.
 */
async function expectHoursTable(page: Page, api: APIRequestContext | Page['request'], agentId: number): Promise<PaidRow[]> {
  // The table loads after the heading that names the person: wait for its 13 months first.
  await expect.poll(async () => (await hoursTable(page)).length, { timeout: 30_000 }).toBe(13);
  const before = await getJson<PaidRow[]>(api, `/userPaidTime/${agentId}`);
  const shown = await hoursTable(page);
  const after = await getJson<PaidRow[]>(api, `/userPaidTime/${agentId}`);
  const row = (r: PaidRow): string[] => [monthName(r.month), tenth(r.minWorked), tenth(r.minPersonal), tenth(r.minVacation), tenth(r.minUnpaid), tenth(r.minFMLA), tenth(r.minPaid)];
  expect(shown).toHaveLength(13);
  shown.forEach((cells, i) => expect([row(before[i] as PaidRow), row(after[i] as PaidRow)]).toContainEqual(cells));
  return after;
}

test.describe('Attendance of an agent', () => {
  test('shows their own summary, an absence in hours to a tenth, and the hours chart beside its table', async () => {
    // An arrival 25 minutes late: 0.41666... hours, shown as 0.4.
    const candidates = [loginOf(env.logins, 20), loginOf(env.logins, 20, 'Spanish speaker'), loginOf(env.logins, 15), loginOf(env.logins, 21)];
    const late = (s: { id: number; startTime: string }) => ({
      timeScheduleItemId: s.id,
      violationType: 1,
      startTime: apiTime(eastern(s.startTime).plus({ minutes: 25 })),
      reason: 6,
      message: 'Power out at home',
      vacationApplied: false,
    });
    const { login, shift, api } = await findShift(env.url, candidates, 'giveNotice', late);
    const body = { AgentID: login.agentId, TimeScheduleItemID: shift.id, ViolationType: 1, StartTime: late(shift).startTime, EndTime: null, VacationApplied: false, Reason: 6, Message: 'Power out at home' };
    const given = await api.post('/api/giveNotice', { data: body });
    expect(given.status()).toBe(200);
    const absences = await getJson<Absence[]>(api, `/getAttendance/${login.agentId}`);
    const notice = absences.reduce((a, b) => (b.noticeID > a.noticeID ? b : a));
    expect(notice.minutes).toBe(25);

    const page = await env.newPage();
    await signIn(page, login);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Attendance' }).click();
    await openAttendance(page, '/attendance');

    // The summary counts the record's call outs, arrive lates and leave earlies.
    const summary = page.getByRole('region', { name: 'Summary' });
    const count = (label: string): Promise<string | null> => summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();
    await poll(() => count('Arrive Lates')).toBe(String(absences.filter((a) => a.violationType === 1).length));
    expect(await count('Call Outs')).toBe(String(absences.filter((a) => a.violationType === 0).length));
    expect(await count('Leave Earlies')).toBe(String(absences.filter((a) => a.violationType === 2).length));
    // The benefit year as rules/roles.json states it.
    await poll(() => summary.getByText('A year runs').textContent()).toContain('A year runs September to September: 1,560 hours for medical, 910 for dental and others.');

    const row = page.getByRole('region', { name: 'Absences' }).locator('tbody tr', { hasText: 'Power out at home' });
    const cell = (label: string) => row.locator(`td[data-label="${label}"]`);
    expect(await cell('Type').textContent()).toBe('Arrive Late');
    expect(await cell('Reason').textContent()).toBe('Power/Internet Outage');
    expect(await cell('Hours').textContent()).toBe('0.4');
    expect(await cell('Personal').textContent()).toBe(tenth(notice.minPersonal));
    expect(await page.getByRole('region', { name: 'Absences' }).locator('tbody tr').count()).toBe(absences.length);

    // The chart says its numbers, the same as the table's, and the monthly minimum of a 20.
    const paid = await expectHoursTable(page, api, login.agentId);
    const chart = page.getByRole('region', { name: 'Hours Worked' }).getByRole('img');
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Hours worked per month, newest first: /);
    expect(label).toContain(`${monthName((paid[1] as PaidRow).month)} ${tenth((paid[1] as PaidRow).minWorked)}`);
    expect(label).toContain('Monthly minimum: 70 hours.');
    expect(await chart.locator('rect.chart-bar').count()).toBe(13);

    // A call specialist sees neither training nor anyone else's attendance.
    expect(await page.getByRole('heading', { name: 'Training Hours' }).count()).toBe(0);
    expect(await page.getByLabel('View attendance of').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Supervisors and Agents' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'attendance-agent');

    await page.goto(`/attendance?agent=${loginOf(env.logins, 20, 'on probation').agentId}`);
    await poll(() => page.getByRole('alert').textContent()).toBe('You can only see your own attendance.');

    const narrow = await env.newPage({ width: 375, height: 800 });
    await signIn(narrow, login);
    await openAttendance(narrow);
    await expectNoHorizontalOverflow(narrow);
    await expectAccessible(narrow);
    await screenshot(narrow, 'attendance-agent-375');
    await api.dispose();
  });
});

test.describe('Attendance of others', () => {
  test('240 and above pick anyone from the list of all supervisors and agents, with the training minimums', async () => {
    const manager = loginOf(env.logins, 240);
    const supervisor = loginOf(env.logins, 100);
    const trainer = loginOf(env.logins, 32);
    const page = await env.newPage();
    await signIn(page, manager);
    await openAttendance(page);
    const list = page.getByRole('region', { name: 'Supervisors and Agents' });
    const everyone = await getJson<Person[]>(page.request, '/getAttendanceAgents');
    expect(await list.getByRole('list', { name: 'Supervisors' }).getByRole('link').count()).toBe(everyone.filter((p) => p.agentType >= 100).length);
    expect(await list.getByRole('list', { name: 'Agents' }).getByRole('link').count()).toBe(everyone.filter((p) => p.agentType < 100).length);
    // The manager's own attendance first, with the training sections 240 sees.
    await page.getByRole('region', { name: 'Training Hours', exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'attendance-manager');

    await list.getByLabel('Find a person').fill(supervisor.name);
    expect(await list.getByRole('link', { name: nameOf(supervisor) }).count()).toBe(1);
    expect(await list.getByRole('list', { name: 'Agents' }).count()).toBe(0);
    await list.getByRole('link', { name: nameOf(supervisor) }).click();
    await page.waitForURL(`**/attendance?agent=${supervisor.agentId}`);
    await poll(() => page.getByText('Showing the attendance of').textContent()).toBe(`Showing the attendance of ${nameOf(supervisor)}.`);
    await expectHoursTable(page, page.request, supervisor.agentId);
    const theirs = await getJson<Absence[]>(page.request, `/getAttendance/${supervisor.agentId}`);
    const absences = page.getByRole('region', { name: 'Absences' });
    if (theirs.length === 0) await poll(() => absences.getByText('No absences in the last 90 days.').count()).toBe(1);
    else await poll(() => absences.locator('tbody tr').count()).toBe(theirs.length);
    // Monthly minimums are for call specialists: none drawn for a supervisor.
    expect(await page.getByRole('region', { name: 'Hours Worked' }).getByRole('img').getAttribute('aria-label')).not.toContain('minimum');

    // An advanced trainer's quarterly minimums depend on their shift.
    await list.getByLabel('Find a person').fill(trainer.initials);
    await list.getByRole('link', { name: nameOf(trainer) }).click();
    await page.waitForURL(`**/attendance?agent=${trainer.agentId}`);
    const training = page.getByRole('region', { name: 'Training Hours', exact: true });
    await training.getByRole('img').waitFor();
    const rows = await getJson<TrainingRow[]>(page.request, `/userTrainingTime/${trainer.agentId}`);
    const quarter = Math.floor((Number((rows[0] as TrainingRow).month.slice(5)) - 1) / 3);
    const inQuarter = rows.filter((r) => r.month.slice(0, 4) === (rows[0] as TrainingRow).month.slice(0, 4) && Math.floor((Number(r.month.slice(5)) - 1) / 3) === quarter);
    const classes = tenth(inQuarter.reduce((sum, r) => sum + r.minAdv, 0));
    const qa = tenth(inQuarter.reduce((sum, r) => sum + r.minQA, 0));
    await poll(() => training.getByRole('img').getAttribute('aria-label')).toContain(`QA Review ${qa} of a 5-hour minimum`);
    expect(await training.getByRole('img').getAttribute('aria-label')).toContain(`Training Class / Watch Week ${classes} of a 10-hour minimum`);
    await training.getByLabel('Shift').selectOption({ label: '2nd shift' });
    await poll(() => training.getByRole('img').getAttribute('aria-label')).toContain(`Training Class / Watch Week ${classes} of a 20-hour minimum`);
    expect(await training.locator('figcaption').textContent()).toContain('Quarterly minimums (Advanced Trainer): 5 hours of QA Review, 5 hours of Co-QA, 20 hours of Training Class / Watch Week.');
    const table = await training.locator('tbody tr').first().locator('th, td').allTextContents();
    const newest = rows[0] as TrainingRow;
    expect(table).toEqual([monthName(newest.month), tenth(newest.minQA), tenth(newest.minCo), tenth(newest.minAdv), tenth(newest.minTrain)]);
    await expectAccessible(page);
    await screenshot(page, 'attendance-manager-trainer');

    const narrow = await env.newPage({ width: 375, height: 800 });
    await signIn(narrow, manager);
    await openAttendance(narrow, `/attendance?agent=${trainer.agentId}`);
    await narrow.getByRole('region', { name: 'Training Hours', exact: true }).getByRole('img').waitFor();
    await expectNoHorizontalOverflow(narrow);
    await expectAccessible(narrow);
    await screenshot(narrow, 'attendance-manager-375');
  });

  test("100 to 239 open an agent's attendance through the selector, never a supervisor's", async () => {
    const supervisor = loginOf(env.logins, 100);
    const agent = loginOf(env.logins, 20);
    const manager = loginOf(env.logins, 102);
    const page = await env.newPage();
    await signIn(page, supervisor);
    await openAttendance(page);
    const selector = page.getByLabel('View attendance of');
    const offered = await getJson<Person[]>(page.request, '/getAttendanceAgents');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((p) => p.agentType < 100)).toBe(true);
    const options = await selector.locator('option').allTextContents();
    expect(options).toEqual(['My attendance', ...offered.map((p) => `${p.initials} - ${p.fullName}`)]);
    expect(options).toContain(nameOf(agent));
    expect(options).not.toContain(nameOf(manager));
    // No list of everyone below 240.
    expect(await page.getByRole('heading', { name: 'Supervisors and Agents' }).count()).toBe(0);

    await selector.selectOption({ label: nameOf(agent) });
    await page.waitForURL(`**/attendance?agent=${agent.agentId}`);
    await poll(() => page.getByText('Showing the attendance of').textContent()).toBe(`Showing the attendance of ${nameOf(agent)}.`);
    await expectHoursTable(page, page.request, agent.agentId);
    expect(await selector.inputValue()).toBe(String(agent.agentId));
    await expectAccessible(page);
    await screenshot(page, 'attendance-supervisor');

    await selector.selectOption({ label: 'My attendance' });
    await page.waitForURL((u) => u.pathname === '/attendance' && u.search === '');
    expect(await page.getByText('Showing the attendance of').count()).toBe(0);

    await page.goto(`/attendance?agent=${manager.agentId}`);
    await poll(() => page.getByRole('alert').textContent()).toBe(`Agent ${manager.agentId} is not among the people whose attendance you can see.`);
    expect((await page.request.get(`/api/userPaidTime/${manager.agentId}`)).status()).toBe(403);
  });
});

