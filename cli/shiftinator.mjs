#!/usr/bin/env node
// Plain JavaScript on purpose: this file must start on any Node, and the CLI itself (TypeScript,
// run by type stripping) needs Node 22.18 or later. An older Node hands over to the project's
// pinned Node (the `node` package in node_modules).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

const MINIMUM = [22, 18];
const [major, minor] = process.versions.node.split('.').map(Number);
const recentEnough = major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);

if (recentEnough) {
  const { main } = await import('./main.ts');
  await main(process.argv);
} else {
  const pinned = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
  // The guard stops an endless hand-over should the pinned Node be old too.
  if (process.env.SHIFTINATOR_REEXEC || !existsSync(pinned)) {
    console.error(`error: shiftinator needs Node ${MINIMUM.join('.')} or later (this is ${process.version}); run npm install to get the project's Node`);
    process.exit(2);
  }
  const child = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, SHIFTINATOR_REEXEC: '1' },
  });
  if (child.error) {
    console.error(`error: could not start ${pinned}: ${child.error.message}`);
    process.exit(2);
  }
  if (child.signal) process.kill(process.pid, child.signal);
  process.exitCode = child.status ?? 1;
}
