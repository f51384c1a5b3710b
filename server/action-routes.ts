import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { inputField, inputFields, type InputType, type RuleSet } from '../engine/index.ts';
import type { SessionProbe } from './auth.ts';
import { runAction, type ActionContext, type ActionResult } from './action-runner.ts';
import { ApiError } from './api-error.ts';
import { actionResponses, define, describeInstants, idParams, openApiPath } from './contract.ts';
import { body, idNumber, idParam, instantText, object, parse, says, sentBody } from './http-input.ts';

/**
 * An action's HTTP call, as data: the spec's method and path, and where each of the rule file's
 * input fields comes from (a path parameter or a body field under the spec's payload name). The
 * body is validated from the rule file's declared input types, so a new action needs its rule
 * file and one of these, no handler code.
 */
export interface ActionRoute {
  /** The rule file's action. */
  action: string;
  method: 'post' | 'put';
  /** Under /api, Hono style: '/nudgeOffer/:id'. */
  path: string;
  summary: string;
  /** Path parameter -> input field. */
  params?: Record<string, string>;
  /** Body field, as the spec names it -> input field; null: accepted and not used (the spec sends it). */
  body?: Record<string, string | null>;
  /**
   * A body field or path parameter that names the acting agent (the spec's AgentID): it must be the
   * signed-in agent, else 403. Acting for someone else is an input field a rule checks instead.
   */
  actor?: string;
  /** Longest text accepted in any text field (default 2000): longer is a 400, not a rule. */
  maxText?: number;
}

/** What the session check (server/session-app.ts) gives a handler: the signed-in agent, and the session's probe where it rides the decision. */
export type ApiEnv = { Variables: { agentId: number; session?: SessionProbe } };

/**
 * The route of a rule file no ActionRoute names: POST /api/<action>, its body the input fields
 * under their own names, so that a new rule file is a new route. An ActionRoute is for the
 * spec's own path, field names, path ids or acting agent.
 */
export function defaultActionRoute(rules: RuleSet, action: string): ActionRoute {
  const file = rules.action(action).file;
  const fields = Object.keys(file.input);
  return {
    action,
    method: 'post',
    path: `/${action}`,
    summary: file.description ?? action,
    ...(fields.length ? { body: Object.fromEntries(fields.map((f) => [f, f])) } : {}),
  };
}

const BOOL_TEXT = 'must be true or false';
const NUMBER_TEXT = 'must be a number';

/** A whole-number text over a list of choices: "must be one of 0, 1 or 2", or a range when they run on. */
function choicesText(choices: readonly number[]): string {
  const first = choices[0];
  const last = choices.at(-1);
  const runs = first !== undefined && last !== undefined && choices.every((v, i) => v === first + i);
  if (runs && choices.length > 2) return `must be a whole number from ${first} to ${last}`;
  return choices.length === 1 ? `must be ${String(first)}` : `must be one of ${choices.slice(0, -1).join(', ')} or ${String(last)}`;
}

/**
 * The choices rules/parameters.json gives a number input: its `<field>Choices` list of whole
 * numbers (`cotsWantedChoices`, the screens' only value), so the bound is set where the other
 * limits are.
 */
function choicesOf(rules: RuleSet, field: string): number[] | undefined {
  const value = rules.parameters?.values.get(`${field}Choices`)?.value;
  return Array.isArray(value) && value.every((v) => Number.isInteger(v)) ? (value as number[]) : undefined;
}

/** Numbers are PostgreSQL integers or a count at most: beyond these they would fail in the database. */
const NUMBER_LIMIT = 2_147_483_647;

/**
 * The zod schema of one input field, from the rule file's declared type, and with `rules` the
 * parameters' choices for it.
 */
function fieldSchema(rules: RuleSet | null, field: string, type: InputType, maxText: number): z.ZodType {
  const { base, optional } = inputField(type);
  let schema: z.ZodType;
  switch (base) {
    case 'id':
      schema = idNumber();
      break;
    case 'instant':
      schema = instantText;
      break;
    case 'number': {
      const choices = rules ? choicesOf(rules, field) : undefined;
      if (choices?.length) {
        // A literal list: the OpenAPI document lists the choices (enum), with the first as example.
        const text = choicesText(choices);
        schema = z.literal(choices, says(text)).meta({ examples: [choices[0]], description: `From rules/parameters.json (${field}Choices)` });
        break;
      }
      const text = `${NUMBER_TEXT} from -${NUMBER_LIMIT} to ${NUMBER_LIMIT}`;
      schema = z.number(says(NUMBER_TEXT)).finite(text).min(-NUMBER_LIMIT, text).max(NUMBER_LIMIT, text);
      break;
    }
    case 'boolean':
      schema = z.boolean(says(BOOL_TEXT));
      break;
    case 'string':
      schema = z.string(says('must be text')).max(maxText, `must be at most ${maxText} characters`);
  }
  return optional ? schema.nullable().optional() : schema;
}

const sliceSchemas = new WeakMap<object, z.ZodObject>();

/**
 * What the world slice of an action accepts in its query: the action's input fields with the
 * types and bounds its POST checks, every one optional (a slice may leave fields to be chosen), so
 * an id out of range or a word for a number is a 400 naming the field there too. The parameters'
 * choices are the POST's alone: a slice previews the rules, which never read those fields.
 */
export function sliceInputSchema(rules: RuleSet, action: string): z.ZodObject {
  const input = rules.action(action).file.input;
  let schema = sliceSchemas.get(input);
  if (!schema) {
    schema = object(Object.fromEntries(Object.entries(input).map(([field, type]) => [field, fieldSchema(null, field, type, 2000).optional()])));
    sliceSchemas.set(input, schema);
  }
  return schema;
}

