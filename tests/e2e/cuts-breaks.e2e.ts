import { DateTime } from 'luxon';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, decideNow, eastern, findShift, getJson, mainShifts, pickTime, poll, preview, shownDateTime, ZONE, type MainShift } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, nowMs, screenshot, signIn, useBrowserServer } from './support.ts';

const env = useBrowserServer();

/** Demo logins who may ask for a cut or a different break (rules/roles.json: 80 or below), none of them Spanish speakers. */
const askers = (): DemoLogin[] => [20, 15, 21, 30, 31, 32, 75].map((t) => loginOf(env.logins, t));

/** A supervisor (type 100): the wishlist is theirs. */
const supervisor = (): DemoLogin => loginOf(env.logins, 100);

/** How the screens show a shift: "11/23/2026 6:00 AM - 2:30 PM" (en-US, the page in Eastern time). */
function shownRange(start: string, end: string): string {
  const a = eastern(start);
  const b = eastern(end);
  const day = (d: DateTime): string => d.toLocaleString({ month: 'numeric', day: 'numeric', year: 'numeric' }, { locale: 'en-US' });
  const time = (d: DateTime): string => d.toLocaleString({ hour: 'numeric', minute: '2-digit' }, { locale: 'en-US' });
  return a.hasSame(b, 'day') ? `${day(a)} ${time(a)} - ${time(b)}` : `${day(a)} ${time(a)} - ${day(b)} ${time(b)}`;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The rows of a table (under a section heading, when given) for this agent and shift. */
function requestRows(page: Page, initials: string, shift: { startTime: string; endTime: string }) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: initials, exact: true }) })
    .filter({ hasText: shownRange(shift.startTime, shift.endTime) });
}

async function openWishlist(page: Page, login: DemoLogin, kind: 'Cuts' | 'Breaks'): Promise<void> {
  await signIn(page, login);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wishlist' }).click();
  await page.waitForURL('**/wishlist');
  await poll(() => heading(page).textContent()).toBe('Supervisor Wishlist');
  if (kind === 'Breaks') await page.getByLabel('Requests', { exact: true }).selectOption({ label: 'Breaks' });
  await poll(() => page.getByRole('heading', { name: '1st Shift' }).count()).toBe(1);
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
}

const hasMealBreak = (s: MainShift): boolean => s.breaks.some((b) => b.type === 5);

