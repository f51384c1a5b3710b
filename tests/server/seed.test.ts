import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatInstant, parseDate, parseInstant, PreparedWorld, type NormalizedWorld, type WorldRecord } from '../../engine/index.ts';
import { loadRulesDir } from '../../cli/load-rules.ts';
import { createApp } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { migrate, openDatabase, type Database } from '../../server/db/database.ts';
import { buildDemoWorld, DEMO_PASSWORD, seedDemo, type SeedSummary } from '../../server/demo/seed.ts';
import { openTestDatabase, readWorld, refusedPendingOffers, scratchPostgres } from './support.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

/** The agent types spec 1 section 3 and spec 3 section 6 name; 20-29 are call specialists. */
const SPEC_AGENT_TYPES = [10, 15, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 75, 80, 85, 100, 101, 102, 103, 105, 110, 240, 350, 450];

const NOW = parseInstant('2026-11-22 13:00');
const TODAY = parseDate('2026-11-22');
const rules = loadRulesDir();

let db: Database;
let drop: () => Promise<void>;
let summary: SeedSummary;
let world: NormalizedWorld;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  summary = await seedDemo(db, { now: NOW, rules: loadRulesDir() });
  world = await readWorld(db);
}, 180_000);
afterAll(async () => {
  await drop();
}, 60_000);

const list = (name: string): WorldRecord[] => world[name] ?? [];

