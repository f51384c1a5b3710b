import { defineEntity, p, type EntitySchema } from '@mikro-orm/core';
import { COLLECTIONS, formatDate, parseDate, type FieldSpec, type WorldRecord } from '../../engine/index.ts';

/**
 * The world's collections as tables, generated from the engine's collection table
 * (engine/collections.ts) so that a field is described once. Instants are timestamptz, dates are
 * dates; the engine's epoch minutes and day numbers are converted at the boundary.
 */

const ENTITY_NAMES: Record<string, string> = {
  agents: 'Agent',
  shifts: 'Shift',
  days: 'Day',
  coveragePostings: 'CoveragePosting',
  pickupPostings: 'PickupPosting',
  openShifts: 'OpenShift',
  offers: 'Offer',
  offerLog: 'OfferLogEntry',
  sessionLog: 'SessionLogEntry',
  offerMessages: 'OfferMessage',
  cutRequests: 'CutRequest',
  lunchRequests: 'LunchRequest',
  personalRequests: 'PersonalRequest',
  notices: 'Notice',
  chatMessages: 'ChatMessage',
  teams: 'Team',
  releaseNotes: 'ReleaseNote',
  textMessages: 'TextMessage',
};

/** Indexes that fit the queries: 18-hour windows and overlaps, head counts, owners and statuses. */
const INDEXES: Record<string, string[][]> = {
  shifts: [['agentId', 'start'], ['start', 'end'], ['parentId']],
  // (endedAt, end): the active postings everyone sees on the calendar, without reading past ones.
  coveragePostings: [['agentId', 'endedAt'], ['shiftId'], ['endedAt', 'end']],
  pickupPostings: [['agentId', 'endedAt'], ['endedAt', 'end']],
  openShifts: [['start'], ['endedAt']],
  offers: [['postingId', 'status'], ['pickupPostingId', 'status'], ['offeringAgentId', 'status'], ['coveringAgentId', 'status']],
  agents: [['spanish'], ['agentType'], ['teamId']],
  offerLog: [['agentId', 'at']],
  sessionLog: [['agentId', 'at']],
  offerMessages: [['offerId']],
  // The wishlists read pending requests; an agent's own lists read by owner.
  cutRequests: [['status', 'requestedAt'], ['agentId', 'status'], ['shiftId']],
  lunchRequests: [['status', 'requestedAt'], ['agentId', 'status'], ['shiftId']],
  personalRequests: [['agentId', 'start'], ['start']],
  notices: [['agentId', 'start'], ['shiftId']],
  chatMessages: [['toAgentId', 'readAt'], ['fromAgentId', 'toAgentId']],
  // The sender drains what is not sent yet, oldest first.
  textMessages: [['sentAt', 'id']],
};

/**
 * Collections read by overlap with a window through an index on start. Such a read is bounded
 * below by the window's start less the collection's longest record (server/world-loader.ts),
 * which the database finds through an index on end - start (`durationIndex`): no length is
 * assumed, so a rule set may allow records of any length.
 */
export const DURATION_INDEXED: ReadonlySet<string> = new Set(['shifts', 'openShifts', 'personalRequests']);

/** The name of a collection's index on end - start. */
function durationIndex(collection: string): string {
  return `${tableName(collection)}_duration_index`;
}

function tableName(collection: string): string {
  return collection.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function column(name: string, spec: FieldSpec, key: string): unknown {
  const isKey = name === key;
  let b;
  switch (spec.type) {
    case 'id':
      b = p.integer();
      break;
    case 'number':
      b = p.integer();
      break;
    case 'bool':
      b = p.boolean();
      break;
    case 'string':
      b = p.text();
      break;
    case 'status':
      b = p.string().length(16);
      break;
    case 'instant':
      b = p.datetime();
      break;
    case 'date':
      b = p.date();
      break;
  }
  if (isKey) return key === 'id' ? b.primary().autoincrement() : b.primary().autoincrement(false);
  if (spec.nullable || (!spec.required && spec.default === null)) return b.nullable();
  if (spec.default !== undefined && spec.default !== null) return b.default(spec.default as never);
  return b;
}

function worldEntity(collection: string): EntitySchema {
  const spec = COLLECTIONS[collection];
  if (!spec) throw new Error(`no collection ${collection}`);
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) properties[name] = column(name, field, spec.key);
  return defineEntity({
    name: ENTITY_NAMES[collection] as string,
    tableName: tableName(collection),
    properties: properties as never,
    indexes: [
      ...(INDEXES[collection] ?? []).map((props) => ({ properties: props as never })),
      ...(DURATION_INDEXED.has(collection) ? [{ name: durationIndex(collection), expression: `create index "${durationIndex(collection)}" on "${tableName(collection)}" (("end" - "start"))` }] : []),
    ],
  }) as unknown as EntitySchema;
}

export const WORLD_ENTITIES: Record<string, EntitySchema> = Object.fromEntries(
  Object.keys(ENTITY_NAMES).map((c) => [c, worldEntity(c)]),
);

export function entityOf(collection: string): EntitySchema {
  const e = WORLD_ENTITIES[collection];
  if (!e) throw new Error(`unknown collection ${collection}`);
  return e;
}

/** A database row as the engine's normalised record: epoch minutes, day numbers. */
export function rowToRecord(collection: string, row: Record<string, unknown>): WorldRecord {
  const spec = COLLECTIONS[collection];
  const out: WorldRecord = {};
  for (const [name, field] of Object.entries(spec?.fields ?? {})) {
    const v = row[name];
    if (v === null || v === undefined) out[name] = null;
    else if (field.type === 'instant') out[name] = (v instanceof Date ? v.getTime() : new Date(v as string).getTime()) / 60_000;
    else if (field.type === 'date') out[name] = parseDate(v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    else out[name] = v;
  }
  return out;
}

/** An engine record (or some of its fields) as database values. */
export function recordToRow(collection: string, rec: WorldRecord): Record<string, unknown> {
  const spec = COLLECTIONS[collection];
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(rec)) {
    const field = spec?.fields[name];
    if (!field) continue;
    if (v === null || v === undefined) out[name] = null;
    else if (field.type === 'instant') out[name] = new Date((v as number) * 60_000);
    else if (field.type === 'date') out[name] = formatDate(v as number);
    else out[name] = v;
  }
  return out;
}
