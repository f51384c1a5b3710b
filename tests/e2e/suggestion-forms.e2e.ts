import type { DateTime } from 'luxon';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, clearDay, getJson, mainShifts, pickTime, poll, preview, postOk } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, loginOf, nowMs, signIn, useBrowserServer } from './support.ts';

/**
 * The fix, not only the refusal (issue 20), on three more forms whose rule files have `adjust`: a
 * counteroffer and a claim of an open shift, each refused by the 600-minutes-in-18-hours rule, and
 * Request Personal Time, refused for the balance. Each shows the message word for word and under
 * it the hours that pass every rule, puts them in the form with one click, and the request then
 * goes through (the server's answer word for word). The shifts are the test's own, put in place
 * through the API on days after the demo's schedule ends (a manager posts open shifts, the people
 * claim them), so the minutes in each window are known.
 */

const env = useBrowserServer();

interface Offer {
  offerID: number;
  lookingForCoverageID: number | null;
  startDatetime: string;
  endDatetime: string;
}

const MESSAGE_COUNTER = 'ERROR: Covering agent is unable to work more than 10 hours in an 18 hour period. Please cut 120 min from this offer.';
const MESSAGE_CLAIM = 'You are unable to work more than 10 hours in an 18 hour period. Please cut 120 min from this offer.';