async function login(app: ReturnType<typeof createApp>, body: Record<string, string>): Promise<Response> {
  return await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('db seed: the demo world', () => {
  it('puts in the inboxes the texts its pending offers would have sent, one item each, to the other side', async () => {
    const items: { agent_id: number; kind: string; body: string; link: string; read_at: unknown }[] = await db.em().getConnection().execute('select agent_id, kind, body, link, read_at from notifications');
    const pending = list('offers').filter((o) => o.status === 'pending');
    expect(summary.inboxItems).toBe(items.length);
    expect(items.length).toBe(pending.length);
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['offer', 'counterOffer']));
    expect(items.every((i) => i.link === '/pending' && i.read_at === null && i.body.startsWith('Shiftinator: '))).toBe(true);
    // An offer on a posting for coverage reaches its poster, worded by rules/postOfferCoverage.json.
    const posters = new Set(list('coveragePostings').map((p) => p.agentId));
    expect(items.some((i) => posters.has(i.agent_id) && /^Shiftinator: \S+ offered to cover your shift for /.test(i.body))).toBe(true);
  });

  it('has a few hundred agents of every agent type the specs name, with Spanish speakers, DOCS cover and probation', () => {
    const agents = list('agents');
    expect(agents.length).toBeGreaterThanOrEqual(200);
    expect([...new Set(agents.map((a) => a.agentType))].sort((a, b) => (a as number) - (b as number))).toEqual(SPEC_AGENT_TYPES);
    expect(agents.filter((a) => a.spanish).length).toBeGreaterThan(20);
    expect(agents.filter((a) => a.canCoverDOCS && (a.agentType === 75 || a.agentType === 80)).length).toBeGreaterThan(0);
    expect(agents.filter((a) => a.probationUntil !== null && (a.probationUntil as number) > TODAY).length).toBeGreaterThanOrEqual(3);
    expect(new Set(agents.map((a) => a.initials)).size).toBe(agents.length);
    expect(summary.agents).toBe(agents.length);
  });

  it('gives every agent an account, and the printed logins sign in as the role they name', async () => {
    const accounts: { agent_id: number }[] = await db.em().getConnection().execute('select agent_id from accounts');
    expect(accounts.map((a) => a.agent_id).sort()).toEqual(list('agents').map((a) => a.agentId).sort());

    const app = createApp({ db, rules, rulesHash: 'test', now: () => NOW });
    const roles = new Set(summary.logins.map((l) => l.agentType));
    for (const type of SPEC_AGENT_TYPES.filter((t) => t < 20 || t > 29 || t === 20 || t === 21)) expect(roles).toContain(type);
    for (const l of summary.logins) {
      expect(l.password).toBe(DEMO_PASSWORD);
      // Typed as a person would: lower-case initials, a cell with dashes.
      const res = await login(app, { initials: l.initials.toLowerCase(), cell: `${l.cell.slice(0, 3)}-${l.cell.slice(3, 6)}-${l.cell.slice(6)}`, password: l.password });
      expect(res.status, `${l.role} ${l.initials}`).toBe(200);
      expect(await res.json()).toMatchObject({ agentId: l.agentId, agentType: l.agentType });
    }
    const someone = summary.logins[0];
    if (!someone) throw new Error('no logins');
    expect((await login(app, { initials: someone.initials, cell: someone.cell, password: 'wrong' })).status).toBe(401);
  });

  it("are the logins the README documents, and the README's password", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Every demo account's password is \`${DEMO_PASSWORD}\``);
    for (const l of summary.logins) expect(readme).toContain(`| ${l.initials} | ${l.cell} | ${l.role}${l.note ? `, ${l.note}` : ''} |`);
  });

  it('names a Spanish speaker and someone on probation among the logins', () => {
    const agents = new Map(list('agents').map((a) => [a.agentId, a]));
    const spanish = summary.logins.find((l) => l.note === 'Spanish speaker');
    const probation = summary.logins.find((l) => l.note === 'on probation');
    expect(agents.get(spanish?.agentId as number)?.spanish).toBe(true);
    expect(agents.get(probation?.agentId as number)?.probationUntil as number).toBeGreaterThan(TODAY);
  });

  it("keeps the spec's single-person exceptions on agent records: TZO (1259) and IL (1296), as the logins say", async () => {
    const holders = (attribute: string): number[] => list('agents').filter((a) => a[attribute] === true).map((a) => a.agentId as number);
    expect(holders('designatedAccountManager')).toEqual([1259]);
    expect(holders('mayRequestCutsAndLunches')).toEqual([1259]);
    expect(holders('ideasRecipient')).toEqual([1296]);
    const noted = (note: string): string[] => summary.logins.filter((l) => l.note?.includes(note)).map((l) => `${l.initials} ${l.agentId}`);
    expect(noted('designated account manager')).toEqual(['TZO 1259']);
    // A plain account manager signs in too, so the account-manager limits can be seen.
    const accountManagers = summary.logins.filter((l) => l.agentType === 85).map((l) => l.agentId);
    expect(accountManagers).toEqual([1259, 1260]);
    expect(list('agents').find((a) => a.agentId === 1260)).toMatchObject({ designatedAccountManager: false, mayRequestCutsAndLunches: false });
    expect(noted('Shiftinator Ideas recipient')).toEqual(['IL 1296']);

    // The screens read them from the data: IL is the Ideas recipient, TZO has Request Cut and Request Lunch.
    const app = createApp({ db, rules, rulesHash: 'test', now: () => NOW });
    const as = async (agentId: number, path: string): Promise<unknown> => {
      const sid = await db.exclusive(() => createSession(db.em(), agentId, 15, new Date(NOW * 60_000)));
      const res = await app.request(path, { headers: { cookie: `shiftinator_session=${sid}` } });
      expect(res.status, path).toBe(200);
      return await res.json();
    };
    expect(await as(1001, '/api/getJess')).toEqual([{ agentId: 1296, initials: 'IL', fullName: expect.any(String) as string }]);
    expect(await as(1259, '/api/myPermissions')).toMatchObject({ agentId: 1259, agentType: 85, permissions: { requestCut: true, requestLunch: true } });
    expect(await as(1260, '/api/myPermissions')).toMatchObject({ agentId: 1260, agentType: 85, permissions: { requestCut: false, requestLunch: false } });
  });

  it('schedules two months of shifts around today, each over 5.5 hours with one 30-minute meal break inside it', () => {
    const shifts = list('shifts');
    const mains = shifts.filter((s) => s.parentId === null);
    const breaks = shifts.filter((s) => s.parentId !== null);
    const starts = mains.map((s) => s.start as number);
    expect(Math.min(...starts)).toBeLessThanOrEqual(parseInstant('2026-10-26 00:00'));
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(parseInstant('2026-12-26 00:00'));
    expect(summary.from).toBe(formatDate(TODAY - 28));
    expect(summary.to).toBe(formatDate(TODAY + 35));
    expect(breaks.length).toBeGreaterThan(1000);
    expect(summary.mealBreaks).toBe(breaks.length);

    const byId = new Map(mains.map((s) => [s.id, s]));
    for (const b of breaks) {
      const parent = byId.get(b.parentId);
      expect(b.shiftType).toBe(5);
      expect((b.end as number) - (b.start as number)).toBe(30);
      expect(parent?.agentId).toBe(b.agentId);
      expect(b.start as number).toBeGreaterThanOrEqual(parent?.start as number);
      expect(b.end as number).toBeLessThanOrEqual(parent?.end as number);
    }
    const breaksOf = new Map<unknown, number>();
    for (const b of breaks) breaksOf.set(b.parentId, (breaksOf.get(b.parentId) ?? 0) + 1);
    for (const s of mains) expect(breaksOf.get(s.id) ?? 0, `shift ${String(s.id)}`).toBe((s.end as number) - (s.start as number) > 330 ? 1 : 0);
    // Shifts of the kinds the calendar shows: call specialist, Spanish, supervisor, customer service, training.
    for (const type of [0, 1, 9, 15, 61]) expect(mains.some((s) => s.shiftType === type), `type ${type}`).toBe(true);
    expect(mains.some((s) => s.shiftType === 64 || s.shiftType === 65)).toBe(true);
  });

  it("marks spec 1's holidays, and the same days of 2026; the daylight-saving end is not a holiday", () => {
    const days = new Map(list('days').map((d) => [formatDate(d.date as number), d.holiday]));
    for (const date of ['2025-09-01', '2025-11-27', '2025-12-24', '2025-12-25', '2026-09-07', '2026-11-26', '2026-12-24', '2026-12-25']) {
      expect(days.get(date), date).toBe(true);
    }
    expect(days.get('2025-11-02')).toBe(false);
    expect(days.get('2026-11-01')).toBe(false);
    // Thanksgiving pays triple.
    const [from, to] = [parseInstant('2026-11-26 00:00'), parseInstant('2026-11-27 00:00')];
    const thanksgiving = list('shifts').filter((s) => s.parentId === null && (s.start as number) >= from && (s.start as number) < to);
    expect(thanksgiving.length).toBeGreaterThan(0);
    expect(thanksgiving.every((s) => s.payRate === 3)).toBe(true);
  });

  it('has open postings for coverage with pending offers, trades and counteroffers, and pick-up postings with offers', () => {
    const active = list('coveragePostings').filter((p) => p.endedAt === null);
    const pending = list('offers').filter((o) => o.status === 'pending');
    expect(active.length).toBeGreaterThanOrEqual(20);
    expect(active.every((p) => (p.start as number) > NOW)).toBe(true);
    const onCoverage = pending.filter((o) => o.postingId !== null);
    expect(onCoverage.length).toBeGreaterThanOrEqual(20);
    expect(onCoverage.filter((o) => o.swapShiftId !== null).length).toBeGreaterThanOrEqual(3);
    expect(onCoverage.filter((o) => o.rejectingOfferId !== null).length).toBeGreaterThanOrEqual(1);
    const pickups = list('pickupPostings').filter((p) => p.endedAt === null);
    expect(pickups.length).toBeGreaterThanOrEqual(10);
    expect(pending.filter((o) => o.pickupPostingId !== null).length).toBeGreaterThanOrEqual(8);
    expect(pending.filter((o) => o.pickupPostingId !== null && o.rejectingOfferId !== null).length).toBeGreaterThanOrEqual(1);
    // A counteroffer declines the offer it answers.
    const offers = new Map(list('offers').map((o) => [o.id, o]));
    for (const o of pending.filter((p) => p.rejectingOfferId !== null)) expect(offers.get(o.rejectingOfferId)?.status).toBe('declined');
    // And a history of postings taken down.
    expect(list('coveragePostings').some((p) => p.endedAt !== null)).toBe(true);
  });

  it('has open shifts of types 0, 1, 9 (with the assistant date), 15, and training shifts 61, 64, 65 with several openings', () => {
    const open = list('openShifts').filter((o) => o.endedAt === null);
    for (const type of [0, 1, 9, 15, 61, 64, 65]) expect(open.some((o) => o.type === type), `type ${type}`).toBe(true);
    expect(open.filter((o) => o.type === 9).every((o) => o.assistantAfterDate !== null)).toBe(true);
    for (const type of [61, 64, 65]) expect(open.filter((o) => o.type === type).some((o) => (o.quantityRemaining as number) > 1), `type ${type}`).toBe(true);
    expect(open.every((o) => (o.start as number) > NOW)).toBe(true);
  });

  it('every pending offer is one its recipient can accept: the rules say ok', async () => {
    expect((await refusedPendingOffers(rules, world, NOW)).refused).toEqual([]);
  });

  it('every open shift can be claimed whole by someone in the demo', async () => {
    const prepared = new PreparedWorld(world);
    const agents = list('agents');
    const unclaimable: number[] = [];
    for (const open of list('openShifts').filter((o) => o.endedAt === null)) {
      const action = [61, 64, 65].includes(open.type as number) ? 'claimOpenTrainingShift' : 'claimOpenShift';
      // A QA claim is 1, 2 or 3 whole hours: the first three of the shift.
      const end = open.type === 61 ? (open.start as number) + 180 : (open.end as number);
      let claimed = false;
      for (const agent of agents) {
        const input = { openShiftId: open.id, start: open.start, end };
        const d = await rules.action(action).decide({ world: prepared, now: NOW, actor: agent.agentId as number, input });
        if (d.outcome === 'ok') {
          claimed = true;
          break;
        }
      }
      if (!claimed) unclaimable.push(open.id as number);
    }
    expect(unclaimable).toEqual([]);
  });

  it('puts agents in teams: supervisors lead the call specialists, managers the supervisors and assistants', () => {
    const agents = new Map(list('agents').map((a) => [a.agentId, a]));
    const teams = new Map(list('teams').map((t) => [t.id, t]));
    expect(summary.teams).toBe(teams.size);
    for (const team of teams.values()) expect([100, 101, 102, 103, 105, 110]).toContain(agents.get(team.leaderId)?.agentType);
    // Everyone below the managers is in a team; whoever leads a team leads it from above it.
    for (const a of agents.values()) {
      if ((a.agentType as number) <= 101) expect(teams.has(a.teamId), `agent ${String(a.agentId)}`).toBe(true);
      if (a.teamId !== null) expect(teams.get(a.teamId)?.leaderId).not.toBe(a.agentId);
    }
    for (const leader of list('agents').filter((a) => [100, 101, 102, 103].includes(a.agentType as number))) {
      expect([...teams.values()].some((t) => t.leaderId === leader.agentId), `leader ${String(leader.agentId)}`).toBe(true);
    }
    const ledBy = (a: WorldRecord): number => agents.get(teams.get(a.teamId)?.leaderId)?.agentType as number;
    for (const a of list('agents').filter((x) => (x.agentType as number) < 30)) expect([100, 101]).toContain(ledBy(a));
    for (const a of list('agents').filter((x) => x.agentType === 100 || x.agentType === 80)) expect(ledBy(a)).toBe(102);
  });

  it('has release notes of a few versions from February 2024 up to the footer\'s 154', () => {
    const notes = list('releaseNotes');
    expect(notes.length).toBeGreaterThanOrEqual(5);
    const versions = notes.map((n) => n.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions[0]).toBe(1);
    expect(Math.max(...versions)).toBe(154);
    expect(notes.find((n) => n.version === 1)?.releasedAt).toBe(parseInstant('2024-02-14 09:00'));
    const v153 = notes.find((n) => n.version === 153)?.releasedAt as number;
    expect(v153).toBeGreaterThanOrEqual(parseInstant('2025-09-01 00:00'));
    expect(v153).toBeLessThan(parseInstant('2025-10-01 00:00'));
    for (const n of notes) expect((n.notes as string).length).toBeGreaterThan(10);
  });

  it('has chat threads in the past two weeks, some unread, and one waiting for every documented login', () => {
    const agents = new Set(list('agents').map((a) => a.agentId));
    const chat = list('chatMessages');
    expect(chat.length).toBeGreaterThan(100);
    for (const m of chat) {
      expect(agents.has(m.fromAgentId) && agents.has(m.toAgentId), `message ${String(m.id)}`).toBe(true);
      expect(m.fromAgentId).not.toBe(m.toAgentId);
      expect([...(m.message as string)].length).toBeLessThan(200);
      expect(m.sentAt as number).toBeLessThan(NOW);
      expect(m.sentAt as number).toBeGreaterThan(NOW - 15 * 1440);
      if (m.readAt !== null) {
        expect(m.readAt as number).toBeGreaterThan(m.sentAt as number);
        expect(m.readAt as number).toBeLessThanOrEqual(NOW);
      }
    }
    const unread = chat.filter((m) => m.readAt === null);
    expect(unread.length).toBeGreaterThan(10);
    expect(summary.unreadChatMessages).toBe(unread.length);
    for (const l of summary.logins.filter((x) => x.agentType < 240)) {
      expect(unread.some((m) => m.toAgentId === l.agentId), `${l.role} ${l.initials}`).toBe(true);
    }
  });

  it('has cut and meal-break requests waiting for a supervisor, as the agents could make them', () => {
    const agents = new Map(list('agents').map((a) => [a.agentId, a]));
    const shifts = new Map(list('shifts').map((s) => [s.id, s]));
    const cuts = list('cutRequests').filter((c) => c.status === 'pending');
    expect(cuts.length).toBeGreaterThanOrEqual(5);
    for (const c of cuts) {
      const shift = shifts.get(c.shiftId) as WorldRecord;
      expect(shift.agentId).toBe(c.agentId);
      expect(agents.get(c.agentId)?.agentType as number).toBeLessThanOrEqual(80);
      expect([61, 64, 65]).not.toContain(shift.shiftType);
      // Asked within the 24 hours before the shift, for an end inside it and still ahead.
      expect(c.requestedAt as number).toBeLessThanOrEqual(NOW);
      expect(c.requestedAt as number).toBeGreaterThanOrEqual((shift.start as number) - 24 * 60);
      expect(c.requestedEnd as number).toBeGreaterThan(Math.max(NOW, shift.start as number));
      expect(c.requestedEnd as number).toBeLessThan(shift.end as number);
    }
    expect(list('cutRequests').some((c) => c.status === 'denied' && c.decidedBy !== null)).toBe(true);
    const lunches = list('lunchRequests').filter((l) => l.status === 'pending');
    expect(lunches.length).toBeGreaterThanOrEqual(5);
    for (const l of lunches) {
      const shift = shifts.get(l.shiftId) as WorldRecord;
      expect(shift.agentId).toBe(l.agentId);
      expect(shift.start as number).toBeGreaterThan(NOW);
      expect(list('shifts').some((b) => b.parentId === shift.id && b.shiftType === 5)).toBe(true);
      expect(agents.get(l.agentId)?.agentType as number).toBeLessThanOrEqual(80);
      expect((l.notes as string).length).toBeGreaterThanOrEqual(3);
      expect((l.notes as string).length).toBeLessThan(200);
    }
    // The documented call specialist has one of their own on My Wishlist.
    const ka = summary.logins.find((x) => x.agentType === 20 && x.note === null);
    expect(lunches.some((l) => l.agentId === ka?.agentId)).toBe(true);
  });

  it('has personal time and notices of absence over the past 90 days, from the agent types that may', () => {
    const agents = new Map(list('agents').map((a) => [a.agentId, a]));
    const shifts = new Map(list('shifts').map((s) => [s.id, s]));
    const allowed = (id: unknown): boolean => {
      const t = agents.get(id)?.agentType as number;
      return t >= 15 && t !== 85 && t <= 103;
    };
    const inShift = (rec: WorldRecord): void => {
      if (rec.shiftId === null) return;
      const shift = shifts.get(rec.shiftId) as WorldRecord;
      expect(shift.agentId).toBe(rec.agentId);
      expect(rec.start as number).toBeGreaterThanOrEqual(shift.start as number);
      expect(rec.end as number).toBeLessThanOrEqual(shift.end as number);
    };
    const notices = list('notices');
    expect(notices.length).toBeGreaterThan(50);
    for (const type of [0, 1, 2]) expect(notices.some((n) => n.violationType === type), `violation ${type}`).toBe(true);
    expect(notices.some((n) => n.shiftId === null) && notices.some((n) => n.shiftId !== null)).toBe(true);
    for (const n of notices) {
      expect(allowed(n.agentId), `notice ${String(n.id)}`).toBe(true);
      expect(n.start as number).toBeLessThan(n.end as number);
      expect(n.start as number).toBeGreaterThanOrEqual(parseInstant(`${formatDate(TODAY - 90)} 00:00`));
      expect(n.createdAt as number).toBeLessThan(NOW);
      expect(n.reason as number).toBeGreaterThanOrEqual(0);
      expect(n.reason as number).toBeLessThanOrEqual(10);
      expect((n.message as string).length).toBeGreaterThanOrEqual(5);
      inShift(n);
    }
    const personal = list('personalRequests');
    expect(personal.some((p) => (p.start as number) < NOW) && personal.some((p) => (p.start as number) > NOW)).toBe(true);
    for (const p of personal) {
      expect(allowed(p.agentId), `personal ${String(p.id)}`).toBe(true);
      expect(p.status).toBe('approved');
      expect(p.minutes as number).toBeGreaterThan(0);
      expect(p.minutes as number).toBeLessThanOrEqual((p.end as number) - (p.start as number));
      // Its hours left the shift, as requestPersonal takes them: what is left of it (if anything) is the agent's, outside them.
      const left = p.shiftId === null ? undefined : shifts.get(p.shiftId);
      if (left) expect([left.agentId, (left.end as number) <= (p.start as number) || (left.start as number) >= (p.end as number)]).toEqual([p.agentId, true]);
    }
    expect(personal.some((p) => p.shiftId !== null && !shifts.has(p.shiftId)) && personal.some((p) => shifts.has(p.shiftId))).toBe(true);
  });

  it('stores the hours a notice missed and their minutes as giveNotice does, and attendance takes them off worked time', async () => {
    const shifts = new Map(list('shifts').map((s) => [s.id, s]));
    const deduction = (length: number): number => (length >= 480 ? 30 : length >= 420 ? 25 : length >= 330 ? 20 : 0);
    const app = createApp({ db, rules, rulesHash: 'test', now: () => NOW });
    const NOT_WORK = [3, 5, 6, 7, 30];
    for (const type of [0, 1, 2]) {
      // One notice of each kind on a shift the schedule holds (an older one names no shift).
      const n = list('notices').find((x) => x.violationType === type && x.shiftId !== null) as WorldRecord;
      expect(n, `violation ${type}`).toBeDefined();
      const shift = shifts.get(n.shiftId) as WorldRecord;
      const [start, end] = [n.start as number, n.end as number];
      // Call out: the whole shift; arrive late: shift start to the new start; leave early: the new end to the shift end.
      if (type === 0) expect([start, end]).toEqual([shift.start, shift.end]);
      if (type === 1) expect([start, end < (shift.end as number)]).toEqual([shift.start, true]);
      if (type === 2) expect([end, start > (shift.start as number)]).toEqual([shift.end, true]);
      expect(n.minutes).toBe(end - start - deduction(end - start));
      expect(n.appliedAt).toBeNull();

      // Worked minutes of the notice's month, as the attendance screen should read them: the agent's
      // work shifts up to now, less their meal breaks, less the hours of notices the schedule still holds.
      const month = formatInstant(start).slice(0, 7);
      const held = list('notices').filter((x) => x.agentId === n.agentId && x.appliedAt === null);
      let worked = 0;
      for (const s of list('shifts')) {
        if (s.agentId !== n.agentId || s.parentId !== null || NOT_WORK.includes(s.shiftType as number)) continue;
        if ((s.start as number) >= NOW || formatInstant(s.start as number).slice(0, 7) !== month) continue;
        // Minute by minute, so a break inside the hours missed is not taken off twice.
        const off = [...list('shifts').filter((b) => b.parentId === s.id && b.shiftType === 5), ...held];
        for (let m = s.start as number; m < Math.min(s.end as number, NOW); m++) {
          if (!off.some((x) => (x.start as number) <= m && m < (x.end as number))) worked++;
        }
      }
      const sid = await db.exclusive(() => createSession(db.em(), n.agentId as number, 15, new Date(NOW * 60_000)));
      const res = await app.request(`/api/userPaidTime/${String(n.agentId)}`, { headers: { cookie: `shiftinator_session=${sid}` } });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { month: string; minWorked: number; minPersonal: number; minVacation: number }[];
      expect(rows.find((r) => r.month === month)?.minWorked, `agent ${String(n.agentId)}, ${month}`).toBe(worked);
    }
  });

  it("logs what happened to offers, and call outs, in each person's offer log", () => {
    const agents = new Set(list('agents').map((a) => a.agentId));
    const logLines = list('offerLog');
    expect(summary.offerLog).toBe(logLines.length);
    for (const l of logLines) {
      expect(agents.has(l.agentId)).toBe(true);
      expect(l.at as number).toBeLessThanOrEqual(NOW);
    }
    const about = (offer: WorldRecord): WorldRecord[] => logLines.filter((l) => l.offerId === offer.id);
    for (const o of list('offers').filter((x) => ['accepted', 'declined', 'withdrawn'].includes(x.status as string))) {
      const lines = about(o);
      expect(lines.length, `offer ${String(o.id)}`).toBe(2);
      expect(lines.map((l) => l.agentId)).toContain(o.offeringAgentId);
    }
    expect(logLines.some((l) => /^You accepted \w+'s offer for /.test(l.message as string))).toBe(true);
    expect(logLines.some((l) => /^Call out, /.test(l.message as string))).toBe(true);
    expect(logLines.some((l) => / nudged you about their offer for /.test(l.message as string))).toBe(true);
    // An accepted offer gave the coverer the shift.
    const postings = new Map(list('coveragePostings').map((p) => [p.id, p]));
    const shifts = new Map(list('shifts').map((s) => [s.id, s]));
    const accepted = list('offers').filter((o) => o.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    for (const o of accepted) {
      const shift = shifts.get(postings.get(o.postingId)?.shiftId) as WorldRecord;
      expect(shift).toMatchObject({ agentId: o.coveringAgentId, isCovering: true });
      expect(postings.get(o.postingId)?.endedAt).not.toBeNull();
    }
  });

  it('is the same demo every time, and the same people and logins on any date', async () => {
    const a = await buildDemoWorld(NOW, loadRulesDir());
    expect(await buildDemoWorld(NOW, loadRulesDir())).toEqual(a);
    const later = await buildDemoWorld(NOW + 90 * 1440, loadRulesDir());
    expect(later.logins).toEqual(a.logins);
    expect(later.accounts).toEqual(a.accounts);
    expect(later.from).toBe(formatDate(TODAY + 90 - 28));
  });

  it('on any date, each documented login that may post for coverage has a posting of their own', async () => {
    // Days apart and across the holidays: the schedule, and which shifts are soon, move with the date.
    for (let day = 0; day < 60; day += 7) {
      const demo = await buildDemoWorld(NOW + day * 1440, loadRulesDir());
      const postings = demo.world.coveragePostings ?? [];
      for (const l of demo.logins.filter((x) => x.agentType >= 15 && x.agentType <= 32)) {
        expect(postings.some((p) => p.agentId === l.agentId && p.endedAt === null), `${formatDate(TODAY + day)}: ${l.role}`).toBe(true);
      }
    }
  }, 120_000);

  it('empties the database first: seeding again leaves only the demo, and new rows number after it', async () => {
    const conn = db.em().getConnection();
    await conn.execute(`insert into sessions (id, agent_id, created_at, last_seen_at, idle_minutes) values ('x', 1001, now(), now(), 15)`);
    await seedDemo(db, { now: NOW, rules: loadRulesDir() });
    expect(await conn.execute('select count(*)::int as n from sessions')).toEqual([{ n: 0 }]);
    const [{ n: shifts }] = (await conn.execute('select count(*)::int as n from shifts')) as [{ n: number }];
    expect(shifts).toBe(list('shifts').length);
    for (const [table, collection] of [['shifts', 'shifts'], ['chat_messages', 'chatMessages'], ['notices', 'notices'], ['offer_log', 'offerLog']]) {
      const [{ next }] = (await conn.execute(`select nextval(pg_get_serial_sequence('${table}', 'id'))::int as next`)) as [{ next: number }];
      expect(next, table).toBe(Math.max(...list(collection as string).map((s) => s.id as number)) + 1);
    }
  });
});

/** A database for a CLI run: a fresh PostgreSQL database when DATABASE_URL is set, else a PGlite folder. */
async function cliDatabase(): Promise<{ env: NodeJS.ProcessEnv; args: string[]; open: () => Promise<Database>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '', PORT: '' };
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'shiftinator-seed-'));
    delete base.DATABASE_URL;
    return { env: base, args: ['--data', dir], open: () => openDatabase({ dataDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await scratchPostgres(url, 'shiftinator_cli');
  return { env: { ...base, DATABASE_URL: scratch.url }, args: [], open: () => openDatabase({ url: scratch.url }), drop: scratch.drop };
}

describe('shiftinator db seed', () => {
  it('--json prints the summary and the logins, and those logins sign in; --now builds the demo around another moment', async () => {
    const target = await cliDatabase();
    try {
      const run = spawnSync(NODE, [CLI, 'db', 'seed', ...target.args, '--json', '--now', '2025-03-10 09:00'], { env: target.env, encoding: 'utf8', cwd: ROOT, timeout: 120_000 });
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as SeedSummary & { emptied: boolean; database: string };
      expect(out.emptied).toBe(true);
      // Four weeks before that day to five weeks after it.
      expect([out.from, out.to]).toEqual(['2025-02-10', '2025-04-14']);
      expect(out.agents).toBeGreaterThanOrEqual(200);
      expect(out.logins.length).toBeGreaterThanOrEqual(20);
      // The documented logins do not depend on the date the demo was loaded.
      expect(out.logins).toEqual(summary.logins);
      const seeded = await target.open();
      try {
        await migrate(seeded);
        const app = createApp({ db: seeded, rules, rulesHash: 'test', now: () => Date.now() / 60_000 });
        for (const l of out.logins.slice(0, 3)) {
          const res = await login(app, { initials: l.initials, cell: l.cell, password: l.password });
          expect(res.status).toBe(200);
        }
      } finally {
        await seeded.close();
      }
    } finally {
      await target.drop();
    }
  }, 180_000);

  it.each(['2025-02-30 09:00', 'tomorrow', '2025-03-09 02:30'])('--now %s: exit 2 naming the option, nothing emptied', (text) => {
    const run = spawnSync(NODE, [CLI, 'db', 'seed', '--now', text, '--data', join(tmpdir(), 'shiftinator-never-made')], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(`error: --now: "${text}" is not a date and time: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`);
    expect(existsSync(join(tmpdir(), 'shiftinator-never-made'))).toBe(false);
  });

  it('says that it emptied the database and prints the logins as a table', async () => {
    const target = await cliDatabase();
    try {
      const run = spawnSync(NODE, [CLI, 'db', 'seed', ...target.args], { env: target.env, encoding: 'utf8', cwd: ROOT, timeout: 120_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Emptied the database \((PGlite in|PostgreSQL at) .+\) and loaded the demo:/);
      expect(run.stdout).toContain(`Demo logins (every account's password is ${DEMO_PASSWORD}):`);
      expect(run.stdout).toMatch(/initials\s+cell\s+password\s+role/);
      for (const l of summary.logins) expect(run.stdout).toMatch(new RegExp(`\\b${l.initials}\\s+${l.cell}\\s+${DEMO_PASSWORD}\\s+${l.role.replace(/[()]/g, '\\$&')}`));
    } finally {
      await target.drop();
    }
  }, 180_000);
});
