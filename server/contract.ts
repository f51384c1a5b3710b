import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { inputField, type RuleSet } from '../engine/index.ts';
import pkg from '../package.json' with { type: 'json' };
import { idParam } from './http-input.ts';

/**
 * The API's contract: each route is defined once, as a @hono/zod-openapi route (method, path, the
 * zod schemas of its path, query, body and answers), and mounted by `define`, which both serves
 * it and enters it in the OpenAPI registry; /api/openapi.json is generated from those entries.
 * The handlers validate with the very schemas the definition holds (server/http-input.ts says why
 * not with the library's validators), so the document cannot drift from what the server does.
 */

const ErrorBody = z
  .object({ error: z.string().describe('What is wrong; for bad input, the field first, as "field: problem".') })
  .openapi('Error');
const ActionAnswer = z
  .object({
    outcome: z.enum(['ok', 'error', 'confirm']).describe('ok: done; error: stopped by a rule; confirm: goes through only once the user confirms'),
    message: z.string().nullable().describe('The text to show, word for word: the success text, the error or the prompt'),
    rule: z.string().nullable().describe('The id of the rule that decided (null on ok)'),
    warnings: z.array(z.string()).describe('Texts shown without stopping the action'),
    created: z.record(z.string(), z.unknown()).optional().describe('Ids of the records the action made, where the caller needs them'),
  })
  .openapi('ActionAnswer');
/** What every action call answers (200, 403, 409 and 422 alike). */
export type ActionAnswer = z.infer<typeof ActionAnswer>;

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const ref = (name: 'BadInput' | 'NotSignedIn' | 'ServerError') => ({ $ref: `#/components/responses/${name}` }) as never;

/** The answers every call that needs a session can give beside its own. */
export const BAD_INPUT = ref('BadInput');
export const NOT_SIGNED_IN = ref('NotSignedIn');
export const SERVER_ERROR = ref('ServerError');
export const errorAnswer = (description: string) => ({ description, content: json(ErrorBody) });

/** Request fields the route reads as an Eastern instant, described where they are declared. */
const INSTANT_NOTE =
  'Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused';
export const INSTANT_META = { description: INSTANT_NOTE, examples: ['2026-11-26 08:00:00.0'] };

/** The action answers 200, 409 and 422 (and 403 where a rule or the route forbids), with its rule file's messages: what a person can be told. */
export function actionResponses(rules: RuleSet, action: string, actorChecked: boolean): RouteConfig['responses'] {
  const file = rules.files.find((f) => f.action === action);
  const list = (kind: 'forbidden' | 'conflict' | 'rule'): string =>
    (file?.rules ?? [])
      .filter((r) => r.outcome === 'error' && (r.forbidden ? 'forbidden' : r.conflict ? 'conflict' : 'rule') === kind)
      .map((r) => `\n- \`${r.id}\`: ${r.message}`)
      .join('');
  const answer = json(ActionAnswer);
  const forbidden = list('forbidden');
  return {
    200: { description: `Done (outcome ok${file?.success ? `, message "${file.success}"` : ''}), or a confirm prompt`, content: answer },
    400: BAD_INPUT,
    401: NOT_SIGNED_IN,
    ...(forbidden || actorChecked
      ? {
          403: {
            description: `This person may not do this${actorChecked ? ' (a body or path naming someone other than the signed-in agent is refused)' : ''}; nothing was saved.${forbidden ? ` Rules:${forbidden}` : ''}`,
            content: forbidden ? answer : json(ErrorBody),
          },
        }
      : {}),
    409: { description: `The state changed under the user (outcome error); nothing was saved. Rules:${list('conflict')}`, content: answer },
    422: { description: `A rule stops the action (outcome error); nothing was saved. Rules:${list('rule')}`, content: answer },
    500: SERVER_ERROR,
  };
}

/** Body fields that fill an instant input get the Eastern note, as the claims' fields have it. */
export function describeInstants(rules: RuleSet, action: string, fields: Record<string, string | null>, shape: Record<string, z.ZodType>): void {
  const input = rules.action(action).file.input;
  for (const [field, target] of Object.entries(fields)) {
    const type = target === null ? undefined : input[target];
    if (type && inputField(type).base === 'instant' && shape[field]) shape[field] = shape[field].meta(INSTANT_META);
  }
}

/** A Hono path ('/a/:id') as OpenAPI writes it ('/a/{id}'). */
export const openApiPath = (honoPath: string): string => honoPath.replace(/:(\w+)/g, '{$1}');

/** Path ids of an action route, as its handler reads them. */
export const idParams = (names: readonly string[]): z.ZodObject | undefined =>
  names.length ? z.object(Object.fromEntries(names.map((name) => [name, idParam]))) : undefined;

/**
 * Serves `route` with `handler` and enters it in the app's OpenAPI registry. The handler is
 * mounted as given (no validator in front of it): the session middleware recognises probing
 * handlers by identity (server/session-app.ts), and the action hot path parses its body once, itself.
 */
export function define<E extends Env>(app: OpenAPIHono<E>, route: RouteConfig, handler: (c: Context<E>) => Response | Promise<Response>): void {
  app.openAPIRegistry.registerPath(route);
  app.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), handler);
}

/** The OpenAPI 3.1 document of every route `define` mounted on `app`. */
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>): Record<string, unknown> {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'shiftinator_session', description: 'Set by POST /api/login' });
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  registry.registerComponent('responses', 'BadInput', { description: 'The request does not fit: the error names the field', ...error });
  registry.registerComponent('responses', 'NotSignedIn', { description: 'No session, or it expired ("Please sign in.")', ...error });
  registry.registerComponent('responses', 'ServerError', { description: 'Something went wrong on our side; nothing was saved', ...error });
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Shiftinator API',
      version: pkg.version,
      description:
        'The shift-exchange API of the call centre. Every action is decided by the rules engine from the rule files; ' +
        'sign in with POST /api/login, which sets the session cookie the other calls need.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    tags: [
      { name: 'session', description: 'Signing in and out' },
      { name: 'actions', description: 'Actions the rules decide' },
      { name: 'reads', description: 'What the calendar and the Pending Activity screen show' },
      { name: 'meta', description: 'About the API' },
    ],
  }) as unknown as Record<string, unknown>;
}