test.describe('the suggestion on a counteroffer, a claim and personal time (issue 20)', () => {
  /** The covering agent of the counteroffer, the one who claims (their own shifts fill both windows), and who asks for personal time. */
  const worker = (): DemoLogin => loginOf(env.logins, 20);
  /** The poster, who counters the worker's offer. */
  const poster = (): DemoLogin => loginOf(env.logins, 30);
  const apis: APIRequestContext[] = [];
  let day: DateTime;
  let manager: DemoLogin;
  let managerApi: APIRequestContext;
  /** The worker's offer to cover the poster's posting, day 0 8 AM - 4 PM, made before the worker's shifts around it. */
  let offer: number;
  let posting: number;
  /** The open shift of day 7, 8 AM - 4 PM. */
  let openShift: number;
  /** The worker's shift of day 14, 8 AM - 4 PM, alone that day: personal time is asked from it. */
  let personalShift: number;

  const at = (days: number, hour: number): DateTime => day.plus({ days }).set({ hour });
  const openShiftAt = async (from: DateTime, hours: number): Promise<number> => {
    const open = await postOk(managerApi, '/postOpenShift', { AgentID: manager.agentId, StartTime: apiTime(from), EndTime: apiTime(from.plus({ hours })), Type: 0, ShiftCredits: 0, PayRate: 0, AssistantAfterDate: null });
    return open.created?.openShifts?.[0] as number;
  };
  /** A shift of one's own: the manager posts it as an open shift and the person claims it whole. */
  const shiftFor = async (api: APIRequestContext, agentId: number, from: DateTime, hours: number): Promise<number> => {
    const claim = await postOk(api, '/claimOpenShift', {
      offeringAgentID: agentId,
      coveringAgentID: agentId,
      coverageStartDatetime: apiTime(from),
      coverageEndDatetime: apiTime(from.plus({ hours })),
      lookingForCoverageID: await openShiftAt(from, hours),
      status: 0,
    });
    return claim.created?.shifts?.[0] as number;
  };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    day = clearDay();
    manager = loginOf(env.logins, 102);
    const [workerApi, posterApi] = await Promise.all([apiAs(env.url, worker()), apiAs(env.url, poster())]);
    managerApi = await apiAs(env.url, manager);
    apis.push(managerApi, workerApi, posterApi);
    const W = worker().agentId;
    const P = poster().agentId;

    const shift = await shiftFor(posterApi, P, at(0, 8), 8);
    const posted = await postOk(posterApi, '/postShift', {
      AgentID: P,
      TimeScheduleItemID: shift,
      StartTime: apiTime(at(0, 8)),
      EndTime: apiTime(at(0, 16)),
      Notes: null,
      OpenToCots: 0,
      OpenToTrade: 0,
      Type: 0,
    });
    posting = Object.values(posted.created ?? {})[0]?.[0] as number;
    // The whole posting, offered while the worker has nothing else that day: the rules allow it.
    const offered = await postOk(workerApi, '/postOfferCoverage', {
      offeringAgentID: W,
      coveringAgentID: W,
      lookingForCoverageID: posting,
      coverageStartDatetime: apiTime(at(0, 8)),
      coverageEndDatetime: apiTime(at(0, 16)),
      expirationDatetime: apiTime(at(0, 7)),
      cotsWanted: 0,
      status: 0,
      lookingToPickUpID: null,
      swapAgentID: null,
      swapScheduleID: null,
      swapStartDatetime: null,
      swapEndDatetime: null,
      offerMessage: null,
    });
    offer = offered.created?.offers?.[0] as number;
    // Then the worker takes the night before (10 PM - 6 AM, 480 min, in the 18 hours before the
    // offer's end) and that evening (6 - 10 PM, 240 min, in the 18 hours after its start): the same
    // hours countered are 120 minutes too many after the start, 360 before the end. Day 7 is the same
    // around the open shift the worker claims.
    for (const d of [0, 7]) {
      await shiftFor(workerApi, W, at(d - 1, 22), 8);
      await shiftFor(workerApi, W, at(d, 18), 4);
    }
    openShift = await openShiftAt(at(7, 8), 8);
    personalShift = await shiftFor(workerApi, W, at(14, 8), 8);
  });

  test.afterAll(async () => {
    for (const api of apis) await api.dispose();
  });

  const fix = (page: Page) => preview(page).getByTestId('fix');
  /** The search decides many shortenings, then fetches a slice for the hours found: longer than a preview on a loaded machine. */
  const searched = <T,>(read: () => Promise<T>) => expect.poll(read, { timeout: 60_000 });
  /** The refusal shown, word for word. */
  const refusal = async (page: Page, text: string): Promise<void> => {
    const message = preview(page).locator('.message');
    await message.filter({ hasText: text }).waitFor({ timeout: 30_000 }).catch(() => {});
    expect(await message.textContent()).toBe(text);
  };
  const pickerHour = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true }).getByLabel('Hour', { exact: true });
  const shown = (days: number, from: string, to: string): string => `${day.plus({ days }).toFormat('M/d/yyyy')} ${from} - ${to}`;

  test("a counteroffer: the hours the covering agent's both windows allow, then sent", async () => {
    test.setTimeout(240_000);
    const page = await env.newPage();
    await signIn(page, poster());
    await page.goto(`/counterOffer/${offer}`);
    // The offer's hours, as the form starts: picked again, so the form has been touched.
    await pickTime(page, 'Counter coverage end', at(0, 16));
    await refusal(page, MESSAGE_COUNTER);
    await searched(() => fix(page).textContent()).toContain(`These hours would pass every rule: Counter coverage ${shown(0, '8:00 AM', '10:00 AM')}.`);
    await expectAccessible(page);

    await fix(page).getByRole('button', { name: 'Use these hours' }).click();
    expect(await pickerHour(page, 'Counter coverage start').inputValue()).toBe('8');
    expect(await pickerHour(page, 'Counter coverage end').inputValue()).toBe('10');
    await poll(() => preview(page).textContent()).toBe('The rules allow this.');
    await page.getByRole('button', { name: 'Send Offer' }).click();
    await answerDialog(page, 'SUCCESS: Counter offer sent.');
    await page.waitForURL(/\/pending(\?|$)/);

    const countered = (await getJson<Offer[]>(page.request, `/detailedAllCounterOffersForMyShifts/${poster().agentId}`)).filter((o) => o.lookingForCoverageID === posting);
    expect(countered.map((o) => [o.startDatetime.slice(0, 16), o.endDatetime.slice(0, 16)])).toEqual([[apiTime(at(0, 8)), apiTime(at(0, 10))]]);
    await page.close();
  });

  test('a claim of an open shift: the part that passes both windows, then claimed', async () => {
    test.setTimeout(240_000);
    const page = await env.newPage();
    await signIn(page, worker());
    await page.goto(`/coverOpenShift/${openShift}`);
    // The whole shift, as the form starts: picked again, so the form has been touched.
    await pickTime(page, 'End', at(7, 16));
    await refusal(page, MESSAGE_CLAIM);
    await searched(() => fix(page).textContent()).toContain(`These hours would pass every rule: Claim ${shown(7, '8:00 AM', '10:00 AM')}.`);
    await expectAccessible(page);

    await fix(page).getByRole('button', { name: 'Use these hours' }).click();
    expect(await pickerHour(page, 'Start').inputValue()).toBe('8');
    expect(await pickerHour(page, 'End').inputValue()).toBe('10');
    await poll(() => preview(page).textContent()).toBe('The rules allow this.');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await answerDialog(page, 'SUCCESS: Open shift claimed.');
    await page.waitForURL(/\/calendar(\?|$)/);

    // The worker's schedule now holds the part claimed, between the two shifts around it.
    const onDay = (await mainShifts(page.request, worker().agentId))
      .map((s) => [s.startTime.slice(0, 16), s.endTime.slice(0, 16)])
      .filter(([start]) => start?.startsWith(at(7, 0).toFormat('yyyy-MM-dd')));
    expect(onDay).toEqual([
      [apiTime(at(7, 8)), apiTime(at(7, 10))],
      [apiTime(at(7, 18)), apiTime(at(7, 22))],
    ]);
    await page.close();
  });

  test('Request Personal Time: the hours the balance pays for, then approved', async () => {
    test.setTimeout(240_000);
    const W = worker().agentId;
    const run = <T,>(query: string, params: unknown[]): Promise<T[]> => env.server.db.exclusive(() => env.server.db.em().getConnection().execute<T[]>(query, params));
    // A balance of 120 minutes with none of it booked for later (no personal time data an API sets).
    const [booked] = await run<{ n: number }>(`select count(*)::int as n from personal_requests where agent_id = ? and status = 'approved' and start > ?`, [W, new Date(nowMs()).toISOString()]);
    expect(booked?.n).toBe(0);
    await run('update agents set personal_time = 120 where agent_id = ?', [W]);

    const page = await env.newPage();
    await signIn(page, worker());
    await page.goto(`/requestPersonal/${personalShift}`);
    // The whole shift, as the form starts: picked again, so the form has been touched.
    await pickTime(page, 'End', at(14, 16));
    // Eight hours less the 30-minute meal break.
    await refusal(page, 'ERROR: Not enough personal time. This request needs 450 minutes and you have 120.');
    await searched(() => fix(page).textContent()).toContain(`These hours would pass every rule: Personal time ${shown(14, '8:00 AM', '10:00 AM')}.`);
    await expectAccessible(page);

    await fix(page).getByRole('button', { name: 'Use these hours' }).click();
    expect(await pickerHour(page, 'Start').inputValue()).toBe('8');
    expect(await pickerHour(page, 'End').inputValue()).toBe('10');
    await poll(() => preview(page).textContent()).toBe('The rules allow this.');
    await page.getByRole('button', { name: 'Request' }).click();
    await answerDialog(page, 'Success! Personal time was approved.');
    await page.waitForURL(/\/calendar(\?|$)/);

    // The personal time booked, and the hours left of the shift.
    const approved = await getJson<{ timeScheduleItemID: number; startTime: string; endTime: string; minutes: number }[]>(page.request, '/approvedPersonal');
    expect(approved.filter((r) => r.timeScheduleItemID === personalShift).map((r) => [r.startTime.slice(0, 16), r.endTime.slice(0, 16), r.minutes])).toEqual([[apiTime(at(14, 8)), apiTime(at(14, 10)), 120]]);
    const left = (await mainShifts(page.request, W)).filter((r) => r.id === personalShift).map((r) => [r.startTime.slice(0, 16), r.endTime.slice(0, 16)]);
    expect(left).toEqual([[apiTime(at(14, 10)), apiTime(at(14, 16))]]);
    await page.close();
  });
});
