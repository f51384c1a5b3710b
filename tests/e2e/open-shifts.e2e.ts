import { DateTime } from 'luxon';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, eastern, getJson, pickTime, ZONE } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, testNow, useBrowserServer } from './support.ts';
import type { MonthShift, OpenShift as ApiOpenShift } from '../../web/src/api-types.ts';

/**
 * Spec 3's open-shift screens (web/src/screens/open-shifts/) on the seeded demo: Create, Edit and
 * Claim Open Shift, Create, Edit and Claim Open Training Shift. The demo's schedule ends 35 days
 * from today, so the shifts these tests make lie beyond it, where no one is scheduled: each claim
 * meets only the rules it is meant to meet.
 */

const env = useBrowserServer();
const NARROW = { width: 375, height: 800 };
/** The screens' reads and the engine's first load take a moment on a busy machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface ActionAnswer {
  outcome: string;
  message: string | null;
  created?: Record<string, number[]>;
}

const today = testNow().setZone(ZONE).startOf('day');
/** A day this many days ahead, yyyy-MM-dd: past the demo's schedule from 40 on. */
const dayAhead = (n: number): string => today.plus({ days: n }).toFormat('yyyy-MM-dd');
const at = (day: string, hour: number, minute = 0): DateTime => DateTime.fromISO(day, { zone: ZONE }).set({ hour, minute });

async function signedIn(login: DemoLogin, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await env.newPage(viewport);
  await signIn(page, login);
  return page;
}

async function title(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}

const preview = (page: Page): Locator => page.getByTestId('preview');
/** The engine's answer before submitting: its message (an error also names its rule) or the all-clear. */
async function expectPreview(page: Page, text: string): Promise<void> {
  await poll(() => preview(page).textContent()).toContain(text);
}
const RULES_ALLOW = 'The rules allow this.';

const optionsOf = (select: Locator): Promise<string[]> => select.locator('option').allTextContents();

/** The facts a screen shows about its open shift, term to value. */
async function facts(page: Page): Promise<Record<string, string>> {
  const dl = page.locator('dl.open-shifts-facts');
  await dl.waitFor();
  const terms = await dl.locator('dt').allTextContents();
  const values = await dl.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((t, i) => [t, values[i] ?? '']));
}

async function openShifts(api: APIRequestContext | Page['request'], training: boolean): Promise<ApiOpenShift[]> {
  return getJson<ApiOpenShift[]>(api, training ? '/pendingOpenTrainingShifts' : '/pendingOpenShifts');
}

/** The open shift (still open) of a type starting at an instant, or undefined. */
async function openShiftAt(api: APIRequestContext | Page['request'], training: boolean, type: number, start: DateTime): Promise<ApiOpenShift | undefined> {
  return (await openShifts(api, training)).find((o) => o.type === type && eastern(o.startTime).toMillis() === start.toMillis());
}

