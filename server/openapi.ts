import { z } from 'zod';
import type { RuleSet } from '../engine/index.ts';
import pkg from '../package.json' with { type: 'json' };
import { idParam } from './reads/http.ts';
import { bodyless, bodySchema, CONFIRMED_TEXT } from './action-routes.ts';
import { FEATURES } from './routes/index.ts';
import { INBOX_SCHEMAS } from './inbox/routes.ts';
import type { Feature, ReadRoute } from './routes/feature.ts';

/**
 * The OpenAPI 3.1 document of the HTTP API. Request bodies and parameters come from the zod
 * schemas the routes validate with (z.toJSONSchema), and the rule answers of each action route
 * list the messages of its rule file, so neither can drift from what the server does. Which
 * routes exist is written here once; tests/server/openapi.test.ts compares it with the app's.
 */

/** The schemas app.ts validates requests with, handed over by the app that serves the document. */
export interface ApiSchemas {
  login: z.ZodType;
  claim: z.ZodType;
  combine: z.ZodType;
}

type JsonSchema = Record<string, unknown>;

const ErrorBody = z.object({ error: z.string().describe('What is wrong; for bad input, the field first, as "field: problem".') });
const ActionAnswer = z.object({
  outcome: z.enum(['ok', 'error', 'confirm']).describe('ok: done; error: stopped by a rule; confirm: goes through only once the user confirms'),
  message: z.string().nullable().describe('The text to show, word for word: the success text, the error or the prompt'),
  rule: z.string().nullable().describe('The id of the rule that decided (null on ok)'),
  warnings: z.array(z.string()).describe('Texts shown without stopping the action'),
});
const LoginAnswer = z.object({
  agentId: z.number().int(),
  agentType: z.number().int().nullable().describe('The rank: what the person may see and do'),
  firstName: z.string().nullable(),
  probationUntil: z.string().nullable().describe('The last day of probation, or null'),
});
const LogoutAnswer = z.object({ ok: z.literal(true) });
const FeedAddress = z.object({ url: z.string().describe("The feed's address: secret, so shown only to its person") });
const WorldSliceAnswer = z.object({
  action: z.string(),
  actor: z.number().int(),
  now: z.string().describe('The server clock, Eastern wall-clock text'),
  input: z.record(z.string(), z.unknown()),
  world: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).describe('The records the rules read, in the scenario format; people only counted are anonymised'),
  rulesHash: z.string().describe('sha256 of the rule files that decide'),
});

/** Request fields whose text the route parses as an Eastern instant (the zod refinement has no JSON Schema). */
const INSTANT_FIELDS = new Set(['coverageStartDatetime', 'coverageEndDatetime']);
const INSTANT_NOTE = 'Eastern (America/New_York) wall-clock text "YYYY-MM-DD HH:mm:ss.S", or ISO-8601 with an offset; a time in the spring-forward gap is refused';

function jsonSchema(schema: z.ZodType, instants: ReadonlySet<string> = INSTANT_FIELDS): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // OpenAPI 3.1's dialect is JSON Schema 2020-12 already; the marker is not wanted inside it.
  delete out.$schema;
  const properties = out.properties as Record<string, JsonSchema> | undefined;
  for (const [name, prop] of Object.entries(properties ?? {})) {
    if (instants.has(name)) Object.assign(prop, { description: INSTANT_NOTE, examples: ['2026-11-26 08:00:00.0'] });
  }
  return out;
}

function content(schema: z.ZodType, instants?: ReadonlySet<string>): { 'application/json': { schema: JsonSchema } } {
  return { 'application/json': { schema: jsonSchema(schema, instants) } };
}

const ref = (name: string): { $ref: string } => ({ $ref: `#/components/responses/${name}` });

