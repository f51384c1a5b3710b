import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { answerDialog, expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Pending Activity (spec 1 "Pending Activity screen", sections 4 and 8), Recent Activity with the
 * offer logs (spec 1 "History screen", spec 3 "Recent Activity") and the Team Calendar, in the
 * browser against the seeded demo. The demo is built around today's date, so the people, postings
 * and offers used are found in the test server's own database, never assumed.
 */

const env = useBrowserServer();

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = env.server.db;
  return db.exclusive(() => db.em().getConnection().execute<T[]>(text, params));
}

/** Any demo agent signs in with the demo password (server/demo/people.ts). */
async function loginFor(agentId: number): Promise<DemoLogin> {
  const [account] = await rows<{ initials: string; cell: string }>('select initials, cell from accounts where agent_id = ?', [agentId]);
  if (!account) throw new Error(`no account for agent ${agentId}`);
  return { role: '', agentType: 0, agentId, initials: account.initials, cell: account.cell, password: env.logins[0]?.password ?? '', name: '', note: null };
}

/** An offer still open: pending, not past its expiration, on a posting still seeking coverage. */
const OPEN_OFFER = `o.status = 'pending' and (o.expiration is null or o.expiration > now()) and p.ended_at is null and p."end" > now()`;

const SECTIONS = ['Shifts I Want Covered', 'I Am Available And Open To Working During These Hours', 'My Offers To Cover Other Shifts', 'My Offers To Give My Hours To Someone Else'];

/** The screens load several calls after a navigation or an action: a default of a few seconds is short. */
const POLL = { timeout: 15_000 };

const region = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
/** The row of a table whose Initials cell reads exactly `initials`. */
const rowOf = (scope: Locator, initials: string): Locator => scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: initials, exact: true }) });

async function openPending(page: Page, login: DemoLogin): Promise<void> {
  await signIn(page, login);
  await page.getByRole('link', { name: 'Pending Activity' }).click();
  await page.waitForURL('**/pending');
  await region(page, SECTIONS[0] as string).waitFor();
}

interface Story {
  postingId: number;
  posterId: number;
}

