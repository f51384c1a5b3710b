import type { EntityManager } from '@mikro-orm/core';
import { ApiError } from '../api-error.ts';
import type { z } from 'zod';
import { sql } from 'kysely';
import type { RuleSet } from '../../engine/index.ts';
import type { ActionContext } from '../action-runner.ts';
import { dateOf, kyselyOf } from '../db/kysely.ts';
import { formatApiInstant } from '../reads/api-time.ts';
import { findShiftWantsCoverage, postingVisibleTo } from '../reads/details.ts';
import { idParam, ownAgent } from '../reads/http.ts';
import {
  activePickupPosting,
  selectCoveragePostings,
  selectPickupPostings,
  type CoveragePostingFilter,
  type PickupPostingFilter,
} from '../reads/records.ts';
import { feature, readRoutes, type ReadHandler, type ReadHandlers, type ReadRouteConfig } from './feature.ts';
import { longestMinutes } from '../world-loader.ts';
import { spanAt, SPAN_PARAMS, type Span } from './shared.ts';
import { CoveragePosting, PickupPosting, ScheduleIdOnly, WantsHours } from '../reads/shapes.ts';
import { timesOf } from '../reads/columns.ts';

/**
 * Spec 2 "Postings": posting a shift for coverage and posting that one wants hours, editing and
 * removing both (spec 1 section 7's remove calls), and the reads those screens make. The checks
 * live in rules/postShift.json, editCoverage.json, postWantWork.json, editHours.json,
 * removeShiftFromCoverage.json and removePosting.json; choices: docs/decisions.md, "Postings".
 */

const POSTING_MESSAGES = {
  noHoursPosting: (id: number): string => `There is no request to pick up hours ${id}.`,
};

/** The post payload of spec 2 section 3. Type must be a number but is not read: the rules compute the posting type. */
const POST_PAYLOAD = {
  StartTime: 'startTime',
  EndTime: 'endTime',
  Notes: 'notes',
  OpenToCots: 'openToCots',
  OpenToTrade: 'openToTrade',
  TimeScheduleItemID: 'timeScheduleItemId',
  Type: 'type',
} as const;

const WANT_WORK_PAYLOAD = { StartTime: 'startTime', EndTime: 'endTime', Notes: 'notes', Type: 'type' } as const;

// ---- reads ----

async function wantsHoursDetails(em: EntityManager, me: number, id: number, now: Date): Promise<WantsHours> {
  const row = await kyselyOf(em)
    .selectFrom('pickup_postings as h')
    .leftJoin('agents as a', 'a.agent_id', 'h.agent_id')
    .select((eb) => [
      'h.id',
      'h.agent_id as agentId',
      'a.initials',
      ...timesOf(eb, 'h'),
      'h.notes',
      'h.type',
      activePickupPosting(eb, now).$castTo<boolean>().as('active'),
    ])
    .where('h.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', POSTING_MESSAGES.noHoursPosting(id));
  postingVisibleTo(me, row.agentId, row.active);
  return {
    lookingToPickUpID: row.id,
    agentID: row.agentId,
    initials: row.initials,
    startDatetime: formatApiInstant(row.start),
    endDatetime: formatApiInstant(row.end),
    notes: row.notes,
    type: row.type,
  };
}

/**
 * Postings not ended that overlap [start, end), as postShift's and postWantWork's overlap rules
 * count them (rules: an overlappingRecords fact with `endedAt: null`), so the screen's check and
 * the server's agree. Back-to-back postings do not overlap.
 */
function overlappingCoverage(agentId: number, span: Span): CoveragePostingFilter {
  return (eb) => eb.and([eb('p.agent_id', '=', agentId), eb('p.ended_at', 'is', null), eb('p.start', '<', dateOf(span.end)), eb('p.end', '>', dateOf(span.start))]);
}

/** overlappingCoverage of postings to pick up hours. */
function overlappingHours(agentId: number, span: Span): PickupPostingFilter {
  return (eb) => eb.and([eb('h.agent_id', '=', agentId), eb('h.ended_at', 'is', null), eb('h.start', '<', dateOf(span.end)), eb('h.end', '>', dateOf(span.start))]);
}

/**
 * The shift types a customer-service shift has (itself or a sub-shift), read from postShift's rule
 * data (its customerServiceShift fact), so isShiftCustService answers what the posting type uses.
 */
function customerServiceTypes(rules: RuleSet): number[] {
  const fact = rules.action('postShift').file.facts.customerServiceShift;
  const types = fact?.kind === 'hasShiftType' ? fact.params.shiftTypes : undefined;
  if (!Array.isArray(types) || !types.every((t) => Number.isInteger(t))) {
    throw new Error('rules/postShift.json: the customerServiceShift fact (hasShiftType with shiftTypes) is missing');
  }
  return types as number[];
}

/** The agent's main shifts overlapping the span that are customer-service shifts: [{ scheduleId }]. */
async function customerServiceShifts(em: EntityManager, agentId: number, span: Span, types: readonly number[]): Promise<{ scheduleId: number }[]> {
  return kyselyOf(em)
    .selectFrom('shifts as s')
    .select('s.id as scheduleId')
    .where('s.agent_id', '=', agentId)
    .where('s.parent_id', 'is', null)
    .where('s.start', '<', dateOf(span.end))
    // No shift is longer than the longest (server/world-loader.ts's subquery, fixed text): a lower
    // bound on the start that its index can use.
    .where('s.start', '>', sql<Date>`to_timestamp((${span.start}::float8 - ${sql.raw(longestMinutes(em, 'shifts'))}) * 60)`)
    .where('s.end', '>', dateOf(span.start))
    .where((eb) =>
      eb.or([
        eb('s.shift_type', 'in', types),
        eb.exists(eb.selectFrom('shifts as b').select('b.id').whereRef('b.parent_id', '=', 's.id').where('b.shift_type', 'in', types)),
      ]),
    )
    .orderBy('s.start')
    .orderBy('s.id')
    .execute();
}

