/// <reference lib="dom" />
import { accessSync, constants, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { parseInstant } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { ruleSetVersion } from '../../cli/rule-version.ts';
import { watchRulesFolder, type RulesWatch } from '../../cli/rules-watch.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import type { DemoLogin } from '../../server/demo/seed.ts';

export const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(PROJECT_DIR, 'test-results', 'screenshots');

export type { DemoLogin };

/**
 * Where the demo and each file's copy of it live: a memory file system (/dev/shm) where the machine
 * has one, else the temporary folder. PGlite keeps a data folder as one file per table and index,
 * written through the file system: a sign-in, an action or the copy itself then costs no disk
 * journal (about half the time of a write on the disk's temporary folder here).
 */
export const DATA_ROOT = ((): string => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

/** What tests/e2e/global-setup.ts made for the run: the built web UI and the seeded demo. */
export interface Demo {
  templateDir: string;
  webDir: string;
  logins: DemoLogin[];
}

/** The environment variable through which the global setup hands the workers the demo. */
export const DEMO_ENV = 'SHIFTINATOR_E2E_DEMO';

function demo(): Demo {
  const text = process.env[DEMO_ENV];
  if (!text) throw new Error(`${DEMO_ENV} is not set: run the browser tests with npm run test:e2e (playwright.config.ts's global setup seeds the demo)`);
  return JSON.parse(text) as Demo;
}

/**
 * The moment the demo of the browser tests is built around (`db seed --now`), Eastern wall clock.
 * The server's clock, each browser's and the tests' own (`nowMs`) start there and run in real
 * time, so the demo, and what a test finds in it, is the same whatever day the tests run: a demo
 * seeded for the real date dealt other people and shifts each day, and a new day could deal one a
 * test did not expect.
 */
export const E2E_START = '2026-11-23 03:15';
const START_MS = parseInstant(E2E_START) * 60_000;
/** When the clock started: set again as each file starts its server, as a worker runs many files. */
let realStartMs = Date.now();

/** Now on the tests' clock (epoch milliseconds): E2E_START plus the real time since the file began. */
export function nowMs(): number {
  return START_MS + (Date.now() - realStartMs);
}

/** The same as a Luxon instant, for the tests that count days from it. */
export function testNow(): DateTime {
  return DateTime.fromMillis(nowMs());
}

export interface BrowserServer {
  url: string;
  server: RunningServer;
  browser: Browser;
  logins: DemoLogin[];
  /** A fresh browser profile (its own cookies and storage) at the server's address. */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
  /** With `watchRules`: the server's rules folder (a copy of rules/), watched as `serve` watches its own. */
  rulesDir: string;
}

export interface BrowserServerOptions {
  /** Serve a copy of rules/ that the test may edit, edits going live as with `serve`. */
  watchRules?: boolean;
}

/** A copy of rules/ in a temporary folder, watched, for the server of a file that edits its rules. */
function watchedRules(): { dir: string; rulesHash: string; watch: RulesWatch } {
  const dir = join(mkdtempSync(join(tmpdir(), 'shiftinator-e2e-rules-')), 'rules');
  cpSync(DEFAULT_RULES_DIR, dir, { recursive: true });
  const rulesHash = ruleSetVersion(readRuleSources(dir));
  return { dir, rulesHash, watch: watchRulesFolder(dir, rulesHash) };
}

/**
 * One running server per test file, on a copy of the seeded demo, so files do not see each other's
 * changes: started before the file's first test and stopped after its last. (Playwright's fixtures
 * are per test or per worker, and a worker runs many files: a worker fixture would share one
 * database between files.) The browser is Playwright's, one per worker, launched as
 * playwright.config.ts says; each page gets a fresh profile, closed when its test ends, so a failed
 * test's trace holds its own pages. The server's and the browsers' clocks run from E2E_START, as
 * the demo is built around it.
 */
export function useBrowserServer(options: BrowserServerOptions = {}): BrowserServer {
  const state = {} as BrowserServer;
  let contexts: BrowserContext[] = [];
  let dataDir = '';
  let rules: ReturnType<typeof watchedRules> | undefined;
  test.beforeAll(async ({ browser }) => {
    // Copying the demo and starting the server on a loaded two-core machine.
    test.setTimeout(300_000);
    const { templateDir, webDir, logins } = demo();
    dataDir = mkdtempSync(join(DATA_ROOT, 'shiftinator-e2e-'));
    cpSync(templateDir, dataDir, { recursive: true });
    rmSync(join(dataDir, 'shiftinator.lock'), { force: true });
    realStartMs = Date.now();
    rules = options.watchRules ? watchedRules() : undefined;
    const server = await startServer({
      ...(rules ? { rules: loadRulesDir(rules.dir), rulesHash: rules.rulesHash, ruleUpdates: rules.watch } : { rules: loadRulesDir(), rulesHash: 'e2e' }),
      port: 0,
      dataDir,
      webDir,
      textSender: { name: 'e2e', send: async () => {} },
      now: () => nowMs() / 60_000,
    });
    Object.assign(state, {
      url: server.url,
      server,
      browser,
      logins,
      rulesDir: rules?.dir ?? '',
      newPage: async (viewport = { width: 1280, height: 900 }) => {
        const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-US', timezoneId: 'America/New_York' });
        // Timers keep running in real time; only the date moves to the tests' clock.
        await context.clock.setSystemTime(nowMs());
        contexts.push(context);
        const page = await context.newPage();
        page.on('pageerror', (e) => console.error('page error:', e.message));
        return page;
      },
    });
  });
  test.afterEach(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    contexts = [];
  });
  test.afterAll(async () => {
    rules?.watch.close();
    await state.server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (rules) rmSync(dirname(rules.dir), { recursive: true, force: true });
  });
  return state;
}

/** The demo login of an agent type (the first, or the one whose note matches). */
export function loginOf(logins: DemoLogin[], agentType: number, note?: string): DemoLogin {
  const l = logins.find((x) => x.agentType === agentType && (note === undefined || x.note === note));
  if (!l) throw new Error(`no demo login of agent type ${agentType}${note ? ` (${note})` : ''}`);
  return l;
}

export async function signIn(page: Page, login: DemoLogin): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Initials').fill(login.initials);
  await page.getByLabel('Cell').fill(login.cell);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/calendar');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** The in-page alert or confirmation: its text, then OK (or Cancel). */
export async function answerDialog(page: Page, expected: string, button: 'OK' | 'Cancel' = 'OK'): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(expected, { timeout: 15_000 });
  await dialog.getByRole('button', { name: button }).click();
}

/** Saves a screenshot under test-results/screenshots/ (kept by the run for people to look at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** axe's automated accessibility check of the page as it is now: no violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found).toEqual([]);
}

/** No element wider than the viewport (layout breakage at 375 px). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
