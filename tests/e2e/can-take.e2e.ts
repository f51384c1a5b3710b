import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { answerDialog, expectAccessible, nowMs, signIn, useBrowserServer, type DemoLogin } from './support.ts';
import { apiAs, apiTime, eastern, mainShifts, type MainShift } from './schedule-api.ts';

/**
 * Issue 21: a colleague who could cover a posting is told of it in their inbox, and by text when
 * they opted in on the Inbox screen; their open page shows the item arrive without reloading.
 */

const env = useBrowserServer();
// Deciding a posting for every colleague of the demo takes seconds on a busy machine.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 60_000 });
const TEST_MS = 420_000;
const CALL_MS = 90_000;

const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => env.server.db.exclusive(() => env.server.db.em().getConnection().execute<T[]>(text, params));

async function loginFor(agentId: number): Promise<DemoLogin> {
  const [account] = await sql<{ initials: string; cell: string }>('select initials, cell from accounts where agent_id = ?', [agentId]);
  return { role: '', agentType: 0, agentId, initials: account?.initials ?? '', cell: account?.cell ?? '', password: env.logins[0]?.password ?? '', name: '', note: null };
}

const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${name}`) });
async function navCount(page: Page, name: string): Promise<number> {
  const m = /(\d+) unread$/.exec((await navLink(page, name).textContent()) ?? '');
  return m ? Number(m[1]) : 0;
}

/** Who was told of a posting for coverage, once its notices are written (they follow the posting). */
async function toldOf(postingId: number): Promise<number[]> {
  let told: number[] = [];
  await poll(async () => {
    told = (await sql<{ agentId: number }>(`select agent_id as "agentId" from notifications where about = ? order by agent_id`, [`coveragePosting:${postingId}`])).map((r) => r.agentId);
    return told.length;
  }).toBeGreaterThan(0);
  return told;
}

/**
 * A demo agent's shift some days ahead that they may post for coverage, and a colleague with a
 * demo login who could cover it: found by posting it once and taking it back, so that the same
 * posting made again tells the same colleague.
 */
async function postableShift(): Promise<{ poster: DemoLogin; shift: MainShift; colleague: number }> {
  for (const poster of env.logins.filter((l) => l.agentType === 20).slice(0, 10)) {
    const api = await apiAs(env.url, poster);
    try {
      const shifts = (await mainShifts(api, poster.agentId)).filter((s) => eastern(s.startTime).toMillis() > nowMs() + 2 * 86_400_000).slice(0, 3);
      for (const shift of shifts) {
        const res = await api.post('/api/postShift', {
          data: { AgentID: poster.agentId, StartTime: apiTime(eastern(shift.startTime)), EndTime: apiTime(eastern(shift.endTime)), Notes: '', OpenToCots: 0, OpenToTrade: 0, TimeScheduleItemID: shift.id, Type: 0 },
          timeout: CALL_MS,
        });
        const answer = (await res.json()) as { outcome?: string; created?: { coveragePostings?: number[] } };
        const id = answer.created?.coveragePostings?.[0];
        if (answer.outcome !== 'ok' || id === undefined) continue;
        const told = await toldOf(id);
        const removed = await api.put(`/api/removeShiftFromCoverage/${id}?confirmed=true`, { data: {}, timeout: CALL_MS });
        expect(((await removed.json()) as { outcome?: string }).outcome).toBe('ok');
        const withLogin = (await sql<{ agentId: number }>(`select agent_id as "agentId" from accounts where agent_id = any(?::int[]) order by agent_id`, [`{${told.join(',')}}`]))[0];
        if (withLogin) return { poster, shift, colleague: withLogin.agentId };
      }
    } finally {
      await api.dispose();
    }
  }
  throw new Error('no demo shift to post that a colleague with a login could cover');
}

test.describe('who could cover is told', () => {
  test('a colleague opts in to texts on the Inbox screen; a posting they could cover arrives on their open page, counted, and as one text', async () => {
    test.setTimeout(TEST_MS);
    const { poster, shift, colleague } = await postableShift();
    const [posterName] = await sql<{ name: string }>(`select concat_ws(' ', first_name, last_name) as name from agents where agent_id = ?`, [poster.agentId]);

    const page = await env.newPage();
    await signIn(page, await loginFor(colleague));
    await navLink(page, 'Inbox').click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    const setting = page.getByRole('checkbox', { name: 'Also text me when a shift I could take is posted (a posting for coverage or for hours, or an open shift)' });
    await poll(() => setting.isEnabled()).toBe(true);
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    await poll(() => sql<{ on: boolean }>('select can_take_texts as "on" from notice_settings where agent_id = ?', [colleague])).toEqual([{ on: true }]);
    await poll(() => setting.isEnabled()).toBe(true);
    expect(await setting.isChecked()).toBe(true);
    await expectAccessible(page);
    const before = await navCount(page, 'Inbox');
    const texts = async (): Promise<{ sent: boolean }[]> => sql(`select sent_at is not null as sent from text_messages where to_agent_id = ? and kind = 'canTake'`, [colleague]);
    expect(await texts()).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The poster posts the shift on the Seeking Coverage screen.
    const posterPage = await env.newPage();
    await signIn(posterPage, poster);
    await posterPage.goto(`/postShift/${shift.id}`);
    await posterPage.getByRole('heading', { name: 'Seeking Coverage', level: 1 }).waitFor();
    await posterPage.getByLabel('Open to trade?').selectOption({ label: 'Coverage only' });
    await poll(() => posterPage.getByTestId('preview').textContent()).toContain('The rules allow this.');
    await posterPage.getByRole('button', { name: 'Post Shift' }).click();
    await answerDialog(posterPage, 'Your request for coverage has been posted.');

    // The colleague's page, untouched, shows the notice and one more unread item.
    const item = page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').first();
    await poll(() => item.textContent()).toContain(`New Shiftinator: ${posterName?.name} is looking for coverage `);
    expect(await item.textContent()).toContain('. You could cover it.');
    await poll(() => navCount(page, 'Inbox')).toBe(before + 1);
    // One text, handed to the outbox's sender.
    await poll(texts).toEqual([{ sent: true }]);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Opening it goes to the posting's day on the calendar.
    await item.getByRole('link', { name: /^Open/ }).click();
    await page.waitForURL(`**/calendar?date=${eastern(shift.startTime).toFormat('yyyy-MM-dd')}`);
    await poll(() => navCount(page, 'Inbox')).toBe(before);
  });
});
