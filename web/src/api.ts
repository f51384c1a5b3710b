/**
 * Every call to the server goes through here, so that every failure reaches the person in words:
 * the server's own message when it sent one, else that something went wrong and nothing was saved
 * (the spec only logs failed calls; issue 5 asks that people learn of them). Each call is typed
 * from web/src/api-schema.d.ts, which is generated from /api/openapi.json (`npm run api:schema`):
 * a path, a path parameter, a body field or an answer the server's routes do not have fails the
 * web's type check.
 */
import type { components, paths } from './api-schema.d.ts';

export interface Decision {
  outcome: 'ok' | 'error' | 'confirm' | 'warning';
  message?: string | null;
  rule?: string | null;
}

export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string; data?: unknown };

const NETWORK_FAILURE = 'Could not reach Shiftinator. Check your connection and try again; nothing was saved.';
const SERVER_FAILURE = 'Something went wrong on our side; nothing was saved.';

/** Called when the server says the session is gone (401), so the app can sign the person out. */
let onSignedOut: (() => void) | null = null;
export function whenSignedOut(handler: (() => void) | null): void {
  onSignedOut = handler;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (e) {
    console.error(method, path, e);
    return { ok: false, status: 0, error: NETWORK_FAILURE };
  }
  // A body that is not JSON (a proxy's error page) counts as none.
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  // A decided refusal (403, 409, 422 with the rules' outcome) is an answer the person is shown, not a fault.
  const refused = data !== null && typeof data === 'object' && 'outcome' in data;
  if (!refused) console.error(method, path, res.status, data);
  if (res.status === 401 && path !== '/api/login') onSignedOut?.();
  const message = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : null;
  const decided = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : null;
  return { ok: false, status: res.status, error: message ?? decided ?? SERVER_FAILURE, data };
}

type Method = 'get' | 'post' | 'put';
/** The API's paths as /api/openapi.json writes them ('/api/acceptOffer/{id}') that have a `method` operation. */
export type PathWith<M extends Method> = { [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type PathParams<O> = O extends { parameters: { path: infer X } } ? { [K in keyof X]: string | number } : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? ([NonNullable<Q>] extends [never] ? never : NonNullable<Q>) : never;
type Body<O> = O extends { requestBody?: never }
  ? unknown
  : O extends { requestBody: { content: { 'application/json': infer B } } }
    ? { body: B }
    : O extends { requestBody?: { content: { 'application/json': infer B } } }
      ? { body?: B }
      : unknown;
/** What a call sends beside its path: the path's parameters, its query and its JSON body, each where the operation has one. */
export type RequestOf<P extends keyof paths, M extends Method> = ([PathParams<Operation<P, M>>] extends [never] ? unknown : { params: PathParams<Operation<P, M>> }) &
  ([QueryParams<Operation<P, M>>] extends [never] ? unknown : { query?: QueryParams<Operation<P, M>> }) &
  Body<Operation<P, M>>;
/** The JSON of the operation's 200 answer. */
export type AnswerOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;

/** The JSON body a POST takes. */
export type BodyOf<P extends PathWith<'post'>> = RequestOf<P, 'post'> extends { body: infer B } ? B : never;

/** A form's fields as they stand before the person has filled them in: each may still be empty. */
export type Draft<T> = { [K in keyof T]: T[K] | null };

/** The request argument, optional when the operation needs nothing beside its path. */
type RequestArg<R> = Record<never, never> extends R ? [request?: R] : [request: R];
interface Sent {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * The URL of a call: path parameters encoded into their places; the query written as OpenAPI's
 * default (form, exploded), so an object's fields are parameters of their own.
 */
function urlOf(path: string, sent: Sent = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(sent.params?.[name] ?? '')));
  const query = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value !== null && value !== undefined && value !== '') query.append(key, String(value));
  };
  for (const [key, value] of Object.entries(sent.query ?? {})) {
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(k, v);
    else add(key, value);
  }
  const text = query.toString();
  return text ? `${filled}?${text}` : filled;
}

const send =
  (method: 'GET' | 'POST' | 'PUT') =>
  (path: string, sent: Sent = {}): Promise<Answer<never>> =>
    call(method, urlOf(path, sent), sent.body === undefined && method === 'POST' ? {} : sent.body);

/** The API's calls: `api.put('/api/acceptOffer/{id}', { params: { id: 12 } })`. */
export const api = {
  get: <P extends PathWith<'get'>>(path: P, ...[request]: RequestArg<RequestOf<P, 'get'>>): Promise<Answer<AnswerOf<P, 'get'>>> => send('GET')(path, request as Sent),
  post: <P extends PathWith<'post'>>(path: P, ...[request]: RequestArg<RequestOf<P, 'post'>>): Promise<Answer<AnswerOf<P, 'post'>>> => send('POST')(path, request as Sent),
  put: <P extends PathWith<'put'>>(path: P, ...[request]: RequestArg<RequestOf<P, 'put'>>): Promise<Answer<AnswerOf<P, 'put'>>> => send('PUT')(path, request as Sent),
};

/** A GET of a path built at run time from names the caller typed (web/src/queries.ts's reads). */
export const getPath = <T>(path: string): Promise<Answer<T>> => call<T>('GET', path);

/** What every action call answers (200, 403, 409 and 422 alike). */
export type ActionAnswer = components['schemas']['ActionAnswer'];

type ActionMethod = 'post' | 'put';
/** The paths of the actions the rules decide: those whose 200 is an ActionAnswer. */
type ActionPath<M extends ActionMethod> = { [P in PathWith<M>]: AnswerOf<P, M> extends ActionAnswer ? P : never }[PathWith<M>];
type ActionOf<M extends ActionMethod> = { [P in ActionPath<M>]: { method: M; path: P } & RequestOf<P, M> }[ActionPath<M>];
/**
 * An action call as a screen writes it, `{ method: 'put', path: '/api/acceptOffer/{id}', params: { id } }`
 * or `{ method: 'post', path: '/api/callOut', body }`: one member per action of the API, so a
 * path, a parameter or a body field the action does not have fails the type check.
 */
export type ActionRequest = ActionOf<'post'> | ActionOf<'put'>;

/** A call's first segment under /api: '/api/acceptOffer/{id}' -> 'acceptOffer', '/api/inbox/settings' -> 'inbox'. */
type FirstSegment<P extends string> = P extends `/api/${infer Name}/${string}` ? Name : P extends `/api/${infer Name}` ? Name : never;
/** The names of the calls that change something (POST and PUT), as the live stream and queries.ts name them. */
export type ChangeName = FirstSegment<PathWith<'post'> | PathWith<'put'>>;

/** The action's path under /api, its parameters filled in: '/acceptOffer/12'. */
export const actionPathOf = (call: ActionRequest): string => urlOf(call.path, call as Sent).slice('/api'.length);

/**
 * Sends an action, `confirmed` once the person has said yes to its prompt: in the body of a
 * POST, as ?confirmed=true on a PUT (whose body is optional).
 */
export function sendAction(call: ActionRequest, confirmed: boolean): Promise<Answer<ActionAnswer>> {
  const sent = call as Sent;
  if (call.method === 'put') return send('PUT')(call.path, confirmed ? { ...sent, query: { confirmed: true } } : sent);
  return send('POST')(call.path, { ...sent, body: confirmed ? { ...(sent.body as object), confirmed: true } : sent.body });
}

/** Path segments are the person's data (initials, dates): always encoded. */
export function pathOf(...parts: (string | number)[]): string {
  return parts.map((p) => `/${encodeURIComponent(String(p))}`).join('');
}
