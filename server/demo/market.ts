import { decideForEach, PreparedWorld, takingRequest, TAKING_ACTIONS, type NormalizedWorld, type RuleSet, type Shift, type Takeable, type WorldRecord } from '../../engine/index.ts';
import { CandidateLearning } from '../../engine/candidates.ts';
import { withDefaults } from './defaults.ts';
import { decideMaking, makingOf } from './making.ts';
import { loginsFirst, type Agent } from './people.ts';
import type { Random } from './random.ts';
import { postingType, type Schedule } from './schedule.ts';
import { at, COVERAGE_NOTES, DAYS_BEFORE, overlap, PICKUP_NOTES, POSTING_HORIZON_DAYS } from './settings.ts';

/** Colleagues decided at once when looking for a posting's coverers: enough for most postings' few offers. */
const ASK_AT_ONCE = 40;

/**
 * The demo's market: coverage postings with pending offers (some trades, some counteroffers),
 * pick-up postings with offers of hours, and postings of the past weeks that were taken down.
 * Each step draws from the schedule's generator in turn, so their order is the demo's. Who may
 * offer on which posting is the rule set's to say: an offer is kept only when its making action,
 * decided on the market as it stands, says ok.
 */
export class Market {
  readonly coveragePostings: WorldRecord[] = [];
  readonly pickupPostings: WorldRecord[] = [];
  readonly offers: WorldRecord[] = [];
  /** Shifts already posted or offered in a trade: one demo story per shift. */
  readonly used = new Set<number>();
  private postingId = 0;
  private pickupId = 0;
  private counters = 0;
  private hourCounters = 0;
  /** Counteroffers to make once the offers they answer are all made: [the offer, the counter's own fields]. */
  private countering: [WorldRecord, Partial<WorldRecord>][] = [];
  private readonly agents: Agent[];
  private readonly schedule: Schedule;
  private readonly rng: Random;
  private readonly now: number;
  private readonly today: number;
  private readonly rules: RuleSet;
  /** The rest of the world the market's decisions read: agents, shifts, days, teams. */
  private readonly base: NormalizedWorld;
  /** The market as last prepared for a decision. */
  private prepared: PreparedWorld | null = null;

  constructor(input: { agents: Agent[]; schedule: Schedule; rng: Random; now: number; today: number; rules: RuleSet; base: NormalizedWorld }) {
    ({ agents: this.agents, schedule: this.schedule, rng: this.rng, now: this.now, today: this.today, rules: this.rules, base: this.base } = input);
  }

  /**
   * The market prepared for a decision that reads the records `needed` (its posting, the offer a
   * counteroffer answers): prepared again only when the last one lacks one of them, as preparing
   * the demo's world costs as much as a few hundred decisions. The offers made since are then
   * not in it; the seed's tests decide every pending offer again on the whole demo.
   */
  private world(needed: readonly [collection: string, id: unknown][]): PreparedWorld {
    if (!this.prepared || needed.some(([collection, id]) => this.prepared?.get(collection, id) === null)) {
      this.prepared = new PreparedWorld({ ...this.base, ...withDefaults({ coveragePostings: this.coveragePostings, pickupPostings: this.pickupPostings, offers: this.offers }) });
    }
    return this.prepared;
  }

  /** Whether the rules let the offer be made: its making decided by its maker when it was made, the offer not yet in the market. */
  private async allows(offer: WorldRecord): Promise<boolean> {
    const needed: [string, unknown][] = offer.postingId !== null ? [['coveragePostings', offer.postingId]] : [['pickupPostings', offer.pickupPostingId]];
    if (offer.rejectingOfferId !== null) needed.push(['offers', offer.rejectingOfferId]);
    return (await decideMaking(this.rules, this.world(needed), offer)).outcome === 'ok';
  }

  /**
   * The colleagues, in the order given, whom the rules let take the coverage posting whole at
   * `at` (the engine's who-could-take), each sending `offerOf`'s offer when given. Asked a batch
   * at a time: the market wants a few of them.
   */
  private async *whoMay(posting: WorldRecord, colleagues: readonly Agent[], at: number, offerOf?: (coverer: Agent) => WorldRecord): AsyncGenerator<Agent> {
    // What one batch learns about the posting serves the next.
    const learnt = new CandidateLearning(this.rules, TAKING_ACTIONS.coveragePosting, offerOf !== undefined);
    const byId = new Map(colleagues.map((a) => [a.agentId, a]));
    for (let i = 0; i < colleagues.length; i += ASK_AT_ONCE) {
      const batch = colleagues.slice(i, i + ASK_AT_ONCE);
      const world = this.world([['coveragePostings', posting.id]]);
      const answers = await decideForEach(this.rules, {
        action: TAKING_ACTIONS.coveragePosting,
        world,
        now: at,
        input: offerOf ? (agentId) => makingOf(offerOf(byId.get(agentId) as Agent)).input : takingRequest('coveragePosting', posting as unknown as Takeable, world),
        candidates: batch.map((a) => a.agentId),
        learnt,
      });
      const may = new Set(answers.filter((a) => a.outcome === 'ok').map((a) => a.agentId));
      for (const a of batch) if (may.has(a.agentId)) yield a;
    }
  }

