import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInstant, parseInstant, PreparedWorld, type NormalizedWorld, type WorldRecord } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { dayOf } from '../../engine/time.ts';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { decideMaking } from '../../server/demo/making.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/seed.ts';
import { openTestDatabase, readWorld, refusedPendingOffers } from './support.ts';

/**
 * The demo holds only what the actions could have built: the invariants the actions keep hold of
 * it as loaded. Personal time left on its shift was bookable a second time: the moment is one with
 * personal time two days ahead.
 */
const NOW = parseInstant('2026-11-26 05:00');
const rules = loadRulesDir();

let db: Database;
let drop: () => Promise<void>;
let world: NormalizedWorld;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await seedDemo(db, { now: NOW, rules: loadRulesDir() });
  world = await readWorld(db);
}, 180_000);
afterAll(async () => {
  await drop();
}, 60_000);

const list = (name: string): WorldRecord[] => world[name] ?? [];
const mains = (): WorldRecord[] => list('shifts').filter((s) => s.parentId === null);
const span = (r: WorldRecord): string => `${formatInstant(r.start as number)} - ${formatInstant(r.end as number)}`;

/**
 * The demo as it stood when `offer` was made: the offers made since (and the offer itself) not yet
 * made, the ones they answered still pending, postings taken down since still up, and shifts an
 * offer accepted since gave away still their poster's.
 */
function asMade(offer: WorldRecord): NormalizedWorld {
  const t = offer.createdAt as number;
  const later = new Set(list('offers').filter((o) => o.id === offer.id || (o.createdAt as number) > t).map((o) => o.id));
  const answered = new Set(list('offers').filter((o) => later.has(o.id)).map((o) => o.rejectingOfferId));
  const postings = new Map(list('coveragePostings').map((p) => [p.id, p]));
  const givenAway = new Map<unknown, unknown>();
  for (const o of list('offers').filter((x) => later.has(x.id) && x.status === 'accepted' && x.postingId !== null)) {
    const posting = postings.get(o.postingId) as WorldRecord;
    givenAway.set(posting.shiftId, posting.agentId);
  }
  const reopened = (p: WorldRecord): WorldRecord => (p.endedAt !== null && (p.endedAt as number) > t ? { ...p, endedAt: null } : p);
  return {
    ...world,
    offers: list('offers').filter((o) => !later.has(o.id)).map((o) => (answered.has(o.id) ? { ...o, status: 'pending' } : o)),
    coveragePostings: list('coveragePostings').map(reopened),
    pickupPostings: list('pickupPostings').map(reopened),
    shifts: list('shifts').map((s) => {
      if (givenAway.has(s.id)) return { ...s, agentId: givenAway.get(s.id), isCovering: false };
      return givenAway.has(s.parentId) ? { ...s, agentId: givenAway.get(s.parentId) } : s;
    }),
  };
}