test.describe('Request Cut and its approval', () => {
  test('asks for a cut within 24 hours of the shift, and a supervisor approves it from the Wishlist: the shift ends earlier', async () => {
    const soon = nowMs() + 24 * 3_600_000;
    const { login, shift, api } = await findShift(env.url, askers(), 'requestCut', (s) => {
      const end = eastern(s.endTime).minus({ hours: 1 });
      if (eastern(s.startTime).toMillis() > soon || end.toMillis() < nowMs() + 30 * 60_000) return null;
      return { timeScheduleItemId: s.id, endTime: apiTime(end) };
    });
    const cutEnd = eastern(shift.endTime).minus({ hours: 1 });
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/requestCut/${shift.id}`);
    await poll(() => heading(page).textContent()).toBe('Request Cut');
    await poll(() => page.locator('.cuts-breaks-facts').textContent()).toContain(shownRange(shift.startTime, shift.endTime));
    // The shift's end to begin with; once the person picks it (an untouched form says nothing,
    // issue 20), the rule says to change it.
    await pickTime(page, 'Proposed end time', eastern(shift.endTime));
    await poll(() => preview(page).textContent()).toContain('ERROR: Please change the cut time to something other than the shift end time.');
    await pickTime(page, 'Proposed end time', cutEnd);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'cuts-breaks-request-cut');
    await page.getByRole('button', { name: 'Request Cut' }).click();
    await answerDialog(page, 'Success! We have received your request.');
    await page.waitForURL(/\/calendar(\?|$)/);
    const mine = await getJson<{ timeScheduleItemID: number; requestedEndTime: string }[]>(api, `/getMyCutRequests/${login.agentId}`);
    expect(mine.filter((r) => r.timeScheduleItemID === shift.id).map((r) => eastern(r.requestedEndTime).toMillis())).toEqual([cutEnd.toMillis()]);

    const sup = await env.newPage();
    await openWishlist(sup, supervisor(), 'Cuts');
    const rows = requestRows(sup, login.initials, shift);
    await poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain(`${shownDateTime(apiTime(cutEnd))} or later`);
    await expectAccessible(sup);
    await screenshot(sup, 'cuts-breaks-wishlist-cuts');
    await rows.first().getByRole('link', { name: 'Approve' }).click();
    await sup.waitForURL(`**/cutUser/${shift.id}`);
    await poll(() => heading(sup).textContent()).toBe('Cut Shift');
    await poll(() => sup.locator('.cuts-breaks-facts').textContent()).toContain(`${shownDateTime(apiTime(cutEnd))} or later`);
    await sup.getByLabel('Cut part of the shift').check();
    // The new end starts where the agent asked to stop.
    await poll(() => sup.getByRole('group', { name: 'New end' }).getByLabel('Hour').inputValue()).toBe(String(cutEnd.hour % 12 || 12));
    await poll(() => preview(sup).textContent()).toContain('The rules allow this.');
    await expectAccessible(sup);
    await screenshot(sup, 'cuts-breaks-cut-user');
    await sup.getByRole('button', { name: 'Cut Shift' }).click();
    await answerDialog(sup, 'Success! They are cut.');
    await sup.waitForURL('**/wishlist');
    await poll(() => requestRows(sup, login.initials, shift).count()).toBe(0);

    // The agent's shift now ends at the cut.
    const after = (await mainShifts(api, login.agentId)).find((s) => s.id === shift.id);
    expect(after && eastern(after.endTime).toMillis()).toBe(cutEnd.toMillis());
    expect(after && eastern(after.startTime).toMillis()).toBe(eastern(shift.startTime).toMillis());
    await api.dispose();
  });

  test('cuts an entire shift, after saying to choose when nothing is chosen', async () => {
    const login = supervisor();
    const api = await apiAs(env.url, login);
    const queued = (await Promise.all(['First', 'Second', 'Third'].map((c) => getJson<{ timeScheduleItemID: number }[]>(api, `/get${c}ShiftCuts`)))).flat();
    let shiftId: number | null = null;
    for (const r of queued) {
      if ((await decideNow(api, 'cutUser', { timeScheduleItemId: r.timeScheduleItemID })).outcome === 'ok') {
        shiftId = r.timeScheduleItemID;
        break;
      }
    }
    if (shiftId === null) throw new Error('no queued cut in the demo can be cut whole now');
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/cutUser/${shiftId}`);
    await poll(() => heading(page).textContent()).toBe('Cut Shift');
    await page.getByRole('button', { name: 'Cut Shift' }).click();
    await answerDialog(page, 'ERROR: Choose to cut the entire shift or part of it.');
    await page.getByLabel('Cut the entire shift').check();
    expect(await page.getByRole('group', { name: 'New start' }).count()).toBe(0);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await page.getByRole('button', { name: 'Cut Shift' }).click();
    await answerDialog(page, 'Success! They are cut.');
    await page.waitForURL('**/wishlist');
    // The shift is gone.
    expect((await api.get(`/api/getShiftDetails/${shiftId}`)).status()).toBe(404);
    await api.dispose();
  });

  test('shows the rule that stops a cut on a shift more than 24 hours away, before submitting', async () => {
    const login = loginOf(env.logins, 20);
    const api = await apiAs(env.url, login);
    const later = (await mainShifts(api, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs() + 26 * 3_600_000);
    await api.dispose();
    if (!later) throw new Error(`agent ${login.initials} has no shift more than 24 hours away in the demo`);
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/requestCut/${later.id}`);
    await poll(() => heading(page).textContent()).toBe('Request Cut');
    const message = 'ERROR: Cuts can only be requested within 24 hours of the shift start.';
    await pickTime(page, 'Proposed end time', eastern(later.endTime).minus({ hours: 2 }));
    await poll(() => preview(page).textContent()).toContain(message);
    expect(await preview(page).locator('[data-rule]').getAttribute('data-rule')).toBe('requestCut.within24Hours');
    await page.getByRole('button', { name: 'Request Cut' }).click();
    await answerDialog(page, message);
    expect(new URL(page.url()).pathname).toBe(`/requestCut/${later.id}`);
  });
});

test.describe('Request Different Meal Break and its approval', () => {
  test('asks for a different break, and a supervisor approves it on Approve New Meal Break: the break moves', async () => {
    const note = 'Any time between 1p and 2p would be great.';
    const { login, shift, api } = await findShift(env.url, askers(), 'requestLunch', (s) =>
      hasMealBreak(s) && eastern(s.startTime).toMillis() > nowMs() + 2 * 3_600_000 ? { timeScheduleItemId: s.id, notes: note } : null,
    );
    const current = shift.breaks.find((b) => b.type === 5) as MainShift['breaks'][number];
    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/requestLunch/${shift.id}`);
    await poll(() => heading(page).textContent()).toBe('Request Different Meal Break');
    await poll(() => page.locator('.cuts-breaks-facts').textContent()).toContain(shownRange(current.startTime, current.endTime));
    const box = page.getByLabel('Your ideal timeframes');
    expect(await box.getAttribute('placeholder')).toBe('Ex: Any time between 1p and 2p');
    await box.fill('x'.repeat(200));
    await poll(() => preview(page).textContent()).toContain('ERROR: Message must be less than 200 characters.');
    await box.fill('');
    await poll(() => preview(page).textContent()).toContain('ERROR: Please include some time options for Supervision.');
    await box.fill(note);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'cuts-breaks-request-lunch');
    await page.getByRole('button', { name: 'Request New Break' }).click();
    await answerDialog(page, 'Success! We have received your request.');
    await page.waitForURL(/\/calendar(\?|$)/);

    const sup = await env.newPage();
    await openWishlist(sup, supervisor(), 'Breaks');
    const rows = requestRows(sup, login.initials, shift);
    await poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.first().textContent()).toContain(note);
    expect(await rows.first().textContent()).toContain(shownRange(current.startTime, current.endTime));
    await expectAccessible(sup);
    await screenshot(sup, 'cuts-breaks-wishlist-breaks');
    await rows.first().getByRole('link', { name: 'Approve' }).click();
    await sup.waitForURL(`**/approveLunch/${shift.id}`);
    await poll(() => heading(sup).textContent()).toBe('Approve New Meal Break');
    const facts = sup.locator('.cuts-breaks-facts');
    await poll(() => facts.textContent()).toContain(note);
    expect(await facts.textContent()).toContain(login.initials);
    // The sub-shifts, the meal break emphasised.
    await poll(() => sup.locator('strong.cuts-breaks-break').allTextContents()).toEqual(['Break (Meal Break)', shownRange(current.startTime, current.endTime)]);
    // An hour later, or earlier when that would run past the shift's end.
    const later = eastern(current.startTime).plus({ hours: 1 });
    const newStart = later.plus({ minutes: 30 }) <= eastern(shift.endTime) ? later : eastern(current.startTime).minus({ hours: 1 });
    await pickTime(sup, 'New break start', eastern(shift.startTime));
    await poll(() => preview(sup).textContent()).toContain('ERROR: Please change the lunch start time to something other than the shift start time.');
    await pickTime(sup, 'New break start', newStart);
    await poll(() => preview(sup).textContent()).toContain('The rules allow this.');
    await expectAccessible(sup);
    await screenshot(sup, 'cuts-breaks-approve-lunch');
    await sup.getByRole('button', { name: 'Approve Break' }).click();
    await answerDialog(sup, 'Success! Their lunch is updated.');
    await sup.waitForURL((u) => u.pathname === '/wishlist' && u.search === '?show=breaks');
    await poll(() => requestRows(sup, login.initials, shift).count()).toBe(0);

    const after = (await mainShifts(api, login.agentId)).find((s) => s.id === shift.id);
    expect(after?.breaks.filter((b) => b.type === 5).map((b) => [eastern(b.startTime).toMillis(), eastern(b.endTime).toMillis()])).toEqual([
      [newStart.toMillis(), newStart.plus({ minutes: 30 }).toMillis()],
    ]);
    await api.dispose();
  });
});

