import { expect, test } from '@playwright/test';
import { apiAs, apiTime, eastern, postOk } from './schedule-api.ts';
import { dayOf, expectRefused, openDay, postForCoverage, postingRow, shiftAhead, traineeOnOfferForm } from './offered-support.ts';
import { loginOf, signIn, useBrowserServer } from './support.ts';

/**
 * Issue 30, defect 1: links the rules can only refuse are shown as the other refused actions are
 * (disabled, with the rule's message), not as ways into a screen that then refuses: Chat with
 * someone one may not start a chat with, Claim on an open shift inside one's own shift, Send
 * Message on a posting before any offer, and an offer form opened directly by someone who may
 * not offer.
 */

const env = useBrowserServer();
const TEST_TIMEOUT_MS = 300_000;

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
    const row = postingRow(page, 'Agents Seeking Coverage', sup.initials);
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
    const page = await traineeOnOfferForm(env);
    await expect(page.getByRole('heading', { name: 'Offering Coverage' })).toBeVisible();
    await expect(page.locator('.refusal')).toHaveText('ERROR: Must be at least an Advanced Trainee to offer coverage.', { timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Submit Offer' })).toHaveCount(0);
  });
});
