import { expect, test } from '@playwright/test';
import { signIn, useBrowserServer, type DemoLogin } from './support.ts';

/**
 * Issue 21 part 1 in the browser: a poster sees how many colleagues could take their posting for
 * coverage; a supervisor sees on the Team Calendar who could and, for the rest, the rule's message.
 */

const env = useBrowserServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

interface Posting {
  id: number;
  posterId: number;
  date: string;
}

interface Who {
  could: number;
  of: number;
  people?: { initials: string | null; fullName: string; could: boolean; message: string | null }[];
}

/** The demo's live postings for coverage within this month and next, soonest first. */
async function postings(): Promise<Posting[]> {
  return env.server.db.exclusive(() =>
    env.server.db
      .em()
      .getConnection()
      .execute<Posting[]>(
        `select p.id, p.agent_id as "posterId", to_char(p.start at time zone 'America/New_York', 'YYYY-MM-DD') as date from coverage_postings p
         where p.ended_at is null and p.start > now() and p.start < date_trunc('month', now()) + interval '2 months' order by p.start, p.id`,
      ),
  );
}

async function loginFor(agentId: number): Promise<DemoLogin & { agentType: number }> {
  const [account] = await env.server.db.exclusive(() =>
    env.server.db
      .em()
      .getConnection()
      .execute<{ initials: string; cell: string; agentType: number }[]>('select c.initials, c.cell, a.agent_type as "agentType" from accounts c join agents a on a.agent_id = c.agent_id where c.agent_id = ?', [agentId]),
  );
  return { role: '', agentType: account?.agentType ?? 0, agentId, initials: account?.initials ?? '', cell: account?.cell ?? '', password: env.logins[0]?.password ?? '', name: '', note: null };
}

test.describe('who could take it', () => {
  test('the poster sees a count; a supervisor on the Team Calendar sees who could and why the others could not', async () => {
    const sup = env.logins.find((l) => l.agentType === 100);
    expect(sup, 'a supervisor demo login').toBeDefined();
    const supPage = await env.newPage();
    await signIn(supPage, sup as DemoLogin);
    const team = (await supPage.evaluate(async (id) => (await fetch(`/api/teamLookingForCov/${id}`)).json() as Promise<{ lookingForCoverageID: number }[]>, sup?.agentId)).map((p) => p.lookingForCoverageID);
    // A posting of the supervisor's team that some colleagues could take and some could not.
    let found: { posting: Posting; who: Who } | undefined;
    for (const posting of (await postings()).filter((p) => team.includes(p.id))) {
      const who = await supPage.evaluate(async (id) => (await fetch(`/api/whoCouldTakeCoveragePosting/${id}`)).json() as Promise<Who>, posting.id);
      if (who.could > 0 && who.could < who.of) {
        found = { posting, who };
        break;
      }
    }
    expect(found, 'a demo posting some could take and some could not').toBeDefined();
    const { posting, who } = found as { posting: Posting; who: Who };
    const count = `${who.could} of ${who.of} colleagues could take this`;

    const poster = await env.newPage();
    await signIn(poster, await loginFor(posting.posterId));
    await poster.goto(`/calendar?date=${posting.date}`);
    const row = poster.getByRole('region', { name: 'Agents Seeking Coverage', exact: true }).locator('tbody tr', { hasText: count });
    await poll(() => row.count()).toBe(1);

    // The day's rows are asked about in one read, not one read a row.
    const asked: string[] = [];
    supPage.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/whoCouldTake')) asked.push(path);
    });
    await supPage.goto('/teamCalendar');
    // The grid shows this month's weeks; a posting later on is a step ahead.
    const day = supPage.locator(`button[data-date="${posting.date}"]`).first();
    await supPage.getByRole('button', { name: 'Previous month' }).waitFor();
    if ((await day.count()) === 0) await supPage.getByRole('button', { name: 'Next month' }).click();
    await day.click();
    const summary = supPage.getByRole('region', { name: 'Team Members Seeking Coverage', exact: true }).getByText(count);
    await poll(() => summary.count()).toBeGreaterThan(0);
    await summary.first().click();
    // Grouped by what they would be told: the rule's message heads the group of those it stops.
    const notOne = who.people?.find((p) => !p.could);
    const group = supPage.locator('.who-group').filter({ has: supPage.locator('summary', { hasText: notOne?.message ?? '' }) }).first();
    await group.locator('summary').click();
    await poll(() => group.getByRole('listitem').filter({ hasText: notOne?.fullName ?? '' }).count()).toBeGreaterThan(0);
    expect(asked.filter((p) => p.startsWith('/api/whoCouldTakeCoveragePosting/'))).toEqual([]);
    expect(asked.filter((p) => p.startsWith('/api/whoCouldTakeCoveragePostings/') && decodeURIComponent(p).split('/')[3]?.split(',').includes(String(posting.id)))).toHaveLength(1);
  });
});
