import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseInstant, ShiftinatorError } from '../engine/index.ts';
import type { Database } from '../server/db/database.ts';
import { assertDataDirFree, LOCK_FILE } from '../server/main.ts';
import { chooseDatabase, openHeldDatabase } from './db.ts';
import { isControlPath } from './rules-control.ts';
import { parseLogged, type LoggedDecision, type LoggedRow } from './logged-decision.ts';
import { shownPath } from './paths.ts';

export type { LoggedDecision, LoggedRow };

/** Which logged decisions to read: `since` inclusive, `until` exclusive, epoch minutes. */
export interface LogFilter {
  since?: number;
  until?: number;
  actions?: readonly string[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A --since or --until value: a date means its whole day (since: from its start; until: up to its
 * end), a date and time that instant; Eastern wall clock, or ISO-8601 with an offset.
 */
function parseLogTime(option: '--since' | '--until', text: string): number {
  const trimmed = text.trim();
  try {
    if (DATE_ONLY.test(trimmed)) {
      // Parsed first: it checks the date exists.
      const start = parseInstant(`${trimmed} 00:00`);
      if (option === '--since') return start;
      // The next day's midnight, not 24 hours on: a day is 23 to 25 hours long.
      const [y, m, d] = trimmed.split('-').map(Number) as [number, number, number];
      return parseInstant(`${new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)} 00:00`);
    }
    return parseInstant(trimmed);
  } catch {
    throw new ShiftinatorError('INPUT_INVALID', `"${text}" is not a date or time: use "YYYY-MM-DD", "YYYY-MM-DD HH:mm" (Eastern) or ISO-8601 with an offset`, option);
  }
}

/** The filter options of the commands that read the log, as given. */
export interface LogFilterOptions {
  since?: string;
  until?: string;
  action?: string[];
}

/** The options as a filter; a time that does not parse, or a --since not before --until, is refused. */
export function logFilterOf(options: LogFilterOptions): LogFilter {
  const filter: LogFilter = {};
  if (options.since !== undefined) filter.since = parseLogTime('--since', options.since);
  if (options.until !== undefined) filter.until = parseLogTime('--until', options.until);
  if (filter.since !== undefined && filter.until !== undefined && filter.since >= filter.until) {
    throw new ShiftinatorError('INPUT_INVALID', `--since ${options.since} is not before --until ${options.until}`);
  }
  if (options.action?.length) filter.actions = options.action;
  return filter;
}

/** The filter in words, for messages: ` (since ...; action ...)`, or nothing. */
export function logFilterWords(options: LogFilterOptions): string {
  const parts = [
    ...(options.since !== undefined ? [`since ${options.since}`] : []),
    ...(options.until !== undefined ? [`until ${options.until}`] : []),
    ...(options.action?.length ? [`action ${options.action.join(', ')}`] : []),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

const at = (minutes: number): string => new Date(minutes * 60_000).toISOString();

function where(filter: LogFilter, afterId?: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (afterId !== undefined) {
    parts.push('id > ?');
    params.push(afterId);
  }
  if (filter.since !== undefined) {
    parts.push('decided_at >= ?::timestamptz');
    params.push(at(filter.since));
  }
  if (filter.until !== undefined) {
    parts.push('decided_at < ?::timestamptz');
    params.push(at(filter.until));
  }
  if (filter.actions?.length) {
    parts.push(`action in (${filter.actions.map(() => '?').join(', ')})`);
    params.push(...filter.actions);
  }
  return { sql: parts.length ? ` where ${parts.join(' and ')}` : '', params };
}

/** How many logged decisions the filter matches (for the progress bar, and to refuse an empty log). */
export async function countLogged(db: Database, filter: LogFilter): Promise<number> {
  const w = where(filter);
  const rows = await db.em().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from decision_log${w.sql}`, w.params);
  return Number(rows[0]?.n ?? 0);
}

async function batch(db: Database, filter: LogFilter, afterId: number, size: number): Promise<LoggedRow[]> {
  const w = where(filter, afterId);
  // JSON as text: parsed by the caller (parseLogged), not by the driver on the way.
  return db
    .em()
    .getConnection()
    .execute<LoggedRow[]>(
      'select id, (extract(epoch from decided_at) / 60)::float8 as "decidedAt", actor, action, input::text as input, world::text as world,' +
        ' needs::text as needs, outcome, message, rule, warnings::text as warnings, rules_hash as "rulesHash"' +
        ` from decision_log${w.sql} order by id limit ${size}`,
      w.params,
    );
}

/**
 * The logged decisions the filter matches, oldest first, read in batches by id (keyset
 * pagination): however long the log, only a batch or two are in memory. The next batch is asked
 * for while the caller works on this one.
 */
export async function* readLogRows(db: Database, filter: LogFilter, batchSize = 500): AsyncGenerator<LoggedRow> {
  let pending: Promise<LoggedRow[]> | null = batch(db, filter, 0, batchSize);
  while (pending) {
    const rows: LoggedRow[] = await pending;
    const last = rows.at(-1);
    pending = rows.length === batchSize && last ? batch(db, filter, last.id, batchSize) : null;
    yield* rows;
  }
}

/** The logged decisions, parsed: see readLogRows. */
export async function* readLog(db: Database, filter: LogFilter, batchSize = 500): AsyncGenerator<LoggedDecision> {
  for await (const row of readLogRows(db, filter, batchSize)) yield parseLogged(row);
}

/** An open decision log: where it is, for people, and how to let it go. */
export interface OpenLog {
  db: Database;
  description: string;
  close: () => Promise<void>;
}

/**
 * A private copy of a PGlite folder, to read it without writing to it: PGlite writes to any folder
 * it opens (and migrates an older schema there), while a log is often read from a folder the
 * reader may not or must not write (a backup, a read-only mount). Refused while a process holds
 * the folder: its files would change under the copy.
 */
function readingCopy(dataDir: string): { dir: string; remove: () => void } {
  assertDataDirFree(dataDir);
  const dir = mkdtempSync(join(tmpdir(), 'shiftinator-read-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    // A crashed server's control socket may be left behind, and a socket cannot be copied.
    cpSync(dataDir, dir, { recursive: true, filter: (source) => source !== join(dataDir, LOCK_FILE) && !isControlPath(dataDir, source) });
    // The copy keeps the files' modes: a read-only folder's copy must become the reader's to write.
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
    // A process that took the folder while it was being copied may have changed it midway.
    assertDataDirFree(dataDir);
  } catch (e) {
    remove();
    throw e;
  }
  return { dir, remove };
}

/**
 * Opens the server's database to read its log: DATABASE_URL, else a copy of the PGlite folder
 * (--data, DATA_DIR or ./data), which must exist and not be in use by another process
 * (readingCopy); the folder itself is neither locked nor written. Null, with the error told, when
 * it cannot be opened.
 */
export async function openLog(data: string | undefined): Promise<OpenLog | null> {
  const choice = chooseDatabase(data);
  if (choice.dataIgnored) console.error('note: DATABASE_URL is set, so --data is ignored');
  let release = (): void => undefined;
  let opened = choice;
  if (choice.dataDir) {
    // PGlite would create a database in any folder: an empty log from a mistyped path is no answer.
    if (!existsSync(join(choice.dataDir, 'PG_VERSION'))) {
      console.error(`error: ${shownPath(choice.dataDir)} holds no Shiftinator database: give the server's data folder with --data, or set DATABASE_URL`);
      process.exitCode = 2;
      return null;
    }
    try {
      const copy = readingCopy(choice.dataDir);
      release = copy.remove;
      opened = { ...choice, dataDir: copy.dir };
    } catch (e) {
      console.error(`error: ${(e as Error).message}`);
      process.exitCode = 2;
      return null;
    }
  }
  // The log is read through once: PGlite's buffer pool would only hold memory (server/db/database.ts).
  return openHeldDatabase(opened, release, { lowMemory: true });
}
