import type { Effect } from './effect.ts';
import { insert } from './insert.ts';
import { withInserted } from './records.ts';

/** A text message into the outbox (textMessages); the body arrives with its template filled. */
export const text: Effect = (ctx) => {
  const to = withInserted(ctx.params.to, ctx.inserted);
  if (to === null || to === undefined) return [];
  return insert({
    ...ctx,
    params: { collection: 'textMessages', record: { toAgentId: to, kind: ctx.params.kind ?? null, body: ctx.params.body, createdAt: ctx.now } },
  });
};
