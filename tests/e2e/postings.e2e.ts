import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, nowMs, screenshot, signIn, testNow, useBrowserServer } from './support.ts';
import type { MonthShift } from '../../web/src/api-types.ts';

/**
 * Spec 2's posting screens and message screens (web/src/screens/postings/): Seeking Coverage,
 * Edit Looking For Coverage, Looking to Work, Edit Looking For Hours, and the two message screens,
 * driven as a call specialist on the seeded demo. The tests run in order: each uses what the one
 * before made (the posting, the request for hours).
 */

const env = useBrowserServer();
const ZONE = 'America/New_York';
const NARROW = { width: 375, height: 800 };

interface TradeShift {
  start: string;
  endDateTime: string;
  scheduleId: number;
}
interface Posting {
  lookingForCoverageID: number;
  timeScheduleItemID: number;
  startTime: string;
  endTime: string;
  openToTrade: number;
  notes: string | null;
}
interface HoursPosting {
  lookingToPickUpID: number;
  startTime?: string;
  endTime?: string;
  startDatetime?: string;
  endDatetime?: string;
  notes: string | null;
}
interface ActionAnswer {
  outcome: string;
  message: string | null;
}

/** The API as a demo login, in a browser context of its own (its own session cookie). */
async function apiAs(login: DemoLogin): Promise<{ get: <T>(path: string) => Promise<T>; post: (path: string, body: unknown) => Promise<{ status: number; body: ActionAnswer }> }> {
  const context = await env.browser.newContext({ baseURL: env.url });
  const res = await context.request.post('/api/login', { data: { initials: login.initials, cell: login.cell, password: login.password } });
  expect(res.status()).toBe(200);
  return {
    get: async <T>(path: string): Promise<T> => {
      const r = await context.request.get(`/api${path}`);
      expect(r.status(), path).toBe(200);
      return (await r.json()) as T;
    },
    post: async (path, body) => {
      const r = await context.request.post(`/api${path}`, { data: body });
      return { status: r.status(), body: (await r.json()) as ActionAnswer };
    },
  };
}

/** A browser page whose clock is in Chicago, an hour behind the business zone: pickers show local time. */
async function chicagoPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await env.browser.newContext({ baseURL: env.url, viewport, locale: 'en-US', timezoneId: 'America/Chicago' });
  await context.clock.setSystemTime(nowMs());
  return context.newPage();
}

const eastern = (text: string): DateTime => DateTime.fromSQL(text, { zone: ZONE });
const picker = (page: Page, legend: string) => page.getByRole('group', { name: legend });
const preview = (page: Page) => page.getByTestId('preview');