test.describe('Pending Activity', () => {
  /** A poster with at least two offers made to them on one posting, each maker's initials unique there. */
  let poster: Story & { offers: { id: number; initials: string }[] };
  /** A poster whose only posting is that one, with no request for hours. */
  let quitter: Story;
  /** A poster with a counteroffer of theirs still open. */
  let counterer: Story & { offerId: number; initials: string };
  /** Someone with exactly one open offer, never nudged, on someone else's posting. */
  let nudger: { agentId: number; offerId: number; posterInitials: string };

  test.beforeAll(async () => {
    const [p] = await rows<Story>(
      `select p.id as "postingId", p.agent_id as "posterId"
       from coverage_postings p join offers o on o.posting_id = p.id
       where ${OPEN_OFFER} and o.rejecting_offer_id is null and o.offering_agent_id <> p.agent_id
       group by p.id, p.agent_id
       having count(*) >= 2 and count(distinct o.offering_agent_id) = count(*)
       order by count(*) desc, p.id limit 1`,
    );
    expect(p, 'the demo has a posting with two offers').toBeDefined();
    const offers = await rows<{ id: number; initials: string }>(
      `select o.id, a.initials from offers o join coverage_postings p on p.id = o.posting_id join agents a on a.agent_id = o.offering_agent_id
       where p.id = ? and ${OPEN_OFFER} and o.rejecting_offer_id is null order by o.id`,
      [p?.postingId],
    );
    const unique = offers.filter((o) => offers.filter((x) => x.initials === o.initials).length === 1);
    expect(unique.length).toBeGreaterThanOrEqual(2);
    poster = { ...(p as Story), offers: unique };

    const [c] = await rows<Story & { offerId: number; initials: string }>(
      `select p.id as "postingId", p.agent_id as "posterId", o.id as "offerId", a.initials
       from coverage_postings p join offers o on o.posting_id = p.id join agents a on a.agent_id = o.covering_agent_id
       where ${OPEN_OFFER} and o.offering_agent_id = p.agent_id and p.agent_id <> ?
       order by o.id limit 1`,
      [poster.posterId],
    );
    expect(c, 'the demo has a counteroffer').toBeDefined();
    counterer = c as typeof counterer;

    const [q] = await rows<Story>(
      `select p.id as "postingId", p.agent_id as "posterId" from coverage_postings p
       where p.ended_at is null and p."end" > now() and p.agent_id not in (?, ?)
         and not exists (select 1 from coverage_postings x where x.agent_id = p.agent_id and x.id <> p.id and x.ended_at is null and x."end" > now())
         and not exists (select 1 from pickup_postings h where h.agent_id = p.agent_id and h.ended_at is null and h."end" > now())
       order by p.id limit 1`,
      [poster.posterId, counterer.posterId],
    );
    quitter = q as Story;

    const [n] = await rows<{ agentId: number; offerId: number; posterInitials: string }>(
      `select o.offering_agent_id as "agentId", o.id as "offerId", a.initials as "posterInitials"
       from offers o join coverage_postings p on p.id = o.posting_id join agents a on a.agent_id = p.agent_id
       where ${OPEN_OFFER} and o.rejecting_offer_id is null and o.nudged_at is null and o.offering_agent_id <> p.agent_id
         and p.id not in (?, ?, ?) and o.offering_agent_id not in (?, ?, ?)
         and (select count(*) from offers m where m.offering_agent_id = o.offering_agent_id and m.status = 'pending') = 1
       order by o.id limit 1`,
      [poster.postingId, counterer.postingId, quitter.postingId, poster.posterId, counterer.posterId, quitter.posterId],
    );
    expect(n, 'the demo has an offer never nudged').toBeDefined();
    nudger = n as typeof nudger;
  });

  test('shows the four sections, the note and the offers on the poster’s shift, accessible at 1280 and 375 px', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(poster.posterId));
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SECTIONS);
    const covered = region(page, 'Shifts I Want Covered');
    await expect.poll(() => covered.locator('.banner').textContent(), POLL).toBe('Until you accept an offer for coverage, you are responsible for your shift.');
    const columns = ['Initials', 'Will Cover My', 'Trade', 'Offer Will Expire', 'Comment', 'Actions'];
    expect(await covered.getByRole('table').first().getByRole('columnheader').allTextContents()).toEqual(columns);
    for (const o of poster.offers) {
      const row = rowOf(covered, o.initials);
      expect(await row.getByRole('button').allTextContents()).toEqual(['Accept', 'Counter', 'Decline']);
      // The rules' offerCommentMaxLength, once the rule files load.
      await expect.poll(() => row.getByPlaceholder('Type An Optional Comment').getAttribute('maxlength'), POLL).toBe('75');
      expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^(TRADE: .+|No trade)$/);
    }
    // The +/- toggle folds a shift away and back.
    const toggle = covered.getByRole('button', { name: /^Collapse / }).first();
    await toggle.click();
    expect(await rowOf(covered, poster.offers[0]?.initials ?? '').isVisible()).toBe(false);
    await covered.getByRole('button', { name: /^Expand / }).first().click();
    await rowOf(covered, poster.offers[0]?.initials ?? '').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'pending');

    const narrow = await env.newPage({ width: 375, height: 800 });
    await openPending(narrow, await loginFor(poster.posterId));
    // Narrow tables are stacked cards that keep their table roles: the offer's row, by its Initials cell.
    const card = rowOf(region(narrow, 'Shifts I Want Covered'), poster.offers[0]?.initials ?? '');
    await card.waitFor();
    expect(await card.getByRole('cell').count()).toBe(columns.length);
    expect(await region(narrow, 'Shifts I Want Covered').getByRole('table').first().getByRole('columnheader').allTextContents()).toEqual(columns);
    await expectNoHorizontalOverflow(narrow);
    await expectAccessible(narrow);
    await screenshot(narrow, 'pending-375');
  });

  test('declines an offer with a comment: confirmation, success, and gone after reload with the comment saved', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(poster.posterId));
    const declined = poster.offers[0] as { id: number; initials: string };
    const covered = region(page, 'Shifts I Want Covered');
    const row = rowOf(covered, declined.initials);
    const comment = 'Thanks, someone from my team has it now';
    await row.getByPlaceholder('Type An Optional Comment').fill(comment);
    // Cancelled: nothing happens, and the comment is not saved either.
    const [before] = await rows<{ comment: string | null }>('select comment from offers where id = ?', [declined.id]);
    await row.getByRole('button', { name: 'Decline' }).click();
    await answerDialog(page, 'Are you sure you want to decline this offer?', 'Cancel');
    await expect.poll(() => row.getByRole('button', { name: 'Decline' }).isEnabled(), POLL).toBe(true);
    expect(await rows('select status, comment from offers where id = ?', [declined.id])).toEqual([{ status: 'pending', comment: before?.comment ?? null }]);
    await row.getByRole('button', { name: 'Decline' }).click();
    await answerDialog(page, 'Are you sure you want to decline this offer?');
    await answerDialog(page, 'SUCCESS: Offer declined.');
    await expect.poll(() => rowOf(covered, declined.initials).count(), POLL).toBe(0);
    await page.reload();
    await rowOf(covered, poster.offers[1]?.initials ?? '').waitFor();
    expect(await rowOf(covered, declined.initials).count()).toBe(0);
    expect(await rows('select status, comment from offers where id = ?', [declined.id])).toEqual([{ status: 'declined', comment }]);
  });

  test('accepts another offer: confirmation, then the rules’ answer', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(poster.posterId));
    const accepted = poster.offers[1] as { id: number; initials: string };
    const row = rowOf(region(page, 'Shifts I Want Covered'), accepted.initials);
    await row.getByRole('button', { name: 'Accept' }).click();
    await answerDialog(page, 'Are you sure you want to accept this offer?');
    await answerDialog(page, 'SUCCESS: Offer accepted.');
    expect((await rows<{ status: string }>('select status from offers where id = ?', [accepted.id]))[0]?.status).toBe('accepted');
    await expect.poll(() => rowOf(region(page, 'Shifts I Want Covered'), accepted.initials).count(), POLL).toBe(0);
  });

  test('labels the poster’s counteroffer and withdraws it', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(counterer.posterId));
    const covered = region(page, 'Shifts I Want Covered');
    const row = rowOf(covered, `Counteroffer: ${counterer.initials}`);
    expect(await row.getByRole('button').allTextContents()).toEqual(['Nudge', 'Withdraw']);
    await row.getByRole('button', { name: 'Withdraw' }).click();
    await answerDialog(page, 'Are you sure you want to withdraw this offer?');
    await answerDialog(page, 'SUCCESS: Offer withdrawn.');
    await expect.poll(() => rowOf(covered, `Counteroffer: ${counterer.initials}`).count(), POLL).toBe(0);
    expect((await rows<{ status: string }>('select status from offers where id = ?', [counterer.offerId]))[0]?.status).toBe('withdrawn');
  });

  test('nudges an offer, and a second nudge gets the 24-hour message', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(nudger.agentId));
    const mine = region(page, 'My Offers To Cover Other Shifts');
    const row = rowOf(mine, nudger.posterInitials);
    expect(await row.getByRole('button').allTextContents()).toEqual(['Nudge', 'Withdraw']);
    await row.getByRole('button', { name: 'Nudge' }).click();
    await answerDialog(page, 'Are you sure you want to send a text message, reminding them of your offer? Can only do this once every 24 hours.');
    await answerDialog(page, 'SUCCESS: Sent a nudge.');
    await row.getByRole('button', { name: 'Nudge' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect
      .poll(() => dialog.textContent(), POLL)
      .toMatch(/^You can only nudge once every 24 hours\. You nudged at \d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} [AP]M\. You can nudge again at \d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} [AP]MOK$/);
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect((await rows<{ nudged: boolean }>('select nudged_at is not null as nudged from offers where id = ?', [nudger.offerId]))[0]?.nudged).toBe(true);
  });

  test('“No longer want coverage.” asks first, then the posting is gone', async () => {
    const page = await env.newPage();
    await openPending(page, await loginFor(quitter.posterId));
    const covered = region(page, 'Shifts I Want Covered');
    const button = covered.getByRole('button', { name: 'No longer want coverage.' });
    await button.click();
    await answerDialog(page, 'Are you sure you no longer want coverage? You will be responsible for this shift.', 'Cancel');
    expect(await button.count()).toBe(1);
    await button.click();
    await answerDialog(page, 'Are you sure you no longer want coverage? You will be responsible for this shift.');
    await expect.poll(() => covered.locator('.empty').first().textContent(), POLL).toBe('No active postings.');
    await page.reload();
    await expect.poll(() => region(page, 'Shifts I Want Covered').locator('.empty').first().textContent(), POLL).toBe('No active postings.');
    expect((await rows<{ ended: boolean }>('select ended_at is not null as ended from coverage_postings where id = ?', [quitter.postingId]))[0]?.ended).toBe(true);
  });
});

