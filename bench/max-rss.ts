import { writeFileSync } from 'node:fs';

/**
 * Preloaded into a process a benchmark times (`node --import bench/max-rss.ts ...`): as the
 * process exits, its peak resident set size in KB goes to the file BENCH_RSS_FILE names.
 */
const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