async function expectTitle(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

async function expectPreview(page: Page, text: string): Promise<void> {
  await expect.poll(() => preview(page).textContent(), { timeout: 15_000 }).toContain(text);
}

/** The parts a picker shows: [day, hour, minute, AM/PM]. */
async function pickerValues(page: Page, legend: string): Promise<string[]> {
  const group = picker(page, legend);
  return Promise.all(['Day', 'Hour', 'Minute', 'AM/PM'].map((l) => group.getByLabel(l, { exact: true }).inputValue()));
}

/** Both viewports of a screen: the accessibility check, no sideways scrolling at 375 px, and screenshots. */
async function checkScreen(path: string, name: string, ready: (page: Page) => Promise<void>, login: DemoLogin): Promise<void> {
  const narrow = await env.newPage(NARROW);
  await signIn(narrow, login);
  await narrow.goto(path);
  await ready(narrow);
  await expectNoHorizontalOverflow(narrow);
  await expectAccessible(narrow);
  await screenshot(narrow, `postings-${name}-375`);
}

const state: {
  ka?: DemoLogin;
  shift?: MonthShift;
  spare?: MonthShift;
  postingId?: number;
  day?: string;
  hoursId?: number;
  /** Colleagues with a shift on that day, who may give it to KA. */
  givers?: { login: DemoLogin; shift: TradeShift }[];
} = {};

const CANDIDATES = (): DemoLogin[] => [20, 30, 31, 32, 15].flatMap((t) => env.logins.filter((l) => l.agentType === t && l.note !== 'on probation' && l.initials !== 'KA'));

test.describe('Seeking Coverage (postShift)', () => {
  test("shows the shift in the person's own time, gives a rule's message before submitting and the same on submit, then posts it with a note", async () => {
    const ka = loginOf(env.logins, 20);
    expect(ka.initials).toBe('KA');
    state.ka = ka;
    const api = await apiAs(ka);
    const now = testNow().setZone(ZONE);
    const months = [now.toFormat('yyyy-MM'), now.plus({ months: 1 }).toFormat('yyyy-MM')];
    const shifts = (await Promise.all(months.map((m) => api.get<MonthShift[]>(`/userMonthShifts/${ka.agentId}/${m}`)))).flat();
    const open = shifts.filter((s) => s.id === s.scheduleId && s.lookingForCoverageID === null && eastern(s.start) > now.plus({ days: 2 }));
    expect(open.length).toBeGreaterThan(1);
    const shift = open[0] as MonthShift;
    state.shift = shift;
    state.spare = open[1];

    const page = await chicagoPage();
    await signIn(page, ka);
    await page.goto(`/postShift/${shift.id}`);
    await expectTitle(page, 'Seeking Coverage');
    await picker(page, 'Start of coverage').waitFor();
    const start = eastern(shift.start).setZone('America/Chicago');
    const end = eastern(shift.endDateTime).setZone('America/Chicago');
    const parts = (d: DateTime): string[] => [d.toFormat('yyyy-MM-dd'), String(d.hour % 12 || 12), String(d.minute), d.hour < 12 ? 'AM' : 'PM'];
    expect(await pickerValues(page, 'Start of coverage')).toEqual(parts(start));
    expect(await pickerValues(page, 'End of coverage')).toEqual(parts(end));
    // No trade choice yet: once the person changes something (an untouched form says nothing, issue
    // 20), the rule's message (spec 2 section 5), before anything is sent.
    expect(await preview(page).locator('.error').count()).toBe(0);
    await page.getByLabel('Open to trade?').selectOption('');
    await expectPreview(page, 'ERROR: Select whether you are open to trading shifts.');
    expect(await page.getByLabel('Open to trade?').locator('option').allTextContents()).toEqual(['Select one', 'Coverage only', 'Coverage or trades', 'Trades only']);
    await page.getByLabel('Open to trade?').selectOption({ label: 'Coverage or trades' });

    // An hour before the shift starts, in local time.
    const early = start.minus({ hours: 1 });
    await picker(page, 'Start of coverage').getByLabel('Hour').selectOption(String(early.hour % 12 || 12));
    const outside = 'ERROR: Shift times must be within the valid shift hours.';
    await expectPreview(page, outside);
    expect(await preview(page).textContent()).toContain('postShift.withinShift');
    await page.getByRole('button', { name: 'Post Shift' }).click();
    await answerDialog(page, outside);
    expect(new URL(page.url()).pathname).toBe(`/postShift/${shift.id}`);

    await picker(page, 'Start of coverage').getByLabel('Hour').selectOption(String(start.hour % 12 || 12));
    await page.getByLabel('Notes').fill('Family visit, any help appreciated');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-seeking-coverage');
    await page.getByRole('button', { name: 'Post Shift' }).click();
    await answerDialog(page, 'Your request for coverage has been posted.');
    await page.waitForURL(/\/calendar(\?|$)/);

    await page.reload();
    const pending = await api.get<Posting[]>(`/userPendingShifts/${ka.agentId}`);
    const posted = pending.find((p) => p.timeScheduleItemID === shift.id);
    // Picked in Chicago time, sent and kept in Eastern time: the shift's own hours.
    expect(posted).toMatchObject({ startTime: shift.start, endTime: shift.endDateTime, openToTrade: 1, notes: 'Family visit, any help appreciated' });
    state.postingId = posted?.lookingForCoverageID;

    const spare = state.spare as MonthShift;
    await checkScreen(`/postShift/${spare.id}`, 'seeking-coverage', async (p) => {
      await p.getByLabel('Open to trade?').selectOption('');
      await expectPreview(p, 'ERROR: Select whether you are open to trading shifts.');
    }, ka);
  });
});

test.describe('Edit Looking For Coverage (editCoverage)', () => {
  test('loads the posting, previews the change and saves it with the spec success text', async () => {
    const ka = state.ka as DemoLogin;
    const shift = state.shift as MonthShift;
    const page = await env.newPage();
    await signIn(page, ka);
    await page.goto(`/editCoverage/${state.postingId}`);
    await expectTitle(page, 'Edit Looking For Coverage');
    await picker(page, 'Start of coverage').waitFor();
    expect(await page.getByLabel('Open to trade?').inputValue()).toBe('1');
    expect(await page.getByLabel('Notes').inputValue()).toBe('Family visit, any help appreciated');

    // Two minutes after the shift start: the 5-minute offset rule, before submitting.
    const start = eastern(shift.start);
    await picker(page, 'Start of coverage').getByLabel('Minute').selectOption(String(start.minute + 2));
    await expectPreview(page, 'ERROR: Coverage start must equal the shift start OR at least 5 minutes later.');

    // Two hours later instead, coverage only.
    const later = start.plus({ hours: 2 });
    await picker(page, 'Start of coverage').getByLabel('Minute').selectOption(String(later.minute));
    await picker(page, 'Start of coverage').getByLabel('Hour').selectOption(String(later.hour % 12 || 12));
    await picker(page, 'Start of coverage').getByLabel('AM/PM').selectOption(later.hour < 12 ? 'AM' : 'PM');
    await page.getByLabel('Open to trade?').selectOption({ label: 'Coverage only' });
    await page.getByLabel('Notes').fill('Only the later hours now');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-edit-coverage');
    await page.getByRole('button', { name: 'Post Shift' }).click();
    await answerDialog(page, 'SUCCESS: Request for coverage has been edited.');
    await page.waitForURL(/\/calendar(\?|$)/);

    const api = await apiAs(ka);
    const posting = await api.get<Posting>(`/lookupPosting/${state.postingId}`);
    expect(posting).toMatchObject({ startTime: later.toFormat('yyyy-MM-dd HH:mm:ss.S'), endTime: shift.endDateTime, openToTrade: 0, notes: 'Only the later hours now' });

    await checkScreen(`/editCoverage/${state.postingId}`, 'edit-coverage', async (p) => expectPreview(p, 'The rules allow this.'), ka);
  });
});

test.describe('Looking to Work (wantShift) and Edit Looking For Hours (editHours)', () => {
  test('posts hours wanted on a free day from the 12:00 AM - 11:59 PM defaults, after the notes rule spoke in the preview', async () => {
    const ka = state.ka as DemoLogin;
    const api = await apiAs(ka);
    const now = testNow().setZone(ZONE);
    const month = now.plus({ days: 7 }).toFormat('yyyy-MM');
    const mine = await api.get<MonthShift[]>(`/userMonthShifts/${ka.agentId}/${month}`);
    const busy = new Set(mine.map((s) => s.start.slice(0, 10)));
    // A day at least two days ahead with no shift of KA's, on which colleagues have shifts to give.
    const offered: { login: DemoLogin; shift: TradeShift }[] = [];
    for (const candidate of CANDIDATES()) {
      const theirs = await (await apiAs(candidate)).get<TradeShift[]>(`/userMonthTrade/${candidate.agentId}/${month}`);
      for (const shift of theirs) offered.push({ login: candidate, shift });
    }
    const free = offered
      .map((o) => o.shift.start.slice(0, 10))
      .filter((day) => eastern(`${day} 00:00`) > now.plus({ days: 2 }) && !busy.has(day))
      .sort();
    const day = free[0] as string;
    expect(day).toBeDefined();
    state.day = day;
    state.givers = offered.filter((o) => o.shift.start.startsWith(day));

    const page = await env.newPage();
    await signIn(page, ka);
    await page.goto(`/wantShift/${day}`);
    await expectTitle(page, 'Looking to Work');
    await picker(page, 'Available start').waitFor();
    expect(await pickerValues(page, 'Available start')).toEqual([day, '12', '0', 'AM']);
    expect(await pickerValues(page, 'Available end')).toEqual([day, '11', '59', 'PM']);
    // A call specialist has no hours type to choose (rules/roles.json, wantWorkHoursTypes).
    expect(await page.getByLabel('Hours type').count()).toBe(0);
    await page.getByLabel('Notes').fill('x'.repeat(100));
    await expectPreview(page, 'ERROR: Notes must be less than 100 characters.');
    await page.getByLabel('Notes').fill('Happy to take any hours');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-looking-to-work');
    await page.getByRole('button', { name: 'Let others know I am available to pick up hours.' }).click();
    // The spec shows no success text for a want-work posting; a person is still told it went up
    // (issue 20), in rules/postWantWork.json's words, and lands on the day.
    await answerDialog(page, 'SUCCESS: Your availability to pick up hours has been posted.');
    await page.waitForURL((u) => u.pathname === '/calendar' && u.searchParams.get('date') === day);

    const requests = await api.get<HoursPosting[]>(`/myRequestsToPickUp/${ka.agentId}`);
    const posted = requests.find((r) => r.startTime === `${day} 00:00:00.0`);
    expect(posted).toMatchObject({ endTime: `${day} 23:59:00.0`, notes: 'Happy to take any hours' });
    state.hoursId = posted?.lookingToPickUpID;

    await checkScreen(`/wantShift/${day}`, 'looking-to-work', async (p) => {
      await p.getByLabel('Notes').fill('Any hours');
      await expectPreview(p, 'ERROR: You already posted that you want hours during this timeframe.');
    }, ka);
  });

  test('offers type 80 the choice of hours, and says so when none is chosen', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 80));
    await page.goto(`/wantShift/${state.day}`);
    await page.getByLabel('Hours type').waitFor();
    expect(await page.getByLabel('Hours type').locator('option').allTextContents()).toEqual(['Select one', 'Call Specialist', 'Supervisor', 'Customer Service']);
    // Once the person has touched the form (issue 20: an untouched one says nothing).
    await page.getByLabel('Notes').fill('Any hours');
    await expectPreview(page, 'ERROR: Please select whether you want Call Specialist or Supervisor hours.');
  });

  test('edits the request for hours', async () => {
    const ka = state.ka as DemoLogin;
    const day = state.day as string;
    const page = await env.newPage();
    await signIn(page, ka);
    await page.goto(`/editHours/${state.hoursId}`);
    await expectTitle(page, 'Edit Looking For Hours');
    await picker(page, 'Available end').waitFor();
    expect(await page.getByLabel('Notes').inputValue()).toBe('Happy to take any hours');
    // The end before the start: the rule's message first.
    await picker(page, 'Available end').getByLabel('AM/PM').selectOption('AM');
    await picker(page, 'Available end').getByLabel('Hour').selectOption('12');
    await picker(page, 'Available end').getByLabel('Minute').selectOption('0');
    await expectPreview(page, 'ERROR: Start date must be valid.');
    await picker(page, 'Available end').getByLabel('Hour').selectOption('6');
    await picker(page, 'Available end').getByLabel('AM/PM').selectOption('PM');
    await page.getByLabel('Notes').fill('Until 6 PM only');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-edit-hours');
    await page.getByRole('button', { name: 'Edit request to pick up hours.' }).click();
    await answerDialog(page, 'SUCCESS: Request for hours has been edited.');
    await page.waitForURL(/\/calendar(\?|$)/);

    const details = await (await apiAs(ka)).get<HoursPosting>(`/wantsHoursDetails/${state.hoursId}`);
    expect(details).toMatchObject({ startDatetime: `${day} 00:00:00.0`, endDatetime: `${day} 18:00:00.0`, notes: 'Until 6 PM only' });

    await checkScreen(`/editHours/${state.hoursId}`, 'edit-hours', async (p) => expectPreview(p, 'The rules allow this.'), ka);
  });
});

