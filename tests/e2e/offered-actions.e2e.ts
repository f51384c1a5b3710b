import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, eastern, mainShifts } from './schedule-api.ts';
import { dayOf, expectRefused, openDay, postForCoverage, postingRow, shiftAhead } from './offered-support.ts';
import { loginOf, nowMs, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 20, defect 3: what the rules refuse for who the person is or for the state of the thing,
 * whatever they would choose in its form, is not offered as if it could be taken: the calendar
 * shows the action disabled, with the rule's message, as the same engine and rule files decide
 * it (engine/offered.ts), and still offers what the rules let through.
 */

const env = useBrowserServer();
// Each check is a request and an engine run in the page; the machine may be shared.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000 });
const CALL = { timeout: 90_000 };
const DAY_MS = 86_400_000;
// Two days, three people and their postings set up through the API: more than one screen's test.
const TEST_TIMEOUT_MS = 360_000;

async function expectOffered(within: Locator, label: string): Promise<void> {
  await within.page().waitForLoadState('networkidle');
  await poll(() => within.getByRole('link', { name: label, exact: true }).count()).toBeGreaterThan(0);
  expect(await within.getByRole('button', { name: label, exact: true }).count(), `${label}: not refused`).toBe(0);
}

test.describe('actions the rules refuse whatever is chosen', () => {
  test('a trainee: Find Coverage, "I am available...", Offer Your Shift and Send Offer, each with the rule’s message', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const trainee = loginOf(env.logins, 10);
    const specialists = env.logins.filter((l) => l.agentType === 20);
    const traineeApi = await apiAs(env.url, trainee);
    const own = await shiftAhead(traineeApi, trainee, 3);
    const day = dayOf(own);
    // A colleague seeking hours on the trainee's day, and one seeking coverage for a shift of theirs.
    let seeker: DemoLogin | null = null;
    for (const login of specialists) {
      const api = await apiAs(env.url, login);
      const res = await api.post('/api/postWantWork', { ...CALL, data: { AgentID: login.agentId, StartTime: `${day} 00:00`, EndTime: `${day} 23:59`, Notes: null, Type: null } });
      await api.dispose();
      if (res.status() === 200) {
        seeker = login;
        break;
      }
    }
    expect(seeker, 'a call specialist who may post for hours that day').not.toBeNull();
    const poster = specialists.find((l) => l !== seeker) as DemoLogin;
    const posterApi = await apiAs(env.url, poster);
    const posted = await shiftAhead(posterApi, poster, 3);
    await postForCoverage(posterApi, poster, posted);
    await posterApi.dispose();
    await traineeApi.dispose();

    const page = await env.newPage();
    await signIn(page, trainee);
    await openDay(page, day);
    const mine = page.getByRole('region', { name: /^My Shifts For / });
    await expectRefused(mine, 'Find Coverage', 'ERROR: Must be at least an Advanced Trainee to post for coverage.');
    // Where the person would wonder why, the message is on a line beside the action too.
    await poll(() => mine.locator('.refusal').first().textContent()).toBe('ERROR: Must be at least an Advanced Trainee to post for coverage.');
    await expectRefused(mine, 'I am available and want to pick up hours on this day.', 'ERROR: Must be at least an Advanced Trainee to post for hours.');
    await expectRefused(postingRow(page, 'Agents Seeking Hours', (seeker as DemoLogin).initials), 'Offer Your Shift', 'ERROR: Must be at least an Advanced Trainee to give away hours.');
    // Pressing it (marked disabled, it still takes focus and a press) says why, and goes nowhere.
    await postingRow(page, 'Agents Seeking Hours', (seeker as DemoLogin).initials).getByRole('button', { name: 'Offer Your Shift' }).click({ force: true });
    const dialog = page.getByRole('alertdialog');
    await poll(() => dialog.textContent()).toContain('ERROR: Must be at least an Advanced Trainee to give away hours.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/calendar');

    await openDay(page, dayOf(posted));
    await expectRefused(postingRow(page, 'Agents Seeking Coverage', poster.initials), 'Send Offer', 'ERROR: Must be at least an Advanced Trainee to offer coverage.');
  });

  test('a call specialist: Send Offer on a supervisor’s posting, with the rule’s message', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const cs = loginOf(env.logins, 20);
    const sup = loginOf(env.logins, 100);
    const supApi = await apiAs(env.url, sup);
    const supShift = await shiftAhead(supApi, sup, 3);
    await postForCoverage(supApi, sup, supShift);
    await supApi.dispose();

    const page = await env.newPage();
    await signIn(page, cs);
    await openDay(page, dayOf(supShift));
    await expectRefused(postingRow(page, 'Agents Seeking Coverage', sup.initials), 'Send Offer', 'ERROR: An Assistant Supervisor or higher is required to cover this shift.');
  });

  test('Find Coverage on a shift already posted, and Report Absence more than 48 hours ahead; both offered where the rules allow', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const cs = env.logins.filter((l) => l.agentType === 20).at(-1) as DemoLogin;
    const api = await apiAs(env.url, cs);
    const posted = await shiftAhead(api, cs, 3);
    const other = await shiftAhead(api, cs, 3, [dayOf(posted)]);
    await postForCoverage(api, cs, posted);
    const soon = (await mainShifts(api, cs.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 3_600_000 && eastern(s.startTime).toMillis() < nowMs() + 2 * DAY_MS - 3_600_000);
    await api.dispose();

    const page = await env.newPage();
    await signIn(page, cs);
    await openDay(page, dayOf(posted));
    const mine = page.getByRole('region', { name: /^My Shifts For / });
    await expectRefused(mine, 'Find Coverage', 'ERROR: Part of this shift is already posted.');
    await expectRefused(mine, 'Report Absence', 'ERROR: Notice can only be given within 48 hours of the shift start.');

    // A shift of theirs not posted: Find Coverage is offered.
    await openDay(page, dayOf(other));
    await expectOffered(page.getByRole('region', { name: /^My Shifts For / }), 'Find Coverage');
    if (soon) {
      // Within 48 hours: Report Absence is offered.
      await openDay(page, dayOf(soon));
      await expectOffered(page.getByRole('region', { name: /^My Shifts For / }), 'Report Absence');
    }
  });
});
