import { appendFileSync } from 'node:fs';

/**
 * Preloaded into a process a benchmark times (`node --import bench/max-rss.ts ...`): as the
 * process exits, its peak resident set size in KB goes to the file BENCH_RSS_FILE names, one line
 * per process. The CLI hands log-reading commands to a second Node (cli/shiftinator.mjs), which
 * inherits the preload: the bench adds the lines up, both processes being alive together.
 */
const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => appendFileSync(file, `${process.pid} ${process.resourceUsage().maxRSS}\n`));
