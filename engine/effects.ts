import type { Effect } from './effects/effect.ts';
import { acceptOfferHours } from './effects/accept-offer-hours.ts';
import { acceptOffer } from './effects/accept-offer.ts';
import { claimOpenShift } from './effects/claim-open-shift.ts';
import { combineShifts } from './effects/combine-shifts.ts';
import { cutShift } from './effects/cut-shift.ts';
import { removeWhere } from './effects/delete-where.ts';
import { remove } from './effects/delete.ts';
import { insertEach } from './effects/insert-each.ts';
import { insert } from './effects/insert.ts';
import { removeHours } from './effects/remove-hours.ts';
import { text } from './effects/text.ts';
import { updateWhere } from './effects/update-where.ts';
import { update } from './effects/update.ts';

export { Ids } from './effects/effect.ts';

/** Effect kinds that take `follow` (records that go with the piece of a split shift that holds them). */
export const FOLLOW_EFFECTS: ReadonlySet<string> = new Set(['removeHours', 'acceptOffer', 'acceptOfferHours']);

/**
 * Effect kinds that run once per record of a `from` ({ collection, where, except }), reading the
 * record through `{ "each": field }`: whether they need one (checked when rules load).
 */
export const EACH_EFFECTS: ReadonlyMap<string, { fromRequired: boolean }> = new Map([
  ['insertEach', { fromRequired: true }],
  ['removeHours', { fromRequired: false }],
]);

/** Generic effect kinds and the collection-field params each names (checked when rules load). */
export const GENERIC_EFFECTS: ReadonlyMap<string, { fieldParams: readonly string[] }> = new Map([
  ['insert', { fieldParams: ['record'] }],
  ['insertEach', { fieldParams: ['record'] }],
  ['update', { fieldParams: ['fields'] }],
  ['updateWhere', { fieldParams: ['fields', 'where'] }],
  ['delete', { fieldParams: [] }],
  ['deleteWhere', { fieldParams: ['where'] }],
  ['text', { fieldParams: [] }],
]);

/** Every kind of effect by name, one file each under effects/. */
export const effectKinds: ReadonlyMap<string, Effect> = new Map([
  ['acceptOffer', acceptOffer],
  ['acceptOfferHours', acceptOfferHours],
  ['claimOpenShift', claimOpenShift],
  ['combineShifts', combineShifts],
  ['cutShift', cutShift],
  ['removeHours', removeHours],
  ['insert', insert],
  ['insertEach', insertEach],
  ['update', update],
  ['updateWhere', updateWhere],
  ['delete', remove],
  ['deleteWhere', removeWhere],
  ['text', text],
]);
