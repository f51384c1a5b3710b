import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, testNow, useBrowserServer } from './support.ts';

/**
 * Spec 2's offer screens in the browser: Offering Coverage (with a trade, and the 600-minute rule
 * shown before submitting), Counteroffer and accepting it from Pending Activity, Offer Shift to
 * someone who wants hours, and Counteroffer for hours. The demo is built around today's date, so
 * the postings and shifts used are found through the API and the same engine on the same world
 * slice the screens preview with (GET /api/worldSlice), never assumed.
 */

const env = useBrowserServer();
const rules = loadRulesDir();
const ZONE = 'America/New_York';
/** A loaded screen or a preview on a busy two-core machine: more than expect.poll's five seconds. */
const WAIT = { timeout: 30_000 };

/** The demo's cells follow the agent id (server/demo/people.ts); checked against the printed logins below. */
function cellOf(agentId: number): string {
  return `555${String(1_000_000 + (agentId - 1000)).padStart(7, '0')}`;
}
function loginFor(agentId: number, initials: string): DemoLogin {
  return { role: '', agentType: 0, agentId, initials, cell: cellOf(agentId), password: 'demo1234', name: '', note: null };
}

interface Api {
  agentId: number;
  get: <T>(path: string) => Promise<T>;
  decide: (action: string, input: Record<string, unknown>) => Promise<{ outcome: string; message?: string | null; rule?: string | null }>;
}

