import { fillEach } from './each.ts';
import type { Effect } from './effect.ts';
import { insert } from './insert.ts';
import { matchedRecords } from './records.ts';

/**
 * One record per record `from` matches (a History line for each offer an accept declines): the
 * record's `{ "each": field }` values are the matched record's, its templates filled for it.
 */
export const insertEach: Effect = (ctx) =>
  matchedRecords(ctx.world, ctx.params.from, ctx.inserted).flatMap((matched) =>
    insert({ ...ctx, params: { collection: ctx.params.collection, record: fillEach({ record: ctx.params.record }, matched).record } }),
  );
