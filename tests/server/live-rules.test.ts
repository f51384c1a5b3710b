import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInstant } from '../../engine/index.ts';
import { DEFAULT_RULES_DIR, loadRulesDir, readRuleSources } from '../../cli/load-rules.ts';
import { historyText } from '../../cli/rules-history.ts';
import { ruleSetVersion, shortVersion } from '../../cli/rule-version.ts';
import { watchRulesFolder, type RulesWatch } from '../../cli/rules-watch.ts';
import { SESSION_COOKIE } from '../../server/app.ts';
import { createSession } from '../../server/auth.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { ruleSwitches, storedRuleSets } from '../../server/rule-history.ts';
import { loadWorld, scratchPostgres } from './support.ts';

// `serve` watches its rules folder: an edit that loads and lints decides the next requests, a
// broken one is refused in the log, and each set that goes live is recorded for `rules history`.

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'cli', 'shiftinator.mjs');

const TOO_LONG = 'ERROR: You cannot create a shift greater than 10 hours.';
const EDITED = 'ERROR: A combined shift may last at most 10 hours.';
/** The same message as the rule file writes it, naming its value (rules/parameters.json): what a diff of the files shows. */
const TOO_LONG_SOURCE = 'ERROR: You cannot create a shift greater than {param:combineMaxMinutes|hours} hours.';
const AGENT = 201;
// fixtures/combineShifts/length-601-minutes-fails.json: 8:00-13:00 and 13:15-18:01 make 601 minutes.
const WORLD = {
  agents: [{ agentId: AGENT, agentType: 20, initials: 'AB', spanish: false }],
  shifts: [
    { id: 1, agentId: AGENT, start: '2025-10-21 08:00', end: '2025-10-21 13:00', shiftType: 0 },
    { id: 2, agentId: AGENT, start: '2025-10-21 13:15', end: '2025-10-21 18:01', shiftType: 0 },
  ],
};
const NOW = parseInstant('2025-10-20 06:00');

interface Reply {
  status: number;
  body: { outcome?: string; message?: string; rule?: string; rulesHash?: string; error?: string };
}

let folder: string;
let rulesDir: string;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
let watch: RulesWatch;
let server: RunningServer | undefined;
let cookie: string;
const logged: string[] = [];
let firstVersion: string;

function running(): RunningServer {
  if (!server) throw new Error('the server starts in beforeAll');
  return server;
}

/** An HTTP call to the running server; `hold` keeps the body open until the promise it returns settles. */
function call(method: string, path: string, body?: unknown, hold?: Promise<void>): { sent: Promise<ClientRequest>; reply: Promise<Reply> } {
  const url = new URL(path, running().url);
  let sent!: (req: ClientRequest) => void;
  const sentPromise = new Promise<ClientRequest>((resolve) => (sent = resolve));
  const reply = new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] }));
    });
    req.on('error', reject);
    if (body === undefined) {
      req.end();
      sent(req);
      return;
    }
    const text = JSON.stringify(body);
    if (!hold) {
      req.end(text);
      sent(req);
      return;
    }
    // Half the body now: the request has reached the server, which waits for the rest.
    req.write(text.slice(0, 5));
    req.flushHeaders();
    sent(req);
    void hold.then(() => req.end(text.slice(5)));
  });
  return { sent: sentPromise, reply };
}

const combine = (hold?: Promise<void>): { sent: Promise<ClientRequest>; reply: Promise<Reply> } => call('POST', '/api/combineShifts', { Shift1: 1, Shift2: 2 }, hold);

/** Polls until `check` holds (an edit goes live within moments), failing after `ms`. */
async function until<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Writes a rule file as an editor that saves through a temporary file and a rename does. */
function save(name: string, text: string): void {
  const path = join(rulesDir, name);
  writeFileSync(`${path}.tmp~`, text);
  renameSync(`${path}.tmp~`, path);
}

function combineFile(message: string): string {
  const json = JSON.parse(readFileSync(join(DEFAULT_RULES_DIR, 'combineShifts.json'), 'utf8')) as { rules: { id: string; message?: string }[] };
  for (const rule of json.rules) if (rule.id === 'combineShifts.maxLength') rule.message = message;
  return JSON.stringify(json, null, 2);
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'shiftinator-live-rules-'));
  rulesDir = join(folder, 'rules');
  cpSync(DEFAULT_RULES_DIR, rulesDir, { recursive: true });
  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'shiftinator_live');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else {
    dataDir = join(folder, 'data');
  }
  firstVersion = ruleSetVersion(readRuleSources(rulesDir));
  watch = watchRulesFolder(rulesDir, firstVersion, { log: (line) => logged.push(line), debounceMs: 50 });
  server = await startServer({
    rules: loadRulesDir(rulesDir),
    rulesHash: firstVersion,
    ruleUpdates: watch,
    port: 0,
    databaseUrl,
    dataDir,
    webDir: join(folder, 'no-web-ui'),
    now: () => NOW,
    textSender: { name: 'none', send: async () => undefined },
  });
  const db = server.db;
  await db.exclusive(() => loadWorld(db, WORLD));
  const sid = await db.exclusive(() => createSession(db.em(), AGENT, 15, new Date(NOW * 60_000)));
  cookie = `${SESSION_COOKIE}=${sid}`;
});