async function apiAs(login: DemoLogin): Promise<Api> {
  const res = await fetch(`${env.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initials: login.initials, cell: login.cell, password: login.password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const get = async <T,>(path: string): Promise<T> => {
    const r = await fetch(`${env.url}/api${path}`, { headers: { cookie } });
    expect(r.status, path).toBe(200);
    return (await r.json()) as T;
  };
  return {
    agentId: login.agentId,
    get,
    // What the screen's preview decides: the engine on the server's world slice for this input.
    decide: async (action, input) => {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(input)) if (v !== null && v !== undefined) query.set(k, String(v));
      const r = await fetch(`${env.url}/api/worldSlice/${action}?${query}`, { headers: { cookie } });
      // No slice for an action the agent may not take on those records: the action refuses too.
      if (r.status === 403) return { outcome: 'error', message: ((await r.json()) as { error: string }).error };
      expect(r.status, `/worldSlice/${action}`).toBe(200);
      const slice = (await r.json()) as { world: unknown; now: string; actor: number; input: Record<string, unknown>; facts?: Record<string, unknown> };
      return rules.action(action).decide({ world: slice.world, now: slice.now, actor: slice.actor, input: slice.input, facts: slice.facts });
    },
  };
}

/** An API instant ("2025-11-20 08:00:00.0", Eastern) as a luxon time in Eastern. */
function at(text: string): DateTime {
  return text.includes('T') ? DateTime.fromISO(text, { setZone: true }).setZone(ZONE) : DateTime.fromSQL(text, { zone: ZONE });
}
/** As the action calls take it. */
function apiText(dt: DateTime): string {
  return dt.setZone(ZONE).toFormat('yyyy-MM-dd HH:mm');
}
function months(from: DateTime): string[] {
  return [from.toFormat('yyyy-MM'), from.plus({ months: 1 }).toFormat('yyyy-MM')];
}

interface Posting {
  lookingForCoverageID: number;
  agentID: number;
  initials: string;
  startTime: string;
  endTime: string;
  type: number;
  openToTrade: number;
}
interface PickupPosting {
  lookingToPickUpID: number;
  agentID: number;
  initials: string;
  startTime: string;
  endTime: string;
}
interface OwnShift {
  start: string;
  endDateTime: string;
  scheduleId: number;
}
interface Offer {
  offerID: number;
  lookingForCoverageID: number | null;
  lookingToPickUpID: number | null;
  initials: string | null;
  startDatetime: string;
  endDatetime: string;
  swapPendingShiftID: number | null;
}

/**
 * Picks a time in one of the screens' pickers (the group named `legend`): day, hour, minute and
 * AM/PM selects. The browser runs in Eastern time, so the local time is the Eastern one.
 */
async function pickTime(page: Page, legend: string, when: DateTime): Promise<void> {
  const group = page.getByRole('group', { name: legend, exact: true });
  const local = when.setZone(ZONE);
  await group.getByLabel('Day', { exact: true }).selectOption(local.toFormat('yyyy-MM-dd'));
  await group.getByLabel('Hour', { exact: true }).selectOption(String(local.hour % 12 === 0 ? 12 : local.hour % 12));
  await group.getByLabel('Minute', { exact: true }).selectOption(String(local.minute));
  await group.getByLabel('AM/PM', { exact: true }).selectOption(local.hour < 12 ? 'AM' : 'PM');
}

async function previewSays(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('preview').textContent(), WAIT).toContain(text);
}

/** The engine has answered for the form as it is (whatever it said). */
async function previewSettled(page: Page): Promise<void> {
  await page.getByTestId('preview').locator('.ok, .error, .warn').waitFor(WAIT);
}

/** The same screen at 375 px: nothing wider than the screen, accessible, photographed. */
async function narrow(login: DemoLogin, path: string, name: string): Promise<void> {
  const page = await env.newPage({ width: 375, height: 800 });
  await signIn(page, login);
  await page.goto(path);
  await previewSettled(page);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, `${name}-375`);
  await page.close();
}

const OK = 'The rules allow this.';

test.describe('offering coverage, countering and accepting (spec 2, spec 1 Pending Activity)', () => {
  const offerer = (): DemoLogin => loginOf(env.logins, 20);
  let api: Api;
  /** A posting the offerer may cover in a trade for one of their shifts. */
  let trade: { posting: Posting; shift: OwnShift };
  let offer: Offer;
  let counterStart: DateTime;

  test.beforeAll(async () => {
    expect(env.logins.every((l) => l.cell === cellOf(l.agentId))).toBe(true);
    api = await apiAs(offerer());
    const postings = await api.get<Posting[]>(`/otherDetailedUsersPendingShifts/${api.agentId}`);
    const soon = testNow().plus({ hours: 2 });
    for (const p of postings.filter((x) => x.openToTrade === 1 && at(x.startTime) > soon && at(x.endTime).diff(at(x.startTime), 'minutes').minutes >= 240)) {
      const own = (await Promise.all(months(at(p.startTime)).map((m) => api.get<OwnShift[]>(`/userMonthTrade/${api.agentId}/${m}`)))).flat();
      // A swap apart from the posted hours: the poster's counter for a later part keeps the rest of
      // their shift, which must not then meet the swap shift (postCounterOfferCoverage.swapAgentScheduled).
      for (const s of own.filter((o) => at(o.endDateTime) <= at(p.startTime) || at(o.start) >= at(p.endTime))) {
        const d = await api.decide('postOfferCoverage', {
          lookingForCoverageId: p.lookingForCoverageID,
          coverageStartDatetime: apiText(at(p.startTime)),
          coverageEndDatetime: apiText(at(p.endTime)),
          swapScheduleId: s.scheduleId,
        });
        if (d.outcome === 'ok') {
          trade = { posting: p, shift: s };
          return;
        }
      }
    }
    throw new Error('the demo has no posting the Call Specialist can cover in a trade');
  });

  test('offers to cover a posting in a trade for one of their own shifts', async () => {
    const page = await env.newPage();
    await signIn(page, offerer());
    await page.goto(`/offerCoverage/${trade.posting.lookingForCoverageID}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Offering Coverage');
    await expect.poll(() => page.locator('.posting-summary').textContent(), WAIT).toContain(trade.posting.initials);
    await previewSettled(page);
    await page.getByRole('radio', { name: 'One swap' }).check();
    await page.getByLabel('Swap shift', { exact: true }).selectOption(String(trade.shift.scheduleId));
    // The swap's own pickers start at the whole shift.
    const swapStart = at(trade.shift.start);
    expect(await page.getByRole('group', { name: 'Swap shift start', exact: true }).getByLabel('Day', { exact: true }).inputValue()).toBe(swapStart.toFormat('yyyy-MM-dd'));
    await previewSays(page, OK);
    await expectAccessible(page);
    await screenshot(page, 'offers-offer-coverage');
    await narrow(offerer(), `/offerCoverage/${trade.posting.lookingForCoverageID}`, 'offers-offer-coverage');

    const button = page.getByRole('button', { name: 'Submit Offer' });
    await button.click();
    // Spec 2: the button is locked for a second after a click.
    expect(await button.isDisabled()).toBe(true);
    await answerDialog(page, 'SUCCESS: Offer sent.');
    await page.waitForURL(/\/calendar(\?|$)/);

    const mine = await api.get<Offer[]>(`/detailedMyOffersForShifts/${api.agentId}`);
    const made = mine.find((o) => o.lookingForCoverageID === trade.posting.lookingForCoverageID);
    expect(made?.swapPendingShiftID).toBe(trade.shift.scheduleId);
    expect(at(made?.startDatetime ?? '').toMillis()).toBe(at(trade.posting.startTime).toMillis());
    offer = made as Offer;
  });

  test("shows the 600-minute rule's message as the coverage is picked, and the same message on submit", async () => {
    // A posting the offerer may cover in part but not in full: its hours join their own shifts.
    const postings = await api.get<Posting[]>(`/otherDetailedUsersPendingShifts/${api.agentId}`);
    const soon = testNow().plus({ hours: 2 });
    let found: { posting: Posting; message: string; end: DateTime; shorter: DateTime } | null = null;
    for (const p of postings.filter((x) => x.openToTrade !== 2 && x.lookingForCoverageID !== trade.posting.lookingForCoverageID && at(x.startTime) > soon)) {
      const input = { lookingForCoverageId: p.lookingForCoverageID, coverageStartDatetime: apiText(at(p.startTime)), coverageEndDatetime: apiText(at(p.endTime)) };
      const full = await api.decide('postOfferCoverage', input);
      const cut = /Please cut (\d+) min from this offer\./.exec(full.message ?? '');
      if (!cut || !/postOfferCoverage\.coverMax(After|Before)/.test(full.rule ?? '')) continue;
      const shorter = at(p.endTime).minus({ minutes: Number(cut[1]) });
      if (shorter.minute % 5 !== 0) continue;
      if ((await api.decide('postOfferCoverage', { ...input, coverageEndDatetime: apiText(shorter) })).outcome !== 'ok') continue;
      found = { posting: p, message: full.message as string, end: at(p.endTime), shorter };
      break;
    }
    expect(found, 'a posting next to the offerer own shifts').not.toBeNull();
    if (!found) return;
    expect(found.message).toMatch(/^ERROR: You are unable to work more than 10 hours in an 18 hour period\. Please cut \d+ min from this offer\.$/);

    const page = await env.newPage();
    await signIn(page, offerer());
    await page.goto(`/offerCoverage/${found.posting.lookingForCoverageID}`);
    await pickTime(page, 'Coverage end', found.shorter);
    await previewSays(page, OK);
    await pickTime(page, 'Coverage end', found.end);
    await previewSays(page, found.message);
    expect(await page.getByTestId('preview').locator('.error').getAttribute('data-rule')).toMatch(/^postOfferCoverage\.coverMax(After|Before)$/);
    await screenshot(page, 'offers-offer-coverage-600');
    await page.getByRole('button', { name: 'Submit Offer' }).click();
    await answerDialog(page, found.message);
    expect(new URL(page.url()).pathname).toBe(`/offerCoverage/${found.posting.lookingForCoverageID}`);
    const mine = await api.get<Offer[]>(`/detailedMyOffersForShifts/${api.agentId}`);
    expect(mine.some((o) => o.lookingForCoverageID === found.posting.lookingForCoverageID && o.offerID > offer.offerID)).toBe(false);
  });

  test('counters the offer as the poster, from Pending Activity', async () => {
    const poster = loginFor(trade.posting.agentID, trade.posting.initials);
    const page = await env.newPage();
    await signIn(page, poster);
    await page.goto('/pending');
    const row = page.getByRole('row').filter({ hasText: 'TRADE:' }).filter({ hasText: offerer().initials });
    await row.getByRole('button', { name: 'Counter' }).click();
    await page.waitForURL(`**/counterOffer/${offer.offerID}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Counteroffer');
    await expect.poll(() => page.locator('.offers-facts').textContent(), WAIT).toContain(`${offerer().initials} offered to cover`);
    await previewSays(page, OK);
    await expectAccessible(page);
    await screenshot(page, 'offers-counter-offer');

    // Only the later part, an hour shorter.
    counterStart = at(offer.startDatetime).plus({ minutes: 60 });
    await pickTime(page, 'Counter coverage start', counterStart);
    await previewSays(page, OK);
    await narrow(poster, `/counterOffer/${offer.offerID}`, 'offers-counter-offer');
    await page.getByRole('button', { name: 'Send Offer' }).click();
    await answerDialog(page, 'SUCCESS: Counter offer sent.');
    await page.waitForURL('**/pending');
  });

  test('accepts the counteroffer as the offerer, and both schedules change', async () => {
    const counters = await api.get<Offer[]>(`/detailedMyCounterOffersForShifts/${api.agentId}`);
    const counter = counters.find((o) => o.lookingForCoverageID === trade.posting.lookingForCoverageID);
    expect(counter && at(counter.startDatetime).toMillis()).toBe(counterStart.toMillis());

    const page = await env.newPage();
    await signIn(page, offerer());
    await page.goto('/pending');
    const row = page.getByRole('row').filter({ hasText: `Counteroffer: ${trade.posting.initials}` });
    await row.getByRole('button', { name: 'Accept' }).click();
    await answerDialog(page, 'Are you sure you want to accept this offer?');
    await answerDialog(page, 'SUCCESS: Offer accepted.');

    const mine = (await Promise.all(months(counterStart).map((m) => api.get<{ start: string; title: string }[]>(`/userMonthShifts/${api.agentId}/${m}`)))).flat();
    expect(mine.some((s) => at(s.start).toMillis() === counterStart.toMillis())).toBe(true);
    // The swap shift is the poster's now.
    const own = (await Promise.all(months(at(trade.shift.start)).map((m) => api.get<OwnShift[]>(`/userMonthTrade/${api.agentId}/${m}`)))).flat();
    expect(own.some((s) => s.scheduleId === trade.shift.scheduleId)).toBe(false);
  });

  test('offers two swap options at once: two offers, "SUCCESS: Offers sent."', async () => {
    const postings = await api.get<Posting[]>(`/otherDetailedUsersPendingShifts/${api.agentId}`);
    const soon = testNow().plus({ hours: 2 });
    let found: { posting: Posting; first: OwnShift; second: OwnShift } | null = null;
    for (const p of postings.filter((x) => x.openToTrade > 0 && x.lookingForCoverageID !== trade.posting.lookingForCoverageID && at(x.startTime) > soon)) {
      const input = { lookingForCoverageId: p.lookingForCoverageID, coverageStartDatetime: apiText(at(p.startTime)), coverageEndDatetime: apiText(at(p.endTime)) };
      const own = (await Promise.all(months(at(p.startTime)).map((m) => api.get<OwnShift[]>(`/userMonthTrade/${api.agentId}/${m}`)))).flat();
      const fits: OwnShift[] = [];
      for (const s of own) {
        if ((await api.decide('postOfferCoverage', { ...input, swapScheduleId: s.scheduleId })).outcome === 'ok') fits.push(s);
        if (fits.length === 2) break;
      }
      const [first, second] = fits;
      if (!first || !second) continue;
      if ((await api.decide('postOfferCoverage', { ...input, swapScheduleId: first.scheduleId, swap2ScheduleId: second.scheduleId })).outcome !== 'ok') continue;
      found = { posting: p, first, second };
      break;
    }
    expect(found, 'a posting open to trades for two of the offerer shifts').not.toBeNull();
    if (!found) return;

    const page = await env.newPage();
    await signIn(page, offerer());
    await page.goto(`/offerCoverage/${found.posting.lookingForCoverageID}`);
    await page.getByRole('radio', { name: 'Two swap options' }).check();
    await page.getByLabel('Swap shift [Trade #1]', { exact: true }).selectOption(String(found.first.scheduleId));
    await page.getByLabel('Swap shift [Trade #2]', { exact: true }).selectOption(String(found.second.scheduleId));
    await previewSays(page, OK);
    await expectAccessible(page);
    await screenshot(page, 'offers-offer-coverage-two-swaps');
    await page.getByRole('button', { name: 'Submit Offer' }).click();
    await answerDialog(page, 'SUCCESS: Offers sent.');
    await page.waitForURL(/\/calendar(\?|$)/);
    const mine = await api.get<Offer[]>(`/detailedMyOffersForShifts/${api.agentId}`);
    const made = mine.filter((o) => o.lookingForCoverageID === found.posting.lookingForCoverageID).map((o) => o.swapPendingShiftID);
    expect(made.sort()).toEqual([found.first.scheduleId, found.second.scheduleId].sort());
  });
});

test.describe('offering one’s shift to someone who wants hours, and their counteroffer (spec 2)', () => {
  let giver: DemoLogin;
  let request: PickupPosting;
  let shift: OwnShift;
  let offerId: number;

  test.beforeAll(async () => {
    // Givers among the demo logins other than the Call Specialist of the coverage tests.
    for (const login of env.logins.filter((l) => [15, 30, 31, 32, 20].includes(l.agentType) && l.agentId !== loginOf(env.logins, 20).agentId)) {
      const api = await apiAs(login);
      const requests = await api.get<PickupPosting[]>(`/otherDetailedUsersLookingForShifts/${api.agentId}`);
      for (const r of requests) {
        const days = new Set([at(r.startTime).toISODate(), at(r.endTime).toISODate()]);
        const own = (await Promise.all(months(at(r.startTime)).map((m) => api.get<OwnShift[]>(`/userMonthTrade/${api.agentId}/${m}`)))).flat();
        for (const s of own.filter((x) => days.has(at(x.start).toISODate()) || days.has(at(x.endDateTime).toISODate()))) {
          // The screen offers the part of the shift inside the hours wanted.
          const start = DateTime.max(at(s.start), at(r.startTime));
          const end = DateTime.min(at(s.endDateTime), at(r.endTime));
          if (end <= start) continue;
          const d = await api.decide('postOfferGiveAway', { lookingToPickUpId: r.lookingToPickUpID, swapScheduleId: s.scheduleId, swapStartDatetime: apiText(start), swapEndDatetime: apiText(end) });
          if (d.outcome === 'ok' && end.diff(start, 'minutes').minutes >= 120) {
            giver = login;
            request = r;
            shift = s;
            return;
          }
        }
      }
    }
    throw new Error('the demo has no request for hours a demo login can give a shift to');
  });

  test('offers a shift to a demo request for hours', async () => {
    const page = await env.newPage();
    await signIn(page, giver);
    await page.goto(`/offerShift/${request.lookingToPickUpID}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Offer Shift');
    await expect.poll(() => page.locator('.posting-summary').textContent(), WAIT).toContain(`${request.initials} wants to work`);
    await page.getByLabel('Your shift', { exact: true }).selectOption(String(shift.scheduleId));
    await previewSays(page, OK);
    await expectAccessible(page);
    await screenshot(page, 'offers-offer-shift');
    await narrow(giver, `/offerShift/${request.lookingToPickUpID}`, 'offers-offer-shift');
    await page.getByRole('button', { name: 'Offer Shift' }).click();
    await answerDialog(page, 'SUCCESS: Offer sent.');
    await page.waitForURL(/\/calendar(\?|$)/);

    const api = await apiAs(giver);
    const mine = await api.get<Offer[]>(`/detailedOffersToPickUp/${api.agentId}`);
    const made = mine.find((o) => o.lookingToPickUpID === request.lookingToPickUpID);
    expect(made).toBeDefined();
    offerId = (made as Offer).offerID;
  });

  test('counters it as the person who wants the hours', async () => {
    const poster = loginFor(request.agentID, request.initials);
    const page = await env.newPage();
    await signIn(page, poster);
    await page.goto(`/counterOfferHours/${offerId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe('Counteroffer for hours');
    await previewSays(page, OK);
    // No swap and no message box on this screen (spec 2).
    expect(await page.getByLabel('Message (optional)').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'offers-counter-offer-hours');
    await narrow(poster, `/counterOfferHours/${offerId}`, 'offers-counter-offer-hours');

    const api = await apiAs(poster);
    const [info] = await api.get<Offer[]>(`/detailedOfferInfo/${offerId}`);
    const offered = { start: at(info?.startDatetime ?? ''), end: at(info?.endDatetime ?? '') };
    // On the pickers' five-minute steps, and on a day they offer (the offered hours' days).
    const onStep = (dt: DateTime): DateTime => dt.set({ minute: Math.floor(dt.minute / 5) * 5 });
    const end = onStep(offered.end.minus({ minutes: 60 }));
    const later = onStep(offered.end.plus({ minutes: 60 }));
    const outside = later.hasSame(offered.end, 'day') ? { legend: 'Counter coverage end', at: later } : { legend: 'Counter coverage start', at: onStep(offered.start.minus({ minutes: 60 })) };
    // Outside the offered hours: the hours counter's own words.
    await pickTime(page, outside.legend, outside.at);
    await previewSays(page, 'ERROR: Proposed start time must be within the time range of the previous offer.');
    if (outside.legend === 'Counter coverage start') await pickTime(page, 'Counter coverage start', offered.start);
    await pickTime(page, 'Counter coverage end', end);
    await previewSays(page, OK);
    await page.getByRole('button', { name: 'Send Offer' }).click();
    await answerDialog(page, 'SUCCESS: Counter offer sent.');
    await page.waitForURL('**/pending');
    const counters = await api.get<Offer[]>(`/detailedCounterOffersToPickUp/${api.agentId}`);
    expect(counters.some((o) => o.lookingToPickUpID === request.lookingToPickUpID && at(o.endDatetime).toMillis() === end.toMillis())).toBe(true);
  });
});