test.describe('the Supervisor Wishlist denies', () => {
  /** The first request row of the three tables, with its agent and shift as shown. */
  async function firstRequest(page: Page): Promise<{ initials: string; shift: string }> {
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    return { initials: ((await row.locator('td').nth(0).textContent()) ?? '').replace(', bilingual', ''), shift: (await row.locator('td').nth(2).textContent()) ?? '' };
  }
  const rowsOf = (page: Page, r: { initials: string; shift: string }) =>
    page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: new RegExp(`^${r.initials}(, bilingual)?$`) }) }).filter({ hasText: r.shift });

  test('a cut after its confirmation, and a break at once; both leave the lists', async () => {
    const page = await env.newPage();
    await openWishlist(page, supervisor(), 'Cuts');
    const cut = await firstRequest(page);
    await rowsOf(page, cut).first().getByRole('button', { name: 'Deny' }).click();
    await answerDialog(page, 'Are you sure you want to deny this cut request?', 'Cancel');
    expect(await rowsOf(page, cut).count()).toBeGreaterThan(0);
    await rowsOf(page, cut).first().getByRole('button', { name: 'Deny' }).click();
    await answerDialog(page, 'Are you sure you want to deny this cut request?');
    await answerDialog(page, 'SUCCESS: Cut denied.');
    await poll(() => rowsOf(page, cut).count()).toBe(0);

    await page.getByLabel('Requests', { exact: true }).selectOption({ label: 'Breaks' });
    await page.waitForURL((u) => u.pathname === '/wishlist' && u.search === '?show=breaks');
    const lunch = await firstRequest(page);
    await rowsOf(page, lunch).first().getByRole('button', { name: 'Deny' }).click();
    await answerDialog(page, 'SUCCESS: Request denied.');
    await poll(() => rowsOf(page, lunch).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: '1st Shift' }).waitFor();
    await page.getByText('Loading…').first().waitFor({ state: 'detached' });
    expect(await page.getByLabel('Requests', { exact: true }).inputValue()).toBe('breaks');
    expect(await rowsOf(page, lunch).count()).toBe(0);
  });
});

