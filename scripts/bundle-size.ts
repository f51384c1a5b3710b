import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit downloads (issue 5: under 250 KB gzipped): the entry script of
 * web/dist/index.html and the chunks it preloads. Screens and the engine load later, on use.
 * Run after `npm run build`.
 */
const LIMIT_KB = 250;
const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'web', 'dist');
let html: string;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  console.error('web/dist/index.html is missing: run npm run build first.');
  process.exit(2);
}
const initial = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1] as string);
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
let total = 0;
for (const file of initial) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${file.padEnd(48)} ${kb(gz).padStart(8)} KB gzipped`);
}
const later = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`));
const lazy = later.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length, 0);
console.log(`initial JavaScript: ${kb(total)} KB gzipped (limit ${LIMIT_KB} KB); ${later.length} chunks loaded on use: ${kb(lazy)} KB gzipped`);
process.exitCode = total / 1024 <= LIMIT_KB ? 0 : 1;
