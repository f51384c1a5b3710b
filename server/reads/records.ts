import type { EntityManager } from '@mikro-orm/core';
import { formatApiInstant, formatApiInstantOrNull } from './api-time.ts';
import { epochMs, query, raw, sql, type Sql } from './sql.ts';
import type { CoveragePosting, Offer, OpenShift, PickupPosting } from './shapes.ts';

/**
 * The read calls' record shapes, each selected in one place with the spec's field names (spec 1
 * section 3, spec 2 section 3, spec 3 section 3) and its times as the API writes them.
 */

export const TRAINING_TYPES = [61, 64, 65] as const;

/** Active: not ended by its owner and not over yet. */
export function activePosting(alias: string, now: string): Sql {
  return sql`${raw(alias)}.ended_at is null and ${raw(alias)}."end" > ${now}::timestamptz`;
}

/** Pending: status pending and not past its expiration (past it, no one can accept it any more). */
export function pendingOffer(alias: string, now: string): Sql {
  return sql`${raw(alias)}.status = 'pending' and (${raw(alias)}.expiration is null or ${raw(alias)}.expiration > ${now}::timestamptz)`;
}

// ---- coverage postings (lookingForCoverage) ----

interface CoveragePostingRow {
  id: number;
  agentId: number;
  shiftId: number | null;
  start: number;
  end: number;
  type: number;
  openToTrade: number;
  notes: string | null;
  cots: number;
  initials: string | null;
  agentType: number | null;
  payRate: number | null;
}

export async function selectCoveragePostings(em: EntityManager, where: Sql): Promise<CoveragePosting[]> {
  const rows = await query<CoveragePostingRow>(
    em,
    sql`select p.id, p.agent_id as "agentId", p.shift_id as "shiftId", ${epochMs('p.start', 'start')}, ${epochMs('p."end"', 'end')},
          p.type, p.open_to_trade as "openToTrade", p.notes, p.cots, a.initials, a.agent_type as "agentType", s.pay_rate as "payRate"
        from coverage_postings p
        left join agents a on a.agent_id = p.agent_id
        left join shifts s on s.id = p.shift_id
        where ${where}
        order by p.start, p.id`,
  );
  return rows.map((r) => ({
    lookingForCoverageID: r.id,
    timeScheduleItemID: r.shiftId,
    agentID: r.agentId,
    initials: r.initials,
    agentType: r.agentType,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    openToTrade: r.openToTrade,
    notes: r.notes,
    payRate: r.payRate,
    openToCots: r.cots,
  }));
}

// ---- pick-up postings (lookingToPickUp) ----

interface PickupPostingRow {
  id: number;
  agentId: number;
  start: number;
  end: number;
  type: number;
  notes: string | null;
  initials: string | null;
  agentType: number | null;
}

export async function selectPickupPostings(em: EntityManager, where: Sql): Promise<PickupPosting[]> {
  const rows = await query<PickupPostingRow>(
    em,
    sql`select h.id, h.agent_id as "agentId", ${epochMs('h.start', 'start')}, ${epochMs('h."end"', 'end')}, h.type, h.notes,
          a.initials, a.agent_type as "agentType"
        from pickup_postings h
        left join agents a on a.agent_id = h.agent_id
        where ${where}
        order by h.start, h.id`,
  );
  return rows.map((r) => ({
    lookingToPickUpID: r.id,
    agentID: r.agentId,
    initials: r.initials,
    agentType: r.agentType,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    notes: r.notes,
  }));
}

// ---- open shifts ----

interface OpenShiftRow {
  id: number;
  createdBy: number | null;
  start: number;
  end: number;
  type: number;
  payRate: number;
  cots: number;
  quantityRemaining: number;
  assistantAfterDate: number | null;
}