test.describe('the message screens (sendMessage, sendMessageHours)', () => {
  test('writes to the colleague who offered to cover the posting', async () => {
    const ka = state.ka as DemoLogin;
    const shift = state.shift as MonthShift;
    const posting = await (await apiAs(ka)).get<Posting>(`/lookupPosting/${state.postingId}`);
    // Someone offers to cover it (through the API: the offer screens have tests of their own).
    let coverer: DemoLogin | undefined;
    for (const candidate of CANDIDATES()) {
      const res = await (await apiAs(candidate)).post('/postOfferCoverage', {
        offeringAgentID: candidate.agentId,
        coveringAgentID: candidate.agentId,
        lookingForCoverageID: state.postingId,
        coverageStartDatetime: posting.startTime,
        coverageEndDatetime: posting.endTime,
        cotsWanted: 0,
        status: 0,
        expirationDatetime: null,
      });
      if (res.body.outcome === 'ok') {
        coverer = candidate;
        break;
      }
    }
    expect(coverer, `nobody could offer to cover shift ${shift.id}`).toBeDefined();

    const page = await env.newPage();
    await signIn(page, ka);
    await page.goto(`/sendMessage/${state.postingId}`);
    await expectTitle(page, 'Send Message');
    await page.getByLabel('Message', { exact: true }).waitFor();
    expect(await page.locator('.posting-summary').textContent()).toContain('KA wants coverage');
    expect(await page.getByLabel('Offer').locator('option').allTextContents()).toEqual([expect.stringContaining(`${coverer?.initials}: `)]);
    await page.getByLabel('Message', { exact: true }).fill('y'.repeat(200));
    await expectPreview(page, 'ERROR: Message must be less than 200 characters.');
    await page.getByLabel('Message', { exact: true }).fill('Thanks! Can you confirm by tonight?');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-send-message');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await answerDialog(page, 'You successfully sent a message!');
    await page.waitForURL('**/pending');

    await checkScreen(`/sendMessage/${state.postingId}`, 'send-message', async (p) => p.getByLabel('Message', { exact: true }).waitFor(), ka);
  });

  test('writes to the colleague who offered their shift to the request for hours', async () => {
    const ka = state.ka as DemoLogin;
    // A colleague gives KA their shift that day (through the API, as above).
    let giver: DemoLogin | undefined;
    for (const { login, shift } of state.givers ?? []) {
      const res = await (await apiAs(login)).post('/postOfferGiveAway', {
        offeringAgentID: login.agentId,
        coveringAgentID: ka.agentId,
        lookingToPickUpID: state.hoursId,
        swapScheduleID: shift.scheduleId,
        swapAgentID: login.agentId,
        cotsWanted: 0,
        status: 0,
        expirationDatetime: null,
      });
      if (res.body.outcome === 'ok') {
        giver = login;
        break;
      }
    }
    expect(giver, `nobody could give KA a shift on ${state.day}`).toBeDefined();

    const page = await env.newPage();
    await signIn(page, ka);
    await page.goto(`/sendMessageHours/${state.hoursId}`);
    await page.getByLabel('Message', { exact: true }).waitFor();
    expect(await page.locator('.posting-summary').textContent()).toContain('KA wants to work');
    expect(await page.getByLabel('Offer').locator('option').allTextContents()).toEqual([expect.stringContaining(`${giver?.initials}: `)]);
    await page.getByLabel('Message', { exact: true }).fill('   ');
    await expectPreview(page, 'ERROR: Please type a message.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await answerDialog(page, 'ERROR: Please type a message.');
    await page.getByLabel('Message', { exact: true }).fill('See you then!');
    await expectPreview(page, 'The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'postings-send-message-hours');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await answerDialog(page, 'Your message has been sent.');
    await page.waitForURL('**/pending');

    await checkScreen(`/sendMessageHours/${state.hoursId}`, 'send-message-hours', async (p) => p.getByLabel('Message', { exact: true }).waitFor(), ka);
  });
});