test.describe('My Wishlist', () => {
  async function askLunch(api: APIRequestContext, login: DemoLogin, shiftId: number, notes: string): Promise<void> {
    const res = await api.post('/api/requestLunch', { data: { AgentID: login.agentId, TimeScheduleItemID: shiftId, Notes: notes } });
    expect(res.status(), await res.text()).toBe(200);
  }

  test('lists the requests oldest first, and Remove asks before removing one', async () => {
    const login = loginOf(env.logins, 31);
    const api = await apiAs(env.url, login);
    const upcoming = (await mainShifts(api, login.agentId)).filter((s) => eastern(s.startTime).toMillis() > nowMs() + 3_600_000);
    const [earlier, later] = upcoming.slice(-2);
    if (!earlier || !later) throw new Error(`agent ${login.initials} has fewer than two upcoming shifts in the demo`);
    // The later shift asked first: the table goes by when a request was made, not by the shift.
    await askLunch(api, login, later.id, 'Later shift: around 1p please.');
    await askLunch(api, login, earlier.id, 'Earlier shift: around 2p please.');

    const page = await env.newPage();
    await signIn(page, login);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL('**/myWishlist');
    await poll(() => heading(page).textContent()).toBe('My Wishlist');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Cut Requests', 'Break Requests']);
    const breaks = page.locator('section.section').filter({ has: page.getByRole('heading', { name: 'Break Requests' }) });
    const shiftCells = breaks.locator('td[data-label="Shift"]');
    await poll(() => shiftCells.count()).toBeGreaterThanOrEqual(2);
    const shown = await shiftCells.allTextContents();
    const laterAt = shown.indexOf(shownRange(later.startTime, later.endTime));
    const earlierAt = shown.indexOf(shownRange(earlier.startTime, earlier.endTime));
    expect(laterAt).toBeGreaterThanOrEqual(0);
    expect(earlierAt).toBeGreaterThan(laterAt);
    const asked = (await breaks.locator('td[data-label="Requested"]').allTextContents()).map((t) => DateTime.fromFormat(t.replace(/\s+/gu, ' '), 'M/d/yyyy, h:mm a', { zone: ZONE, locale: 'en-US' }).toMillis());
    expect(asked.every((t) => Number.isFinite(t))).toBe(true);
    expect(asked).toEqual([...asked].sort((a, b) => a - b));
    expect(await breaks.locator('thead th').allTextContents()).toEqual(['Requested', 'Shift', 'Current Break', 'Request Note', 'Remove']);
    await expectAccessible(page);
    await screenshot(page, 'cuts-breaks-my-wishlist');

    const row = breaks.locator('tbody tr').filter({ hasText: 'Earlier shift: around 2p please.' });
    await row.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this request?', 'Cancel');
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Remove' }).click();
    await answerDialog(page, 'Are you sure you want to remove this request?');
    await answerDialog(page, 'SUCCESS: Request removed.');
    await poll(() => row.count()).toBe(0);
    await page.reload();
    await poll(() => breaks.locator('tbody tr').filter({ hasText: 'Later shift: around 1p please.' }).count()).toBe(1);
    expect(await row.count()).toBe(0);
    const left = await getJson<{ timeScheduleItemID: number }[]>(api, `/getMyLunchRequests/${login.agentId}`);
    expect(left.map((r) => r.timeScheduleItemID)).toContain(later.id);
    expect(left.map((r) => r.timeScheduleItemID)).not.toContain(earlier.id);
    await api.dispose();
  });
});