test.describe('Recent Activity and the offer logs', () => {
  async function logOf(agentId: number): Promise<string[]> {
    const lines = await rows<{ message: string }>(
      `select message from offer_log where agent_id = ? and at > now() - interval '14 days' and at <= now() order by at desc, id desc`,
      [agentId],
    );
    return lines.map((l) => l.message);
  }
  async function shownLog(page: Page, name: string): Promise<string[]> {
    const section = region(page, name);
    await section.locator('.history-list, .empty').first().waitFor();
    if (await section.locator('.empty').count()) return [];
    return section.locator('.history-list li span:last-child').allTextContents();
  }

  test('a call specialist sees their own log only, the lists and the stats, at 1280 and 375 px', async () => {
    const login = loginOf(env.logins, 20);
    const page = await env.newPage();
    await signIn(page, login);
    await page.getByRole('link', { name: 'Recent Activity' }).click();
    await page.waitForURL('**/history');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), POLL).toBe('Recent Activity');
    await page.getByText('History goes back 14 days.').waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await shownLog(page, 'My Offer Log')).toEqual(await logOf(login.agentId));

    const stats = region(page, 'Stats');
    await stats.getByRole('table').waitFor();
    expect(await stats.getByRole('columnheader').allTextContents()).toEqual(['Stat', 'Your Total', 'Total For Everyone Since 2/14/24']);
    const mine = (await (await page.request.get(`/api/getMyStats/${login.agentId}`)).json()) as { minWorked: number; shiftChanges: number }[];
    const all = (await (await page.request.get('/api/getAllStats')).json()) as { minWorked: number; shiftChanges: number }[];
    const cells = async (name: string): Promise<string[]> => stats.getByRole('row').filter({ hasText: name }).getByRole('cell').allTextContents();
    expect(await cells('Shift Changes')).toEqual(['Shift Changes', mine[0]?.shiftChanges.toLocaleString('en-US'), all[0]?.shiftChanges.toLocaleString('en-US')]);
    expect(await cells('Minutes worked on shifts picked up')).toEqual(['Minutes worked on shifts picked up', mine[0]?.minWorked.toLocaleString('en-US'), all[0]?.minWorked.toLocaleString('en-US')]);
    await region(page, 'Personal Time Approved').locator('.history-list, .empty').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'history');

    const narrow = await env.newPage({ width: 375, height: 800 });
    await signIn(narrow, login);
    await narrow.goto('/history');
    await region(narrow, 'Stats').getByRole('table').waitFor();
    await expectNoHorizontalOverflow(narrow);
    await expectAccessible(narrow);
    await screenshot(narrow, 'history-375');
  });

  test('an operations manager (240) has every selector and reads a call specialist’s and a supervisor’s log', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 240));
    await page.goto('/history');
    const selectors = page.getByRole('group', { name: 'Offer Log' });
    await selectors.waitFor();
    expect(await selectors.getByRole('radio').evaluateAll((els) => els.map((e) => e.parentElement?.textContent?.trim()))).toEqual([
      'Supervisor Offer Log',
      'Account Manager Offer Log',
      'Call Specialist Offer Log',
      'My Offer Log',
    ]);
    const busiest = async (types: string): Promise<{ agentId: number }> => {
      const [a] = await rows<{ agentId: number }>(
        `select a.agent_id as "agentId" from agents a
         where ${types} and (a.termination_date is null or a.termination_date > now())
         order by (select count(*) from offer_log l where l.agent_id = a.agent_id and l.at > now() - interval '14 days' and l.at <= now()) desc, a.agent_id limit 1`,
      );
      return a as { agentId: number };
    };
    for (const [label, types] of [
      ['Call Specialist Offer Log', 'a.agent_type < 75'],
      ['Supervisor Offer Log', '(a.agent_type between 75 and 80 or a.agent_type between 100 and 103)'],
    ] as const) {
      await selectors.getByLabel(label).check();
      const agent = await busiest(types);
      await region(page, label).getByLabel('Agent').selectOption(String(agent.agentId));
      const expected = await logOf(agent.agentId);
      await expect.poll(() => shownLog(page, label), POLL).toEqual(expected);
      if (label === 'Call Specialist Offer Log') expect(expected.length).toBeGreaterThan(0);
    }
    await expectAccessible(page);
    await screenshot(page, 'history-offer-logs');
  });
});