/** The body schema of a route: its mapped fields with the types of the inputs they fill. */
function bodySchema(route: ActionRoute, rules: RuleSet): z.ZodObject {
  const input = rules.action(route.action).file.input;
  const shape: Record<string, z.ZodType> = {};
  for (const [field, target] of Object.entries(route.body ?? {})) {
    // Sent by the spec's screens and not read: any value is accepted, and the API document says so.
    if (target === null) shape[field] = z.unknown().optional().meta({ deprecated: true, description: "Sent by the spec's screens; not used" });
    else {
      const type = input[target];
      if (!type) throw new Error(`route ${route.path}: ${route.action} has no input field "${target}"`);
      shape[field] = fieldSchema(rules, target, type, route.maxText ?? 2000);
    }
  }
  describeInstants(rules, route.action, route.body ?? {}, shape);
  if (route.actor && !route.params?.[route.actor]) shape[route.actor] = idNumber();
  shape.confirmed = z.boolean(says(BOOL_TEXT)).optional().meta({ description: CONFIRMED_TEXT });
  return object(shape);
}

/** Whether a route takes no body fields: the spec's PUTs on an offer, which send none. */
function bodyless(route: ActionRoute): boolean {
  return !route.body && !(route.actor && !route.params?.[route.actor]);
}

/** How every action route takes the answer to a confirm prompt (the OpenAPI document says the same). */
const CONFIRMED_TEXT =
  'The answer to the action\'s confirm prompt: true goes ahead. Sent in the JSON body or as the query parameter ?confirmed=true|false, or both when they agree; a query and a body that disagree are a 400.';

/**
 * The confirmation, from the query or the body: one place for every action, so that a confirmed
 * sent either way is never dropped, and two that disagree are refused rather than one picked.
 */
function confirmation(query: string | undefined, fromBody: unknown): boolean {
  let fromQuery: boolean | undefined;
  if (query !== undefined) {
    if (query !== 'true' && query !== 'false') throw new ApiError('BAD_INPUT', `confirmed: ${BOOL_TEXT}`);
    fromQuery = query === 'true';
  }
  const inBody = typeof fromBody === 'boolean' ? fromBody : undefined;
  if (fromQuery !== undefined && inBody !== undefined && fromQuery !== inBody) {
    throw new ApiError('BAD_INPUT', `confirmed: the query says ${String(fromQuery)} and the body ${String(inBody)}; send one, or both alike`);
  }
  return fromQuery ?? inBody ?? false;
}

export function answer(c: Context, result: ActionResult): Response {
  const d = result.decision;
  return c.json(
    { outcome: d.outcome, message: result.message ?? null, rule: d.rule ?? null, warnings: d.warnings, ...(result.created ? { created: result.created } : {}) },
    result.status,
  );
}

/** An action route's definition: its path ids, the confirmation query where its rules prompt, its body and its rule answers. */
function actionRouteConfig(route: ActionRoute, rules: RuleSet, tag: string, body: z.ZodObject): RouteConfig {
  const params = idParams(Object.keys(route.params ?? {}));
  const prompts = rules.action(route.action).file.rules.some((r) => r.outcome === 'confirm');
  const query = z.object({ confirmed: z.enum(['true', 'false']).optional().meta({ description: CONFIRMED_TEXT }) });
  return {
    method: route.method,
    path: `/api${openApiPath(route.path)}`,
    operationId: route.path.split('/')[1] ?? route.action,
    summary: route.summary,
    tags: ['actions', tag],
    request: {
      ...(params ? { params } : {}),
      ...(prompts ? { query } : {}),
      body: { required: route.method === 'post' && !bodyless(route), content: { 'application/json': { schema: body } } },
    },
    responses: actionResponses(rules, route.action, Boolean(route.actor)),
  };
}

/**
 * `probes` marks a handler that passes the request's session probe to runAction (server/session-app.ts): the
 * session is then checked in the decision's first statement.
 */
export function registerActionRoutes(app: OpenAPIHono<ApiEnv>, ctx: ActionContext, tag: string, routes: readonly ActionRoute[], probes: <H extends object>(handler: H) => H): void {
  for (const route of routes) {
    const schema = bodySchema(route, ctx.rules);
    const declared = inputFields(ctx.rules.action(route.action).file.input);
    define(
      app,
      actionRouteConfig(route, ctx.rules, tag, schema),
      probes(async (c: Context<ApiEnv>) => {
        const agentId = c.get('agentId');
        const input: Record<string, unknown> = {};
        for (const [name, target] of Object.entries(route.params ?? {})) {
          const value = parse(idParam, c.req.param(name), name);
          if (name === route.actor && value !== agentId) throw new ApiError('NOT_YOURS');
          if (target) input[target] = value;
        }
        // A PUT of the spec, and a route without body fields, may come without a body.
        const optional = route.method === 'put' || bodyless(route);
        const raw = optional && !sentBody(c) ? {} : await body(c);
        const b = parse(schema, raw) as Record<string, unknown>;
        if (route.actor && !route.params?.[route.actor] && b[route.actor] !== agentId) throw new ApiError('NOT_YOURS');
        for (const [field, target] of Object.entries(route.body ?? {})) {
          if (target !== null && b[field] !== undefined) input[target] = b[field];
        }
        for (const [name, field] of declared) if (!(name in input) && field.optional) input[name] = null;
        input.confirmed = confirmation(c.req.query('confirmed'), b.confirmed);
        return answer(c, await runAction(ctx, route.action, agentId, input, c.get('session')));
      }),
    );
  }
}
