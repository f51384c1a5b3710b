/**
 * Type-level tests of the database's Kysely types, checked by `npm run typecheck` (a line marked
 * @ts-expect-error that stops failing fails the check). The world's tables are typed from the
 * engine's collection table (engine/collections.ts), so a field added, renamed or made nullable
 * there changes what a query may name and what it gets back.
 */
import type { InferResult, Insertable, Kysely, Selectable } from 'kysely';
import type { ServerDatabase } from '../../server/db/kysely.ts';
import { shiftColumns, shiftItemColumns, timesOf } from '../../server/reads/columns.ts';
import { personColumns } from '../../server/routes/shared.ts';
import type { CoveragePostingFilter, HoursOfferFilter } from '../../server/reads/records.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

type Shift = Selectable<ServerDatabase['shifts']>;
type Agent = Selectable<ServerDatabase['agents']>;
type Posting = Selectable<ServerDatabase['coverage_postings']>;

// Columns by their SQL names, as MikroORM's underscore naming writes them.
holds<Equal<Shift['agent_id'], number>>();
holds<Equal<Shift['parent_id'], number | null>>();
holds<Equal<Agent['can_cover_docs'], boolean>>();
holds<Equal<Agent['designated_account_manager'], boolean>>();
holds<Equal<Agent['probation_until'], Date | string | null>>();
holds<Equal<Posting['notes'], string | null>>();
holds<Equal<Selectable<ServerDatabase['offer_log']>['offer_id'], number | null>>();
// Server tables come from their entities, beside the world's.
holds<Equal<Selectable<ServerDatabase['calendar_feeds']>['agent_id'], number>>();

// A serial id and defaulted fields may be left out of an insert; a required field may not.
export const shift: Insertable<ServerDatabase['shifts']> = { agent_id: 1, start: new Date(0), end: new Date(0) };
// Agents are keyed by the id they are given.
export const agent: Insertable<ServerDatabase['agents']> = { agent_id: 1, agent_type: 40 };

// @ts-expect-error: the column is agent_id
export type NoCamel = Shift['agentId'];
// @ts-expect-error: no such table
export type NoTable = ServerDatabase['shift'];
// @ts-expect-error: a shift needs its agent
export const noAgent: Insertable<ServerDatabase['shifts']> = { start: new Date(0), end: new Date(0) };
// @ts-expect-error: an agent has no serial id, so it needs one
export const noAgentId: Insertable<ServerDatabase['agents']> = { agent_type: 40 };

// A read's filter is typed by the read's own query: its aliases, and their columns.
export const byPoster: CoveragePostingFilter = (eb) => eb('p.agent_id', '=', 1);
export const byGiverShift: HoursOfferFilter = (eb) => eb('gs.agent_id', '=', 1);
// @ts-expect-error: the column is agent_id
export const misspelt: CoveragePostingFilter = (eb) => eb('p.agentid', '=', 1);
// @ts-expect-error: the postings read has no `h` (a posting for hours)
export const otherAlias: CoveragePostingFilter = (eb) => eb('h.agent_id', '=', 1);

// The reads' shared column lists answer the types the columns written out would.
declare const db: Kysely<ServerDatabase>;
type ShiftItem = { id: number; parentId: number | null; start: number; end: number; shiftType: number };
type ShiftRead = { id: number; parentId: number | null; agentId: number; start: number; end: number; shiftType: number; isCovering: boolean; payRate: number; cots: number };
export const shiftShared = db.selectFrom('shifts as s').select((eb) => shiftColumns(eb, 's'));
holds<Equal<InferResult<typeof shiftShared>, ShiftRead[]>>();
export const itemShared = db.selectFrom('shifts as s').select((eb) => shiftItemColumns(eb, 's'));
holds<Equal<InferResult<typeof itemShared>, ShiftItem[]>>();
// Under a left join the times may be null.
export const breakTimes = db.selectFrom('shifts as s').leftJoin('shifts as b', 'b.parent_id', 's.id').select((eb) => timesOf(eb, 'b'));
holds<Equal<InferResult<typeof breakTimes>, { start: number | null; end: number | null }[]>>();
export const people = db.selectFrom('agents as a').select(personColumns());
holds<Equal<InferResult<typeof people>, { agentId: number; initials: string | null; fullName: string }[]>>();
// @ts-expect-error: an agent has no start and end
export const noTimes = db.selectFrom('agents as a').select((eb) => timesOf(eb, 'a'));
