import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { formatInstant, isShiftinatorError, parseInstant } from '../engine/index.ts';
import { decideOnSlice, runAction, sliceAsText, type ActionContext, type ActionResult } from './action-runner.ts';
import { anonymiseSlice, inputFromQuery } from './decision-world.ts';
import { createSession, endSession, resumeSession, signIn } from './auth.ts';

export const SESSION_COOKIE = 'shiftinator_session';

const MESSAGES = {
  credentialsMissing: 'ERROR: Must enter valid credentials.',
  credentialsWrong: 'ERROR: Incorrect Initials, Cell, or Password. Please review and try again. Contact Supervision if further assistance needed.',
  notSignedIn: 'Please sign in.',
  notYours: 'You can only act for yourself here.',
};

type Env = { Variables: { agentId: number } };

/** A 400 that names the field: what zod found wrong, first issue. */
class BadRequest extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0] as z.core.$ZodIssue;
  const path = issue.path.map(String).join('.') || 'body';
  throw new BadRequest(`${path}: ${issue.message}`);
}

/** Eastern wall-clock text or ISO with an offset; a time in the spring-forward gap is refused. */
const instantText = z.string().refine((v) => {
  try {
    parseInstant(v);
    return true;
  } catch {
    return false;
  }
}, 'must be a date and time that exists in America/New_York, as "YYYY-MM-DD HH:mm:ss.S"');
const id = z.coerce.number().int().positive();

const LoginBody = z.object({ initials: z.string().max(16).optional(), cell: z.string().max(32).optional(), password: z.string().max(200).optional() });
const ClaimBody = z.object({
  offeringAgentID: z.number().int().optional(),
  coveringAgentID: z.number().int().optional(),
  coverageStartDatetime: instantText,
  coverageEndDatetime: instantText,
  lookingForCoverageID: z.number().int().positive(),
  status: z.number().int().optional(),
});
const CombineBody = z.object({ Shift1: z.number().int().positive().nullable(), Shift2: z.number().int().positive().nullable() });

function answer(c: Context, result: ActionResult): Response {
  const d = result.decision;
  return c.json({ outcome: d.outcome, message: result.message ?? null, rule: d.rule ?? null, warnings: d.warnings }, result.status);
}

async function body(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new BadRequest('body: must be JSON');
  }
}

/** The HTTP API over one database, one rule set and one clock, all passed in as values. */
export function createApp(ctx: ActionContext): Hono<Env> {
  const app = new Hono<Env>();
  const nowDate = (): Date => new Date(ctx.now() * 60_000);

  // One request's database work at a time on PGlite (see Database.exclusive).
  app.use('*', (c, next) => ctx.db.exclusive(() => next()));

  app.onError((err, c) => {
    if (err instanceof BadRequest) return c.json({ error: err.message }, 400);
    if (isShiftinatorError(err)) {
      if (err.code === 'INPUT_INVALID' || err.code === 'TIME_INVALID') return c.json({ error: err.message }, 400);
      if (err.code === 'UNKNOWN_ACTION') return c.json({ error: err.message }, 404);
    }
    console.error(err);
    return c.json({ error: 'Something went wrong on our side; nothing was saved.' }, 500);
  });

  app.post('/api/login', async (c) => {
    const b = parse(LoginBody, await body(c));
    if (!b.initials || !b.cell || !b.password) return c.json({ error: MESSAGES.credentialsMissing }, 400);
    const em = ctx.db.em();
    const result = await signIn(em, b.initials, b.cell, b.password, nowDate());
    if (!result.ok) return c.json({ error: MESSAGES.credentialsWrong }, result.locked ? 429 : 401);
    const agent = await em.getConnection().execute<{ agent_type: number; first_name: string | null; probation_until: string | null }[]>(
      'select agent_type, first_name, probation_until from agents where agent_id = ?',
      [result.agentId],
    );
    const row = agent[0];
    const sid = await createSession(em, result.agentId, row?.agent_type ?? 0, nowDate());
    setCookie(c, SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'Strict', path: '/', secure: c.req.url.startsWith('https:') });
    return c.json({ agentId: result.agentId, agentType: row?.agent_type ?? null, firstName: row?.first_name ?? null, probationUntil: row?.probation_until ?? null });
  });

  app.use('/api/*', async (c, next) => {
    const sid = getCookie(c, SESSION_COOKIE);
    const agentId = sid ? await resumeSession(ctx.db.em(), sid, nowDate()) : null;
    if (agentId === null) return c.json({ error: MESSAGES.notSignedIn }, 401);
    c.set('agentId', agentId);
    await next();
  });

  app.post('/api/logout', async (c) => {
    const sid = getCookie(c, SESSION_COOKIE);
    if (sid) await endSession(ctx.db.em(), sid);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json({ ok: true });
  });

  // The world slice an action's rules read, for the web UI to run the same engine before it
  // submits: a scenario without its expectation. Head-count people are anonymised.
  app.get('/api/worldSlice/:action', async (c) => {
    const action = c.req.param('action');
    const file = ctx.rules.action(action).file;
    const agentId = c.get('agentId');
    const input = inputFromQuery(file.input, c.req.query());
    const now = ctx.now();
    const { world, identified } = await decideOnSlice(ctx.db.em(), ctx.rules, { action, actor: agentId, input, now, lock: false });
    return c.json({ action, actor: agentId, now: formatInstant(now), input, world: sliceAsText(anonymiseSlice(world, identified)), rulesHash: ctx.rulesHash });
  });

  app.put('/api/acceptOffer/:id', async (c) =>
    answer(c, await runAction(ctx, 'acceptOffer', c.get('agentId'), { offerId: parse(id, c.req.param('id')) })),
  );
  app.put('/api/acceptOfferHours/:id', async (c) =>
    answer(c, await runAction(ctx, 'acceptOfferHours', c.get('agentId'), { offerId: parse(id, c.req.param('id')) })),
  );
  for (const action of ['claimOpenShift', 'claimOpenTrainingShift'] as const) {
    app.post(`/api/${action}`, async (c) => {
      const b = parse(ClaimBody, await body(c));
      const agentId = c.get('agentId');
      if ((b.offeringAgentID ?? agentId) !== agentId || (b.coveringAgentID ?? agentId) !== agentId) return c.json({ error: MESSAGES.notYours }, 403);
      const input = { openShiftId: b.lookingForCoverageID, start: b.coverageStartDatetime, end: b.coverageEndDatetime };
      return answer(c, await runAction(ctx, action, agentId, input));
    });
  }
  app.post('/api/combineShifts', async (c) => {
    const b = parse(CombineBody, await body(c));
    return answer(c, await runAction(ctx, 'combineShifts', c.get('agentId'), { shift1Id: b.Shift1, shift2Id: b.Shift2 }));
  });

  return app;
}
