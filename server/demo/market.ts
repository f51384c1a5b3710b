import type { Shift, WorldRecord } from '../../engine/index.ts';
import { canCover, loginsFirst, type Agent } from './people.ts';
import type { Random } from './random.ts';
import { postingType, type Schedule } from './schedule.ts';
import { at, COVERAGE_NOTES, DAYS_BEFORE, overlap, PICKUP_NOTES, POSTING_HORIZON_DAYS } from './settings.ts';

/**
 * The demo's market: coverage postings with pending offers (some trades, some counteroffers),
 * pick-up postings with offers of hours, and postings of the past weeks that were taken down.
 * Each step draws from the schedule's generator in turn, so their order is the demo's.
 */
export class Market {
  readonly coveragePostings: WorldRecord[] = [];
  readonly pickupPostings: WorldRecord[] = [];
  readonly offers: WorldRecord[] = [];
  /** Shifts already posted or offered in a trade: one demo story per shift. */
  readonly used = new Set<number>();
  private postingId = 0;
  private pickupId = 0;
  private offerId = 0;
  private counters = 0;
  private hourCounters = 0;
  private readonly agents: Agent[];
  private readonly schedule: Schedule;
  private readonly rng: Random;
  private readonly now: number;
  private readonly today: number;

  constructor(input: { agents: Agent[]; schedule: Schedule; rng: Random; now: number; today: number }) {
    ({ agents: this.agents, schedule: this.schedule, rng: this.rng, now: this.now, today: this.today } = input);
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

  private pendingOffer(fields: Partial<WorldRecord> & { start: number }): WorldRecord {
    return {
      id: ++this.offerId,
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
      createdAt: this.createdBefore(),
    };
  }

  /** Now and then the other side counters with part of the hours: the offer it answers is declined. */
  private counter(offer: WorldRecord, fields: Partial<WorldRecord>): void {
    this.offers.push({ ...offer, id: ++this.offerId, status: 'pending', rejectingOfferId: offer.id, createdAt: (offer.createdAt as number) + 30, ...fields });
    offer.status = 'declined';
  }

  /** The logins post first, so that whoever signs in with one finds a posting of their own, whatever the day. */
  postCoverage(logins: ReadonlySet<number>): void {
    const posters = this.rng.shuffled(this.agents.filter((a) => a.agentType >= 15 && a.agentType <= 110)).sort(loginsFirst(logins));
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
      if (this.rng.chance(0.3)) continue;
      this.offerToCover(poster, shift, posting);
    }
  }

  private offerToCover(poster: Agent, shift: Shift, posting: WorldRecord): void {
    const { type, openToTrade, start } = posting as { type: number; openToTrade: number; start: number };
    const wanted = openToTrade === 2 ? 1 : this.rng.int(1, 3);
    const coverers = this.rng.shuffled(this.agents.filter((a) => a.agentId !== poster.agentId && canCover(a, type)));
    let made = 0;
    for (const coverer of coverers) {
      if (made >= wanted) break;
      if (!this.schedule.canTake(coverer.agentId, start, shift.end)) continue;
      const trade = openToTrade === 2 || (openToTrade === 1 && this.rng.chance(0.5));
      let swap: Shift | undefined;
      if (trade) {
        swap = this.swapFor(poster, coverer, shift, start, type);
        if (!swap) continue;
        this.used.add(swap.id);
      }
      const offer = this.pendingOffer({
        postingId: posting.id, offeringAgentId: coverer.agentId, coveringAgentId: coverer.agentId, start, end: shift.end,
        swapShiftId: swap?.id ?? null, swapStart: swap?.start ?? null, swapEnd: swap?.end ?? null,
      });
      this.offers.push(offer);
      made++;
      // Now and then the poster counters: they want only the later part covered.
      if (made === 1 && this.counters < 4 && shift.end - start >= 240 && this.rng.chance(0.3)) {
        this.counters++;
        this.counter(offer, { offeringAgentId: poster.agentId, start: start + 60 });
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
  postPickups(): void {
    const pickers = this.rng.shuffled(this.agents.filter((a) => ((a.agentType >= 15 && a.agentType <= 32) || a.agentType === 80) && !a.onProbation && a.terminationDays === null));
    const windows: [number, number, number, number][] = [[0, 0, 23, 59], [6, 0, 18, 0], [14, 0, 23, 59], [8, 0, 17, 0]];
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
      if (this.rng.chance(0.25)) continue;
      this.offerHours(picker, posting, day);
    }
  }

  private offerHours(picker: Agent, posting: WorldRecord, day: number): void {
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
      this.used.add(shift.id);
      made++;
      const offer = this.pendingOffer({ pickupPostingId: posting.id, offeringAgentId: giver.agentId, coveringAgentId: picker.agentId, start, end, shiftId: shift.id });
      this.offers.push(offer);
      // The hours poster counters now and then: only the first part of the shift, please.
      if (this.hourCounters < 2 && end - start >= 240 && this.rng.chance(0.4)) {
        this.hourCounters++;
        this.counter(offer, { offeringAgentId: picker.agentId, end: end - 60 });
      }
    }
  }

  /** History: postings in the past weeks that were taken down, their offers declined, withdrawn or expired. */
  postPast(shifts: Shift[], agentOf: (id: number) => Agent): void {
    const pastShifts = shifts.filter((s) => s.parentId === null && postingType(s.shiftType) !== null && s.end < this.now - 1440 && s.start > this.now - DAYS_BEFORE * 1440);
    for (let i = 0; i < 12 && pastShifts.length > 0; i++) {
      const shift = this.rng.pick(pastShifts);
      if (this.used.has(shift.id) || agentOf(shift.agentId).agentType < 15) continue;
      this.used.add(shift.id);
      const posting: WorldRecord = {
        id: ++this.postingId, agentId: shift.agentId, shiftId: shift.id, start: shift.start, end: shift.end, type: postingType(shift.shiftType), openToTrade: 0,
        notes: this.rng.pick(COVERAGE_NOTES), cots: 0, endedAt: shift.start - this.rng.int(2, 48) * 60,
      };
      this.coveragePostings.push(posting);
      const coverer = this.rng.pick(this.agents.filter((a) => a.agentId !== shift.agentId && canCover(a, posting.type as number)));
      if (!coverer) continue;
      this.offers.push({
        id: ++this.offerId, postingId: posting.id, pickupPostingId: null, offeringAgentId: coverer.agentId, coveringAgentId: coverer.agentId,
        start: shift.start, end: shift.end, shiftId: null, swapShiftId: null, swapStart: null, swapEnd: null, expiration: shift.start - 60,
        status: this.rng.pick(['declined', 'withdrawn', 'expired']), rejectingOfferId: null, nudgedAt: null,
        comment: this.rng.pick(['Sorry, found someone else', null]), createdAt: (posting.endedAt as number) - this.rng.int(2, 48) * 60,
      });
    }
  }
}