  /**
   * The first offer `offerOf` makes for one of `colleagues` (in their order) that the rules let
   * them make on the posting at `at`, or null; the offer is not kept. The posting is in
   * `coveragePostings`, open; the market is prepared afresh, as records may have been pushed to
   * it or taken out since.
   */
  async firstAllowed(posting: WorldRecord, colleagues: readonly Agent[], at: number, offerOf: (coverer: Agent, id: number) => WorldRecord): Promise<WorldRecord | null> {
    this.prepared = null;
    return await this.firstOffer(posting, colleagues, at, offerOf);
  }

  private async firstOffer(posting: WorldRecord, colleagues: readonly Agent[], at: number, offerOf: (coverer: Agent, id: number) => WorldRecord): Promise<WorldRecord | null> {
    for await (const coverer of this.whoMay(posting, colleagues, at)) {
      const offer = offerOf(coverer, this.nextOfferId());
      if (await this.allows(offer)) return offer;
    }
    return null;
  }

  private nextOfferId(): number {
    return Math.max(0, ...this.offers.map((o) => o.id as number)) + 1;
  }

  private keep(offer: WorldRecord): void {
    this.offers.push(offer);
  }

  private soon(s: Shift): boolean {
    return s.parentId === null && s.start >= this.now + 24 * 60 && s.start < this.now + POSTING_HORIZON_DAYS * 1440;
  }

  private expirationFor(start: number): number {
    return Math.max(this.now + 12 * 60, start - 12 * 60);
  }

  private createdBefore(): number {
    return this.now - this.rng.int(1, 72) * 60;
  }

  /** The next offer, made a while before now; kept only if `keep` is called. */
  private pendingOffer(fields: Partial<WorldRecord> & { start: number }): WorldRecord {
    return { ...this.offerRecord(fields), createdAt: this.createdBefore() };
  }

  /** The next pending offer with `fields`, its making time still to be drawn. */
  private offerRecord(fields: Partial<WorldRecord> & { start: number }): WorldRecord {
    return {
      id: this.nextOfferId(),
      postingId: null,
      pickupPostingId: null,
      shiftId: null,
      swapShiftId: null,
      swapStart: null,
      swapEnd: null,
      expiration: this.expirationFor(fields.start),
      status: 'pending',
      rejectingOfferId: null,
      nudgedAt: null,
      comment: null,
      ...fields,
      createdAt: null,
    };
  }

  /**
   * The counteroffers drawn since the last call, each made if the rules let it: the offer it
   * answers is then declined. Made together, so that one preparing of the market serves them all.
   */
  private async counter(): Promise<void> {
    for (const [offer, fields] of this.countering) {
      const counter = { ...offer, id: this.nextOfferId(), status: 'pending', rejectingOfferId: offer.id, createdAt: (offer.createdAt as number) + 30, ...fields };
      if (!(await this.allows(counter))) continue;
      this.keep(counter);
      offer.status = 'declined';
    }
    this.countering = [];
  }

