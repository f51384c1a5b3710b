/**
 * Every call to the server goes through here, so that every failure reaches the person in words:
 * the server's own message when it sent one, else that something went wrong and nothing was saved
 * (the spec only logs failed calls; issue 5 asks that people learn of them).
 */

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
    res = await fetch(`/api${path}`, {
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
  if (res.status === 401 && path !== '/login') onSignedOut?.();
  const message = data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : null;
  const decided = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : null;
  return { ok: false, status: res.status, error: message ?? decided ?? SERVER_FAILURE, data };
}

export const api = {
  get: <T>(path: string): Promise<Answer<T>> => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}): Promise<Answer<T>> => call<T>('POST', path, body),
  put: <T>(path: string, body?: unknown): Promise<Answer<T>> => call<T>('PUT', path, body),
};

/** Path segments are the person's data (initials, dates): always encoded. */
export function pathOf(...parts: (string | number)[]): string {
  return parts.map((p) => `/${encodeURIComponent(String(p))}`).join('');
}
