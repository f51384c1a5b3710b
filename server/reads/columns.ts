/**
 * Column lists that many reads select, each for a table under the alias the read gives it: typed
 * through Kysely, so a read's answer type is what it would be with the columns written out.
 */
import type { ColumnType, ExpressionBuilder } from 'kysely';
import { epochMsOf } from '../db/kysely.ts';

type Instant = ColumnType<Date | string, Date | string, Date | string> | Date | string | null;

/** A row's `start` and `end`, in epoch milliseconds. */
export function timesOf<DB extends Record<A, { start: Instant; end: Instant }>, A extends string>(eb: ExpressionBuilder<DB, NoInfer<A>>, a: A) {
  return [epochMsOf(eb.ref(`${a}.start`)).as('start'), epochMsOf(eb.ref(`${a}.end`)).as('end')] as const;
}

type ShiftItemTable = { id: unknown; parent_id: unknown; shift_type: unknown; start: Instant; end: Instant };

/** A shift as an item of a schedule: its id, its main shift's (parentId), its times and its type. */
export function shiftItemColumns<DB extends Record<A, ShiftItemTable>, A extends string>(eb: ExpressionBuilder<DB, NoInfer<A>>, a: A) {
  return [eb.ref(`${a}.id`).as('id'), eb.ref(`${a}.parent_id`).as('parentId'), ...timesOf(eb, a), eb.ref(`${a}.shift_type`).as('shiftType')] as const;
}

type ShiftTable = ShiftItemTable & { agent_id: unknown; is_covering: unknown; pay_rate: unknown; cots: unknown };

/** A whole shift: its id, main shift, agent, times, type, whether it covers, pay rate and COTS, in the order one-shift reads answer them. */
export function shiftColumns<DB extends Record<A, ShiftTable>, A extends string>(eb: ExpressionBuilder<DB, NoInfer<A>>, a: A) {
  return [
    eb.ref(`${a}.id`).as('id'),
    eb.ref(`${a}.parent_id`).as('parentId'),
    eb.ref(`${a}.agent_id`).as('agentId'),
    ...timesOf(eb, a),
    eb.ref(`${a}.shift_type`).as('shiftType'),
    eb.ref(`${a}.is_covering`).as('isCovering'),
    eb.ref(`${a}.pay_rate`).as('payRate'),
    eb.ref(`${a}.cots`).as('cots'),
  ] as const;
}