test.describe('roles and narrow screens', () => {
  test('shows no form to a role that may not use it', async () => {
    const page = await env.newPage();
    const login = loginOf(env.logins, 105);
    await signIn(page, login);
    await page.goto('/requestCut/1');
    await poll(() => page.locator('.banner').textContent()).toBe('ERROR: You are unable to request a cut through Shiftinator.');
    expect(await page.getByRole('button', { name: 'Request Cut' }).count()).toBe(0);
    await page.goto('/wishlist');
    await poll(() => page.locator('.banner').textContent()).toContain('Only supervision can see the cut and break requests.');
    await page.goto('/cutUser/1');
    await poll(() => page.locator('.banner').textContent()).toBe('ERROR: Only supervision can cut a shift.');
    await page.goto('/approveLunch/1');
    await poll(() => page.locator('.banner').textContent()).toBe('ERROR: Only supervision can approve a meal break.');
  });

  test('fits every screen on a 375 px screen, accessibly', async () => {
    const sup = supervisor();
    const supApi = await apiAs(env.url, sup);
    const cuts = (await Promise.all(['First', 'Second', 'Third'].map((c) => getJson<{ timeScheduleItemID: number }[]>(supApi, `/get${c}ShiftCuts`)))).flat();
    const lunches = (await Promise.all(['First', 'Second', 'Third'].map((c) => getJson<{ timeScheduleItemID: number }[]>(supApi, `/get${c}ShiftLunches`)))).flat();
    await supApi.dispose();
    if (!cuts[0] || !lunches[0]) throw new Error('the demo has no pending cut or break request left');
    const agent = loginOf(env.logins, 20);
    const agentApi = await apiAs(env.url, agent);
    const next = (await mainShifts(agentApi, agent.agentId)).find((s) => eastern(s.endTime).toMillis() > nowMs());
    await agentApi.dispose();
    if (!next) throw new Error(`agent ${agent.initials} has no shift ahead in the demo`);

    const screens: [DemoLogin, string, string, string][] = [
      [agent, `/requestCut/${next.id}`, 'Request Cut', 'request-cut'],
      [agent, `/requestLunch/${next.id}`, 'Request Different Meal Break', 'request-lunch'],
      [agent, '/myWishlist', 'My Wishlist', 'my-wishlist'],
      [sup, '/wishlist', 'Supervisor Wishlist', 'wishlist-cuts'],
      [sup, '/wishlist?show=breaks', 'Supervisor Wishlist', 'wishlist-breaks'],
      [sup, `/cutUser/${cuts[0].timeScheduleItemID}`, 'Cut Shift', 'cut-user'],
      [sup, `/approveLunch/${lunches[0].timeScheduleItemID}`, 'Approve New Meal Break', 'approve-lunch'],
    ];
    const pages = new Map<DemoLogin, Page>();
    for (const [login, path, title, name] of screens) {
      let page = pages.get(login);
      if (!page) {
        page = await env.newPage({ width: 375, height: 800 });
        await signIn(page, login);
        pages.set(login, page);
      }
      await page.goto(path);
      await poll(() => heading(page).textContent()).toBe(title);
      await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      if (name === 'cut-user') await page.getByLabel('Cut part of the shift').check();
      if (name !== 'my-wishlist' && !name.startsWith('wishlist')) await poll(async () => /^(ERROR|The rules|$)/u.test((await preview(page).textContent()) ?? '')).toBe(true);
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await screenshot(page, `cuts-breaks-${name}-375`);
    }
  });
});
