import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, eastern, mainShifts, postOk, type MainShift } from './schedule-api.ts';
import { loginOf, nowMs, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 30, defect 1: links the rules can only refuse are shown as the other refused actions are
 * (disabled, with the rule's message), not as ways into a screen that then refuses: Chat with
 * someone one may not start a chat with, Claim on an open shift inside one's own shift, Send
 * Message on a posting before any offer, and an offer form opened directly by someone who may
 * not offer.
 */

const env = useBrowserServer();
const DAY_MS = 86_400_000;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000 });
const TEST_TIMEOUT_MS = 300_000;

const dayOf = (s: MainShift): string => s.startTime.slice(0, 10);

async function shiftAhead(api: APIRequestContext, login: DemoLogin, days: number): Promise<MainShift> {
  const shift = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + days * DAY_MS);
  expect(shift, `${login.initials}: a shift ${days} days ahead`).toBeDefined();
  return shift as MainShift;
}

/** Posts the whole shift for coverage as its agent: the posting's id. */
async function postForCoverage(api: APIRequestContext, login: DemoLogin, shift: MainShift): Promise<number> {
  const answer = await postOk(api, '/postShift', {
    AgentID: login.agentId,
    TimeScheduleItemID: shift.id,
    StartTime: apiTime(eastern(shift.startTime)),
    EndTime: apiTime(eastern(shift.endTime)),
    Notes: null,
    OpenToCots: 0,
    OpenToTrade: 0,
    Type: null,
  });
  return answer.created?.coveragePostings?.[0] as number;
}

async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/calendar?date=${date}`);
  await page.getByRole('region', { name: /^My Shifts For / }).waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

function rowWith(page: Page, section: string, text: string): Locator {
  return page
    .getByRole('region', { name: section })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** The action is shown disabled with the rule's message (its tooltip), and no link leads to it. */
async function expectRefused(within: Locator, label: string, message: string): Promise<void> {
  const button = within.getByRole('button', { name: label, exact: true });
  await poll(() => button.count()).toBeGreaterThan(0);
  expect(await within.getByRole('link', { name: label, exact: true }).count(), `${label}: no link`).toBe(0);
  expect(await button.first().getAttribute('aria-disabled')).toBe('true');
  expect(await button.first().getAttribute('title')).toBe(message);
}

test.describe('links the rules can only refuse', () => {
  test('a call specialist: Chat and Send Message on a supervisor’s posting, Claim on an open shift inside their own shift', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const cs = loginOf(env.logins, 20);
    const sup = loginOf(env.logins, 100);
    const manager = loginOf(env.logins, 102);
    const supApi = await apiAs(env.url, sup);
    const supShift = await shiftAhead(supApi, sup, 3);
    await postForCoverage(supApi, sup, supShift);
    await supApi.dispose();
    // An open shift lying inside one of the call specialist's own shifts.
    const csApi = await apiAs(env.url, cs);
    const own = await shiftAhead(csApi, cs, 3);
    await csApi.dispose();
    const managerApi = await apiAs(env.url, manager);
    const from = eastern(own.startTime).plus({ hours: 1 });
    await postOk(managerApi, '/postOpenShift', { AgentID: manager.agentId, StartTime: apiTime(from), EndTime: apiTime(from.plus({ hours: 2 })), Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null });
    await managerApi.dispose();

    const page = await env.newPage();
    await signIn(page, cs);
    await openDay(page, dayOf(supShift));
    const row = rowWith(page, 'Agents Seeking Coverage', sup.initials);
    await expectRefused(row, 'Chat', 'ERROR: You are unable to start a chat with this person.');
    await expectRefused(row, 'Send Message', 'You can write about this posting once you have made an offer on it.');

    await openDay(page, dayOf(own));
    const open = page
      .getByRole('region', { name: 'ASD Open Shifts' })
      .getByRole('row')
      .filter({ hasText: from.toLocaleString({ hour: 'numeric', minute: '2-digit' }, { locale: 'en-US' }) });
    await expectRefused(open, 'Claim', 'You are already scheduled during these hours.');
  });

  test('a trainee opening an offer form directly is told at once, with no form to fill', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const trainee = loginOf(env.logins, 10);
    const poster = env.logins.filter((l) => l.agentType === 20).at(-1) as DemoLogin;
    const posterApi = await apiAs(env.url, poster);
    const id = await postForCoverage(posterApi, poster, await shiftAhead(posterApi, poster, 3));
    await posterApi.dispose();

    const page = await env.newPage();
    await signIn(page, trainee);
    await page.goto(`/offerCoverage/${id}`);
    await expect(page.getByRole('heading', { name: 'Offering Coverage' })).toBeVisible();
    await expect(page.locator('.refusal')).toHaveText('ERROR: Must be at least an Advanced Trainee to offer coverage.', { timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Submit Offer' })).toHaveCount(0);
  });
});
