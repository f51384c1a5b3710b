import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.ts';
import { Cancellable, runAs } from './db/database.ts';

/** How long a request may take once received before it is answered 503 (docs/server.md, "Faults"). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Why a request's work was called off: the 503 its client was answered. */
class CalledOff extends Error {
  readonly answer: string;
  constructor(answer: string) {
    super(answer);
    this.answer = answer;
  }
}

/** The requests being answered, so that a server that stops can call off what they wait on. */
export class RequestsInFlight {
  readonly #work = new Set<Cancellable>();
  #emptied: (() => void)[] = [];

  add(work: Cancellable): void {
    this.#work.add(work);
  }

  delete(work: Cancellable): void {
    this.#work.delete(work);
    if (this.#work.size > 0) return;
    for (const resolve of this.#emptied.splice(0)) resolve();
  }

  /** Calls off every request still being answered: each is answered 503 with `answer`. */
  callOff(answer: string): void {
    for (const work of this.#work) work.cancel(new CalledOff(answer));
  }

  /** Resolves once no request is being answered, or after `ms`. */
  settled(ms: number): Promise<void> {
    if (this.#work.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#emptied.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/**
 * Calls each entry's `expire` once `ms` have passed since it was added, unless it was removed
 * before: one timer for them all rather than one per request. Entries come due in the order they
 * were added (they all wait `ms`), so the timer is armed for the oldest, and when it fires it calls
 * what is due and is armed again for the next. Unreferenced: what an entry bounds (a socket, a
 * request) keeps the process alive, not its deadline.
 */
export class Deadlines {
  readonly #ms: number;
  readonly #entries = new Set<{ at: number; expire: () => void }>();
  #timer: NodeJS.Timeout | undefined;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Starts `expire`'s time; the entry returned is for `remove`. */
  add(expire: () => void): object {
    const entry = { at: performance.now() + this.#ms, expire };
    this.#entries.add(entry);
    if (!this.#timer) this.#arm(this.#ms);
    return entry;
  }

  remove(entry: object): void {
    this.#entries.delete(entry as { at: number; expire: () => void });
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(this.#sweep, ms);
    this.#timer.unref();
  }

  readonly #sweep = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    for (const entry of this.#entries) {
      if (entry.at > now) return this.#arm(Math.max(1, Math.ceil(entry.at - now)));
      this.#entries.delete(entry);
      entry.expire();
    }
  };
}

/** Where a request keeps its work (Hono's request variables), for the error handler: an error its calling off caused is still the 503. */
const WORK = 'requestWork';

/** The 503 of a request whose work was called off, or undefined. */
export function calledOff(c: Context): ApiError | undefined {
  const reason = (c.get(WORK) as Cancellable | undefined)?.reason;
  return reason instanceof CalledOff ? new ApiError('CALLED_OFF', reason.answer) : undefined;
}

/**
 * Answers 503 when the request's time is up or the server stops, and calls off its work then
 * (server/db/database.ts, `Cancellable`): a turn it waits for in PGlite's queue is given up, and on
 * PostgreSQL its statement is cancelled and its transaction rolled back, with its locks.
 */
export function bounded(ms: number, inFlight: RequestsInFlight): MiddlewareHandler {
  const tooLong = `The server took longer than ${ms / 1000} seconds to answer. A change you sent may still be saved: look before sending it again.`;
  const deadlines = new Deadlines(ms);
  return async (c, next) => {
    const work = new Cancellable();
    const due = deadlines.add(() => work.cancel(new CalledOff(tooLong)));
    c.set(WORK, work);
    inFlight.add(work);
    try {
      // Called off, the answer goes at once, whatever the work still waits on.
      await new Promise<void>((resolve, reject) => {
        work.onCancel(() => resolve());
        // Resolved with nothing: next() fulfils with Hono's Context, and resolving a promise with
        // an object makes V8 look it up as a thenable first, which tripled the server's garbage
        // collection (docs/performance.md, "Issue 27: the server bench against 2378e6b").
        runAs(work, next).then(() => resolve(), reject);
      });
    } finally {
      deadlines.remove(due);
      inFlight.delete(work);
    }
    const off = calledOff(c);
    if (off) {
      // Whatever the work answered meanwhile is dropped, headers too: the client is told 503.
      c.res = undefined;
      throw off;
    }
  };
}
