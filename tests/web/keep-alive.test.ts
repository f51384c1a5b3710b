import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_EVERY_MS, keepAlive } from '../../web/src/keep-alive.ts';

// Issue 17: the browser's inactivity timer and the server's idle expiry agree. The browser's
// timer restarts on every mouse move, key and click; the server's on GET /api/session. So every
// moment of activity must reach the server, at most a minute late and never before it happened.

describe("the browser's keep-alive", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The moments (ms) keep-alives were sent while `activity` happens at the given moments, then a quiet while. */
  function sentFor(moments: number[]): number[] {
    const sent: number[] = [];
    const k = keepAlive(() => sent.push(Date.now()));
    for (const at of moments) {
      vi.advanceTimersByTime(at - Date.now());
      k.activity();
    }
    vi.advanceTimersByTime(10 * KEEP_ALIVE_EVERY_MS);
    k.stop();
    return sent;
  }

  it('tells the server at once after a quiet minute', () => {
    expect(sentFor([0, 5 * 60_000])).toEqual([0, 5 * 60_000]);
  });

  it('sends at most one a minute, and the last activity of a minute is told at its end, not dropped', () => {
    // Working through the first minute, then nothing: the server hears at 0 and at 60 s, after the activity at 59 s.
    expect(sentFor([0, 10_000, 30_000, 59_000])).toEqual([0, 60_000]);
  });

  it('every activity is followed by a keep-alive no earlier than it and at most a minute later', () => {
    const moments = [0, 1_000, 61_000, 62_000, 119_000, 300_000, 300_500, 420_000];
    const sent = sentFor(moments);
    for (const at of moments) expect(sent.some((s) => s >= at && s <= at + KEEP_ALIVE_EVERY_MS), `activity at ${at}`).toBe(true);
    for (let i = 1; i < sent.length; i++) expect((sent[i] ?? 0) - (sent[i - 1] ?? 0)).toBeGreaterThanOrEqual(KEEP_ALIVE_EVERY_MS);
  });

  it('stop cancels a keep-alive still waiting', () => {
    const sent: number[] = [];
    const k = keepAlive(() => sent.push(Date.now()));
    k.activity();
    vi.advanceTimersByTime(1_000);
    k.activity();
    k.stop();
    vi.advanceTimersByTime(10 * KEEP_ALIVE_EVERY_MS);
    expect(sent).toEqual([0]);
  });
});