  /** The logins post first, so that whoever signs in with one finds a posting of their own, whatever the day. */
  async postCoverage(logins: ReadonlySet<number>): Promise<void> {
    const posters = this.rng.shuffled(this.agents.filter((a) => a.agentType >= 15 && a.agentType <= 110)).sort(loginsFirst(logins));
    const offered: [Agent, Shift, WorldRecord][] = [];
    for (const poster of posters) {
      if (this.coveragePostings.length >= 45) break;
      const candidates = (this.schedule.mains.get(poster.agentId) ?? []).filter((s) => this.soon(s) && !this.used.has(s.id) && postingType(s.shiftType) !== null);
      if (candidates.length === 0) continue;
      const shift = this.rng.pick(candidates);
      const type = postingType(shift.shiftType) as number;
      this.used.add(shift.id);
      const partial = this.rng.chance(0.25);
      const start = partial ? shift.start + Math.floor((shift.end - shift.start) / 60) * 30 : shift.start;
      // A poster on probation cannot trade (spec 2), so their postings are coverage only.
      const openToTrade = poster.onProbation ? 0 : this.rng.pick([0, 0, 1, 1, 2]);
      const posting: WorldRecord = { id: ++this.postingId, agentId: poster.agentId, shiftId: shift.id, start, end: shift.end, type, openToTrade, notes: this.rng.pick(COVERAGE_NOTES), cots: 0, endedAt: null };
      this.coveragePostings.push(posting);
      if (!this.rng.chance(0.3)) offered.push([poster, shift, posting]);
    }
    // Offered on once all are posted: the market is prepared for their decisions once.
    for (const [poster, shift, posting] of offered) await this.offerToCover(poster, shift, posting);
    await this.counter();
  }

  private async offerToCover(poster: Agent, shift: Shift, posting: WorldRecord): Promise<void> {
    const { type, openToTrade, start } = posting as { type: number; openToTrade: number; start: number };
    const wanted = openToTrade === 2 ? 1 : this.rng.int(1, 3);
    const fields = (coverer: Agent, swap: Shift | undefined): Partial<WorldRecord> & { start: number } => ({
      postingId: posting.id, offeringAgentId: coverer.agentId, coveringAgentId: coverer.agentId, start, end: shift.end,
      swapShiftId: swap?.id ?? null, swapStart: swap?.start ?? null, swapEnd: swap?.end ?? null,
    });
    // A posting open to trades only is taken with a shift in return: each colleague is asked with the one they would give.
    const tradeOffer = openToTrade === 2 ? (coverer: Agent): WorldRecord => this.offerRecord(fields(coverer, this.swapFor(poster, coverer, shift, start, type))) : undefined;
    const coverers = this.whoMay(posting, this.rng.shuffled(this.agents.filter((a) => a.agentId !== poster.agentId)), this.now, tradeOffer);
    let made = 0;
    for await (const coverer of coverers) {
      if (made >= wanted) break;
      if (!this.schedule.canTake(coverer.agentId, start, shift.end)) continue;
      const trade = openToTrade === 2 || (openToTrade === 1 && this.rng.chance(0.5));
      let swap: Shift | undefined;
      if (trade) {
        swap = this.swapFor(poster, coverer, shift, start, type);
        if (!swap) continue;
      }
      const offer = this.pendingOffer(fields(coverer, swap));
      if (!(await this.allows(offer))) continue;
      if (swap) this.used.add(swap.id);
      this.keep(offer);
      made++;
      // Now and then the poster counters: they want only the later part covered.
      if (made === 1 && this.counters < 4 && shift.end - start >= 240 && this.rng.chance(0.3)) {
        this.counters++;
        this.countering.push([offer, { offeringAgentId: poster.agentId, start: start + 60 }]);
      }
    }
  }

  private swapFor(poster: Agent, coverer: Agent, shift: Shift, start: number, type: number): Shift | undefined {
    return (this.schedule.mains.get(coverer.agentId) ?? []).find(
      (s) =>
        this.soon(s) &&
        !this.used.has(s.id) &&
        postingType(s.shiftType) === type &&
        this.schedule.canTake(poster.agentId, s.start, s.end, new Set([shift.id])) &&
        this.schedule.canTake(coverer.agentId, start, shift.end, new Set([s.id])),
    );
  }

  /** Pick-up postings: people on a day off who want hours, and colleagues offering theirs. */
  async postPickups(): Promise<void> {
    const pickers = this.rng.shuffled(this.agents.filter((a) => ((a.agentType >= 15 && a.agentType <= 32) || a.agentType === 80) && !a.onProbation && a.terminationDays === null));
    const windows: [number, number, number, number][] = [[0, 0, 23, 59], [6, 0, 18, 0], [14, 0, 23, 59], [8, 0, 17, 0]];
    const offered: [Agent, WorldRecord, number][] = [];
    for (const picker of pickers) {
      if (this.pickupPostings.length >= 25) break;
      const day = this.today + this.rng.int(2, POSTING_HORIZON_DAYS - 1);
      const [h1, m1, h2, m2] = this.rng.pick(windows);
      const wStart = at(day, h1, m1);
      const wEnd = at(day, h2, m2);
      if (this.schedule.busy(picker.agentId, wStart - 60, wEnd + 60)) continue;
      const type = picker.agentType === 80 && this.rng.chance(0.5) ? 9 : 0;
      const posting: WorldRecord = { id: ++this.pickupId, agentId: picker.agentId, start: wStart, end: wEnd, type, notes: this.rng.pick(PICKUP_NOTES), endedAt: null };
      this.pickupPostings.push(posting);
      if (!this.rng.chance(0.25)) offered.push([picker, posting, day]);
    }
    for (const [picker, posting, day] of offered) await this.offerHours(picker, posting, day);
    await this.counter();
  }

