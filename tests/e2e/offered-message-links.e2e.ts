import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs } from './schedule-api.ts';
import { dayOf, postedShift, shiftAhead } from './offered-support.ts';
import { expectAccessible, loginOf, screenshot, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 20, defect 3, on the message screens: sendMessage and sendMessageHours, opened before the
 * person has made an offer, lead to Send Offer and Offer Your Shift. What the rules refuse whoever
 * would fill in that offer is shown there as on the day panel: disabled, with the rule's message,
 * decided by the same engine and rule files as the server; what they allow stays a link.
 */

const env = useBrowserServer();
// Each check is a request and an engine run in the page; the machine may be shared.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000 });
const CALL = { timeout: 90_000 };
// Three people's postings set up through the API, then several screens.
const TEST_TIMEOUT_MS = 360_000;

interface ActionAnswer {
  outcome: string;
  message: string | null;
  created?: Record<string, number[]>;
}

/** The first of the logins who may ask for hours on the day: who asked, and the request's id. */
async function postWantWork(logins: DemoLogin[], day: string): Promise<{ seeker: DemoLogin; id: number }> {
  for (const login of logins) {
    const api = await apiAs(env.url, login);
    const res = await api.post('/api/postWantWork', { ...CALL, data: { AgentID: login.agentId, StartTime: `${day} 00:00`, EndTime: `${day} 23:59`, Notes: null, Type: null } });
    const body = (await res.json()) as ActionAnswer;
    await api.dispose();
    if (res.status() === 200) return { seeker: login, id: Object.values(body.created ?? {})[0]?.[0] as number };
  }
  throw new Error(`none of ${logins.map((l) => l.initials).join(', ')} may ask for hours on ${day}`);
}

async function openMessage(page: Page, route: 'sendMessage' | 'sendMessageHours', id: number): Promise<Locator> {
  await page.goto(`/${route}/${id}`);
  await page.getByRole('heading', { name: 'Send Message', level: 1 }).waitFor({ timeout: 20_000 });
  await page.getByText('You can write about this posting once you have made an offer on it.').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  return page.getByRole('main');
}

/** Shown disabled, the rule's message its tooltip and the line beside it; pressing it says why and goes nowhere. */
async function expectRefused(within: Locator, label: string, message: string): Promise<void> {
  const button = within.getByRole('button', { name: label, exact: true });
  await poll(() => button.count()).toBe(1);
  expect(await within.getByRole('link', { name: label, exact: true }).count(), `${label}: no link`).toBe(0);
  expect(await button.getAttribute('aria-disabled')).toBe('true');
  expect(await button.getAttribute('title')).toBe(message);
  expect(await within.locator('.refusal').textContent()).toBe(message);
  const page = within.page();
  const path = new URL(page.url()).pathname;
  await button.click({ force: true });
  const dialog = page.getByRole('alertdialog');
  await poll(() => dialog.textContent()).toContain(message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Offered as a link to the offer's screen, once the check has answered (it answers as a request). */
async function expectOffered(within: Locator, label: string, to: string): Promise<void> {
  await within.page().waitForLoadState('networkidle');
  const link = within.getByRole('link', { name: label, exact: true });
  await poll(() => link.count()).toBe(1);
  expect(await within.getByRole('button', { name: label, exact: true }).count(), `${label}: not refused`).toBe(0);
  expect(await link.getAttribute('href')).toBe(to);
}

test.describe("the message screens' offer links, as the rules offer them", () => {
  let coverage: number;
  let supervisorCoverage: number;
  let hours: number;
  /** A plain call specialist (not on probation, whom the rules stop from offering): neither the poster nor the one asking for hours. */
  const colleague = (): DemoLogin => loginOf(env.logins, 20);

  test.beforeAll(async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const others = env.logins.filter((l) => l.agentType === 20 && l !== colleague());
    coverage = await postedShift(env.url, loginOf(env.logins, 20, 'on probation'));
    supervisorCoverage = await postedShift(env.url, loginOf(env.logins, 100));
    const traineeApi = await apiAs(env.url, loginOf(env.logins, 10));
    const day = dayOf(await shiftAhead(traineeApi, loginOf(env.logins, 10), 3));
    await traineeApi.dispose();
    hours = (await postWantWork(others, day)).id;
  });

  test('a trainee: Send Offer and Offer Your Shift, each with the rule’s message', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 10));
    await expectRefused(await openMessage(page, 'sendMessage', coverage), 'Send Offer', 'ERROR: Must be at least an Advanced Trainee to offer coverage.');
    await expectRefused(await openMessage(page, 'sendMessageHours', hours), 'Offer Your Shift', 'ERROR: Must be at least an Advanced Trainee to give away hours.');
    await expectAccessible(page);
    await screenshot(page, 'message-offer-refused');
  });

  test('a call specialist: Send Offer refused on a supervisor’s posting', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const page = await env.newPage();
    await signIn(page, colleague());
    await expectRefused(await openMessage(page, 'sendMessage', supervisorCoverage), 'Send Offer', 'ERROR: An Assistant Supervisor or higher is required to cover this shift.');
  });

  test('a call specialist: Send Offer and Offer Your Shift offered on a colleague’s postings, and Send Offer leads to the offer', async () => {
    test.setTimeout(TEST_TIMEOUT_MS);
    const page = await env.newPage();
    await signIn(page, colleague());
    await expectOffered(await openMessage(page, 'sendMessageHours', hours), 'Offer Your Shift', `/offerShift/${hours}`);
    const main = await openMessage(page, 'sendMessage', coverage);
    await expectOffered(main, 'Send Offer', `/offerCoverage/${coverage}`);
    await main.getByRole('link', { name: 'Send Offer', exact: true }).click();
    await page.waitForURL(`**/offerCoverage/${coverage}`);
    await page.getByRole('button', { name: 'Submit Offer' }).waitFor({ timeout: 20_000 });
  });
});