afterAll(async () => {
  watch.close();
  await server?.close();
  await dropDatabase();
  rmSync(folder, { recursive: true, force: true });
});

describe('serve takes up edits of its rules folder without a restart', () => {
  let editedVersion: string;

  it('decides with the folder it started with, and has recorded that set', async () => {
    const res = await combine().reply;
    expect(res).toEqual({ status: 422, body: expect.objectContaining({ outcome: 'error', rule: 'combineShifts.maxLength', message: TOO_LONG }) as unknown });
    expect((await call('GET', '/api/rules').reply).body.rulesHash).toBe(firstVersion);
    expect((await ruleSwitches(running().db)).map((s) => [s.how, s.hash])).toEqual([['start', firstVersion]]);
  });

  it('an edit that loads and lints decides the next requests within moments', async () => {
    const started = Date.now();
    save('combineShifts.json', combineFile(EDITED));
    editedVersion = ruleSetVersion(readRuleSources(rulesDir));
    expect(editedVersion).not.toBe(firstVersion);
    const res = await until('the edited message', () => combine().reply, (r) => r.body.message === EDITED);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res).toEqual({ status: 422, body: expect.objectContaining({ outcome: 'error', rule: 'combineShifts.maxLength', message: EDITED }) as unknown });
    // The browser's engine learns of it from the slice, and fetches the same set.
    expect((await call('GET', '/api/worldSlice/combineShifts?shift1Id=1&shift2Id=2').reply).body.rulesHash).toBe(editedVersion);
    const rules = (await call('GET', '/api/rules').reply).body as { rulesHash: string; sources: { json: { action?: string; rules?: { id: string; message?: string }[] } }[] };
    expect(rules.rulesHash).toBe(editedVersion);
    expect(rules.sources.find((s) => s.json.action === 'combineShifts')?.json.rules?.find((r) => r.id === 'combineShifts.maxLength')?.message).toBe(EDITED);
    expect(logged).toContain(`rules: version ${shortVersion(editedVersion)} is live (${loadRulesDir(rulesDir).files.length} files from ${rulesDir})`);
  });

  it('an edit that is not valid JSON is refused in the log with the file and the reason; the last good set stays live', async () => {
    save('combineShifts.json', '{ "action": "combineShifts", ');
    const refusal = await until('the refusal in the log', async () => logged.at(-1) ?? '', (line) => line.includes('refused'));
    expect(refusal).toMatch(
      new RegExp(`^rules: refused the edit of ${rulesDir}: ${join(rulesDir, 'combineShifts.json')}: is not valid JSON: .+; version ${shortVersion(editedVersion)} stays live$`),
    );
    expect((await combine().reply).body.message).toBe(EDITED);
    expect((await call('GET', '/api/rules').reply).body.rulesHash).toBe(editedVersion);
  });

  it('an edit that names an unknown fact is refused the same way', async () => {
    const json = JSON.parse(combineFile(EDITED)) as { rules: { id: string; when: unknown }[] };
    const rule = json.rules.find((r) => r.id === 'combineShifts.maxLength');
    if (rule) rule.when = { all: [{ fact: 'noSuchFact', operator: 'equal', value: 1 }] };
    const before = logged.length;
    save('combineShifts.json', JSON.stringify(json, null, 2));
    const refusal = await until('the refusal in the log', async () => logged.slice(before).join('\n'), (lines) => lines.includes('refused'));
    expect(refusal).toMatch(
      new RegExp(`^rules: refused the edit of ${rulesDir}: ${join(rulesDir, 'combineShifts.json')}: rule combineShifts\\.maxLength \\(rules\\[\\d+\\]\\) all\\[0\\] \\(fact "noSuchFact"\\): unknown fact "noSuchFact" \\(known here: .+\\)`),
    );
    expect(refusal).toContain(`; version ${shortVersion(editedVersion)} stays live`);
    expect((await combine().reply).body.message).toBe(EDITED);
    // Put back the good file: the same set as is live, so nothing new goes live.
    save('combineShifts.json', combineFile(EDITED));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged.slice(before).filter((l) => l.includes('is live'))).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('a request in flight finishes on the set it started with', async () => {
    // On PGlite a request holds the database until it ends, and a set is recorded before it goes
    // live, so no set can go live while a request is in flight there.
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const inFlight = combine(hold);
    await inFlight.sent;
    // The request has reached the server (its session is read before its body).
    await new Promise((resolve) => setTimeout(resolve, 200));
    save('combineShifts.json', combineFile(TOO_LONG_SOURCE));
    await until('the original message again', () => combine().reply, (r) => r.body.message === TOO_LONG);
    release();
    expect((await inFlight.reply).body).toEqual(expect.objectContaining({ rule: 'combineShifts.maxLength', message: EDITED }));
    save('combineShifts.json', combineFile(EDITED));
    await until('the edited message again', () => combine().reply, (r) => r.body.message === EDITED);
  });

  it('records every switch, returns too, and every logged decision names a stored set', async () => {
    const switches = await ruleSwitches(running().db);
    // On PostgreSQL the in-flight test went back to the first set and then to the edited one again.
    const expected = databaseUrl ? [firstVersion, editedVersion, firstVersion, editedVersion] : [firstVersion, editedVersion];
    expect(switches.map((s) => s.hash)).toEqual(expected);
    expect(switches.map((s) => s.how)).toEqual(['start', ...expected.slice(1).map(() => 'edit')]);
    expect(new Set(switches.map((s) => s.pid))).toEqual(new Set([process.pid]));
    const stored = await storedRuleSets(running().db, '');
    expect(stored.map((s) => s.hash).sort()).toEqual([firstVersion, editedVersion].sort());
    expect(stored.find((s) => s.hash === editedVersion)?.files.map((f) => f.file)).toEqual(readRuleSources(rulesDir).map((f) => f.file));
    const db = running().db;
    const hashes = await db.exclusive<{ rules_hash: string }[]>(() => db.em().getConnection().execute<{ rules_hash: string }[]>('select distinct rules_hash from decision_log order by rules_hash'));
    expect(hashes.map((r) => r.rules_hash)).toEqual([firstVersion, editedVersion].sort());
    const files = new Map(stored.map((s) => [s.hash, s.files] as const));
    expect(historyText(switches.slice(0, 2), files).split('\n')).toEqual([
      'Rule switches, oldest first (Eastern time):',
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ${shortVersion(firstVersion)}  start        \\S+ pid ${process.pid}$`)),
      `  the first recorded set (${stored[0]?.files.length} files)`,
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ${shortVersion(editedVersion)}  folder edit  \\S+ pid ${process.pid}$`)),
      `  from ${shortVersion(firstVersion)}: 1 change in 1 file`,
      '    combineShifts › rule combineShifts.maxLength › message: changed',
      `        was: ${JSON.stringify(TOO_LONG_SOURCE)}`,
      `        now: ${JSON.stringify(EDITED)}`,
      expect.stringMatching(new RegExp(`^Live now: ${shortVersion(editedVersion)}, since .+ \\(folder edit, \\S+ pid ${process.pid}\\)$`)),
      '',
    ]);
  });

  it('`shiftinator rules history` prints them, with the changes in the words of `rules diff`', async () => {
    // On PGlite the server holds the data folder: the history is read once it has stopped.
    watch.close();
    await running().close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '' };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    const run = spawnSync(NODE, [CLI, 'rules', 'history', ...(dataDir ? ['--data', dataDir] : [])], { cwd: ROOT, env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[1]).toMatch(new RegExp(`^\\S+ \\S+  ${shortVersion(firstVersion)}  start  `));
    expect(lines[3]).toMatch(new RegExp(`^\\S+ \\S+  ${shortVersion(editedVersion)}  folder edit  `));
    expect(lines.slice(4, 8)).toEqual([`  from ${shortVersion(firstVersion)}: 1 change in 1 file`, '    combineShifts › rule combineShifts.maxLength › message: changed', `        was: ${JSON.stringify(TOO_LONG_SOURCE)}`, `        now: ${JSON.stringify(EDITED)}`]);
    expect(lines.at(-2)).toMatch(new RegExp(`^Live now: ${shortVersion(editedVersion)}, since `));
    const json = spawnSync(NODE, [CLI, 'rules', 'history', '--json', ...(dataDir ? ['--data', dataDir] : [])], { cwd: ROOT, env, encoding: 'utf8' });
    const history = JSON.parse(json.stdout) as { switches: { hash: string; changes: { file: string; subject: string; before: string; after: string }[] | null }[]; live: string };
    expect(history.switches[0]?.hash).toBe(firstVersion);
    expect(history.switches[0]?.changes).toBeNull();
    expect(history.switches[1]?.changes).toEqual([expect.objectContaining({ file: 'combineShifts', subject: 'rule combineShifts.maxLength', before: TOO_LONG_SOURCE, after: EDITED })]);
    expect(history.live).toBe(editedVersion);
  });
});
