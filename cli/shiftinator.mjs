#!/usr/bin/env node
// Plain JavaScript on purpose: this file must start on any Node, and the CLI itself (TypeScript,
// run by type stripping) needs Node 22.18 or later. An older Node hands over to the project's
// pinned Node (the `node` package in node_modules).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const MINIMUM = [22, 18];
const [major, minor] = process.versions.node.split('.').map(Number);
const recentEnough = major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);

/**
 * V8 settings for the commands that read the decision log through (dry-run --from-log, log
 * export), whatever its size, in a bounded memory (docs/performance.md): PGlite's PostgreSQL is
 * WebAssembly in this process, and V8's optimizing compiler takes hundreds of megabytes while it
 * compiles its hot functions, so only the baseline compiler runs it; a capped JavaScript heap is
 * collected before it grows far past what a batch of the log holds. V8 reads these only at start.
 */
const LOG_READING_FLAGS = ['--liftoff-only', '--max-old-space-size=256', '--max-semi-space-size=8'];

function readsTheLog(args) {
  return (args[0] === 'dry-run' && args.includes('--from-log')) || (args[0] === 'log' && args[1] === 'export');
}

const args = process.argv.slice(2);
const wantFlags = readsTheLog(args) && !process.execArgv.includes(LOG_READING_FLAGS[0]);

if (recentEnough && !wantFlags) {
  const { main } = await import('./main.ts');
  await main(process.argv);
} else {
  const pinned = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
  const node = recentEnough ? process.execPath : pinned;
  // The guard stops an endless hand-over should the pinned Node be old too, or ignore the flags.
  if (process.env.SHIFTINATOR_REEXEC || (!recentEnough && !existsSync(pinned))) {
    console.error(recentEnough
      ? 'error: shiftinator could not start Node with its settings for reading the decision log'
      : `error: shiftinator needs Node ${MINIMUM.join('.')} or later (this is ${process.version}); run npm install to get the project's Node`);
    process.exit(2);
  }
  const flags = wantFlags ? LOG_READING_FLAGS : [];
  const child = spawn(node, [...process.execArgv, ...flags, fileURLToPath(import.meta.url), ...args], {
    stdio: 'inherit',
    env: { ...process.env, SHIFTINATOR_REEXEC: '1' },
  });
  // A signal sent to this process alone (a supervisor's SIGTERM) reaches the one doing the work.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => {
    console.error(`error: could not start ${node}: ${e.message}`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exitCode = code ?? 1;
  });
}
