/** How often at most the browser tells the server that its person is still working. */
export const KEEP_ALIVE_EVERY_MS = 60_000;

/**
 * Sends `send` on activity, at most once per `everyMs`: activity within that time is told when it
 * ends, never dropped. So the server hears of every moment of activity at that moment or at most
 * `everyMs` later, and its idle clock (restarted by GET /api/session) never runs out before the
 * browser's: a person who works on a page that makes no calls does not meet a 401 on their next
 * click.
 */
export function keepAlive(send: () => void, everyMs: number = KEEP_ALIVE_EVERY_MS): { activity: () => void; stop: () => void } {
  let lastSent = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const fire = (): void => {
    pending = undefined;
    lastSent = Date.now();
    send();
  };
  return {
    activity: () => {
      if (pending !== undefined) return;
      const wait = lastSent + everyMs - Date.now();
      if (wait <= 0) fire();
      else pending = setTimeout(fire, wait);
    },
    stop: () => clearTimeout(pending),
  };
}
