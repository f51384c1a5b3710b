/**
 * Every error answer of the API, by code: its status, and its words where they do not depend on
 * the request (the others are said where they are thrown: a field's problem, a rule's message, the
 * record not found). An action a rule refuses is no error: it answers ActionAnswer with the rule's
 * status (server/action-result.ts). The app's onError (server/app.ts) answers each; this module
 * imports nothing, so that route definitions can name the codes without the server's handlers.
 */
export const API_ERRORS = {
  /** The request does not fit: the words name the field, as "field: problem". */
  BAD_INPUT: { status: 400 },
  NOT_SIGNED_IN: { status: 401, words: 'Please sign in.' },
  /** No such initials, cell and password: the words are rules/login.json's. */
  SIGN_IN_REFUSED: { status: 401 },
  /** A body or path names someone other than the signed-in agent where one acts for oneself. */
  NOT_YOURS: { status: 403, words: 'You can only act for yourself here.' },
  /** The path names what the reader may not see or do: the words say which. */
  FORBIDDEN: { status: 403 },
  /** The record named does not exist: the words name it. */
  NOT_FOUND: { status: 404 },
  NO_SUCH_CALL: { status: 404, words: 'There is no such page or call.' },
  // Not in the spec, which has no slow-down: worded like its sign-in failure.
  SIGN_IN_LOCKED: {
    status: 429,
    words: 'ERROR: Too many failed sign-in attempts. Please wait a moment and try again. Contact Supervision if further assistance needed.',
  },
  /** Sec-Fetch-Site or Origin names another site on a call that changes something (server/middleware.ts). */
  CROSS_SITE: { status: 403, words: 'This request came from another site; Shiftinator only accepts changes made from its own pages.' },
  /** The body did not arrive within its time: the words say the time; the connection is closed. */
  TOO_SLOW: { status: 408 },
  /** The body is over the limit: the words say the limit; the connection is closed. */
  TOO_LARGE: { status: 413 },
  NOT_JSON: { status: 415, words: 'Content-Type: a request that changes something must send its body as application/json.' },
  SERVER: { status: 500, words: 'Something went wrong on our side; nothing was saved.' },
  /** The request's time ran out or the server is stopping: the words say which (server/request-bound.ts). */
  CALLED_OFF: { status: 503 },
  DISK_FULL: { status: 503, words: 'The database has no room to save anything (disk full); nothing was saved. Try again later.' },
} as const satisfies Record<string, { status: number; words?: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The one error a route or middleware throws for an answer other than 2xx; the app's onError answers it. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** Headers the answer carries (Retry-After of a locked sign-in). */
  readonly headers: Readonly<Record<string, string>>;

  /** `words` for the codes whose words depend on the request; the table's otherwise. */
  constructor(code: ApiErrorCode, words?: string, headers: Record<string, string> = {}) {
    const entry = API_ERRORS[code];
    super(words ?? ('words' in entry ? entry.words : code));
    this.name = 'ApiError';
    this.code = code;
    this.headers = headers;
  }

  get status(): (typeof API_ERRORS)[ApiErrorCode]['status'] {
    return API_ERRORS[this.code].status;
  }
}
