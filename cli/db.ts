import { resolve } from 'node:path';
import { parseInstant, ShiftinatorError } from '../engine/index.ts';
import { migrate, openDatabase, type Database } from '../server/db/database.ts';
import { lockDataDir } from '../server/main.ts';
import { DEMO_PASSWORD, seedDemo, type DemoLogin, type SeedSummary } from '../server/demo/seed.ts';
import { shownPath } from './paths.ts';
import { DEFAULT_RULES_DIR, loadRulesDir } from './load-rules.ts';
import type { Command } from 'commander';

/** PGlite's folder when neither --data nor DATA_DIR says otherwise, relative to where it is run. */
const DEFAULT_DATA_DIR = 'data';

export interface DatabaseChoice {
  url?: string;
  dataDir?: string;
  /** Where the data is, for people: never the URL's password. */
  description: string;
  /** --data was given but DATABASE_URL wins. */
  dataIgnored: boolean;
}

function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** DATABASE_URL wins; else PGlite in --data, DATA_DIR or ./data. */
export function chooseDatabase(data: string | undefined, env: NodeJS.ProcessEnv = process.env): DatabaseChoice {
  const url = env.DATABASE_URL;
  if (url) return { url, description: `PostgreSQL at ${shownUrl(url)} (DATABASE_URL)`, dataIgnored: data !== undefined };
  const dataDir = resolve(data ?? (env.DATA_DIR || DEFAULT_DATA_DIR));
  return { dataDir, description: `PGlite in ${shownPath(dataDir)}`, dataIgnored: false };
}

/**
 * Opens the chosen database for a command that holds its folder (a lock, or a copy to read) until
 * it ends: `release` lets go of it, at once when the database does not open, else on `close`.
 */
export async function openHeldDatabase(
  choice: DatabaseChoice,
  release: () => void,
  options: { lowMemory?: boolean } = {},
): Promise<{ db: Database; description: string; close: () => Promise<void> } | null> {
  const db = await openChosenDatabase(choice, options);
  if (!db) {
    release();
    return null;
  }
  return {
    db,
    description: choice.description,
    close: async () => {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}

/** Opens and migrates the chosen database; a failure is told in one line, not a stack. */
export async function openChosenDatabase(choice: DatabaseChoice, options: { lowMemory?: boolean } = {}): Promise<Database | null> {
  let db: Database | undefined;
  try {
    db = await openDatabase(choice.url ? { url: choice.url } : { dataDir: choice.dataDir, lowMemory: options.lowMemory });
    await migrate(db);
    return db;
  } catch (e) {
    await db?.close().catch(() => undefined);
    console.error(`error: cannot open the database (${choice.description}): ${(e as Error).message}`);
    process.exitCode = 2;
    return null;
  }
}

function loginTable(logins: DemoLogin[]): string[] {
  const rows = [['initials', 'cell', 'password', 'role', 'name'], ...logins.map((l) => [l.initials, l.cell, l.password, l.note ? `${l.role}, ${l.note}` : l.role, l.name])];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => '  ' + r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd());
}

function summaryText(description: string, s: SeedSummary): string {
  const n = (v: number): string => v.toLocaleString('en-US');
  return [
    `Emptied the database (${description}) and loaded the demo:`,
    `  ${n(s.agents)} agents, each with an account`,
    `  ${n(s.shifts)} shifts with ${n(s.mealBreaks)} meal breaks, ${s.from} to ${s.to}`,
    `  ${n(s.days)} marked calendar days (holidays, and the daylight-saving end, which is not a holiday)`,
    `  ${n(s.coveragePostings)} postings for coverage and ${n(s.pickupPostings)} to pick up hours, with ${n(s.offers)} offers (${n(s.pendingOffers)} pending; ${n(s.inboxItems)} inbox items from their texts)`,
    `  ${n(s.openShifts)} open shifts`,
    `  ${n(s.teams)} teams, ${n(s.releaseNotes)} release notes, ${n(s.chatMessages)} chat messages (${n(s.unreadChatMessages)} unread)`,
    `  ${n(s.cutRequests)} cut and ${n(s.lunchRequests)} meal-break requests, ${n(s.personalRequests)} personal-time requests, ${n(s.notices)} notices of absence, ${n(s.offerLog)} offer log lines`,
    '',
    `Demo logins (every account's password is ${DEMO_PASSWORD}):`,
    ...loginTable(s.logins),
    '',
  ].join('\n');
}

/** `--now`: the moment the demo is built around, Eastern wall clock or ISO-8601 with an offset (default: now). */
function seedMoment(text: string | undefined): number {
  if (text === undefined) return Math.floor(Date.now() / 60_000);
  try {
    return Math.floor(parseInstant(text.trim()));
  } catch {
    throw new ShiftinatorError('INPUT_INVALID', `"${text}" is not a date and time: use "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`, '--now');
  }
}

/** `db seed`: the demo is built within the rules of --rules (or rules/), as the server will decide by them. */
export async function seedCommand(options: { data?: string; json?: boolean; now?: string }, cmd?: Command): Promise<void> {
  const rules = loadRulesDir(cmd?.optsWithGlobals<{ rules?: string }>().rules ?? DEFAULT_RULES_DIR);
  let now: number;
  try {
    now = seedMoment(options.now);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exitCode = 2;
    return;
  }
  const choice = chooseDatabase(options.data);
  if (choice.dataIgnored) console.error('note: DATABASE_URL is set, so --data is ignored');
  let release = (): void => undefined;
  if (choice.dataDir) {
    try {
      release = lockDataDir(choice.dataDir, 'db seed');
    } catch (e) {
      console.error(`error: ${(e as Error).message}`);
      process.exitCode = 2;
      return;
    }
  }
  let summary: SeedSummary;
  try {
    const db = await openChosenDatabase(choice);
    if (!db) return;
    try {
      summary = await seedDemo(db, { now, rules });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
  process.stdout.write(
    options.json ? JSON.stringify({ database: choice.description, emptied: true, ...summary }, null, 2) + '\n' : summaryText(choice.description, summary),
  );
}
