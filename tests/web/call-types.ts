/**
 * Type-level tests of the browser's calls, checked by `npm run typecheck` (tsc is the test runner
 * here: a line marked @ts-expect-error that stops failing fails the check). Paths, parameters,
 * bodies and answers come from web/src/api-schema.d.ts, generated from /api/openapi.json, so a
 * screen's call with a misspelt path or field, or one reading an answer the server does not give,
 * fails the web's type check.
 */
import type { ActionAnswer as ServerActionAnswer } from '../../server/contract.ts';
// ActionRequest is what a screen's submit call (web/src/ui/submit.tsx ActionCall) is typed by.
import { api, type ActionAnswer, type ActionRequest as ActionCall, type AnswerOf } from '../../web/src/api.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T | undefined => undefined;

// A screen's action call, as request-cut.tsx writes it.
export const cut: ActionCall = { method: 'post', path: '/api/requestCut', body: { AgentID: 7, EndTime: '2026-11-26 16:00:00.0', TimeScheduleItemID: 3 } };
// @ts-expect-error: a misspelt body field (EndTime)
export const misspelt: ActionCall = { method: 'post', path: '/api/requestCut', body: { AgentID: 7, EndTim: '2026-11-26 16:00:00.0', TimeScheduleItemID: 3 } };
// @ts-expect-error: a required field left out
export const missing: ActionCall = { method: 'post', path: '/api/requestCut', body: { AgentID: 7, TimeScheduleItemID: 3 } };
// @ts-expect-error: a field of the wrong type
export const wrongType: ActionCall = { method: 'post', path: '/api/requestCut', body: { AgentID: '7', EndTime: '2026-11-26 16:00:00.0', TimeScheduleItemID: 3 } };
// @ts-expect-error: no such action
export const noSuchAction: ActionCall = { method: 'post', path: '/api/requestCutt', body: {} };
// @ts-expect-error: acceptOffer is a PUT
export const wrongMethod: ActionCall = { method: 'post', path: '/api/acceptOffer/{id}', params: { id: 12 } };
// @ts-expect-error: the offer's id is its path parameter, which the call must give
export const noParams: ActionCall = { method: 'put', path: '/api/acceptOffer/{id}' };
export const accept: ActionCall = { method: 'put', path: '/api/acceptOffer/{id}', params: { id: 12 } };

// The other calls are typed the same way, answers included.
export const signIn = (): unknown => api.post('/api/login', { body: { initials: 'AB', cell: '5550100', password: 'x' } });
// @ts-expect-error: login's body has no "user"
export const badSignIn = (): unknown => api.post('/api/login', { body: { user: 'AB' } });
// @ts-expect-error: no GET /api/logout
export const noSuchRead = (): unknown => api.get('/api/logout');
holds<Equal<AnswerOf<'/api/inbox/{id}/read', 'post'>, { unread: number }>>();
holds<Equal<AnswerOf<'/api/myCalendarFeed', 'post'>['url'], string>>();
// The generated answer of every action is the server's schema of it, field for field.
holds<Equal<ActionAnswer, ServerActionAnswer>>();
