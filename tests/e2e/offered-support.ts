import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAs, apiTime, eastern, getJson, mainShifts, postOk, type MainShift } from './schedule-api.ts';
import { loginOf, nowMs, signIn, type BrowserServer, type DemoLogin } from './support.ts';

/**
 * What the browser tests of offered and refused actions share: a shift some days ahead, posting
 * it, a day's panel, a posting's row, and the check that an action is shown refused.
 */

const DAY_MS = 86_400_000;
// Each check is a request and an engine run in the page; the machine may be shared.
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 45_000 });

export const dayOf = (s: MainShift): string => s.startTime.slice(0, 10);

/** A shift of the login's at least `days` ahead, not on the `except` days. */
export async function shiftAhead(api: APIRequestContext, login: DemoLogin, days: number, except: string[] = []): Promise<MainShift> {
  const shift = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + days * DAY_MS && !except.includes(dayOf(s)));
  expect(shift, `${login.initials}: a shift ${days} days ahead`).toBeDefined();
  return shift as MainShift;
}

/** Posts the whole shift for coverage, coverage only, as its agent: the posting's id. */
export async function postForCoverage(api: APIRequestContext, login: DemoLogin, shift: MainShift): Promise<number> {
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

/** A shift of the login's some days ahead, posted for coverage: the posting's id. */
export async function postedShift(baseURL: string, login: DemoLogin): Promise<number> {
  const api = await apiAs(baseURL, login);
  const id = await postForCoverage(api, login, await shiftAhead(api, login, 3));
  await api.dispose();
  return id;
}

/** The first demo login with a pending offer on a posting of theirs. */
export async function loginWithOffers(baseURL: string, logins: DemoLogin[]): Promise<DemoLogin> {
  for (const login of logins) {
    const api = await apiAs(baseURL, login);
    const offers = await getJson<unknown[]>(api, `/detailedAllOffersForMyShifts/${login.agentId}`);
    await api.dispose();
    if (offers.length > 0) return login;
  }
  throw new Error('no demo login has a pending offer on a posting of theirs');
}

export async function openDay(page: Page, date: string): Promise<void> {
  await page.goto(`/calendar?date=${date}`);
  await page.getByRole('region', { name: /^My Shifts For / }).waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/** The row of a posting in a section of the day, by its poster's initials. */
export function postingRow(page: Page, section: string, initials: string): Locator {
  return page
    .getByRole('region', { name: section })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: initials, exact: true }) });
}

/** The action is shown disabled with the rule's message (its tooltip), not as a way in. */
export async function expectRefused(within: Locator, label: string, message: string): Promise<void> {
  const button = within.getByRole('button', { name: label, exact: true });
  await poll(() => button.count()).toBeGreaterThan(0);
  expect(await within.getByRole('link', { name: label, exact: true }).count(), `${label}: no link`).toBe(0);
  expect(await button.first().getAttribute('aria-disabled')).toBe('true');
  expect(await button.first().getAttribute('title')).toBe(message);
}

/** A trainee on the Offering Coverage form of a call specialist's posting, opened at its address. */
export async function traineeOnOfferForm(env: BrowserServer): Promise<Page> {
  const poster = env.logins.filter((l) => l.agentType === 20).at(-1) as DemoLogin;
  const id = await postedShift(env.url, poster);
  const page = await env.newPage();
  await signIn(page, loginOf(env.logins, 10));
  await page.goto(`/offerCoverage/${id}`);
  return page;
}
