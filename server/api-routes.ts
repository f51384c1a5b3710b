import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { RuleSet } from '../engine/index.ts';
import { actionResponses, BAD_INPUT, errorAnswer, INSTANT_META, NOT_SIGNED_IN, SERVER_ERROR } from './contract.ts';
import { ID_TEXT, idNumber, instantText, object, says, text } from './http-input.ts';
import { OpenApiDocument } from './reads/shapes.ts';

/**
 * The definitions of the routes the app serves beside the features' lists (server/routes/): method,
 * path, schemas, answers and who may call them (`security: []` for no session), and nothing else.
 * Their handlers are the sub-apps' (server/session-app.ts, server/action-app.ts), which validate
 * with these very schemas; this module imports no handler and no database code, so the route
 * types can be read without them.
 */

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });

export const LoginBody = object({ initials: text(16), cell: text(32), password: text(200) });
export const ClaimBody = object({
  offeringAgentID: idNumber().optional(),
  coveringAgentID: idNumber().optional(),
  coverageStartDatetime: instantText.meta(INSTANT_META),
  coverageEndDatetime: instantText.meta(INSTANT_META),
  lookingForCoverageID: idNumber(),
  status: z.number(says('must be a whole number')).int('must be a whole number').optional(),
});
const SHIFT_TEXT = `${ID_TEXT}, or null when no shift is selected`;
const shiftId = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required (null when no shift is selected)' : SHIFT_TEXT) })
  .int(SHIFT_TEXT)
  .min(1, SHIFT_TEXT)
  .max(2_147_483_647, SHIFT_TEXT)
  .nullable();
export const CombineBody = object({ Shift1: shiftId, Shift2: shiftId });

const LoginAnswer = z.object({
  agentId: z.number().int(),
  agentType: z.number().int().nullable().describe('The rank: what the person may see and do'),
  firstName: z.string().nullable(),
  probationUntil: z.string().nullable().describe('The last day of probation, or null'),
});
const WorldSliceAnswer = z.object({
  action: z.string(),
  actor: z.number().int(),
  now: z.string().describe('The server clock, Eastern wall-clock text'),
  input: z.record(z.string(), z.unknown()),
  world: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).describe('The records the rules read, in the scenario format; people only counted are anonymised'),
  facts: z.record(z.string(), z.unknown()).optional().describe('Facts the rules read that the slice cannot recompute'),
  rulesHash: z.string().describe('sha256 of the rule files that decide'),
});
const OfferedRefusal = z.object({
  refused: z.string().describe("The message of the rule that refuses the action whatever is chosen, word for word"),
  rule: z.string().nullable().describe('That rule (null when the refusal is that the records are not the reader\'s)'),
});
/**
 * A rule file's content is left free-form here: it is the file as written, with its own JSON
 * Schema (named in its `$schema`), which the engine the browser loads it with checks it against;
 * copying those schemas (rules/rule-file.schema.json alone is 150 KB) into this document would
 * describe the rules' language twice.
 */
const RuleSourceAnswer = z.object({
  file: z.string().describe('Its path, for messages'),
  json: z
    .unknown()
    .describe(
      'The file as written, free-form JSON: an action or shared rule file (rules/rule-file.schema.json), rules/roles.json (rules/roles.schema.json) or rules/parameters.json (rules/parameters.schema.json), as `kind` says',
    ),
  kind: z.enum(['rules', 'roles', 'parameters']).optional().describe("What the file is ('rules' when absent)"),
});
const RulesAnswer = z.object({
  rulesHash: z.string().describe('sha256 of the rule files that decide'),
  sources: z.array(RuleSourceAnswer),
});

/** Served without a session: signing in, and this document. */
export const PUBLIC_ROUTES = {
  login: createRoute({
    method: 'post',
    path: '/api/login',
    operationId: 'login',
    summary: 'Sign in (spec 1, Log In): initials and cell are stripped to letters and digits, initials upper-cased',
    tags: ['session'],
    security: [],
    request: { body: { required: true, content: json(LoginBody) } },
    responses: {
      200: {
        description: 'Signed in; the session cookie is set',
        headers: { 'Set-Cookie': { description: 'shiftinator_session=...; HttpOnly; SameSite=Strict', schema: { type: 'string' } } },
        content: json(LoginAnswer),
      },
      400: errorAnswer('A field is missing ("ERROR: Must enter valid credentials.") or is not valid'),
      401: errorAnswer('No such initials, cell and password'),
      429: {
        ...errorAnswer('Too many failed tries from this address, or at this account from this address: wait and try again (docs/server.md)'),
        headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
      },
      500: SERVER_ERROR,
    },
  }),
  openapi: createRoute({
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openapi',
    summary: 'This document',
    tags: ['meta'],
    security: [],
    responses: { 200: { description: 'The OpenAPI 3.1 document', content: json(OpenApiDocument) } },
  }),
};