/** The 409 and 422 answers of an action, with its rule file's messages: what a person can be told. */
function ruleAnswers(rules: RuleSet, action: string, actorChecked: boolean): Record<string, unknown> {
  const file = rules.files.find((f) => f.action === action);
  const list = (kind: 'forbidden' | 'conflict' | 'rule'): string =>
    (file?.rules ?? [])
      .filter((r) => r.outcome === 'error' && (r.forbidden ? 'forbidden' : r.conflict ? 'conflict' : 'rule') === kind)
      .map((r) => `\n- \`${r.id}\`: ${r.message}`)
      .join('');
  const answer = { 'application/json': { schema: { $ref: '#/components/schemas/ActionAnswer' } } };
  const forbidden = list('forbidden');
  return {
    ...(forbidden || actorChecked
      ? {
          '403': {
            description: `This person may not do this${actorChecked ? ' (a body or path naming someone other than the signed-in agent is refused)' : ''}; nothing was saved.${forbidden ? ` Rules:${forbidden}` : ''}`,
            content: forbidden ? answer : content(ErrorBody),
          },
        }
      : {}),
    '409': { description: `The state changed under the user (outcome error); nothing was saved. Rules:${list('conflict')}`, content: answer },
    '422': { description: `A rule stops the action (outcome error); nothing was saved. Rules:${list('rule')}`, content: answer },
  };
}

function actionOperation(rules: RuleSet, action: string, summary: string, extra: Record<string, unknown>, forbidden: boolean): Record<string, unknown> {
  const file = rules.files.find((f) => f.action === action);
  return {
    operationId: action,
    summary,
    tags: ['actions'],
    ...extra,
    responses: {
      '200': {
        description: `Done (outcome ok${file?.success ? `, message "${file.success}"` : ''}), or a confirm prompt`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ActionAnswer' } } },
      },
      '400': ref('BadInput'),
      '401': ref('NotSignedIn'),
      ...ruleAnswers(rules, action, forbidden),
      '500': ref('ServerError'),
    },
  };
}

function readOperation(read: Omit<ReadRoute, 'handler'>): Record<string, unknown> {
  const error = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const operationId = read.path.split('/')[2] ?? read.path;
  return {
    operationId,
    summary: read.summary,
    description: 'Field names and formats: docs/decisions.md, "Read calls". Times are Eastern wall-clock text.',
    tags: ['reads'],
    parameters: Object.entries(read.params ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchema(schema) })),
    responses: {
      '200': {
        description: read.one ? 'The record' : 'The list ([] when there is nothing to show)',
        content: { 'application/json': { schema: read.one ? { type: 'object' } : { type: 'array', items: { type: 'object' } } } },
      },
      ...(read.params ? { '400': ref('BadInput') } : {}),
      '401': ref('NotSignedIn'),
      ...(read.forbidden ? { '403': { description: "The path names someone else's data", content: error } } : {}),
      ...(read.missing ? { '404': { description: 'There is no such record (the message names it)', content: error } } : {}),
      '500': ref('ServerError'),
    },
  };
}

const openApiPath = (honoPath: string): string => `/api${honoPath.replace(/:(\w+)/g, '{$1}')}`;

/** The operations of the API's parts (server/routes): actions from their route data and rule files, reads from theirs. */
function featurePaths(features: readonly Feature[], rules: RuleSet): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const feature of features) {
    for (const route of feature.actions ?? []) {
      const schema = bodySchema(route, rules);
      const parameters: Record<string, unknown>[] = Object.keys(route.params ?? {}).map((name) => ({ name, in: 'path', required: true, schema: jsonSchema(idParam) }));
      const prompts = rules.action(route.action).file.rules.some((r) => r.outcome === 'confirm');
      if (prompts) parameters.push({ name: 'confirmed', in: 'query', required: false, description: CONFIRMED_TEXT, schema: { type: 'string', enum: ['true', 'false'] } });
      // Body fields filling an instant input are Eastern wall-clock text, described as the claim's are.
      const input = rules.action(route.action).file.input;
      const instants = new Set(Object.entries(route.body ?? {}).flatMap(([field, target]) => (target !== null && input[target]?.startsWith('instant') ? [field] : [])));
      const extra: Record<string, unknown> = {
        tags: ['actions', feature.name],
        ...(parameters.length ? { parameters } : {}),
        requestBody: { required: route.method === 'post' && !bodyless(route), content: content(schema, instants) },
      };
      const op = actionOperation(rules, route.action, route.summary, extra, Boolean(route.actor));
      (paths[openApiPath(route.path)] ??= {})[route.method] = { ...op, operationId: route.path.split('/')[1] ?? route.action };
    }
    for (const read of feature.reads ?? []) {
      const op = readOperation({ ...read, path: openApiPath(read.path) });
      (paths[openApiPath(read.path)] ??= {}).get = { ...op, tags: ['reads', feature.name] };
    }
  }
  return paths;
}