async function signIn(app: ReturnType<typeof createApp>, initials: string, cell: string): Promise<string> {
  const res = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ initials, cell, password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

describe('the demo keeps the invariants the actions keep', () => {
  it('has personal time ahead, on shifts of the schedule', () => {
    const ahead = list('personalRequests').filter((p) => (p.start as number) > NOW && p.shiftId !== null);
    expect(ahead.length).toBeGreaterThanOrEqual(20);
  });

  it('keeps personal time booked ahead in its balance, to be taken when it starts, and books no more than the balance holds', () => {
    const ahead = list('personalRequests').filter((p) => (p.start as number) > NOW);
    expect(ahead.filter((p) => p.chargeAtStart !== true)).toEqual([]);
    expect(list('personalRequests').filter((p) => (p.start as number) <= NOW && p.chargeAtStart === true)).toEqual([]);
    const booked = new Map<unknown, number>();
    for (const p of ahead) booked.set(p.agentId, (booked.get(p.agentId) ?? 0) + (p.minutes as number));
    const over = list('agents').filter((a) => (booked.get(a.agentId) ?? 0) > (a.personalTime as number));
    expect(over.map((a) => `${String(a.initials)}: ${String(booked.get(a.agentId))} booked, ${String(a.personalTime)} in the balance`)).toEqual([]);
  });

  it('holds no hour both worked and paid as personal time: personal time left the shift it came from', () => {
    const byAgent = new Map<unknown, WorldRecord[]>();
    for (const s of mains()) byAgent.set(s.agentId, [...(byAgent.get(s.agentId) ?? []), s]);
    const both: string[] = [];
    for (const p of list('personalRequests').filter((x) => x.status === 'approved')) {
      for (const s of byAgent.get(p.agentId) ?? []) {
        if ((s.start as number) < (p.end as number) && (s.end as number) > (p.start as number)) {
          both.push(`agent ${String(p.agentId)}: personal time ${String(p.id)} (${span(p)}) and shift ${String(s.id)} (${span(s)})`);
        }
      }
    }
    expect(both).toEqual([]);
  });

  it('gives no agent two shifts at once, and keeps every meal break inside its shift', () => {
    const byAgent = new Map<unknown, WorldRecord[]>();
    for (const s of mains()) byAgent.set(s.agentId, [...(byAgent.get(s.agentId) ?? []), s]);
    const overlapping: string[] = [];
    for (const [agent, shifts] of byAgent) {
      const sorted = [...shifts].sort((a, b) => (a.start as number) - (b.start as number));
      for (let i = 1; i < sorted.length; i++) {
        const [prev, next] = [sorted[i - 1] as WorldRecord, sorted[i] as WorldRecord];
        if ((next.start as number) < (prev.end as number)) overlapping.push(`agent ${String(agent)}: ${span(prev)} and ${span(next)}`);
      }
    }
    expect(overlapping).toEqual([]);
    const byId = new Map(mains().map((s) => [s.id, s]));
    for (const b of list('shifts').filter((s) => s.parentId !== null)) {
      const parent = byId.get(b.parentId);
      expect(parent, `break ${String(b.id)}`).toBeDefined();
      expect([b.agentId, (b.start as number) >= (parent?.start as number), (b.end as number) <= (parent?.end as number)]).toEqual([parent?.agentId, true, true]);
    }
  });

  it("shows the account-manager limits with the README's plain account manager (NPH), not with the exempt one (TZO)", async () => {
    const prepared = new PreparedWorld(world);
    const holidays = new Set(list('days').filter((d) => d.holiday === true).map((d) => d.date as number));
    const ordinaryAhead = (agentId: number): WorldRecord | undefined =>
      mains().find((s) => s.agentId === agentId && (s.start as number) > NOW + 24 * 60 && !holidays.has(dayOf(s.start as number)));
    const post = async (initials: string): Promise<string | null | undefined> => {
      const agent = list('agents').find((a) => a.initials === initials) as WorldRecord;
      const shift = ordinaryAhead(agent.agentId as number);
      expect(shift, `${initials} has an ordinary-day shift ahead`).toBeDefined();
      const input = { timeScheduleItemId: shift?.id, startTime: shift?.start, endTime: shift?.end, notes: null, openToCots: null, openToTrade: 0, type: null };
      return (await rules.action('postShift').decide({ world: prepared, now: NOW, actor: agent.agentId as number, input })).rule;
    };
    expect(await post('NPH')).toBe('postShift.accountManagerHoliday');
    expect(await post('TZO')).not.toBe('postShift.accountManagerHoliday');
  });

  it('has every pending offer one its recipient can accept, as the engine decides', async () => {
    const { pending, refused } = await refusedPendingOffers(rules, world, NOW);
    expect(pending).toBeGreaterThan(20);
    expect(refused).toEqual([]);
  });

  it('has every offer, pending or past, one its maker could make when they made it, as the engine decides', async () => {
    const offers = list('offers');
    expect(new Set(offers.map((o) => o.status))).toEqual(new Set(['pending', 'declined', 'withdrawn', 'expired', 'accepted']));
    const refused: string[] = [];
    for (const offer of offers) {
      const d = await decideMaking(rules, new PreparedWorld(asMade(offer)), offer);
      if (d.outcome !== 'ok') refused.push(`offer ${String(offer.id)} (${String(offer.status)}): ${d.rule ?? ''} ${d.message ?? ''}`);
    }
    expect(refused).toEqual([]);
  });

  it("has in the inbox of every pending offer's other side the item its making sent: naming its maker, when it was made", async () => {
    const items: { agent_id: number; kind: string; body: string; created_at: Date }[] = await db.em().getConnection().execute('select agent_id, kind, body, created_at from notifications');
    const coverage = new Map(list('coveragePostings').map((p) => [p.id, p]));
    const pickup = new Map(list('pickupPostings').map((p) => [p.id, p]));
    const shifts = new Map(list('shifts').map((s) => [s.id, s]));
    const initials = new Map(list('agents').map((a) => [a.agentId, a.initials as string]));
    // An offer goes to the poster; the poster's counteroffer to the one who offered.
    const recipientOf = (o: WorldRecord): unknown => {
      if (o.postingId !== null) {
        const poster = coverage.get(o.postingId)?.agentId;
        return o.offeringAgentId === poster ? o.coveringAgentId : poster;
      }
      const poster = pickup.get(o.pickupPostingId)?.agentId;
      return o.offeringAgentId === poster ? shifts.get(o.shiftId)?.agentId : poster;
    };
    const left = [...items];
    const missing: string[] = [];
    const pending = list('offers').filter((o) => o.status === 'pending');
    for (const o of pending) {
      const kind = o.rejectingOfferId === null ? 'offer' : 'counterOffer';
      const at = (o.createdAt as number) * 60_000;
      const i = left.findIndex((x) => x.agent_id === recipientOf(o) && x.kind === kind && new Date(x.created_at).getTime() === at && x.body.startsWith(`Shiftinator: ${initials.get(o.offeringAgentId) ?? '?'} `));
      if (i < 0) missing.push(`offer ${String(o.id)} by ${initials.get(o.offeringAgentId) ?? '?'} to agent ${String(recipientOf(o))} at ${formatInstant(o.createdAt as number)}`);
      else left.splice(i, 1);
    }
    expect(pending.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
    expect(left).toEqual([]);
  });

  it('refuses a second booking of an hour on a shift personal time ahead took whole, and takes nothing', async () => {
    const shifts = new Set(list('shifts').map((s) => s.id));
    const booked = list('personalRequests').find((p) => (p.start as number) > NOW + 24 * 60 && p.shiftId !== null && !shifts.has(p.shiftId) && (p.end as number) - (p.start as number) >= 180) as WorldRecord;
    expect(booked).toMatchObject({ status: 'approved' });
    const agent = list('agents').find((a) => a.agentId === booked.agentId) as WorldRecord;
    const [account] = (await db.em().getConnection().execute('select initials, cell from accounts where agent_id = ?', [agent.agentId])) as { initials: string; cell: string }[];
    const app = createApp({ db, rules, rulesHash: 'test', now: () => NOW });
    const cookie = await signIn(app, account?.initials as string, account?.cell as string);
    const res = await app.request('/api/requestPersonal', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ AgentID: agent.agentId, TimeScheduleItemID: booked.shiftId, StartTime: formatInstant((booked.start as number) + 120), EndTime: formatInstant((booked.start as number) + 180) }),
    });
    expect([res.status, await res.json()]).toEqual([409, { outcome: 'error', message: 'ERROR: This shift was deleted.', rule: 'requestPersonal.shiftExists', warnings: [] }]);
    const after = await readWorld(db);
    expect(after.personalRequests).toEqual(list('personalRequests'));
    expect(after.agents?.find((a) => a.agentId === agent.agentId)?.personalTime).toBe(agent.personalTime);
  });

  it('refuses personal time again inside the hours of any personal time ahead, as the engine decides', async () => {
    const prepared = new PreparedWorld(world);
    const accepted: string[] = [];
    for (const p of list('personalRequests').filter((x) => (x.start as number) > NOW + 60 && x.shiftId !== null)) {
      const input = { timeScheduleItemId: p.shiftId, startTime: p.start, endTime: Math.min(p.end as number, (p.start as number) + 60) };
      const d = await rules.action('requestPersonal').decide({ world: prepared, now: NOW, actor: p.agentId as number, input });
      if (d.outcome === 'ok') accepted.push(`personal time ${String(p.id)} (${span(p)})`);
    }
    expect(accepted).toEqual([]);
  });
});