async function post(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<ActionAnswer> {
  const res = await api.post(`/api${path}`, { data });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as ActionAnswer;
}

/** An open shift (or training shift) made through the API by a manager, for the screens that act on one. */
async function made(login: DemoLogin, path: '/postOpenShift' | '/postOpenTrainingShift', data: Record<string, unknown>): Promise<number> {
  const api = await apiAs(env.url, login);
  const answer = await post(api, path, { AgentID: login.agentId, ...data });
  await api.dispose();
  const id = answer.created?.openShifts?.[0];
  expect(typeof id, `${path} created an open shift`).toBe('number');
  return id as number;
}

test.describe('Create Open Shift and Claim Open Shift', () => {
  const day = dayAhead(43);

  test('a manager creates an open shift, seeing the rules as the form is filled; an agent claims it from the calendar and it becomes their shift', async () => {
    const manager = loginOf(env.logins, 102);
    const page = await signedIn(manager);
    await page.goto(`/createOpen/${day}`);
    await title(page, 'Create Open Shift');
    // Spec 3 section 6: a manager (102) picks Open, Open Spanish, Open Supervisor and Open Supervisor ONLY.
    expect(await optionsOf(page.getByLabel('Type'))).toEqual(['Open', 'Open Spanish', 'Open Supervisor', 'Open Supervisor ONLY']);
    expect(await optionsOf(page.getByLabel('Pay Rate'))).toEqual(['1x', '1.5x', '2x', '3x']);
    expect(await optionsOf(page.getByLabel('Extra COTS'))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await page.getByRole('group', { name: 'End' }).getByLabel('Day').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual([
      '',
      day,
      DateTime.fromISO(day).plus({ days: 1 }).toFormat('yyyy-MM-dd'),
    ]);

    await pickTime(page, 'Start', at(day, 8));
    await pickTime(page, 'End', at(day, 19));
    await expectPreview(page, 'Cannot create more than a 10 hour open shift.');
    await pickTime(page, 'End', at(day, 12));
    await page.getByLabel('Pay Rate').selectOption({ label: '1.5x' });
    await page.getByLabel('Extra COTS').selectOption('2');
    await expectPreview(page, RULES_ALLOW);
    await expectAccessible(page);
    await screenshot(page, 'open-shifts-create-open-shift');
    await page.getByRole('button', { name: 'Create Open Shift' }).click();
    await answerDialog(page, 'SUCCESS: Open shift has been created.');
    await page.waitForURL(/\/calendar(\?|$)/);
    const created = await openShiftAt(page.request, false, 0, at(day, 8));
    expect(created).toMatchObject({ payRate: 1, openToCots: 2, quantityRemaining: 1 });
    expect(eastern(created?.endTime ?? '').toMillis()).toBe(at(day, 12).toMillis());
    const id = created?.lookingForCoverageID as number;

    // An agent (20) may claim an Open (type 0) shift: the day's Claim link leads to the claim screen.
    const agent = loginOf(env.logins, 20);
    const ap = await signedIn(agent);
    await ap.goto(`/calendar?day=${day}`);
    const claim = ap.getByRole('region', { name: 'ASD Open Shifts' }).locator(`a[href="/coverOpenShift/${id}"]`);
    await poll(() => claim.count()).toBe(1);
    await claim.click();
    await ap.waitForURL(`**/coverOpenShift/${id}`);
    await title(ap, 'Claim Open Shift');
    expect(await facts(ap)).toMatchObject({ 'Pay Rate': '1.5x', 'Extra COTS': '2', Type: 'Call specialist' });
    expect(await ap.getByRole('list', { name: 'Notes' }).getByRole('listitem').allTextContents()).toEqual([
      'A shift with COTs must be claimed whole.',
      'Premium-pay shifts cannot be combined with a different pay rate.',
      'Once you submit, you are responsible for the hours you claimed.',
    ]);
    await expectPreview(ap, RULES_ALLOW);
    await expectAccessible(ap);
    await screenshot(ap, 'open-shifts-claim-open-shift');
    await ap.getByRole('button', { name: 'Submit request' }).click();
    await answerDialog(ap, 'SUCCESS: Open shift claimed.');
    await ap.waitForURL(/\/calendar(\?|$)/);

    // Its one slot is taken: the open shift is gone, and the agent has the shift, at its pay.
    expect(await openShiftAt(ap.request, false, 0, at(day, 8))).toBeUndefined();
    const month = at(day, 8).toFormat('yyyy-MM');
    const mine = await getJson<MonthShift[]>(ap.request, `/userMonthShifts/${agent.agentId}/${month}`);
    const shift = mine.find((s) => s.id === s.scheduleId && eastern(s.startTime).toMillis() === at(day, 8).toMillis());
    expect(shift).toMatchObject({ type: 0, payRate: 1 });
    expect(eastern(shift?.endTime ?? '').toMillis()).toBe(at(day, 12).toMillis());
    await ap.goto(`/coverOpenShift/${id}`);
    await poll(() => ap.getByRole('alert').textContent()).toBe(`Open shift ${id} is no longer open: it was removed, claimed or is over. Pick another on the calendar.`);
  });

  test('offers each role its own types, and a role without the permission no Create at all', async () => {
    const typesOf = async (agentType: number): Promise<string[]> => {
      const page = await signedIn(loginOf(env.logins, agentType));
      await page.goto(`/createOpen/${day}`);
      await title(page, 'Create Open Shift');
      return optionsOf(page.getByLabel('Type'));
    };
    expect(await typesOf(100)).toEqual(['Open', 'Open Spanish']);
    // Open Customer Service is the only choice, so the default, of 105 and 110.
    expect(await typesOf(105)).toEqual(['Open Customer Service']);
    expect(await typesOf(450)).toEqual(['Open', 'Open Spanish', 'Open Supervisor', 'Open Supervisor ONLY', 'Open Customer Service']);

    const agent = await signedIn(loginOf(env.logins, 20));
    await agent.goto(`/calendar?day=${day}`);
    const section = agent.getByRole('region', { name: 'ASD Open Shifts' });
    await section.waitFor();
    expect(await section.getByRole('link', { name: 'Create Open Shift' }).count()).toBe(0);
    expect(await section.getByRole('link', { name: 'Create Open Training Shift' }).count()).toBe(0);
    // By its address, the screen says why in the rule's words, and offers no form.
    await agent.goto(`/createOpen/${day}`);
    await title(agent, 'Create Open Shift');
    await expectPreview(agent, 'ERROR: You are unable to create an open shift.');
    expect(await agent.getByRole('button', { name: 'Create Open Shift' }).count()).toBe(0);
    await agent.goto(`/createOpenTraining/${day}`);
    await expectPreview(agent, "ERROR! You're unable to create a training open shift.");
    expect(await agent.getByRole('button', { name: 'Create Open Training Shift' }).count()).toBe(0);
  });
});

test.describe('Edit Open Shift', () => {
  test('a manager edits an open shift (12 hours allowed on edit, not 13), then removes it after the confirmation', async () => {
    const manager = loginOf(env.logins, 102);
    const day = dayAhead(44);
    const id = await made(manager, '/postOpenShift', { StartTime: apiTime(at(day, 9)), EndTime: apiTime(at(day, 17)), Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null });
    const page = await signedIn(manager);
    await page.goto(`/editOpenShift/${id}`);
    await title(page, 'Edit Open Shift');
    expect(await facts(page)).toMatchObject({ Type: 'Open', 'Pay Rate': '1x', 'Extra COTS': '0' });
    expect(await page.getByLabel('Type').inputValue()).toBe('open');
    expect(await optionsOf(page.getByLabel('Type'))).toEqual(['Open', 'Open Spanish', 'Supervisor/Assistant', 'Supervisor Only']);
    await expectPreview(page, RULES_ALLOW);

    await pickTime(page, 'End', at(day, 22));
    await expectPreview(page, 'Cannot create more than a 12 hour open shift.');
    await pickTime(page, 'End', at(day, 20));
    await page.getByLabel('Pay Rate').selectOption({ label: '2x' });
    await page.getByLabel('Extra COTS').selectOption('1');
    await expectPreview(page, RULES_ALLOW);
    await expectAccessible(page);
    await screenshot(page, 'open-shifts-edit-open-shift');
    await page.getByRole('button', { name: 'Edit Open Shift' }).click();
    await answerDialog(page, 'SUCCESS: Open shift has been edited.');
    await page.waitForURL(/\/calendar(\?|$)/);
    const edited = await openShiftAt(page.request, false, 0, at(day, 9));
    expect(edited).toMatchObject({ lookingForCoverageID: id, payRate: 2, openToCots: 1 });
    expect(eastern(edited?.endTime ?? '').toMillis()).toBe(at(day, 20).toMillis());

    await page.goto(`/editOpenShift/${id}`);
    await title(page, 'Edit Open Shift');
    await page.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this listing?', 'Cancel');
    expect(await openShiftAt(page.request, false, 0, at(day, 9))).toBeDefined();
    await page.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this listing?');
    await answerDialog(page, 'SUCCESS: Open shift removed.');
    await page.waitForURL(/\/calendar(\?|$)/);
    expect(await openShiftAt(page.request, false, 0, at(day, 9))).toBeUndefined();
  });
});

test.describe('Open training shifts', () => {
  test("a training manager creates QA Reviews with the type's defaults; a QA reviewer claims two hours, then is told before submitting that a second claim passes the 3 hours a day", async () => {
    const day = dayAhead(45);
    const manager = loginOf(env.logins, 103);
    const page = await signedIn(manager);
    await page.goto(`/createOpenTraining/${day}`);
    await title(page, 'Create Open Training Shift');
    const clock = async (legend: string): Promise<string> => {
      const g = page.getByRole('group', { name: legend });
      const [h, m, a] = await Promise.all(['Hour', 'Minute', 'AM/PM'].map((l) => g.getByLabel(l, { exact: true }).locator('option:checked').textContent()));
      return `${h}:${m} ${a}`;
    };
    const shown = async (): Promise<string[]> => [await clock('Start time'), await clock('End time'), await page.getByLabel('Extra COTS').inputValue()];
    expect(await optionsOf(page.getByLabel('Type'))).toEqual(['QA Reviews', 'Training Class', 'Watch Week']);
    expect(await page.getByLabel('Date').inputValue()).toBe(day);
    expect(await shown()).toEqual(['7:00 AM', '7:00 PM', '0']);
    expect(await page.getByLabel('Quantity of openings').inputValue()).toBe('1');
    await page.getByLabel('Type').selectOption({ label: 'Training Class' });
    expect(await shown()).toEqual(['5:00 PM', '9:30 PM', '3']);
    await page.getByLabel('Type').selectOption({ label: 'Watch Week' });
    expect(await shown()).toEqual(['6:00 PM', '9:30 PM', '3']);
    await page.getByLabel('Type').selectOption({ label: 'QA Reviews' });
    expect(await shown()).toEqual(['7:00 AM', '7:00 PM', '0']);
    // An end before the start on the same day, until the next-day toggle moves it.
    await page.getByRole('group', { name: 'End time' }).getByLabel('AM/PM').selectOption('AM');
    await expectPreview(page, 'ERROR: Start date must be valid.');
    await page.getByLabel('The end is on the next day').check();
    await expectPreview(page, RULES_ALLOW);
    await page.getByLabel('The end is on the next day').uncheck();
    await page.getByRole('group', { name: 'End time' }).getByLabel('AM/PM').selectOption('PM');
    await page.getByLabel('Quantity of openings').selectOption('3');
    await expectPreview(page, RULES_ALLOW);
    await expectAccessible(page);
    await screenshot(page, 'open-shifts-create-open-training');
    await page.getByRole('button', { name: 'Create Open Training Shift' }).click();
    await answerDialog(page, 'SUCCESS: Open shift has been created.');
    await page.waitForURL(/\/calendar(\?|$)/);
    const qa = await openShiftAt(page.request, true, 61, at(day, 7));
    expect(qa).toMatchObject({ quantityRemaining: 3, openToCots: 0, payRate: 0 });
    expect(eastern(qa?.endTime ?? '').toMillis()).toBe(at(day, 19).toMillis());
    const id = qa?.lookingForCoverageID as number;

    const reviewer = loginOf(env.logins, 30);
    const rp = await signedIn(reviewer);
    await rp.goto(`/coverOpenTrainingShift/${id}`);
    await title(rp, 'Claim Open Training Shift');
    expect(await facts(rp)).toMatchObject({ Type: 'QA Reviews', 'Pay Rate': '1x', 'Extra COTS': '0', 'Openings left': '3' });
    expect(await rp.getByRole('list', { name: 'Notes' }).getByRole('listitem').allTextContents()).toEqual([
      'A training shift cannot be combined with an operations shift.',
      'QA Review coverage is open to QA Reviewers and above.',
      'Training Class and Watch Week coverage is open to Advanced Trainers.',
      'QA Reviews: max 40 hours a week and max 3 hours a day.',
      'Training Class and Watch Week must be claimed in full.',
    ]);
    await rp.getByText('Once you submit, you are responsible for the hours you claimed.').waitFor();
    // One hour from the start to begin with; QA Reviews are 1, 2 or 3 whole hours.
    await expectPreview(rp, RULES_ALLOW);
    await pickTime(rp, 'Start', at(day, 9));
    await pickTime(rp, 'End', at(day, 10, 30));
    await expectPreview(rp, 'ERROR: Duration must be 1, 2, or 3 whole hours.');
    await pickTime(rp, 'End', at(day, 11));
    await expectPreview(rp, RULES_ALLOW);
    await expectAccessible(rp);
    await screenshot(rp, 'open-shifts-claim-open-training');
    await rp.getByRole('button', { name: 'Claim Shift' }).click();
    await answerDialog(rp, 'SUCCESS: Open shift claimed.');
    await rp.waitForURL(/\/calendar(\?|$)/);
    expect(await openShiftAt(rp.request, true, 61, at(day, 7))).toMatchObject({ quantityRemaining: 2 });

    // Two more hours the same day: 240 minutes of QA, over the 180 a day.
    await rp.goto(`/coverOpenTrainingShift/${id}`);
    await title(rp, 'Claim Open Training Shift');
    expect(await facts(rp)).toMatchObject({ 'Openings left': '2' });
    await pickTime(rp, 'Start', at(day, 13));
    await pickTime(rp, 'End', at(day, 15));
    const limit = 'ERROR: You can only do 3 hours of QA a day. But thank you for your willingness!';
    await expectPreview(rp, limit);
    await screenshot(rp, 'open-shifts-claim-open-training-qa-limit');
    await rp.getByRole('button', { name: 'Claim Shift' }).click();
    await answerDialog(rp, limit);
    expect(new URL(rp.url()).pathname).toBe(`/coverOpenTrainingShift/${id}`);
    expect(await openShiftAt(rp.request, true, 61, at(day, 7))).toMatchObject({ quantityRemaining: 2 });
  });

  test('a trainer claims a Training Class whole at its fixed times; the training manager edits its openings and pay, then removes it', async () => {
    const day = dayAhead(47);
    const manager = loginOf(env.logins, 103);
    const id = await made(manager, '/postOpenTrainingShift', { StartTime: apiTime(at(day, 17)), EndTime: apiTime(at(day, 21, 30)), Type: 64, ShiftCredits: 3, Quantity: 2 });

    const trainer = loginOf(env.logins, 32);
    const tp = await signedIn(trainer);
    await tp.goto(`/coverOpenTrainingShift/${id}`);
    await title(tp, 'Claim Open Training Shift');
    expect(await facts(tp)).toMatchObject({ Type: 'Training Class', 'Extra COTS': '3', 'Openings left': '2' });
    // Fixed times: no pickers, the whole class.
    expect(await tp.getByRole('group', { name: 'Start' }).count()).toBe(0);
    const range = await tp.locator('dl.open-shifts-facts dd').first().textContent();
    await tp.getByText(`Hours claimed: ${range ?? ''}`).waitFor();
    await expectPreview(tp, RULES_ALLOW);
    await screenshot(tp, 'open-shifts-claim-training-class');
    await tp.getByRole('button', { name: 'Claim Shift' }).click();
    await answerDialog(tp, 'SUCCESS: Open shift claimed.');
    await tp.waitForURL(/\/calendar(\?|$)/);
    expect(await openShiftAt(tp.request, true, 64, at(day, 17))).toMatchObject({ quantityRemaining: 1 });

    const page = await signedIn(manager);
    await page.goto(`/editOpenTrainingShift/${id}`);
    await title(page, 'Edit Open Training Shift');
    expect(await facts(page)).toMatchObject({ Type: 'Training Class', 'Pay Rate': '1x', 'Extra COTS': '3', 'Quantity of openings': '1' });
    expect(await optionsOf(page.getByLabel('Quantity of openings'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(await page.getByLabel('Start day').inputValue()).toBe(day);
    await page.getByLabel('Quantity of openings').selectOption('4');
    await page.getByLabel('Pay Rate').selectOption({ label: '2x' });
    await expectPreview(page, RULES_ALLOW);
    await expectAccessible(page);
    await screenshot(page, 'open-shifts-edit-open-training');
    await page.getByRole('button', { name: 'Edit Open Shift' }).click();
    await answerDialog(page, 'SUCCESS: Open shift has been edited.');
    await page.waitForURL(/\/calendar(\?|$)/);
    expect(await openShiftAt(page.request, true, 64, at(day, 17))).toMatchObject({ quantityRemaining: 4, payRate: 2, openToCots: 3 });

    await page.goto(`/editOpenTrainingShift/${id}`);
    await page.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this listing?');
    await answerDialog(page, 'SUCCESS: Open shift removed.');
    await page.waitForURL(/\/calendar(\?|$)/);
    expect(await openShiftAt(page.request, true, 64, at(day, 17))).toBeUndefined();
  });
});

test.describe('every screen at 375 px', () => {
  test('fits, passes the accessibility check and is photographed', async () => {
    const manager = loginOf(env.logins, 102);
    const trainingManager = loginOf(env.logins, 103);
    const day = dayAhead(50);
    const open = await made(manager, '/postOpenShift', { StartTime: apiTime(at(day, 9)), EndTime: apiTime(at(day, 13)), Type: 21, ShiftCredits: 1, PayRate: 3, AssistantAfterDate: apiTime(at(day, 13)) });
    const qa = await made(trainingManager, '/postOpenTrainingShift', { StartTime: apiTime(at(day, 7)), EndTime: apiTime(at(day, 19)), Type: 61, ShiftCredits: 0, Quantity: 2 });
    const screens: [string, DemoLogin, string, string][] = [
      ['create-open-shift', manager, `/createOpen/${day}`, 'Create Open Shift'],
      ['edit-open-shift', manager, `/editOpenShift/${open}`, 'Edit Open Shift'],
      ['claim-open-shift', loginOf(env.logins, 100), `/coverOpenShift/${open}`, 'Claim Open Shift'],
      ['create-open-training', trainingManager, `/createOpenTraining/${day}`, 'Create Open Training Shift'],
      ['edit-open-training', trainingManager, `/editOpenTrainingShift/${qa}`, 'Edit Open Training Shift'],
      ['claim-open-training', loginOf(env.logins, 30), `/coverOpenTrainingShift/${qa}`, 'Claim Open Training Shift'],
    ];
    for (const [name, login, path, heading] of screens) {
      const page = await signedIn(login, NARROW);
      await page.goto(path);
      await title(page, heading);
      await page.locator('form').waitFor();
      if (name !== 'create-open-shift') await expectPreview(page, RULES_ALLOW);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await screenshot(page, `open-shifts-${name}-375`);
      await page.context().close();
    }
  });

  test('an Open Supervisor ONLY shift reads as Supervisor Only on the edit screen, and as the calendar words it to an assistant', async () => {
    const manager = loginOf(env.logins, 102);
    const day = dayAhead(51);
    const id = await made(manager, '/postOpenShift', { StartTime: apiTime(at(day, 9)), EndTime: apiTime(at(day, 13)), Type: 21, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: apiTime(at(day, 13)) });
    const page = await signedIn(manager);
    await page.goto(`/editOpenShift/${id}`);
    await title(page, 'Edit Open Shift');
    expect(await facts(page)).toMatchObject({ Type: 'Supervisor Only' });
    expect(await page.getByLabel('Type').inputValue()).toBe('supervisorOnly');
    await page.getByText('Sups ONLY, No Assistants').waitFor();

    const assistant = await signedIn(loginOf(env.logins, 80, 'can cover DOCS'));
    await assistant.goto(`/coverOpenShift/${id}`);
    await title(assistant, 'Claim Open Shift');
    expect(await facts(assistant)).toMatchObject({ Type: 'Sups ONLY, No Assistants' });
    expect(await assistant.getByRole('button', { name: 'Submit request' }).isEnabled()).toBe(true);
    // Pressed (an untouched form says nothing, issue 20): the server's refusal, and the rules' below.
    await assistant.getByRole('button', { name: 'Submit request' }).click();
    await answerDialog(assistant, 'Sorry! This shift is reserved for Supervisors until');
    await expectPreview(assistant, 'Sorry! This shift is reserved for Supervisors until');
  });
});
