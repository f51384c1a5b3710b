import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiAs, apiTime, eastern, mainShifts, poll, preview, shownDateTime, type MainShift } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, nowMs, screenshot, signIn, useBrowserServer } from './support.ts';

const env = useBrowserServer();

interface ActionAnswer {
  outcome: string;
  message: string | null;
  created?: Record<string, number[]>;
}

/**
 * A shift of `minutes` for the agent next to one of theirs, as the demo allows it: a manager
 * (agent type 102) posts an open shift there, and the agent claims it.
 */
async function claimNextTo(manager: APIRequestContext, managerId: number, agent: APIRequestContext, agentId: number, start: string, minutes: number, payRate: number): Promise<number> {
  const from = eastern(start);
  const to = from.plus({ minutes });
  const posted = await manager.post('/api/postOpenShift', {
    data: { AgentID: managerId, StartTime: apiTime(from), EndTime: apiTime(to), Type: 0, ShiftCredits: 0, PayRate: payRate, AssistantAfterDate: null },
  });
  const open = (await posted.json()) as ActionAnswer;
  expect(open.message).toBe('SUCCESS: Open shift has been created.');
  const claimed = await agent.post('/api/claimOpenShift', {
    data: { offeringAgentID: agentId, coveringAgentID: agentId, coverageStartDatetime: apiTime(from), coverageEndDatetime: apiTime(to), lookingForCoverageID: open.created?.openShifts?.[0], status: 0 },
  });
  const claim = (await claimed.json()) as ActionAnswer;
  expect(claim.message).toBe('SUCCESS: Open shift claimed.');
  return claim.created?.shifts?.[0] as number;
}

/** Picks a shift (or none) in one of the combinator's two pickers. */
async function choose(page: Page, picker: 'First shift' | 'Second shift', shift: MainShift | null): Promise<void> {
  await page.getByLabel(picker).selectOption(shift ? String(shift.id) : '');
}

/**
 * A call specialist's upcoming day shift, alone on its day, with room for half an hour on each
 * side: not posted for coverage (that blocks a combine), its meal break still to come, at most
 * 8.5 hours so that the three together stay under 10 hours, starting 6 to 10 AM so that the
 * half hours stay inside 600 minutes in any 18 hours with the days either side.
 */
async function dayOfOneShift(): Promise<{ login: DemoLogin; shift: MainShift; api: APIRequestContext }> {
  for (const login of [loginOf(env.logins, 20), loginOf(env.logins, 30), loginOf(env.logins, 31), loginOf(env.logins, 15)]) {
    const api = await apiAs(env.url, login);
    const shifts = await mainShifts(api, login.agentId);
    const found = shifts.find((s) => {
      const start = eastern(s.startTime);
      const day = start.toISODate();
      return (
        s.type === 0 &&
        s.lookingForCoverageID === null &&
        start.toMillis() > nowMs() + 3_600_000 &&
        start.hour >= 6 &&
        start.hour <= 10 &&
        eastern(s.endTime).diff(start, 'minutes').minutes <= 510 &&
        shifts.filter((o) => eastern(o.startTime).toISODate() === day || eastern(o.endTime).toISODate() === day).length === 1
      );
    });
    if (found) return { login, shift: found, api };
    await api.dispose();
  }
  throw new Error('no call specialist in the demo has a day shift to combine');
}

test.describe('Shift Combinator', () => {
  test('combines two shifts of a day into one, with the rules answering before the submit', async () => {
    const { login, shift, api } = await dayOfOneShift();
    const day = eastern(shift.startTime).toISODate() as string;
    const manager = loginOf(env.logins, 102);
    const managerApi = await apiAs(env.url, manager);
    // The same pay rate right after the shift, and a different one right before it.
    const laterId = await claimNextTo(managerApi, manager.agentId, api, login.agentId, shift.endTime, 30, shift.payRate);
    const earlierId = await claimNextTo(managerApi, manager.agentId, api, login.agentId, apiTime(eastern(shift.startTime).minus({ minutes: 30 })), 30, (shift.payRate + 1) % 4);
    await managerApi.dispose();
    const onDay = async (): Promise<MainShift[]> => (await mainShifts(api, login.agentId)).filter((s) => eastern(s.startTime).toISODate() === day || eastern(s.endTime).toISODate() === day);
    const three = await onDay();
    expect(three.map((s) => s.id).sort()).toEqual([shift.id, laterId, earlierId].sort());
    const [earlier, main, later] = [earlierId, shift.id, laterId].map((id) => three.find((s) => s.id === id) as MainShift) as [MainShift, MainShift, MainShift];

    const page = await env.newPage();
    await signIn(page, login);
    await page.goto(`/combine/${day}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Shift Combinator');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBe(4);
    expect(await page.getByRole('table').textContent()).toContain(shownDateTime(main.startTime).split(', ')[1] as string);
    expect(await page.getByLabel('First shift').locator('option').count()).toBe(4);

    // One shift chosen: the first combine rule's message.
    await choose(page, 'First shift', later);
    await poll(() => preview(page).textContent()).toContain('ERROR: Select a shift to combine.');
    // The same shift twice.
    await choose(page, 'Second shift', later);
    await poll(() => preview(page).textContent()).toContain('ERROR: Select two different shifts to combine, silly goose.');
    // Different pay rates: shown before, and the server's answer the same when submitted anyway.
    await choose(page, 'First shift', main);
    await choose(page, 'Second shift', earlier);
    await poll(() => preview(page).textContent()).toContain('ERROR: You cannot combine shifts with different pay rates.');
    await expectAccessible(page);
    await screenshot(page, 'combine');
    await page.getByRole('button', { name: 'Combine Shifts!' }).click();
    await answerDialog(page, 'ERROR: You cannot combine shifts with different pay rates.');
    expect((await onDay()).length).toBe(3);

    // Chosen later first: the screen sends the earlier as Shift1.
    await choose(page, 'First shift', later);
    await choose(page, 'Second shift', main);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await page.getByRole('button', { name: 'Combine Shifts!' }).click();
    await answerDialog(page, 'You successfully combined your shifts.');
    await page.waitForURL(/\/calendar(\?|$)/);

    // The calendar's data: one shift from the earlier start to the later end where there were two.
    const after = await onDay();
    expect(after.map((s) => s.id).sort()).toEqual([earlierId, shift.id].sort());
    const combined = after.find((s) => s.id === shift.id) as MainShift;
    expect([combined.startTime, combined.endTime]).toEqual([main.startTime, later.endTime]);
    // Longer than 5.5 hours: one unpaid meal break.
    expect(combined.breaks.length).toBe(1);
    await api.dispose();
  });

  test('says so for an address without a date, and fits a 375 px screen', async () => {
    const page = await env.newPage({ width: 375, height: 800 });
    const login = loginOf(env.logins, 20);
    await signIn(page, login);
    await page.goto('/combine/2026-13-45');
    await poll(() => page.getByRole('alert').textContent()).toBe("2026-13-45 is not a date: the combinator's address ends with one, as yyyy-mm-dd.");
    const next = (await mainShifts(page.request, login.agentId)).find((s) => eastern(s.startTime).toMillis() > nowMs()) as MainShift;
    await page.goto(`/combine/${eastern(next.startTime).toISODate() as string}`);
    await page.getByLabel('Second shift').waitFor();
    await poll(() => page.getByRole('table').count()).toBe(1);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'combine-375');
  });
});
