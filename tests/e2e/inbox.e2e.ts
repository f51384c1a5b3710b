import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectAccessible, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 21 parts 2 and 3: a text sent to a person is an item in their inbox, counted in the
 * navigation, listed with its time, linking to the screen it concerns, and marked read once
 * opened; and what another person does shows on an open page without reloading it.
 */

const env = useBrowserServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface OpenOffer {
  id: number;
  posterId: number;
  makerId: number;
  posterInitials: string;
}

/**
 * A pending offer of the demo on a live coverage posting, made by someone else than the poster, whose
 * maker has nothing in their inbox yet (the `skip`th). The demo's posters have the items their
 * pending offers made.
 */
async function openOffer(skip = 0): Promise<OpenOffer> {
  const [offer] = await env.server.db.exclusive(() =>
    env.server.db
      .em()
      .getConnection()
      .execute<OpenOffer[]>(
        `select o.id, p.agent_id as "posterId", o.offering_agent_id as "makerId", a.initials as "posterInitials" from offers o
         join coverage_postings p on p.id = o.posting_id join agents a on a.agent_id = p.agent_id
         where o.status = 'pending' and (o.expiration is null or o.expiration > now()) and p.ended_at is null and p."end" > now()
           and o.rejecting_offer_id is null and o.offering_agent_id <> p.agent_id
           and not exists (select 1 from notifications n where n.agent_id = o.offering_agent_id)
         order by o.id limit 1 offset ?`,
        [skip],
      ),
  );
  expect(offer, 'an open offer in the demo').toBeDefined();
  return offer as OpenOffer;
}

/** The demo account of an agent (every demo account has the same password). */
async function loginFor(agentId: number): Promise<DemoLogin> {
  const [account] = await env.server.db.exclusive(() =>
    env.server.db.em().getConnection().execute<{ initials: string; cell: string }[]>('select initials, cell from accounts where agent_id = ?', [agentId]),
  );
  return { role: '', agentType: 0, agentId, initials: account?.initials ?? '', cell: account?.cell ?? '', password: env.logins[0]?.password ?? '', name: '', note: null };
}

const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${name}`) });
/** The unread count the navigation shows next to a link (0 when it shows none). */
async function navCount(page: Page, name: string): Promise<number> {
  const text = (await navLink(page, name).textContent()) ?? '';
  const m = /(\d+) unread$/.exec(text);
  return m ? Number(m[1]) : 0;
}

async function decline(page: Page, offerId: number): Promise<void> {
  const answer = await page.evaluate(async (id) => (await fetch(`/api/rejectOffer/${id}?confirmed=true`, { method: 'PUT' })).json() as Promise<unknown>, offerId);
  expect(answer).toMatchObject({ outcome: 'ok', message: 'SUCCESS: Offer declined.' });
}

test.describe('the inbox', () => {
  test("a declined offer's text shows in its maker's inbox, counted in the navigation, and opening it goes to Pending Activity and marks it read", async () => {
    const offer = await openOffer();
    const poster = await env.newPage();
    await signIn(poster, await loginFor(offer.posterId));
    await decline(poster, offer.id);

    const maker = await env.newPage();
    await signIn(maker, await loginFor(offer.makerId));
    await poll(() => navCount(maker, 'Inbox')).toBe(1);
    await navLink(maker, 'Inbox').click();
    await maker.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    const item = maker.getByRole('list', { name: 'Inbox' }).getByRole('listitem').first();
    await poll(() => item.textContent()).toMatch(new RegExp(`^\\d{1,2}/\\d{1,2}/\\d{4}, \\d{1,2}:\\d{2} [AP]M New Shiftinator: ${offer.posterInitials} declined your offer for .* - .*\\. Open Pending Activity to see your offers\\. Open`));
    await expectAccessible(maker);

    await item.getByRole('link', { name: /^Open/ }).click();
    await maker.waitForURL('**/pending');
    await poll(() => navCount(maker, 'Inbox')).toBe(0);
    await navLink(maker, 'Inbox').click();
    await poll(() => item.textContent()).not.toContain('New');
  });

  test('what another person does shows on an open page without reloading: a declined offer, its inbox item, a chat message', async () => {
    const offer = await openOffer();
    const maker = await env.newPage();
    await signIn(maker, await loginFor(offer.makerId));
    await navLink(maker, 'Pending Activity').click();
    const mine = maker.getByRole('region', { name: 'My Offers To Cover Other Shifts', exact: true }).locator('tbody tr');
    await poll(() => mine.count()).toBeGreaterThan(0);
    const before = await mine.count();
    const inboxBefore = await navCount(maker, 'Inbox');
    const chatBefore = await navCount(maker, 'Chat');
    await maker.evaluate(() => Object.assign(window, { sameDocument: true }));

    const poster = await env.newPage();
    await signIn(poster, await loginFor(offer.posterId));
    await decline(poster, offer.id);
    // The maker's page, untouched, shows the offer gone and one more unread item.
    await poll(() => mine.count()).toBe(before - 1);
    await poll(() => navCount(maker, 'Inbox')).toBe(inboxBefore + 1);

    const sent = await poster.evaluate(
      async (to) => (await fetch('/api/sendMessage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ AgentID: to.from, toAgentID: to.to, Notes: 'Sorry, I found someone else.' }) })).json() as Promise<unknown>,
      { from: offer.posterId, to: offer.makerId },
    );
    expect(sent).toMatchObject({ outcome: 'ok' });
    await poll(() => navCount(maker, 'Chat')).toBe(chatBefore + 1);
    expect(await maker.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