  private async offerHours(picker: Agent, posting: WorldRecord, day: number): Promise<void> {
    const { start: wStart, end: wEnd, type } = posting as { start: number; end: number; type: number };
    const wanted = this.rng.int(1, 2);
    let made = 0;
    for (const giver of this.rng.shuffled(this.agents)) {
      if (made >= wanted) break;
      if (giver.agentId === picker.agentId) continue;
      const shift = this.schedule
        .onDay(giver.agentId, day)
        .find((s) => !this.used.has(s.id) && s.start >= this.now + 24 * 60 && s.shiftType === (type === 9 ? 9 : 0) && overlap(s.start, s.end, wStart, wEnd) >= 180);
      if (!shift) continue;
      const start = Math.max(shift.start, wStart);
      const end = Math.min(shift.end, wEnd);
      if (!this.schedule.canTake(picker.agentId, start, end)) continue;
      const offer = this.pendingOffer({ pickupPostingId: posting.id, offeringAgentId: giver.agentId, coveringAgentId: picker.agentId, start, end, shiftId: shift.id });
      if (!(await this.allows(offer))) continue;
      this.used.add(shift.id);
      this.keep(offer);
      made++;
      // The hours poster counters now and then: only the first part of the shift, please.
      if (this.hourCounters < 2 && end - start >= 240 && this.rng.chance(0.4)) {
        this.hourCounters++;
        this.countering.push([offer, { offeringAgentId: picker.agentId, end: end - 60 }]);
      }
    }
  }

  /** History: postings in the past weeks that were taken down, their offers declined, withdrawn or expired. */
  async postPast(shifts: Shift[], agentOf: (id: number) => Agent): Promise<void> {
    const pastShifts = shifts.filter((s) => s.parentId === null && postingType(s.shiftType) !== null && s.end < this.now - 1440 && s.start > this.now - DAYS_BEFORE * 1440);
    const past: { posting: WorldRecord; offerOf: (coverer: Agent, id: number) => WorldRecord; createdAt: number; endedAt: number; colleagues: Agent[] }[] = [];
    for (let i = 0; i < 12 && pastShifts.length > 0; i++) {
      const shift = this.rng.pick(pastShifts);
      if (this.used.has(shift.id) || agentOf(shift.agentId).agentType < 15) continue;
      this.used.add(shift.id);
      const endedAt = shift.start - this.rng.int(2, 48) * 60;
      // Open until every offer on them is decided: an offer was made while its posting was up.
      const posting: WorldRecord = {
        id: ++this.postingId, agentId: shift.agentId, shiftId: shift.id, start: shift.start, end: shift.end, type: postingType(shift.shiftType), openToTrade: 0,
        notes: this.rng.pick(COVERAGE_NOTES), cots: 0, endedAt: null,
      };
      this.coveragePostings.push(posting);
      const createdAt = endedAt - this.rng.int(2, 48) * 60;
      const status = this.rng.pick(['declined', 'withdrawn', 'expired']);
      const comment = this.rng.pick(['Sorry, found someone else', null]);
      const colleagues = this.rng.shuffled(this.agents.filter((a) => a.agentId !== shift.agentId));
      const offerOf = (coverer: Agent, id: number): WorldRecord => ({
        id, postingId: posting.id, pickupPostingId: null, offeringAgentId: coverer.agentId, coveringAgentId: coverer.agentId,
        start: shift.start, end: shift.end, shiftId: null, swapShiftId: null, swapStart: null, swapEnd: null, expiration: shift.start - 60,
        status, rejectingOfferId: null, nudgedAt: null, comment, createdAt,
      });
      past.push({ posting, offerOf, createdAt, endedAt, colleagues });
    }
    for (const { posting, offerOf, createdAt, colleagues } of past) {
      const offer = await this.firstOffer(posting, colleagues, createdAt, offerOf);
      if (offer) this.keep(offer);
    }
    for (const { posting, endedAt } of past) posting.endedAt = endedAt;
    this.prepared = null;
  }
}