export async function selectOpenShifts(em: EntityManager, where: Sql): Promise<OpenShift[]> {
  const rows = await query<OpenShiftRow>(
    em,
    sql`select o.id, o.created_by as "createdBy", ${epochMs('o.start', 'start')}, ${epochMs('o."end"', 'end')}, o.type,
          o.pay_rate as "payRate", o.cots, o.quantity_remaining as "quantityRemaining", ${epochMs('o.assistant_after_date', 'assistantAfterDate')}
        from open_shifts o
        where ${where}
        order by o.start, o.id`,
  );
  return rows.map((r) => ({
    lookingForCoverageID: r.id,
    agentID: r.createdBy,
    startTime: formatApiInstant(r.start),
    endTime: formatApiInstant(r.end),
    type: r.type,
    // Spec 3: on an open shift openToTrade carries the pay-rate code.
    openToTrade: r.payRate,
    payRate: r.payRate,
    openToCots: r.cots,
    quantityRemaining: r.quantityRemaining,
    assistantAfterDate: formatApiInstantOrNull(r.assistantAfterDate),
  }));
}

// ---- offers and counteroffers ----

interface OfferRow {
  id: number;
  postingId: number | null;
  pickupPostingId: number | null;
  offeringAgentId: number;
  coveringAgentId: number;
  start: number;
  end: number;
  swapStart: number | null;
  swapEnd: number | null;
  swapShiftId: number | null;
  expiration: number | null;
  comment: string | null;
  initials: string | null;
}

export const OFFER_COLUMNS = raw(
  [
    'o.id',
    'o.posting_id as "postingId"',
    'o.pickup_posting_id as "pickupPostingId"',
    'o.offering_agent_id as "offeringAgentId"',
    'o.covering_agent_id as "coveringAgentId"',
    epochMs('o.start', 'start').text,
    epochMs('o."end"', 'end').text,
    epochMs('o.swap_start', 'swapStart').text,
    epochMs('o.swap_end', 'swapEnd').text,
    'o.swap_shift_id as "swapShiftId"',
    epochMs('o.expiration', 'expiration').text,
    'o.comment',
  ].join(', '),
);

/** The giver of an hours offer: the owner of the offered shift, or, when it is gone, the maker of the offer answered. */
export const HOURS_GIVER = raw('coalesce(gs.agent_id, r.offering_agent_id)');

/**
 * Offers with the spec's fields. `on` says which posting they hang on: `p` a coverage posting,
 * `h` a pick-up posting (with `gs`, the giver's shift, and `r`, the offer answered); `party` is
 * the person whose initials the row shows, the other side from the viewer.
 */
export async function selectOffers(em: EntityManager, on: 'coverage' | 'hours', party: Sql, where: Sql): Promise<Offer[]> {
  const join =
    on === 'coverage'
      ? raw('join coverage_postings p on p.id = o.posting_id')
      : raw(`join pickup_postings h on h.id = o.pickup_posting_id
             left join shifts gs on gs.id = o.shift_id
             left join offers r on r.id = o.rejecting_offer_id`);
  const rows = await query<OfferRow>(
    em,
    sql`select ${OFFER_COLUMNS}, pa.initials
        from offers o
        ${join}
        left join agents pa on pa.agent_id = ${party}
        where ${where}
        order by o.id`,
  );
  return rows.map(offerOut);
}

export function offerOut(r: OfferRow): Offer {
  return {
    offerID: r.id,
    lookingForCoverageID: r.postingId,
    lookingToPickUpID: r.pickupPostingId,
    initials: r.initials,
    startDatetime: formatApiInstant(r.start),
    endDatetime: formatApiInstant(r.end),
    swapStartDatetime: formatApiInstantOrNull(r.swapStart),
    swapEndDatetime: formatApiInstantOrNull(r.swapEnd),
    // The spec's "pending shift" of a trade is the covering agent's shift itself here.
    swapPendingShiftID: r.swapShiftId,
    expirationDatetime: formatApiInstantOrNull(r.expiration),
    coveringAgentID: r.coveringAgentId,
    notes: r.comment,
  };
}

export type { OfferRow };