const ID = { id: idParam };

/** A check of the caller's own records over the path's window: `/api/{name}/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}` (its handler: ownSpanReader). */
function ownSpanRead<const N extends string>(name: N, summary: string, answer: z.ZodType) {
  return { path: `/api/${name}/{agentId}/{startDate}/{startTime}/{endDate}/{endTime}` as const, summary, answer, params: { agentId: idParam, ...SPAN_PARAMS }, forbidden: true };
}
const ownSpanReader =
  (list: (em: EntityManager, agentId: number, span: Span, ctx: ActionContext) => Promise<unknown[]>): ReadHandler<ReadRouteConfig<{ agentId: typeof idParam }>> =>
  (c, ctx, { agentId }) =>
    list(ctx.db.em(), ownAgent(c, agentId), spanAt(c), ctx);

const POSTING_READS = readRoutes('postings', {
  lookupPosting: {
    path: '/api/lookupPosting/{id}',
    summary: 'One posting for coverage (lookingForCoverage), as the edit screen loads it: the posting shape of userPendingShifts',
    answer: CoveragePosting,
    params: ID,
    one: true,
    forbidden: true,
    missing: true,
  },
  wantsHoursDetails: {
    path: '/api/wantsHoursDetails/{id}',
    summary: 'One want-work posting: { lookingToPickUpID, agentID, initials, startDatetime, endDatetime, notes, type }',
    answer: WantsHours,
    params: ID,
    one: true,
    forbidden: true,
    missing: true,
  },
  isShiftPosted: ownSpanRead('isShiftPosted', "The caller's postings for coverage (not ended) overlapping the span: [] means none of it is posted", CoveragePosting),
  isHoursPosted: ownSpanRead('isHoursPosted', "The caller's want-work postings (not ended) overlapping the span: [] means none", PickupPosting),
  isShiftCustService: ownSpanRead('isShiftCustService', "The caller's customer-service shifts overlapping the span: [{ scheduleId }], [] when none", ScheduleIdOnly),
});

const postingHandlers: ReadHandlers<typeof POSTING_READS> = {
  lookupPosting: (c, ctx, { id }) => findShiftWantsCoverage(ctx.db.em(), c.get('agentId'), id, dateOf(ctx.now())),
  wantsHoursDetails: (c, ctx, { id }) => wantsHoursDetails(ctx.db.em(), c.get('agentId'), id, dateOf(ctx.now())),
  isShiftPosted: ownSpanReader((em, agentId, span) => selectCoveragePostings(em, overlappingCoverage(agentId, span))),
  isHoursPosted: ownSpanReader((em, agentId, span) => selectPickupPostings(em, overlappingHours(agentId, span))),
  isShiftCustService: ownSpanReader((em, agentId, span, ctx) => customerServiceShifts(em, agentId, span, customerServiceTypes(ctx.rules))),
};

/** Spec 2 sections 5 and 7 "Posting and editing", spec 1 section 7's remove calls, and their reads. */
export const postings = feature({
  name: 'postings',
  actions: [
    {
      action: 'postShift',
      method: 'post',
      path: '/postShift',
      summary: 'Post one\'s own shift, or part of it, for coverage (Seeking Coverage); the posting type is computed from the rules',
      body: POST_PAYLOAD,
      actor: 'AgentID',
    },
    {
      action: 'editCoverage',
      method: 'post',
      path: '/editCoverage',
      summary: 'Edit one\'s posting for coverage: LookingForCoverageID names it; TimeScheduleItemID, if given, must be its shift',
      body: { ...POST_PAYLOAD, TimeScheduleItemID: 'timeScheduleItemId', LookingForCoverageID: 'lookingForCoverageId' },
      actor: 'AgentID',
    },
    {
      action: 'postWantWork',
      method: 'post',
      path: '/postWantWork',
      summary: 'Post the hours one is available to pick up (Looking to Work); Type is the hours chosen (0 Call Specialist, 9 Supervisor, 15 Customer Service)',
      body: WANT_WORK_PAYLOAD,
      actor: 'AgentID',
    },
    {
      action: 'editHours',
      method: 'post',
      path: '/editHours',
      summary: 'Edit one\'s want-work posting: TimeScheduleItemID names the want-work posting (lookingToPickUpID)',
      body: { ...WANT_WORK_PAYLOAD, TimeScheduleItemID: 'timeScheduleItemId' },
      actor: 'AgentID',
    },
    {
      action: 'removeShiftFromCoverage',
      method: 'put',
      path: '/removeShiftFromCoverage/:id',
      summary: "'No longer want coverage': end one's posting for coverage (id: lookingForCoverageID) after confirming; its pending offers are closed",
      params: { id: 'lookingForCoverageId' },
      // No payload in the spec; a JSON body (or ?confirmed=true) carries the confirmation.
      body: {},
    },
    {
      action: 'removePosting',
      method: 'put',
      path: '/removePosting/:id',
      summary: "Remove one's want-work posting (id: lookingToPickUpID) after confirming; its pending offers are closed",
      params: { id: 'lookingToPickUpId' },
      body: {},
    },
  ],
  reads: POSTING_READS,
  handlers: postingHandlers,
});
