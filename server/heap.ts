import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a serving process's heap grow past what its last full collection kept, in
 * percent: 300 lets it reach four times that (about 45 MB live, so about 180 MB) before the next.
 *
 * Why (docs/performance.md, "Measured 2026-11-23, ninth session"): left to itself, V8 set the
 * limit at about 2.3 times the live heap, and it starts marking once the room left is less than
 * the young generation (64 MB). Under load that meant a full collection every 5 to 20 seconds,
 * each taking about 100 ms of CPU on marking threads and stalling every request in flight by 40
 * to 70 ms on two cores: alone enough to put the p99 over 25 ms in a 10-second run. At 300 the
 * server ran 30-second runs at 1,000 requests/s with no full collection at all, for about 100 MB
 * more heap.
 */
export const SERVING_HEAP_GROWING_PERCENT = 300;

/**
 * Sets V8's heap growth for a process that serves requests (`shiftinator serve` and its workers),
 * unless whoever started it chose one (Node refuses the flag in NODE_OPTIONS, so only on its
 * command line). V8 reads it each time it sets the next full collection's limit, so setting it in
 * a running process takes effect from the next one. Returns what `serve` says of it when it starts.
 */
export function tuneHeapForServing(execArgv: readonly string[] = process.execArgv): string {
  // As given, in either spelling V8 takes.
  const given = execArgv.find((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
  if (given !== undefined) return `V8 heap: ${given} (as Node was started)`;
  const flag = `--heap-growing-percent=${SERVING_HEAP_GROWING_PERCENT}`;
  setFlagsFromString(flag);
  return `V8 heap: ${flag} (fewer full collections under load: docs/server.md)`;
}
