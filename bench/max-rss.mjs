// Plain JavaScript on purpose: a .ts preload makes Node load its TypeScript stripper into every
// process it is preloaded into, and the launcher (cli/shiftinator.mjs, plain JavaScript, 48 MB)
// then measured 66 MB, memory it never holds when run without the probe.
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded into a process a benchmark times (`node --import bench/max-rss.mjs ...`): as the
 * process exits, its peak resident set size in KB goes to the file BENCH_RSS_FILE names, one line
 * per process. The CLI hands log-reading commands to a second Node (cli/shiftinator.mjs), which
 * inherits the preload: the bench adds the lines up, both processes being alive together. Worker
 * threads load the preload too, but share their process's RSS: only the main thread writes it.
 */
const file = process.env.BENCH_RSS_FILE;

/**
 * Linux's VmHWM: the peak since the process started its program. getrusage's maxRSS would also
 * count what its parent held when it forked (a bench holding a world made the launcher's line
 * hundreds of MB); it stays for systems without /proc.
 */
function peakKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // No /proc: not Linux.
  }
  return process.resourceUsage().maxRSS;
}

if (file && isMainThread) process.on('exit', () => appendFileSync(file, `${process.pid} ${peakKb()}\n`));