export function openApiDocument(schemas: ApiSchemas, rules: RuleSet): Record<string, unknown> {
  const claimBody = { required: true, content: content(schemas.claim) };
  return {
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
    paths: {
      '/api/login': {
        post: {
          operationId: 'login',
          summary: 'Sign in (spec 1, Log In): initials and cell are stripped to letters and digits, initials upper-cased',
          tags: ['session'],
          security: [],
          requestBody: { required: true, content: content(schemas.login) },
          responses: {
            '200': {
              description: 'Signed in; the session cookie is set',
              headers: { 'Set-Cookie': { description: 'shiftinator_session=...; HttpOnly; SameSite=Strict', schema: { type: 'string' } } },
              content: content(LoginAnswer),
            },
            '400': { description: 'A field is missing ("ERROR: Must enter valid credentials.") or is not valid', content: content(ErrorBody) },
            '401': { description: 'No such initials, cell and password', content: content(ErrorBody) },
            '429': {
              description: 'Too many failed tries from this address, or at this account from this address: wait and try again (docs/server.md)',
              headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
              content: content(ErrorBody),
            },
            '500': ref('ServerError'),
          },
        },
      },
      '/api/logout': {
        post: {
          operationId: 'logout',
          summary: "Sign out: the agent's leave-early notices take effect (spec 3 section 4, rules/logout.json), then the session ends and its cookie is cleared",
          tags: ['session'],
          responses: { '200': { description: 'Signed out', content: content(LogoutAnswer) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      '/api/session': {
        get: {
          operationId: 'session',
          summary: "Who is signed in; marks the session used now (the web UI's keep-alive while its person works without making calls)",
          tags: ['session'],
          responses: {
            '200': { description: '{ agentId }', content: { 'application/json': { schema: { type: 'object', properties: { agentId: { type: 'integer' } }, required: ['agentId'] } } } },
            '401': ref('NotSignedIn'),
            '500': ref('ServerError'),
          },
        },
      },
      '/api/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          tags: ['meta'],
          security: [],
          responses: { '200': { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/api/worldSlice/{action}': {
        get: {
          operationId: 'worldSlice',
          summary: "The world slice an action's rules read, for the web UI to run the same engine before it submits",
          tags: ['actions'],
          parameters: [
            { name: 'action', in: 'path', required: true, schema: { type: 'string', enum: rules.actionNames() } },
            {
              name: 'input',
              in: 'query',
              description: "The action's input fields (its rule file's `input`), one query parameter each",
              style: 'form',
              explode: true,
              schema: { type: 'object', additionalProperties: { type: 'string' } },
            },
          ],
          responses: {
            '200': { description: 'The slice, as a scenario without its expectation', content: content(WorldSliceAnswer) },
            '400': ref('BadInput'),
            '401': ref('NotSignedIn'),
            '404': { description: 'No such action', content: content(ErrorBody) },
            '500': ref('ServerError'),
          },
        },
      },
      '/api/rules': {
        get: {
          operationId: 'rules',
          summary: 'The rule files this server decides with (and their sha256), for the web UI to run the same engine before it submits',
          tags: ['actions'],
          responses: {
            '200': { description: '{ rulesHash, sources: [{ file, json, kind? }] }', content: { 'application/json': { schema: { type: 'object' } } } },
            '401': ref('NotSignedIn'),
            '500': ref('ServerError'),
          },
        },
      },
      '/api/claimOpenShift': {
        post: actionOperation(rules, 'claimOpenShift', 'Claim an open shift, whole or in part (lookingForCoverageID is the open shift)', { requestBody: claimBody }, true),
      },
      '/api/claimOpenTrainingShift': {
        post: actionOperation(rules, 'claimOpenTrainingShift', 'Claim an opening of an open training shift (QA Reviews, Training Class, Watch Week)', { requestBody: claimBody }, true),
      },
      '/api/combineShifts': {
        post: actionOperation(rules, 'combineShifts', 'Combine two of your shifts into one (Shift1 and Shift2 are shift ids; null when not selected)', { requestBody: { required: true, content: content(schemas.combine) } }, false),
      },
      '/api/myCalendarFeed': {
        get: {
          operationId: 'myCalendarFeed',
          summary: "The secret address of the signed-in person's calendar feed (made on first use), for a calendar app to subscribe to",
          tags: ['calendar feed'],
          responses: { '200': { description: '{ url }', content: content(FeedAddress) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
        post: {
          operationId: 'replaceMyCalendarFeed',
          summary: 'A new secret address for the feed; the old one answers 404 from now on',
          tags: ['calendar feed'],
          responses: { '200': { description: '{ url }', content: content(FeedAddress) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      '/api/calendarFeed/{file}': {
        get: {
          operationId: 'calendarFeed',
          summary: "A person's shifts and meal breaks as iCalendar (RFC 5545), in America/New_York with its VTIMEZONE; no session, the secret in the address is the key",
          tags: ['calendar feed'],
          security: [],
          parameters: [{ name: 'file', in: 'path', required: true, description: 'The secret, then .ics', schema: { type: 'string' } }],
          responses: {
            '200': { description: 'The calendar', content: { 'text/calendar': { schema: { type: 'string' } } } },
            '404': { description: 'No such feed (never given out, or replaced)', content: content(ErrorBody) },
            '500': ref('ServerError'),
          },
        },
      },
      '/api/inbox': {
        get: {
          operationId: 'inbox',
          summary: "The signed-in person's inbox: every text sent to them, newest first, and how many are unread",
          tags: ['inbox'],
          responses: { '200': { description: '{ unread, items }', content: content(INBOX_SCHEMAS.list) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      '/api/inbox/summary': {
        get: {
          operationId: 'inboxSummary',
          summary: "The navigation's unread counts: inbox items and chat messages to the signed-in person",
          tags: ['inbox'],
          responses: { '200': { description: '{ inbox, chat }', content: content(INBOX_SCHEMAS.summary) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      '/api/inbox/read': {
        post: {
          operationId: 'readWholeInbox',
          summary: "Marks every item of the signed-in person's inbox read",
          tags: ['inbox'],
          responses: { '200': { description: '{ unread: 0 }', content: content(INBOX_SCHEMAS.unread) }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      '/api/inbox/{id}/read': {
        post: {
          operationId: 'readInboxItem',
          summary: 'Marks one item of the signed-in person\'s inbox read (opened)',
          tags: ['inbox'],
          parameters: [{ name: 'id', in: 'path', required: true, schema: jsonSchema(idParam) }],
          responses: {
            '200': { description: '{ unread }: what is left unread', content: content(INBOX_SCHEMAS.unread) },
            '400': ref('BadInput'),
            '401': ref('NotSignedIn'),
            '404': { description: 'No such item in their inbox (another person\'s is not theirs)', content: content(ErrorBody) },
            '500': ref('ServerError'),
          },
        },
      },
      '/api/events': {
        get: {
          operationId: 'events',
          summary:
            "The signed-in person's live updates, as server-sent events: `ready` (its id is where a reconnect starts), then a `change` ({ action, actor, records: { collection: ids } }, id increasing) for each committed action that concerns them, and `reset` when a reconnect's Last-Event-ID is too old (refresh everything). A comment line every 15 s; at most 4 streams per session, the oldest closed",
          tags: ['live updates'],
          parameters: [{ name: 'Last-Event-ID', in: 'header', required: false, description: 'The last event id received: what came after it is sent first', schema: { type: 'string' } }],
          responses: { '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, '401': ref('NotSignedIn'), '500': ref('ServerError') },
        },
      },
      ...featurePaths(FEATURES, rules),
    },
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'shiftinator_session', description: 'Set by POST /api/login' } },
      schemas: { ActionAnswer: jsonSchema(ActionAnswer), Error: jsonSchema(ErrorBody) },
      responses: {
        BadInput: { description: 'The request does not fit: the error names the field', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        NotSignedIn: { description: 'No session, or it expired ("Please sign in.")', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ServerError: { description: 'Something went wrong on our side; nothing was saved', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
}