test.describe('Team Calendar', () => {
  test('is not in a call specialist’s navigation, and says so at its address', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 20));
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team Calendar' }).count()).toBe(0);
    await page.goto('/teamCalendar');
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toBe('You are unable to see the Team Calendar.');
  });

  test('a supervisor (100) sees the team, its postings by day, and a member’s scheduled hours, at 1280 and 375 px', async () => {
    const login = loginOf(env.logins, 100);
    const team = await rows<{ agentId: number; initials: string }>(
      `select a.agent_id as "agentId", a.initials from agents a join teams t on t.id = a.team_id
       where t.leader_id = ? and a.agent_id <> ? and (a.termination_date is null or a.termination_date > now())
       order by a.initials collate "C", a.agent_id`,
      [login.agentId, login.agentId],
    );
    expect(team.length).toBeGreaterThan(0);
    const ids = team.map((m) => m.agentId);
    /** The team's open postings of one table, counted per Eastern day of their start. */
    const perDay = (table: string): Promise<{ day: string; label: string; n: number }[]> =>
      rows(
        `select to_char(p.start at time zone 'America/New_York', 'YYYY-MM-DD') as day,
                to_char(p.start at time zone 'America/New_York', 'FMDay, FMMonth FMDD') as label, count(*)::int as n
         from ${table} p where p.ended_at is null and p."end" > now() and p.agent_id in (${ids.join(', ')})
         group by 1, 2 order by 1`,
      );
    const coverage = await perDay('coverage_postings');
    const hours = await perDay('pickup_postings');
    expect(coverage.length + hours.length, 'the team has postings').toBeGreaterThan(0);

    const page = await env.newPage();
    await signIn(page, login);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team Calendar' }).click();
    await page.waitForURL('**/teamCalendar');
    const members = page.getByLabel('Team Members', { exact: true });
    await members.waitFor();
    expect(await members.locator('option').allTextContents()).toEqual(['All Members', ...team.map((m) => m.initials)]);

    /** The day's button, in this month's grid or the next, from a fresh page (this month, all members). */
    const dayButton = async (label: string): Promise<Locator> => {
      await page.goto('/teamCalendar');
      await page.locator('.team-grid').waitFor();
      const button = page.getByRole('button', { name: new RegExp(`^${label}(,|$)`) });
      if ((await button.count()) === 0) await page.getByRole('button', { name: 'Next Month' }).click();
      return button;
    };
    for (const [list, text, table] of [
      [coverage, 'Seeking Coverage', 'Team Members Seeking Coverage'],
      [hours, 'Seeking Hours', 'Team Members Seeking Hours'],
    ] as const) {
      const first = list[0];
      if (!first) continue;
      const button = await dayButton(first.label);
      await expect.poll(() => button.locator('.team-event').allTextContents(), POLL).toContain(`${first.n} ${text}`);
      await button.click();
      await expect.poll(() => region(page, table).getByRole('row').count(), POLL).toBe(first.n + 1);
    }

    // A member's day: their shift less its meal breaks.
    const [day] = await rows<{ agentId: number; initials: string; label: string; minutes: number }>(
      `select s.agent_id as "agentId", a.initials, to_char(s.start at time zone 'America/New_York', 'FMDay, FMMonth FMDD') as label,
              (extract(epoch from s."end" - s.start) / 60 - coalesce((select sum(extract(epoch from b."end" - b.start) / 60) from shifts b where b.parent_id = s.id and b.shift_type = 5), 0))::int as minutes
       from shifts s join agents a on a.agent_id = s.agent_id
       where s.agent_id in (${ids.join(', ')}) and s.parent_id is null and s.start > now() + interval '1 day' and s.start < now() + interval '10 days'
         and (s.start at time zone 'America/New_York')::date = (s."end" at time zone 'America/New_York')::date
         and (select count(*) from shifts o where o.agent_id = s.agent_id and o.parent_id is null
              and o.start < ((s.start at time zone 'America/New_York')::date + 1)::timestamp at time zone 'America/New_York'
              and o."end" > ((s.start at time zone 'America/New_York')::date)::timestamp at time zone 'America/New_York') = 1
       order by s.start limit 1`,
    );
    expect(day, 'a team member works in the coming days').toBeDefined();
    if (!day) return;
    const button = await dayButton(day.label);
    await members.selectOption(String(day.agentId));
    await button.click();
    const expected = `${day.initials} is scheduled for ${Math.floor(day.minutes / 60)} hours and ${day.minutes % 60} minutes on this date.`;
    await expect.poll(() => page.locator('.team-member-hours').textContent(), POLL).toBe(expected);
    await expect.poll(() => region(page, 'Scheduled Shifts').getByRole('row').count(), POLL).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'team-calendar');

    const narrow = await env.newPage({ width: 375, height: 800 });
    await signIn(narrow, login);
    await narrow.goto('/teamCalendar');
    await narrow.getByLabel('Team Members', { exact: true }).waitFor();
    await narrow.locator('.team-grid').waitFor();
    await expectNoHorizontalOverflow(narrow);
    await expectAccessible(narrow);
    await screenshot(narrow, 'team-calendar-375');
  });
});