/** The signed-in session's own calls. */
export const SESSION_ROUTES = {
  logout: createRoute({
    method: 'post',
    path: '/api/logout',
    operationId: 'logout',
    summary: "Sign out: the agent's leave-early notices take effect (spec 3 section 4, rules/logout.json), then the session ends and its cookie is cleared",
    tags: ['session'],
    responses: { 200: { description: 'Signed out', content: json(z.object({ ok: z.literal(true) })) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
  session: createRoute({
    method: 'get',
    path: '/api/session',
    operationId: 'session',
    summary: "Who is signed in; marks the session used now (the web UI's keep-alive while its person works without making calls)",
    tags: ['session'],
    responses: { 200: { description: '{ agentId }', content: json(z.object({ agentId: z.number().int() })) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
  }),
};

const sliceInput = {
  name: 'input',
  in: 'query' as const,
  description: "The action's input fields (its rule file's `input`), one query parameter each",
  style: 'form' as const,
  explode: true,
  schema: { type: 'object' as const, additionalProperties: { type: 'string' as const } },
};

/**
 * The world slice an action's rules read, and the rule files themselves, for the web UI to run
 * the same engine before it submits. The path's action is one of the rule set's.
 */
export function sliceRoutes(rules: RuleSet) {
  const sliceResponses = {
    200: { description: 'The slice, as a scenario without its expectation', content: json(WorldSliceAnswer) },
    400: BAD_INPUT,
    401: NOT_SIGNED_IN,
    403: errorAnswer('The reader may not take this action on the records its input names'),
    404: errorAnswer('No such action'),
    500: SERVER_ERROR,
  };
  const actionParam = { params: z.object({ action: z.enum(rules.actionNames() as [string, ...string[]]) }) };
  return {
    worldSlice: createRoute({
      method: 'get',
      path: '/api/worldSlice/{action}',
      operationId: 'worldSlice',
      summary: "The world slice an action's rules read, for the web UI to run the same engine before it submits",
      tags: ['actions'],
      request: actionParam,
      // Which query parameters it takes depends on the action: an object of them, as OpenAPI writes one.
      parameters: [sliceInput],
      responses: sliceResponses,
    }),
    offeredSlice: createRoute({
      method: 'get',
      path: '/api/offeredSlice/{action}',
      operationId: 'offeredSlice',
      summary: "The world slice an action's rules read as it is offered, the input fields left out still to be chosen: for the web UI to tell whether to offer it",
      tags: ['actions'],
      request: actionParam,
      parameters: [sliceInput],
      // Working out what is refused is no error: a refusal is an answer like the slice (issue 30).
      responses: {
        200: { description: 'The slice, as a scenario without its expectation; or, when the rules refuse the action whatever is chosen, their message', content: json(z.union([WorldSliceAnswer, OfferedRefusal])) },
        400: sliceResponses[400],
        401: sliceResponses[401],
        404: sliceResponses[404],
        500: sliceResponses[500],
      },
    }),
    rules: createRoute({
      method: 'get',
      path: '/api/rules',
      operationId: 'rules',
      summary: 'The rule files this server decides with (and their sha256), for the web UI to run the same engine before it submits',
      tags: ['actions'],
      responses: { 200: { description: '{ rulesHash, sources: [{ file, json, kind? }] }', content: json(RulesAnswer) }, 401: NOT_SIGNED_IN, 500: SERVER_ERROR },
    }),
  };
}

/** The claimable actions whose body is the spec's posting shape (server/action-app.ts maps it to the rule file's input). */
export const CLAIMS = ['claimOpenShift', 'claimOpenTrainingShift'] as const;
/**
 * Rule files whose route is not an ActionRoute: signing in and out (server/session-app.ts) and the
 * actions of shapedActionRoutes. Every other rule file is served as an ActionRoute.
 */
export const NOT_ACTION_ROUTES: readonly string[] = ['login', 'logout', ...CLAIMS, 'combineShifts'];

const CLAIM_SUMMARIES = {
  claimOpenShift: 'Claim an open shift, whole or in part (lookingForCoverageID is the open shift)',
  claimOpenTrainingShift: 'Claim an opening of an open training shift (QA Reviews, Training Class, Watch Week)',
};

/**
 * The actions whose spec body does not map field for field onto their rule file's input (an
 * ActionRoute, server/action-routes.ts, cannot say it): the claims, which take the posting shape
 * and two agent fields that must both be the caller, and combineShifts, whose shifts may be null.
 */
export function shapedActionRoutes(rules: RuleSet) {
  const claim = (action: (typeof CLAIMS)[number]) =>
    createRoute({
      method: 'post',
      path: `/api/${action}`,
      operationId: action,
      summary: CLAIM_SUMMARIES[action],
      tags: ['actions'],
      request: { body: { required: true, content: json(ClaimBody) } },
      responses: actionResponses(rules, action, true),
    });
  return {
    claimOpenShift: claim('claimOpenShift'),
    claimOpenTrainingShift: claim('claimOpenTrainingShift'),
    combineShifts: createRoute({
      method: 'post',
      path: '/api/combineShifts',
      operationId: 'combineShifts',
      summary: 'Combine two of your shifts into one (Shift1 and Shift2 are shift ids; null when not selected)',
      tags: ['actions'],
      request: { body: { required: true, content: json(CombineBody) } },
      responses: actionResponses(rules, 'combineShifts', false),
    }),
  };
}
