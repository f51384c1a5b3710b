import { DateTime } from 'luxon';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { hoursAndMinutes } from '../../web/src/time.ts';
import { apiAs, apiTime, eastern, findShift, getJson, mainShifts, pickTime, poll, preview, shownDateTime, type MainShift } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, nowMs, screenshot, signIn, signOut, useBrowserServer } from './support.ts';
import type { UserDetails } from '../../web/src/api-types.ts';

const env = useBrowserServer();

/** Spec 3 section 3: the reasons 0-10, word for word. */
const REASONS = ['Illness/Injury', 'Appointment/Surgery', 'Personal', 'Family Emergency', 'Bereavement', 'Childcare Issue', 'Power/Internet Outage', 'Away From Home', 'FMLA', 'Jury Duty/Voting Leave', 'Other'];

/** Demo logins who may give notice (rules/roles.json, giveNotice: not 85, not above 103), line staff first. */
function lineStaff(...types: number[]): DemoLogin[] {
  return types.map((t) => loginOf(env.logins, t));
}


/** The page shows this exact text in one element (a balance line). */
async function shows(page: Page, text: string): Promise<void> {
  await poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
}

/** The agent's next shift that has not started. */
async function nextShift(api: APIRequestContext, agentId: number): Promise<MainShift> {
  const next = (await mainShifts(api, agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs());
  if (!next) throw new Error(`agent ${agentId} has no upcoming shift in the demo`);
  return next;
}

async function reasonChoices(page: Page): Promise<string[]> {
  return (await page.getByLabel('Reason').locator('option').allTextContents()).slice(1);
}

test.describe('Report Absence: call out', () => {
  test('the Call Out screen (/virtualShift) asks for the log entry, then calls out with personal time and goes to Attendance', async () => {
    const { login, shift, api } = await findShift(env.url, lineStaff(20, 15, 30, 31, 21), 'callOut', (s) => ({ shiftId: s.id, personalTime: 0, message: 'Flat tyre' }));
    const before = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/virtualShift/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Call Out');
    // Spec 1: the shift's start and end.
    await poll(() => page.locator('.absence-shift').textContent()).toContain(`Shift start${shownDateTime(shift.startTime)}`);
    expect(await page.locator('.absence-shift').textContent()).toContain(`Shift end${shownDateTime(shift.endTime)}`);
    const question = page.getByLabel('Personal Time');
    expect(await question.locator('option').allTextContents()).toEqual(['None selected', 'No, I will take the points', 'Yes please']);
    expect(await question.locator('option').evaluateAll((os) => os.map((o) => o.getAttribute('value')))).toEqual(['', '1', '0']);
    // Untouched, the form says nothing (issue 20); submitted anyway, the server's message, and the
    // rules' the same under the form.
    expect(await preview(page).locator('.error').count()).toBe(0);
    await page.getByRole('button', { name: 'Call Out' }).click();
    await answerDialog(page, 'ERROR: Must create a log entry.');
    await poll(() => preview(page).textContent()).toContain('ERROR: Must create a log entry.');
    await expectAccessible(page);
    await screenshot(page, 'absence-call-out');
    expect(new URL(page.url()).pathname).toBe(`/virtualShift/${shift.id}`);

    await question.selectOption('0');
    await page.getByLabel('Log entry').fill('My car broke down on the way in.');
    // Spec 3: every notice has its reason, and the vacation choice where vacation is offered.
    await page.getByLabel('Reason').selectOption({ label: 'Personal' });
    if ((await page.getByLabel('Apply vacation time?').count()) > 0) await page.getByLabel('Apply vacation time?').selectOption({ label: 'No' });
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    // 'Yes please' pays the shift's paid minutes (its length less its meal breaks) from personal time, as far as it goes.
    const minutes = (s: { startTime: string; endTime: string }): number => eastern(s.endTime).diff(eastern(s.startTime), 'minutes').minutes;
    const paid = minutes(shift) - shift.breaks.reduce((sum, b) => sum + minutes(b), 0);
    const after = before.personalTime - Math.min(before.personalTime, paid);
    await shows(page, `Personal time after this call out: ${hoursAndMinutes(after)}`);
    await page.getByRole('button', { name: 'Call Out' }).click();
    await answerDialog(page, 'SUCCESS: Log entry created.');
    await page.waitForURL('**/attendance');

    expect((await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`)).personalTime).toBe(after);
    // The shift left the schedule, and the log entry is a History line.
    expect((await mainShifts(api, login.agentId)).map((s) => s.id)).not.toContain(shift.id);
    const history = await getJson<{ message: string }[]>(api, `/getOfferHistory/${login.agentId}`);
    expect(history.some((h) => h.message.includes('My car broke down on the way in.'))).toBe(true);
    await api.dispose();
  });

  test("Report Absence's Call Out asks the reason, and the absence is kept with its violation type and reason", async () => {
    const input = (s: MainShift) => ({ timeScheduleItemId: s.id, violationType: 0, reason: 2, vacationApplied: false, message: 'Family matter' });
    const { login, shift, api } = await findShift(env.url, lineStaff(20, 15, 30, 31, 21), 'giveNotice', input);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/callOut/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Report Absence');
    const kinds = page.getByRole('group', { name: 'What are you reporting?' });
    await kinds.waitFor();
    expect(await kinds.getByRole('radio').count()).toBe(3);
    await kinds.getByLabel('Call Out').check();
    // Spec 3, "Give notice": reasons 0-10 (FMLA only when it covers the shift), required for every kind.
    await page.getByLabel('Details').fill('Family matter');
    await poll(() => preview(page).textContent()).toContain('ERROR: Please choose a reason.');
    const fmla = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    const covered = [fmla.fmlaIntermittentUntil, fmla.fmlaContinuousUntil].some((d) => d !== null && d >= (eastern(shift.startTime).toISODate() as string));
    expect(await reasonChoices(page)).toEqual(REASONS.filter((r) => covered || r !== 'FMLA'));
    expect(await page.getByRole('group', { name: 'I will arrive at' }).count()).toBe(0);
    await page.getByLabel('Reason').selectOption({ label: 'Personal' });
    if ((await page.getByLabel('Apply vacation time?').count()) > 0) await page.getByLabel('Apply vacation time?').selectOption({ label: 'No' });
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await page.getByRole('button', { name: 'Call Out' }).click();
    await answerDialog(page, 'Success! Schedule is updated.');
    await page.waitForURL('**/attendance');
    const absences = await getJson<{ timeScheduleItemID: number; violationType: number; reason: number; message: string }[]>(api, `/getAttendance/${login.agentId}`);
    expect(absences.find((a) => a.timeScheduleItemID === shift.id)).toMatchObject({ violationType: 0, reason: 2, message: 'Family matter' });
    await api.dispose();
  });

  test('an account manager (85), who may not give notice, calls out with the violation type and a reason, and Attendance shows them', async () => {
    const entry = 'Sick child at home';
    const input = (s: MainShift) => ({ shiftId: s.id, personalTime: 1, message: entry, violationType: 0, reason: 5, vacationApplied: false });
    const { login, shift, api } = await findShift(env.url, [loginOf(env.logins, 85)], 'callOut', input);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/virtualShift/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Call Out');
    const form = page.getByRole('form', { name: 'Call out' });
    await poll(() => form.locator('dl').textContent()).toBe('Violation typeCall Out');
    const fmla = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    const covered = [fmla.fmlaIntermittentUntil, fmla.fmlaContinuousUntil].some((d) => d !== null && d >= (eastern(shift.startTime).toISODate() as string));
    expect(await reasonChoices(page)).toEqual(REASONS.filter((r) => covered || r !== 'FMLA'));
    await page.getByLabel('Personal Time').selectOption('1');
    await page.getByLabel('Log entry').fill(entry);
    // Spec 3: the reason is required for every kind; the server says so, and the rules under the form.
    await page.getByRole('button', { name: 'Call Out' }).click();
    await answerDialog(page, 'ERROR: Please choose a reason.');
    await poll(() => preview(page).textContent()).toContain('ERROR: Please choose a reason.');
    await page.getByLabel('Reason').selectOption({ label: 'Childcare Issue' });
    if ((await page.getByLabel('Apply vacation time?').count()) > 0) await page.getByLabel('Apply vacation time?').selectOption({ label: 'No' });
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'absence-call-out-account-manager');
    await page.getByRole('button', { name: 'Call Out' }).click();
    await answerDialog(page, 'SUCCESS: Log entry created.');
    await page.waitForURL('**/attendance');
    const absences = await getJson<{ timeScheduleItemID: number; violationType: number; reason: number; message: string }[]>(api, `/getAttendance/${login.agentId}`);
    expect(absences.find((a) => a.timeScheduleItemID === shift.id)).toMatchObject({ violationType: 0, reason: 5, message: entry });

    // Attendance lists it with the chosen type and reason, not "Call Out | Other".
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Attendance' }).click();
    const row = page.getByRole('region', { name: 'Absences' }).locator('tbody tr', { hasText: entry });
    await poll(() => row.locator('td[data-label="Type"]').textContent()).toBe('Call Out');
    expect(await row.locator('td[data-label="Reason"]').textContent()).toBe('Childcare Issue');
    await api.dispose();
  });

  test('is the Call Out screen alone at /virtualShift/{id}, at 1280 and 375 px', async () => {
    const login = loginOf(env.logins, 20);
    const page = await env.newPage({ width: 375, height: 800 });
    await signIn(page, login);
    const shift = await nextShift(page.request, login.agentId);
    await page.goto(`/virtualShift/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Call Out');
    await page.getByLabel('Personal Time').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Call Out' }).count()).toBe(1);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'absence-virtual-shift-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'absence-virtual-shift');
  });
});

test.describe('the Call Out (virtual shift) screen from the calendar', () => {
  const panelTitle = (date: string): string => `My Shifts For ${DateTime.fromISO(date).setLocale('en-US').toFormat('cccc, LLLL d')}`;
  const reportAbsence = (panel: Locator): Locator => panel.getByRole('link', { name: 'Report Absence' }).or(panel.getByRole('button', { name: 'Report Absence' }));
  const dayPanel = async (page: Page, shift: MainShift) => {
    const date = eastern(shift.startTime).toISODate() as string;
    await page.goto(`/calendar?day=${date}`);
    const panel = page.getByRole('region', { name: panelTitle(date) });
    // Report Absence is a link, or a disabled button where the rules refuse it outright (a shift
    // more than 48 hours ahead: engine/offered.ts); Call Out is a link.
    await reportAbsence(panel).or(panel.getByRole('link', { name: 'Call Out', exact: true })).first().waitFor();
    return panel;
  };

  test("is where an account manager's shift leads with Call Out; line staff have Report Absence there instead", async () => {
    const manager = loginOf(env.logins, 85);
    const page = await env.newPage();
    await signIn(page, manager);
    const shift = await nextShift(page.request, manager.agentId);
    const panel = await dayPanel(page, shift);
    const callOut = panel.locator(`a[href="/virtualShift/${shift.id}"]`);
    expect(await callOut.textContent()).toBe('Call Out');
    await expect(reportAbsence(panel)).toHaveCount(0);
    await callOut.click();
    await page.waitForURL(`**/virtualShift/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Call Out');
    await poll(() => page.locator('.absence-shift').textContent()).toContain(`Shift start${shownDateTime(shift.startTime)}`);
    await page.getByLabel('Reason').waitFor();

    const agent = loginOf(env.logins, 20);
    const other = await env.newPage();
    await signIn(other, agent);
    const theirs = await nextShift(other.request, agent.agentId);
    const theirPanel = await dayPanel(other, theirs);
    await expect(reportAbsence(theirPanel)).toHaveCount(1);
    expect(await theirPanel.getByRole('link', { name: 'Call Out', exact: true }).count()).toBe(0);
  });
});

test.describe('Report Absence: arrive late and leave early', () => {
  test('are not offered to an agent type that may not give notice (85): the call out alone is', async () => {
    const login = loginOf(env.logins, 85);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/callOut/${(await nextShift(page.request, login.agentId)).id}`);
    await page.getByLabel('Personal Time').waitFor();
    expect(await page.getByRole('group', { name: 'What are you reporting?' }).count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Call Out' }).count()).toBe(1);
  });

  test('gives notice of arriving late: the schedule is updated at once', async () => {
    const { login, shift, api } = await findShift(env.url, lineStaff(20, 15, 30, 31, 21), 'giveNotice', (s) => ({
      timeScheduleItemId: s.id,
      violationType: 1,
      startTime: apiTime(eastern(s.startTime).plus({ minutes: 45 })),
      reason: 0,
      message: 'Stuck in traffic',
      vacationApplied: false,
    }));
    const arrive = eastern(shift.startTime).plus({ minutes: 45 });
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/callOut/${shift.id}`);
    await page.getByRole('group', { name: 'What are you reporting?' }).getByLabel('Arrive Late').check();
    await page.getByLabel('Reason').waitFor();
    const fmla = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    const covered = [fmla.fmlaIntermittentUntil, fmla.fmlaContinuousUntil].some((d) => d !== null && d >= (eastern(shift.startTime).toISODate() as string));
    expect(await reasonChoices(page)).toEqual(REASONS.filter((r) => covered || r !== 'FMLA'));
    await page.getByLabel('Reason').selectOption({ label: 'Illness/Injury' });
    // Arriving at the shift start is no late arrival: the rule says so before anything is sent.
    await pickTime(page, 'I will arrive at', eastern(shift.startTime));
    await page.getByLabel('Details').fill('Stuck in traffic');
    if ((await page.getByLabel('Apply vacation time?').count()) > 0) await page.getByLabel('Apply vacation time?').selectOption({ label: 'No' });
    await poll(() => preview(page).textContent()).toContain('ERROR: Please choose the time you will arrive.');
    await pickTime(page, 'I will arrive at', arrive);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    const shownAfter = await page.locator('.absence-balance strong').first().textContent();
    expect(shownAfter).toMatch(/^Personal time after this notice: /);
    await expectAccessible(page);
    await screenshot(page, 'absence-arrive-late');
    await page.getByRole('button', { name: 'Give Notice' }).click();
    await answerDialog(page, 'Success! Schedule is updated.');
    await page.waitForURL('**/attendance');

    const now = (await mainShifts(api, login.agentId)).find((s) => s.id === shift.id);
    expect(now?.startTime).toBe(arrive.toFormat('yyyy-MM-dd HH:mm:00.0'));
    const details = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    expect(shownAfter).toBe(`Personal time after this notice: ${hoursAndMinutes(details.personalTime)}`);
    await api.dispose();
  });

  test('gives notice of leaving early with vacation applied: the schedule changes at log out', async () => {
    const { login, shift, api } = await findShift(env.url, lineStaff(20, 30, 31, 15, 21), 'giveNotice', (s) => ({
      timeScheduleItemId: s.id,
      violationType: 2,
      endTime: apiTime(eastern(s.endTime).minus({ minutes: 60 })),
      reason: 2,
      message: 'School pickup',
      vacationApplied: true,
    }));
    const leave = eastern(shift.endTime).minus({ minutes: 60 });
    const before = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/callOut/${shift.id}`);
    await page.getByRole('group', { name: 'What are you reporting?' }).getByLabel('Leave Early').check();
    await page.getByLabel('Reason').selectOption({ label: 'Personal' });
    // Vacation is offered (the rules accepted it): chosen or not, it is required.
    await page.getByLabel('Details').fill('School pickup');
    await pickTime(page, 'I will leave at', leave);
    await poll(() => preview(page).textContent()).toContain('ERROR: Please choose whether to apply vacation.');
    await page.getByLabel('Apply vacation time?').selectOption({ label: 'Yes, apply vacation time' });
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    // One hour missed, paid from vacation first (no meal break in an hour).
    await shows(page, `Vacation time: ${hoursAndMinutes(before.vacationTime)}`);
    await shows(page, `Vacation time after this notice: ${hoursAndMinutes(before.vacationTime - 60)}`);
    await expectAccessible(page);
    await screenshot(page, 'absence-leave-early');
    await page.getByRole('button', { name: 'Give Notice' }).click();
    await answerDialog(page, 'Success! Schedule will be updated when you log out.');
    await page.waitForURL('**/attendance');
    expect((await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`)).vacationTime).toBe(before.vacationTime - 60);
    const ends = async (): Promise<string | undefined> => (await mainShifts(api, login.agentId)).find((s) => s.id === shift.id)?.endTime;
    expect(await ends()).toBe(shift.endTime);
    await signOut(page);
    expect(await ends()).toBe(leave.toFormat('yyyy-MM-dd HH:mm:00.0'));
    await api.dispose();
  });

  test('offers FMLA as a reason only to someone FMLA covers', async () => {
    const withFmla: DemoLogin[] = [];
    const without: DemoLogin[] = [];
    for (const login of env.logins.filter((l) => l.agentType < 85 || (l.agentType > 85 && l.agentType <= 103))) {
      const api = await apiAs(env.url, login);
      const details = await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`);
      const next = await nextShift(api, login.agentId);
      await api.dispose();
      const covers = [details.fmlaIntermittentUntil, details.fmlaContinuousUntil].some((d) => d !== null && d >= (eastern(next.startTime).toISODate() as string));
      (covers ? withFmla : without).push(login);
      if (withFmla.length && without.length) break;
    }
    expect(withFmla.length, 'a demo login with FMLA').toBeGreaterThan(0);
    for (const [login, offered] of [
      [withFmla[0], true],
      [without[0], false],
    ] as const) {
      const page = await env.newPage();
      await signIn(page, login as DemoLogin);
      const next = await nextShift(page.request, (login as DemoLogin).agentId);
      await page.goto(`/callOut/${next.id}`);
      await page.getByRole('group', { name: 'What are you reporting?' }).getByLabel('Leave Early').check();
      await page.getByLabel('Reason').waitFor();
      expect(await reasonChoices(page)).toEqual(REASONS.filter((r) => offered || r !== 'FMLA'));
    }
  });
});

test.describe('Request Personal Time', () => {
  test('shows the rules as reminders and the balance once the time is taken, and keeps the booked time in the balance until it starts', async () => {
    const { login, shift, api } = await findShift(env.url, lineStaff(20, 15, 30, 31, 21, 80), 'requestPersonal', (s) => ({
      timeScheduleItemId: s.id,
      startTime: apiTime(eastern(s.endTime).minus({ minutes: 60 })),
      endTime: apiTime(eastern(s.endTime)),
    }));
    const before = (await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`)).personalTime;
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/requestPersonal/${shift.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Request Personal Time');
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await poll(() => reminders.textContent()).toContain('No personal time from 12/19 to 1/3, nor on the day before, of, or after a holiday.');
    await shows(page, `Personal time: ${hoursAndMinutes(before)}`);

    // A start after the end: the rule's message before anything is sent.
    await pickTime(page, 'Start', eastern(shift.endTime));
    await pickTime(page, 'End', eastern(shift.endTime).minus({ minutes: 60 }));
    await poll(() => preview(page).textContent()).toContain('ERROR: Start date must be valid.');
    await pickTime(page, 'Start', eastern(shift.endTime).minus({ minutes: 60 }));
    await pickTime(page, 'End', eastern(shift.endTime));
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    // One hour holds no meal break: 60 minutes off the balance once the time is taken.
    await shows(page, `Personal time after this request: ${hoursAndMinutes(before - 60)}`);
    await expectAccessible(page);
    await screenshot(page, 'absence-request-personal');

    await page.getByRole('button', { name: 'Request' }).click();
    await answerDialog(page, 'Success! Personal time was approved.');
    await page.waitForURL(/\/calendar(\?|$)/);
    // Booked, not yet taken: the balance keeps the hour until it starts (docs/decisions.md).
    expect((await getJson<UserDetails>(api, `/getUserDetails/${login.agentId}`)).personalTime).toBe(before);
    expect((await mainShifts(api, login.agentId)).find((s) => s.id === shift.id)?.endTime).toBe(eastern(shift.endTime).minus({ minutes: 60 }).toFormat('yyyy-MM-dd HH:mm:00.0'));
    // The screen shows the balance as it is (the shift is still there, an hour shorter).
    await page.goto(`/requestPersonal/${shift.id}`);
    await shows(page, `Personal time: ${hoursAndMinutes(before)}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'absence-request-personal-375');
    await api.dispose();
  });

  test('fits Report Absence on a 375 px screen', async () => {
    const login = loginOf(env.logins, 30);
    const page = await env.newPage({ width: 375, height: 800 });
    await signIn(page, login);
    const next = await nextShift(page.request, login.agentId);
    await page.goto(`/callOut/${next.id}`);
    await page.getByRole('group', { name: 'What are you reporting?' }).getByLabel('Leave Early').check();
    await page.getByLabel('Details').waitFor();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'absence-report-375');
  });
});
